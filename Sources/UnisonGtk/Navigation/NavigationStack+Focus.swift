import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

// Keyboard focus, pointer targeting, hover and accessibility as the top page changes: only the
// top page is live. Covered pages (below the top one, and a page leaving it) are out of the focus
// chain, not pointer targets, and hidden from assistive technologies. When the top page changes
// while the focus is in the stack (or nowhere), the focus goes where GtkStack and libadwaita's
// navigation view put it: into the new page on a push; back to the zoom's source, else to the
// widget that had it when the page was covered, else the page's first focusable widget, on a pop.

extension NavigationStack {
    /// Applies the rules above when the top page has changed since the last call (called with
    /// every render: O(1) when it has not; O(pages) when it has).
    func updateCovering() {
        let top = model.top
        guard top !== coveringTop, !isDisposed else { return }
        // Until the new top page is shown (a hidden widget takes no focus): the next render.
        if let top, gtk_widget_get_visible(top.binWidget) == 0 { return }
        let previous = coveringTop
        coveringTop = top
        let root = gtk_widget_get_root(widget)
        let focus = root.flatMap { gtk_root_get_focus($0) }
        if let previous, let focus, gtk_widget_is_ancestor(focus, previous.binWidget) != 0 {
            previous.lastFocus = ObjectReference(focus)
        }
        for page in pages.values { setCovered(page !== top, page) }
        guard let root, let top, focus.map({ gtk_widget_is_ancestor($0, widget) != 0 }) ?? true else { return }
        let popped = previous.map { !model.stack.contains($0) } ?? false
        if !moveFocus(into: top, from: popped ? previous : nil), let focus,
            gtk_widget_is_ancestor(focus, top.binWidget) == 0
        {
            // Nothing in the page takes the focus: it must not stay in a covered page.
            gtk_root_set_focus(root, nil)
        }
    }

    /// Makes `page` inert (covered) or live again. A page being covered also loses any hover GTK
    /// left on it: no pointer reaches it now, so nothing would take the hover away (GTK updates
    /// it only when the pointer moves); uncovered, the next motion sets it where the pointer is.
    private func setCovered(_ covered: Bool, _ page: Page) {
        guard page.isCovered != covered else { return }
        page.isCovered = covered
        unison_navigation_set_covered(page.binWidget, covered ? unison_gtk_true : unison_gtk_false)
        if covered { clearHover(page.binWidget) }
    }

    /// Unsets `PRELIGHT` on `widget` and every descendant that has it, except on `pointed` (the
    /// widget under the pointer) and its ancestors.
    private func clearHover(
        _ widget: UnsafeMutablePointer<GtkWidget>, keeping pointed: UnsafeMutablePointer<GtkWidget>? = nil
    ) {
        let prelight = GTK_STATE_FLAG_PRELIGHT.rawValue
        if gtk_widget_get_state_flags(widget).rawValue & prelight != 0,
            pointed.map({ $0 != widget && gtk_widget_is_ancestor($0, widget) == 0 }) ?? true
        {
            gtk_widget_unset_state_flags(widget, GTK_STATE_FLAG_PRELIGHT)
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            clearHover(current, keeping: pointed)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// After a page has left the screen: the top page's hover matches where the pointer is. GTK
    /// re-picks the widget under the pointer when the page it was over goes, from the last
    /// position it saw, which may be stale (the hover then stays on the source the page was
    /// opened from until the pointer moves); this reads the pointer's position now and takes the
    /// hover off the widgets it is not over. Setting hover is left to GTK.
    func syncHover() {
        guard let top = model.top, !top.isCovered, let native = gtk_widget_get_native(widget),
            let surface = gtk_native_get_surface(native), let display = gtk_widget_get_display(widget),
            let seat = gdk_display_get_default_seat(display), let pointer = gdk_seat_get_pointer(seat)
        else { return }
        var x = 0.0
        var y = 0.0
        var pointed: UnsafeMutablePointer<GtkWidget>?
        if gdk_surface_get_device_position(surface, pointer, &x, &y, nil) != 0 {
            // Surface coordinates to the native widget's (a client-side shadow offsets them), then the page's.
            var shadowX = 0.0
            var shadowY = 0.0
            gtk_native_get_surface_transform(native, &shadowX, &shadowY)
            var px = 0.0
            var py = 0.0
            if gtk_widget_translate_coordinates(
                unison_gtk_widget(UnsafeMutableRawPointer(native)), top.binWidget, x - shadowX, y - shadowY, &px, &py)
                != 0
            {
                pointed = gtk_widget_pick(top.binWidget, px, py, GTK_PICK_DEFAULT)
            }
        }
        clearHover(top.binWidget, keeping: pointed)
    }

    /// Gives `page` the focus: after a pop (`popped` left), the popped zoom's source when it is
    /// on screen; else the widget that had it when `page` was covered; else its first focusable
    /// widget. Returns whether a widget in the stack took it.
    private func moveFocus(into page: Page, from popped: Page?) -> Bool {
        let bin = page.binWidget
        if let popped, let source = zoomSource(of: popped), gtk_widget_is_ancestor(source, bin) != 0,
            visibleFrame(of: source) != nil, grabFocus(source)
        {
            return true
        }
        if let last = page.lastFocus?.pointer.map(unison_gtk_widget), gtk_widget_is_ancestor(last, bin) != 0,
            gtk_widget_grab_focus(last) != 0
        {
            return true
        }
        return gtk_widget_child_focus(bin, GTK_DIR_TAB_FORWARD) != 0
    }

    /// Focuses `widget`, or (a container such as a motion bin around a button) its first
    /// focusable descendant.
    private func grabFocus(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        if gtk_widget_get_focusable(widget) != 0, gtk_widget_grab_focus(widget) != 0 { return true }
        return gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD) != 0
    }
}
