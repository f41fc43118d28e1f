import Foundation

/// Transition effects whose offset is partly measured in element sizes: what transitions
/// produce and ``Presence`` animates, before the element's size turns it into points.
///
/// `move(edge: .top)` is `relativeOffset` (0, -1): one element height up, whatever the height
/// is when it is drawn. Animating this form (rather than points) is what makes a size change
/// in mid-flight well defined: the progress carries on and the points follow the new size.
struct SizedEffects: Hashable, Sendable, Animatable {
    /// The effects, with `effects.offset` in points.
    var effects: TransitionEffects
    /// A further offset in units of the element's width and height.
    var relativeOffset: CGSize

    init(_ effects: TransitionEffects = .identity, relativeOffset: CGSize = .zero) {
        self.effects = effects
        self.relativeOffset = relativeOffset
    }

    static let identity = SizedEffects()

    typealias AnimatableData = AnimatablePair<TransitionEffects.AnimatableData, CGSize.AnimatableData>

    var animatableData: AnimatableData {
        get { AnimatablePair(effects.animatableData, relativeOffset.animatableData) }
        set {
            effects.animatableData = newValue.first
            relativeOffset.animatableData = newValue.second
        }
    }

    /// Both applied together (see ``TransitionEffects/combined(with:)``); relative offsets add.
    func combined(with other: SizedEffects) -> SizedEffects {
        SizedEffects(
            effects.combined(with: other.effects),
            relativeOffset: CGSize(
                width: relativeOffset.width + other.relativeOffset.width,
                height: relativeOffset.height + other.relativeOffset.height)
        ).sanitized
    }

    /// Every number usable (see ``TransitionEffects/sanitized``; relative offsets as offsets).
    var sanitized: SizedEffects {
        SizedEffects(effects.sanitized, relativeOffset: usable(relativeOffset, otherwise: 0))
    }

    /// These effects laid out in `direction`: from right to left the leading and trailing edges
    /// swap sides. Every horizontal offset in element sizes comes from an edge (`move`, `slide`,
    /// `push`), so that is negating it; offsets in points (`offset`, `modifier`) are the host's
    /// coordinates and stay as they are.
    func laidOut(in direction: LayoutDirection) -> SizedEffects {
        guard direction == .rightToLeft, relativeOffset.width != 0 else { return self }
        var mirrored = self
        mirrored.relativeOffset.width = -relativeOffset.width
        return mirrored
    }

    /// The effects in points for an element of `size` (already usable: see ``usableElementSize(_:)``).
    /// - Complexity: O(1); runs once per frame while a transition is in flight.
    func resolved(in size: CGSize) -> TransitionEffects {
        var resolved = effects
        resolved.offset.width += relativeOffset.width * size.width
        resolved.offset.height += relativeOffset.height * size.height
        return resolved.sanitized
    }
}
