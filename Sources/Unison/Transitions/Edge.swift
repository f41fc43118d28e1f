import Foundation

/// One of the four sides of an element: where a `move` or `push` transition comes from or
/// goes to. SwiftUI's `Edge`.
///
/// `leading` is the side where text starts: the left side and `trailing` the right in a
/// left-to-right layout, the other way round from right to left (the environment's
/// ``EnvironmentValues/layoutDirection``: on GTK, the widget's text direction).
///
/// ```swift
/// let banner = AnyTransition.move(edge: .top)     // drops in from above its own frame
/// ```
public enum Edge: Hashable, Sendable, CaseIterable {
    /// The top side; the side where text starts (`leading`); the bottom side; the side where text
    /// ends (`trailing`).
    case top, leading, bottom, trailing

    /// The side across from this one (`push` leaves towards it).
    var opposite: Edge {
        switch self {
        case .top: .bottom
        case .bottom: .top
        case .leading: .trailing
        case .trailing: .leading
        }
    }

    /// A step of one element size towards this side (y grows downwards): the offset of
    /// `move(edge:)`, in units of the element's width and height, left to right (see
    /// ``SizedEffects/laidOut(in:)`` for right to left).
    var unitOffset: CGSize {
        switch self {
        case .top: CGSize(width: 0, height: -1)
        case .bottom: CGSize(width: 0, height: 1)
        case .leading: CGSize(width: -1, height: 0)
        case .trailing: CGSize(width: 1, height: 0)
        }
    }
}
