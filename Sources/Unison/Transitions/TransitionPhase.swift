import Foundation

/// Where an element stands in a transition: about to appear, on stage, or gone.
/// SwiftUI's `TransitionPhase`.
///
/// Insertion animates from `.willAppear` to `.identity`; removal from `.identity` to
/// `.didDisappear`. ``AnyTransition/effects(for:size:)`` gives the effects of each.
///
/// ```swift
/// AnyTransition.opacity.effects(for: .willAppear, size: .zero).opacity    // 0
/// ```
public enum TransitionPhase: Hashable, Sendable {
    /// Off stage, before an insertion: the insertion's active effects.
    case willAppear
    /// On stage: the transition's identity effects.
    case identity
    /// Off stage, after a removal: the removal's active effects.
    case didDisappear

    /// Whether this is the on-stage phase.
    public var isIdentity: Bool { self == .identity }
}
