import CUnisonGtk
import Foundation
import Unison

// The back swipe: a press near a slid page's leading edge (the left edge, the right one in
// right-to-left text) dragged towards the trailing edge seeks the page's pop
// (NavigationStack+Seeking.swift), the page following the pointer 1:1; the release pops it or
// springs it back (`backSwipePops`). The stack's GtkGestureDrag (NavigationStack+Dismissal.swift)
// feeds it.

extension NavigationStack {
    /// 1 when the leading edge is on the left, -1 in right-to-left text direction (the stack
    /// widget's `gtk_widget_get_direction`): slides and the back swipe are mirrored.
    var leadingSign: Double { gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? -1 : 1 }

    /// Whether a release `travelled` pixels towards the trailing edge, moving at `velocity`
    /// pixels per second that way, pops: ``dismissal`` if set; else a release at
    /// ``backSwipeVelocity`` or faster pops, one as fast back settles, and between the two it
    /// pops once past half of the stack's `width`. Non-finite input never pops.
    func backSwipePops(travelled: Double, velocity: Double, width: Double) -> Bool {
        if let dismissal { return dismissal.dismisses(offset: travelled, velocity: velocity) }
        guard travelled.isFinite, velocity.isFinite else { return false }
        let fast = max(backSwipeVelocity, 0)
        if velocity >= fast { return true }
        if velocity <= -fast { return false }
        return travelled >= 0.5 * width
    }

    /// Whether a press at `point` (the stack's coordinates) may start the back swipe of `page`:
    /// within ``backSwipeEdgeWidth`` of the page's drawn leading edge (or on the uncovered part
    /// of the page below), and not inside a `GtkScrolledWindow` that scrolls horizontally (the
    /// page's own horizontal scrolling keeps its drags). Once per press.
    func startsBackSwipe(at point: CGPoint, page: Page) -> Bool {
        guard let size = size(), point.x.isFinite, point.y.isFinite else { return false }
        let frame = layout(page, width: size.width, height: size.height).frame
        let edge = max(backSwipeEdgeWidth, 0)
        let nearEdge = leadingSign > 0 ? point.x <= frame.minX + edge : point.x >= frame.maxX - edge
        guard nearEdge else { return false }
        var widget = gtk_widget_pick(self.widget, point.x, point.y, GTK_PICK_DEFAULT)
        let stackWidget = self.widget
        while let current = widget, current != stackWidget {
            if unison_gtk_is_a(current, gtk_scrolled_window_get_type()) != 0,
                let adjustment = gtk_scrolled_window_get_hadjustment(OpaquePointer(current)),
                gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_lower(adjustment)
                    > gtk_adjustment_get_page_size(adjustment) + 0.5
            {
                return false
            }
            widget = gtk_widget_get_parent(current)
        }
        return true
    }

    /// The swipe passed the drag threshold: it seeks the pop from where the page is drawn.
    func beginBackSwipe() -> Bool {
        guard !isSeeking else { return false }  // an app's own seek holds the page
        seekPop(to: popProgress)
        guard isSeeking else { return false }
        dismissalDrag.baseProgress = popProgress
        return true
    }

    /// The pointer moved `translation` since the swipe took the page: the page follows it 1:1.
    /// Returns false when the seek has ended meanwhile (a push, a pop, the widget gone).
    func updateBackSwipe(translation: CGPoint) -> Bool {
        guard isSeeking, let size = size() else { return false }
        guard translation.x.isFinite else { return true }
        seekPop(to: dismissalDrag.baseProgress + leadingSign * translation.x / size.width)
        return true
    }

    /// The pointer was released moving at `velocity` (pixels per second): the pop finishes or is
    /// cancelled (``backSwipePops``), the spring starting with that velocity.
    func endBackSwipe(velocity: CGPoint) {
        guard isSeeking, let size = size() else { return }
        let velocity = velocity.x.isFinite && velocity.y.isFinite ? velocity : .zero
        lastReleaseVelocity = velocity
        let along = leadingSign * velocity.x
        let travelled = popProgress * size.width
        if backSwipePops(travelled: travelled, velocity: along, width: size.width) {
            finishSeeking(velocity: along / size.width)
        } else {
            cancelSeeking(velocity: along / size.width)
        }
    }
}
