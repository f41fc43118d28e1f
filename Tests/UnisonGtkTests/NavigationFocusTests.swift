import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// A 400 × 300 window with a task board as its root page: a card (a button in a `MotionBin` lifted
/// by `hover:-translate-y-1`) at (40, 50), 100 × 60, and an unrelated toggle button at (250, 50).
/// Clicking the card opens its detail page; Escape closes it. `stack` is nil for the GtkStack
/// variant, which shows the same pages in a `GtkStack` (no transition) as a reference.
@MainActor
final class BoardWindow {
    let window: TestWindow
    let title: String
    let root: UnsafeMutablePointer<GtkWidget>
    let card: UnsafeMutablePointer<GtkWidget>
    let cardBin: MotionBin
    let other: UnsafeMutablePointer<GtkWidget>
    /// The detail page: a box with two buttons (+1, released by `close()`).
    let page: UnsafeMutablePointer<GtkWidget>
    let pageButtons: [UnsafeMutablePointer<GtkWidget>]
    let stack: NavigationStack?
    let gtkStack: UnsafeMutablePointer<GtkWidget>?
    private(set) var clicks = 0
    let pointer: RealPointer
    /// Where the last pointer motion event reached the window, in `content`'s coordinates.
    private(set) var lastMotion: CGPoint?

    init(title: String, reference: Bool = false) throws {
        window = try TestWindow(width: 400, height: 300)
        self.title = title
        root = gtk_fixed_new()
        card = gtk_button_new_with_label("Card")
        gtk_widget_set_size_request(card, 100, 60)
        cardBin = MotionBin(child: card)
        try cardBin.setAnimationClasses("hover:-translate-y-1")
        gtk_fixed_put(unison_example_fixed(root), cardBin.widget, 40, 50)
        other = gtk_toggle_button_new_with_label("Other")
        gtk_widget_set_size_request(other, 100, 60)
        gtk_fixed_put(unison_example_fixed(root), other, 250, 50)
        page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
        g_object_ref_sink(page)
        pageButtons = [gtk_button_new_with_label("Done")!, gtk_button_new_with_label("Delete")!]
        for button in pageButtons { gtk_box_append(unison_example_box(page), button) }
        let content: UnsafeMutablePointer<GtkWidget>
        if reference {
            let gtkStack = gtk_stack_new()!
            gtk_stack_add_child(unison_example_stack(gtkStack), root)
            gtk_stack_add_child(unison_example_stack(gtkStack), page)
            self.gtkStack = gtkStack
            stack = nil
            content = gtkStack
            let controller = gtk_shortcut_controller_new()!
            gtk_shortcut_controller_set_scope(controller, GTK_SHORTCUT_SCOPE_MANAGED)
            let action = gtk_callback_action_new(
                { widget, _, _ in
                    guard let widget else { return 0 }
                    let stack = unison_example_stack(widget)
                    let first = gtk_widget_get_first_child(widget)
                    gtk_stack_set_visible_child(stack, first)
                    return 1
                }, nil, nil)
            gtk_shortcut_controller_add_shortcut(
                controller, gtk_shortcut_new(gtk_shortcut_trigger_parse_string("Escape"), action))
            gtk_widget_add_controller(gtkStack, controller)
        } else {
            let stack = NavigationStack(root: root)
            self.stack = stack
            gtkStack = nil
            content = stack.widget
        }
        gtk_window_set_child(unison_example_window(window.window), content)
        window.settle(0.2)
        pointer = try RealPointer(window: window.window, target: content, title: title)
        // Every motion event the window receives, before any widget does: a test waits for a move to
        // arrive (xdotool returns once the X server has it, not once GTK has handled it).
        let watcher = gtk_event_controller_motion_new()!
        gtk_event_controller_set_propagation_phase(watcher, GTK_PHASE_CAPTURE)
        let origin = CGPoint(x: pointer.origin.x, y: pointer.origin.y)
        var sx = 0.0
        var sy = 0.0
        gtk_native_get_surface_transform(OpaquePointer(window.window), &sx, &sy)
        GtkSignals.connectPoint(watcher, "motion") { [unowned self] x, y in
            // Controller coordinates are the window's; the pointer's origin adds the surface shadow.
            lastMotion = CGPoint(x: x + sx - origin.x, y: y + sy - origin.y)
        }
        gtk_widget_add_controller(window.window, watcher)
        GtkSignals.connect(card, "clicked") { [unowned self] in
            clicks += 1
            if let stack {
                stack.push(page, transition: .zoom(from: cardBin.widget))
            } else if let gtkStack {
                gtk_stack_set_visible_child(unison_example_stack(gtkStack), page)
            }
        }
    }

    var focus: UnsafeMutablePointer<GtkWidget>? { gtk_root_get_focus(OpaquePointer(window.window)) }
    var cardHovered: Bool { gtk_widget_get_state_flags(card).rawValue & GTK_STATE_FLAG_PRELIGHT.rawValue != 0 }
    var isAtRest: Bool { !(stack?.isTransitioning ?? false) }
    var showsPage: Bool {
        if let stack { return stack.top == page }
        return gtk_stack_get_visible_child(unison_example_stack(gtkStack!)) == page
    }

    /// Real keys to the window.
    func key(_ name: String) throws {
        try pointer.run(["windowfocus", "--sync", pointer.id, "key", "--window", pointer.id, name])
    }

    func close() {
        window.close()
        g_object_unref(page)
    }

    /// What the trial did: hover the card and click it, wait for the page, move the pointer away
    /// (to `away`, a point over the page: by default empty board after the close), press Escape,
    /// wait until the page has gone. Returns the card's hover flag, its lift, and the focus afterwards.
    func openMoveAwayAndClose(to away: CGPoint = CGPoint(x: 320, y: 250)) throws -> (
        hovered: Bool, lift: Double, focus: UnsafeMutablePointer<GtkWidget>?
    ) {
        try pointer.run(pointer.move(to: CGPoint(x: 90, y: 80))) { self.cardHovered }
        #expect(cardHovered, "\(title): the pointer over the card hovers it")
        try pointer.run(["click", "1"]) { self.showsPage && self.isAtRest }
        window.settle(0.2)
        #expect(showsPage, "\(title): the card opened its page")
        // Wait until GTK has handled the move away (within 1 px: xdotool moves to whole pixels), so
        // the close never races the motion event.
        try pointer.run(pointer.move(to: away)) {
            guard let at = self.lastMotion else { return false }
            return abs(at.x - away.x) <= 1 && abs(at.y - away.y) <= 1
        }
        #expect(
            lastMotion.map { abs($0.x - away.x) <= 1 && abs($0.y - away.y) <= 1 } == true,
            "\(title): the move away reached GTK at \(String(describing: lastMotion))")
        window.settle(0.2)
        try key("Escape")
        GtkRuntime.iterate(timeout: 5) { !self.showsPage && self.isAtRest && gtk_widget_get_mapped(self.page) == 0 }
        window.settle(0.3)
        return (cardHovered, Double(cardBin.presentedTranslation.y), focus)
    }
}

extension GtkAdapterTests {
    @MainActor @Suite("Navigation: focus and hover")
    struct NavigationFocusTests {
        @Test(
            "a zoomed page closed with the pointer away: hover and focus as GtkStack leaves them; Space presses the card"
        )
        func closeRestoresHoverAndFocus() throws {
            // The reference: GtkStack showing the same pages.
            let reference = try BoardWindow(title: "unison-board-gtkstack", reference: true)
            let expected = try reference.openMoveAwayAndClose()
            #expect(expected.focus == reference.card, "GtkStack gives the focus back to the card")
            reference.close()

            let w = try BoardWindow(title: "unison-board-nav")
            defer { w.close() }
            let closed = try w.openMoveAwayAndClose()
            #expect(
                closed.hovered == expected.hovered, "card hovered: \(closed.hovered), GtkStack: \(expected.hovered)")
            #expect(!closed.hovered)
            #expect(closed.lift == 0, "the hover: variant still lifts the card by \(closed.lift)")
            #expect(closed.focus == w.card, "focus went to \(String(describing: closed.focus)), not the card")
            // Space presses what has the focus: the card (opening its page again), not the toggle.
            try w.key("space")
            GtkRuntime.iterate(timeout: 3) { w.clicks == 2 && w.isAtRest }
            #expect(w.clicks == 2)
            #expect(
                gtk_widget_get_state_flags(w.other).rawValue & GTK_STATE_FLAG_CHECKED.rawValue == 0,
                "Space toggled the other button")
        }

        @Test("a zoomed page closed with the pointer over the card's place: the card is hovered, as GtkStack has it")
        func closeOverSourceHovers() throws {
            let over = CGPoint(x: 100, y: 90)
            let reference = try BoardWindow(title: "unison-board-gtkstack-over", reference: true)
            let expected = try reference.openMoveAwayAndClose(to: over)
            reference.close()
            let w = try BoardWindow(title: "unison-board-nav-over")
            defer { w.close() }
            let closed = try w.openMoveAwayAndClose(to: over)
            #expect(
                closed.hovered == expected.hovered, "card hovered: \(closed.hovered), GtkStack: \(expected.hovered)")
            #expect(closed.hovered == (closed.lift == -4), "the hover: variant follows the hover (\(closed.lift))")
            #expect(closed.focus == w.card)
            #expect(closed.hovered, "the pointer rests over the card")
        }

        @Test(
            "a pushed page takes the focus; Tab never reaches the covered page below"
        )
        func coveredPageIsInert() throws {
            let w = try BoardWindow(title: "unison-board-tab")
            defer { w.close() }
            let stack = try #require(w.stack)
            gtk_widget_grab_focus(w.other)
            // A sheet leaves the page below drawn (the case where it could still be reached).
            stack.present(w.page, transition: .zoom(from: w.cardBin.widget))
            GtkRuntime.iterate(timeout: 3) { !stack.isTransitioning }
            w.window.settle()
            #expect(gtk_widget_get_mapped(w.root) != 0)
            let rootBin = try #require(gtk_widget_get_parent(w.root))
            #expect(gtk_widget_get_can_target(rootBin) == 0 && gtk_widget_get_can_focus(rootBin) == 0)
            let inPage = { (focus: UnsafeMutablePointer<GtkWidget>?) in
                focus.map { gtk_widget_is_ancestor($0, w.page) != 0 } ?? false
            }
            #expect(inPage(w.focus), "the page took the focus")
            var visited: [UnsafeMutablePointer<GtkWidget>?] = []
            for _ in 0..<5 {
                try w.key("Tab")
                w.window.settle(0.05)
                visited.append(w.focus)
            }
            #expect(visited.allSatisfy(inPage), "Tab reached \(visited)")
            #expect(Set(visited.compactMap { $0 }).count == 2, "Tab cycles through the page's two buttons")
            // Dismissed: the page below is live again, with its focus back.
            stack.dismiss()
            GtkRuntime.iterate(timeout: 3) { !stack.isTransitioning }
            w.window.settle()
            #expect(gtk_widget_get_can_target(rootBin) != 0 && gtk_widget_get_can_focus(rootBin) != 0)
            #expect(w.focus == w.card, "the zoom's source takes the focus back")
        }

        /// GTK keeps accessible states only with an accessibility context: `GTK_A11Y=test` (or a
        /// running AT-SPI bus), not `none`, which `make test` sets.
        @Test(
            "a covered page is hidden from accessibility, and shown again when uncovered",
            .enabled(
                if: ProcessInfo.processInfo.environment["GTK_A11Y"] != "none", "GTK_A11Y=none: no accessible state")
        )
        func coveredPageIsHiddenFromAccessibility() throws {
            let w = try BoardWindow(title: "unison-board-a11y")
            defer { w.close() }
            let stack = try #require(w.stack)
            let rootBin = try #require(gtk_widget_get_parent(w.root))
            #expect(unison_example_accessible_hidden(rootBin) == 0)
            stack.present(w.page, transition: .zoom(from: w.cardBin.widget))
            let pageBin = try #require(gtk_widget_get_parent(w.page))
            // Covered from the start of the transition.
            #expect(unison_example_accessible_hidden(rootBin) != 0)
            #expect(unison_example_accessible_hidden(pageBin) == 0)
            GtkRuntime.iterate(timeout: 3) { !stack.isTransitioning }
            #expect(unison_example_accessible_hidden(rootBin) != 0 && gtk_widget_get_mapped(w.root) != 0)
            stack.dismiss()
            #expect(unison_example_accessible_hidden(rootBin) == 0)
            #expect(unison_example_accessible_hidden(pageBin) != 0, "the leaving page is covered too")
            GtkRuntime.iterate(timeout: 3) { !stack.isTransitioning }
            #expect(unison_example_accessible_hidden(rootBin) == 0)
        }

        @Test("a zoom close cross-fades the page into its source over its last frames: nothing snaps")
        func zoomCloseCrossFades() throws {
            let w = try NavWindow()
            defer { w.close() }
            let page = w.page("editor", green)
            w.stack.push(page, transition: .zoom(from: w.card, cornerRadius: 0), animated: false)
            w.window.settle()
            // The page's opacity read from the card's centre pixel: green (the page) over red (the card).
            var frames: [(width: Double?, opacity: Double)] = []
            w.window.record { _ in
                guard let image = WidgetRenderer.image(of: w.window.window) else { return }
                let p = image.pixel(x: 70, y: 80)
                frames.append((w.stack.drawnFrame(of: page).map { Double($0.width) }, 1 - p.red))
            }
            w.stack.pop()
            GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning }
            w.window.settle()
            w.window.stopRecording()
            let drawn = frames.filter { $0.width != nil }
            #expect(drawn.count >= 5)
            // Monotone: the page only fades out (one step of 8-bit rounding allowed).
            for (a, b) in zip(frames, frames.dropFirst()) {
                #expect(b.opacity <= a.opacity + 0.01, "\(a) → \(b)")
            }
            // By the last frame it is drawn in, the page has faded out: its removal changes nothing.
            let last = try #require(drawn.last)
            #expect(last.opacity < 0.05, "the page is still \(last.opacity) opaque on its last frame")
            #expect(frames.last.map { $0.opacity < 0.01 } == true)
            // The fade follows the shrinking frame: between two frames it changes no more than
            // the curve's steepest slope (opacity 1 over the last third of the travel) allows for
            // the frame's change, plus 8-bit rounding.
            let travel = NavWindow.width - 60
            for (a, b) in zip(drawn, drawn.dropFirst()) {
                let progressStep = abs(b.width! - a.width!) / travel
                #expect(abs(b.opacity - a.opacity) <= 3.5 * progressStep + 0.02, "\(a) → \(b)")
            }
            // And it fades only near the source: half-way the page is still opaque.
            let halfway = drawn.filter { $0.width! > 60 + travel / 2 }
            #expect(halfway.allSatisfy { $0.opacity > 0.99 }, "\(halfway)")
        }
    }
}
