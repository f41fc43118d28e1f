import Foundation

/// One of the four sides of an element: where a `move` or `push` transition comes from or
/// goes to. SwiftUI's `Edge`.
///
/// Unison lays out left to right: `leading` is the left side and `trailing` the right.
///
/// ```swift
/// let banner = AnyTransition.move(edge: .top)     // drops in from above its own frame
/// ```
public enum Edge: Hashable, Sendable, CaseIterable {
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
    /// `move(edge:)`, in units of the element's width and height.
    var unitOffset: CGSize {
        switch self {
        case .top: CGSize(width: 0, height: -1)
        case .bottom: CGSize(width: 0, height: 1)
        case .leading: CGSize(width: -1, height: 0)
        case .trailing: CGSize(width: 1, height: 0)
        }
    }
}
