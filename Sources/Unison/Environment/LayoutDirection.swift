import Foundation

/// Which way text and the layout that follows it run. SwiftUI's `LayoutDirection`.
///
/// The `leading` and `trailing` edges of transitions (``AnyTransition/move(edge:)``,
/// ``AnyTransition/slide``, ``AnyTransition/push(from:)``) follow it: left and right from left
/// to right, right and left from right to left.
///
/// ```swift
/// context.environment.layoutDirection == .rightToLeft   // Arabic, Hebrew, Persian...
/// ```
public enum LayoutDirection: Hashable, CaseIterable, Sendable {
    /// Text runs from left to right: `leading` is the left side.
    case leftToRight
    /// Text runs from right to left (Arabic, Hebrew): `leading` is the right side.
    case rightToLeft
}
