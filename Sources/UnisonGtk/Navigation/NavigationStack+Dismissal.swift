import CUnisonGtk
import Foundation
import Unison

// The interactive dismissal: the stack's own drag (a GtkGestureDrag on the stack feeding Unison's
// DragRecognizer, which decides when the drag starts and measures its velocity) and the public
// beginDrag/updateDrag/endDrag/cancelDrag it drives, which an app's own gesture can drive too.

/// The stack's drag in progress.
struct NavigationDismissalDrag {
    enum Phase {
        /// No press.
        case idle
        /// Pressed, not yet past the threshold.
        case pending
        /// Holding the page.
        case active
        /// This press is not a dismissal (a slid page dragged the wrong way, nothing to pop).
        case ignored
    }

    var phase = Phase.idle
    /// Decides when the drag starts and fits the release velocity from the events' own
    /// timestamps; made anew at each press with the stack's ``NavigationStack/dragThreshold``.
    var recognizer = DragRecognizer()
    /// Whether this press is a back swipe (a slid page seeking its pop, NavigationStack+Seeking.swift)
    /// rather than a drag of a zoomed page or sheet.
    var isBackSwipe = false
    /// Where the press was, in the stack's coordinates (GTK reports offsets from it).
    var start = CGPoint.zero
    /// The translation when the drag took the page (the threshold's worth of motion is not applied).
    var origin = CGPoint.zero
    /// The page a drag holds (by ``NavigationStack/beginDrag()``, the built-in drag or an app's).
    var page: Page?
    /// The page's drag offset and progress when it was taken (a back swipe: its pop progress).
    var base = CGPoint.zero
    var baseProgress = 1.0
    var controller: OpaquePointer?
    /// The velocity a release hands to the page's drag offset (pixels per second).
    var releaseVelocity = CGPoint.zero
}

extension NavigationStack {
    func installDrag() {
        let gesture = UnsafeMutableRawPointer(gtk_gesture_drag_new()!)
        let controller = OpaquePointer(gesture)
        dismissalDrag.controller = controller
        connectPointSignal(gesture, "drag-begin") { [weak self] x, y in self?.dragBegan(x, y) }
        connectPointSignal(gesture, "drag-update") { [weak self] x, y in self?.dragChanged(x, y, gesture: gesture) }
        connectPointSignal(gesture, "drag-end") { [weak self] x, y in self?.dragEnded(x, y) }
        connectSequenceSignal(gesture, "cancel") { [weak self] _ in self?.dragCancelled() }
        gtk_widget_add_controller(widget, controller)
    }

    /// The event's own time (the X server's milliseconds), as ``WidgetGesture`` reads it.
    private func eventTime() -> TimeInterval {
        let milliseconds = dismissalDrag.controller.map { gtk_event_controller_get_current_event_time($0) } ?? 0
        return milliseconds == 0 ? Double(g_get_monotonic_time()) / 1_000_000 : Double(milliseconds) / 1000
    }

    private func dragBegan(_ x: Double, _ y: Double) {
        dismissalDrag.phase = .pending
        dismissalDrag.start = CGPoint(x: x, y: y)
        dismissalDrag.recognizer = DragRecognizer(minimumDistance: dragThreshold)
        _ = dismissalDrag.recognizer.handle(.down(dismissalDrag.start, at: eventTime()))
        dismissalDrag.isBackSwipe = false
        // A slid page is swiped back from its leading edge only (and a leaving one grabbed there).
        guard let page = seekCandidate(), !page.isZoomLike else { return }
        guard isBackSwipeEnabled, startsBackSwipe(at: dismissalDrag.start, page: page) else {
            dismissalDrag.phase = .ignored
            return
        }
        dismissalDrag.isBackSwipe = true
    }

    private func location(_ dx: Double, _ dy: Double) -> CGPoint {
        CGPoint(x: dismissalDrag.start.x + dx, y: dismissalDrag.start.y + dy)
    }

    private func dragChanged(_ dx: Double, _ dy: Double, gesture: UnsafeMutableRawPointer) {
        guard dismissalDrag.phase == .pending || dismissalDrag.phase == .active else { return }
        guard dismissalDrag.recognizer.handle(.move(location(dx, dy), at: eventTime())),
            let value = dismissalDrag.recognizer.value
        else { return }
        let translation = value.translation
        switch dismissalDrag.phase {
        case .idle, .ignored:
            return
        case .pending:
            if dismissalDrag.isBackSwipe {
                // Past the threshold: a back swipe goes towards the trailing edge, mostly sideways.
                let along = translation.x * leadingSign
                guard along > 0, abs(translation.y) <= along, beginBackSwipe() else {
                    deny(gesture)
                    return
                }
            } else {
                // A zoomed page or a sheet is dragged in any direction.
                guard let top = model.top, top.isZoomLike, beginDrag() else {
                    deny(gesture)
                    return
                }
            }
            gtk_gesture_set_state(OpaquePointer(gesture), GTK_EVENT_SEQUENCE_CLAIMED)
            dismissalDrag.phase = .active
            // From here the page follows the finger's further motion from where it is drawn.
            dismissalDrag.origin = translation
        case .active:
            if dismissalDrag.isBackSwipe {
                if !updateBackSwipe(translation: translation - dismissalDrag.origin) { dismissalDrag.phase = .ignored }
            } else if !updateDrag(translation: translation - dismissalDrag.origin) {
                dismissalDrag.phase = .ignored
            }
        }
    }

    private func deny(_ gesture: UnsafeMutableRawPointer) {
        dismissalDrag.phase = .ignored
        gtk_gesture_set_state(OpaquePointer(gesture), GTK_EVENT_SEQUENCE_DENIED)
    }

    /// GTK took the sequence away (a grab): the `drag-end` that follows is no release, and the
    /// page settles back there.
    private func dragCancelled() {
        dismissalDrag.recognizer.cancel()
    }

    private func dragEnded(_ dx: Double, _ dy: Double) {
        defer { dismissalDrag.phase = .idle }
        guard dismissalDrag.phase == .active else { return }
        if dismissalDrag.recognizer.phase == .cancelled {
            if dismissalDrag.isBackSwipe {
                if isSeeking { cancelSeeking() }
            } else {
                cancelDrag()
            }
            return
        }
        _ = dismissalDrag.recognizer.handle(.up(location(dx, dy), at: eventTime()))
        guard let value = dismissalDrag.recognizer.value else { return }
        if dismissalDrag.isBackSwipe {
            guard updateBackSwipe(translation: value.translation - dismissalDrag.origin) else { return }
            endBackSwipe(velocity: value.velocity)
        } else {
            _ = updateDrag(translation: value.translation - dismissalDrag.origin)
            endDrag(velocity: value.velocity)
        }
    }

    // MARK: Interactive dismissal (the built-in drag uses these; so can an app's own gesture)

    /// Takes hold of the top page, as a drag does: its pop starts and it stops where it is drawn.
    /// Returns false with only the root left, during another drag, or after the widget is gone.
    @discardableResult
    public func beginDrag() -> Bool {
        guard !isDisposed, let top = model.top, model.canPop, !model.isInteractive else { return false }
        guard model.beginInteractivePop() else { return false }
        dismissalDrag.page = top
        dismissalDrag.base = top.drag.presentationValue
        dismissalDrag.baseProgress = model.progress(of: top)
        return true
    }

    /// Moves the held page by `translation` (pixels since ``beginDrag()``): a zoomed page follows
    /// it in any direction, shrinking with the distance; a slid page follows its horizontal part.
    /// Returns false, doing nothing, when no drag holds the page any more (a pop or push ended it).
    @discardableResult
    public func updateDrag(translation: CGPoint) -> Bool {
        guard let page = dismissalDrag.page, model.isInteractive, model.top === page else {
            dismissalDrag.page = nil
            return false
        }
        guard translation.x.isFinite, translation.y.isFinite else { return true }
        if page.isZoomLike {
            let offset = dismissalDrag.base + translation
            withTransaction(Transaction()) { page.drag.value = offset }
        } else if let size = size() {
            model.updateInteractivePop(progress: dismissalDrag.baseProgress - leadingSign * translation.x / size.width)
        }
        return true
    }

    /// Releases the held page with the finger's `velocity` (pixels per second): it pops if
    /// ``dismissal`` says so (unset: a zoomed page by distance and velocity, a slid page as the
    /// back swipe, see ``backSwipeVelocity``), else settles back, the finishing spring starting with that
    /// velocity. Returns whether it pops (false too when no drag held it).
    @discardableResult
    public func endDrag(velocity: CGPoint) -> Bool {
        guard let page = dismissalDrag.page, model.isInteractive, model.top === page else {
            dismissalDrag.page = nil
            return false
        }
        dismissalDrag.page = nil
        let velocity = velocity.x.isFinite && velocity.y.isFinite ? velocity : .zero
        let size = size() ?? CGSize(width: 1, height: 1)
        let pops: Bool
        lastReleaseVelocity = velocity
        if page.isZoomLike {
            let offset = page.drag.value
            let rule = dismissal ?? InteractiveDismissal(distance: 0.25 * min(size.width, size.height))
            pops = rule.dismisses(offset: offset, velocity: velocity)
            dismissalDrag.releaseVelocity = velocity
            model.endInteractivePop(pops: pops, velocity: 0)
        } else {
            let travelled = (1 - model.progress(of: page)) * size.width
            let along = leadingSign * Double(velocity.x)
            pops = backSwipePops(travelled: travelled, velocity: along, width: size.width)
            model.endInteractivePop(pops: pops, velocity: -along / size.width)
        }
        dismissalDrag.releaseVelocity = .zero
        return pops
    }

    /// Lets go of the held page without a fling: it settles back where it was (a cancelled
    /// gesture, a grab broken by the window system).
    public func cancelDrag() {
        guard let page = dismissalDrag.page else { return }
        dismissalDrag.page = nil
        guard model.isInteractive, model.top === page else { return }
        model.endInteractivePop(pops: false, velocity: 0)
    }
}

extension CGPoint {
    fileprivate static func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
    fileprivate static func - (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }
}
