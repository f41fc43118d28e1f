import CUnisonGtk
import Foundation
import Unison

/// How a page comes onto a ``NavigationStack`` and leaves it: SwiftUI's `NavigationTransition`.
///
/// ```swift
/// stack.push(editor)                                              // .slide
/// stack.push(editor, transition: .zoom(from: cell))               // grows out of the cell
/// stack.push(editor, transition: .zoom(sourceID: bracelet.id, in: braceletList))
/// stack.push(editor, transition: .zoom { cell(for: bracelet) })   // UIKit's closure form
/// ```
@MainActor
public struct NavigationTransition {
    enum Style {
        case slide
        case zoom(source: @MainActor () -> UnsafeMutableRawPointer?, cornerRadius: Double)
    }

    let style: Style

    /// The page slides in from the trailing edge over the one below and back out (the
    /// platform's push, as in `AdwNavigationView`); the back swipe drags it horizontally.
    public static let slide = NavigationTransition(style: .slide)

    /// The page grows out of the widget `source` returns (asked at the start of each push and
    /// pop, and while they run, so a pop finds the source where it is now) and shrinks back
    /// into it; while it is pushed or shown it can be dragged in any direction, following the
    /// finger and shrinking with the distance. When `source` returns nil, or a widget that is not
    /// on screen (unmapped, in another window, or less than half visible in its scrolled
    /// view), the page fades and scales towards the centre instead. `cornerRadius`: the source's
    /// corners, which the page's clip starts from.
    public static func zoom(
        cornerRadius: Double = 12, source: @escaping @MainActor () -> (any GObjectPointer)?
    ) -> NavigationTransition {
        NavigationTransition(style: .zoom(source: { source()?.gObjectAddress }, cornerRadius: cornerRadius))
    }

    /// A zoom out of `widget` (held weakly).
    public static func zoom(from widget: some GObjectPointer, cornerRadius: Double = 12) -> NavigationTransition {
        let reference = ObjectReference(widget.gObjectAddress)
        return NavigationTransition(style: .zoom(source: { reference.pointer }, cornerRadius: cornerRadius))
    }

    /// A zoom out of the widget marked with
    /// ``GeometryNamespace/matchedTransitionSource(id:_:)`` for `sourceID` in `namespace`
    /// (SwiftUI's `.zoom(sourceID:in:)`).
    public static func zoom(
        sourceID: some Hashable & Sendable, in namespace: GeometryNamespace, cornerRadius: Double = 12
    ) -> NavigationTransition {
        let id = AnyHashable(sourceID)
        return NavigationTransition(
            style: .zoom(
                source: { [weak namespace] in namespace?.transitionSource(id: id) }, cornerRadius: cornerRadius))
    }

    var isZoom: Bool {
        if case .zoom = style { return true }
        return false
    }
}
