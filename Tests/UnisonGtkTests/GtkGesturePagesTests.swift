import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

@testable import UnisonDemoKit

/// A window showing one demo page on the window's frame clock, as the demo does.
@MainActor
final class PageWindow<Page: DemoPage> {
    let window: UnsafeMutablePointer<GtkWidget>
    let page: Page

    init(title: String, _ make: (DemoContext) -> Page) throws {
        guard GtkRuntime.initialize() else { throw NoDisplay() }
        _ = g_log_set_always_fatal(GLogLevelFlags(rawValue: G_LOG_LEVEL_CRITICAL.rawValue))
        window = gtk_window_new()
        page = make(DemoContext(clock: GtkFrameClock.for(window)))
        gtk_window_set_title(unison_example_window(window), title)
        gtk_window_set_child(unison_example_window(window), page.root)
        gtk_window_present(unison_example_window(window))
        let window = self.window
        GtkRuntime.iterate(timeout: 5) { gtk_widget_get_mapped(window) != 0 && gtk_widget_get_width(window) > 0 }
        GtkRuntime.iterate(timeout: 0.2)
    }

    func close() {
        gtk_window_destroy(unison_example_window(window))
        GtkRuntime.iterate(timeout: 0.05)
    }

    /// Real pointer input in the coordinates of `widget`'s parent (the page's GtkFixed).
    func pointer(over widget: UnsafeMutablePointer<GtkWidget>, title: String) throws -> RealPointer {
        try RealPointer(window: window, target: gtk_widget_get_parent(widget)!, title: title)
    }

    func capture() throws -> WidgetRenderer.Image {
        var image: WidgetRenderer.Image?
        WidgetRenderer.afterNextPaint(of: window) { image = WidgetRenderer.image(of: self.window) }
        GtkRuntime.iterate(timeout: 1) { image != nil }
        return try #require(image)
    }

    /// Calls `body` after every painted frame until the returned handler id is disconnected.
    func everyFrame(_ body: @escaping @MainActor () -> Void) -> gulong {
        GtkSignals.connect(gtk_widget_get_frame_clock(window)!, "after-paint", body)
    }

    func stopFrames(_ id: gulong) {
        g_signal_handler_disconnect(UnsafeMutableRawPointer(gtk_widget_get_frame_clock(window)!), id)
    }
}

/// A widget's transform in its GtkFixed, read back from GTK: (scale x, translation x, translation y).
@MainActor
func fixedTransform(of widget: UnsafeMutablePointer<GtkWidget>) -> (scale: Double, dx: Double, dy: Double) {
    var m: (Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0)
    let fixed = unison_example_fixed(gtk_widget_get_parent(widget))
    gsk_transform_to_2d(gtk_fixed_get_child_transform(fixed, widget), &m.0, &m.1, &m.2, &m.3, &m.4, &m.5)
    return (Double(m.0), Double(m.4), Double(m.5))
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Gesture demo pages")
    struct GesturePageTests {
        @Test(
            "the gesture pages render, move when played, and come to rest", arguments: ["zoom", "pull", "press-drag"])
        func gesturePagesPlay(name: String) throws {
            switch name {
            case "zoom": try checkPlays { ZoomPage(context: $0) }
            case "pull": try checkPlays { PullToRevealPage(context: $0) }
            default: try checkPlays { LongPressDragPage(context: $0) }
            }
        }

        /// The checks the registered pages get (DemoTests): not blank; moving at 0.25 s (at least a
        /// 10 × 10 patch differs from the start and the end); still once at rest.
        func checkPlays<Page: DemoPage>(_ make: (DemoContext) -> Page) throws {
            let shown = try PageWindow(title: "unison-page", make)
            defer { shown.close() }
            let page = shown.page
            let start = try shown.capture()
            page.play()
            GtkRuntime.iterate(timeout: 0.25)
            let mid = try shown.capture()
            #expect(GtkRuntime.iterate(timeout: 4) { page.isAtTarget }, "\(page.title) did not come to rest")
            GtkRuntime.iterate(timeout: 0.3)
            let end = try shown.capture()
            let endAgain = try shown.capture()
            #expect(distinctColours(start) > 20, "\(page.title) looks blank")
            #expect(differingPixels(start, mid) > 100, "\(page.title): nothing moved by 0.25 s")
            #expect(differingPixels(mid, end) > 100, "\(page.title): already at the end at 0.25 s")
            #expect(differingPixels(end, endAgain) < 50, "\(page.title) still changes at rest")
        }

        @Test("zoomable image: a pinch past 4× springs back with the pinch's speed, one below 1× too")
        func zoomPageSpringsBack() throws {
            let shown = try PageWindow(title: "unison-zoom-page") { ZoomPage(context: $0) }
            defer { shown.close() }
            let page = shown.page
            let photo = try #require(page.photo.widget)
            var scales: [Double] = []
            let recording = shown.everyFrame { scales.append(fixedTransform(of: photo).scale) }
            page.pinch(to: 5)  // 1× → 5× at a steady 4/0.6 = 6.67× per second, then released
            #expect(GtkRuntime.iterate(timeout: 4) { page.isAtTarget })
            GtkRuntime.iterate(timeout: 0.1)
            shown.stopFrames(recording)
            #expect(
                page.lastScale == 4 && fixedTransform(of: photo).scale.isApproximatelyEqual(to: 4, within: .floatScale))
            // Released at 5× still spreading: the spring starts at that speed, so the image grows on
            // past 5× before it settles at 4×. Closed form of the release spring (0.6 s, bounce 0.2)
            // from 5× at 6.67×/s towards 4×: its peak.
            let spring = Spring(duration: 0.6, bounce: 0.2)
            let peak = stride(from: 0.0, through: 0.6, by: 0.0005).map {
                5 + spring.value(target: -1.0, initialVelocity: 4 / 0.6, time: $0)
            }.max()!
            let measured = try #require(scales.max())
            // Frames sample the curve every ~1/60 s and the spring starts at the frame after the
            // release (up to 1/60 s later, while the scale holds at 5×): within 0.05×.
            #expect(abs(measured - peak) < 0.05, "peak \(measured)×, closed form \(peak)×")
            #expect(measured > 5.05)
            // A pinch in to ½×: back to 1×, after dipping below ½× (it was still closing).
            scales = []
            let second = shown.everyFrame { scales.append(fixedTransform(of: photo).scale) }
            page.pinch(to: 0.5)
            #expect(GtkRuntime.iterate(timeout: 4) { page.isAtTarget })
            shown.stopFrames(second)
            #expect(
                page.lastScale == 1 && fixedTransform(of: photo).scale.isApproximatelyEqual(to: 1, within: .floatScale))
            #expect(try #require(scales.min()) < 0.5)
            print("zoom page: released at 5× and 6.67×/s, peaked at \(measured)× (closed form \(peak)×), settled at 4×")
        }

        @Test("pull to reveal with real drags: short of the threshold it springs back, past it it opens")
        func pullToRevealPage() throws {
            let shown = try PageWindow(title: "unison-pull-page") { PullToRevealPage(context: $0) }
            defer { shown.close() }
            let page = shown.page
            let list = try #require(page.list.widget)
            let pointer = try shown.pointer(over: list, title: "unison-pull-page")
            func pull(by distance: Double) -> [String] {
                var commands = pointer.move(to: CGPoint(x: 300, y: 60)) + ["mousedown", "1"]
                for step in 1...10 {
                    commands +=
                        ["sleep", "0.02"] + pointer.move(to: CGPoint(x: 300, y: 60 + distance * Double(step) / 10))
                }
                return commands + ["mouseup", "1"]
            }
            // Where the list is at the release, seen by a drag of its own on the same widget.
            let observer = WidgetGesture(on: gtk_widget_get_parent(list)!, DragRecognizer())
            var atRelease: Double?
            observer.onEnded = { _ in atRelease = page.list.translationProperty.presentationValue.y }
            // 50 points down (the threshold is 80), released moving: it carries on down with the
            // finger's speed, then springs back to 0.
            var furthest = 0.0
            let frames = shown.everyFrame { furthest = max(furthest, fixedTransform(of: list).dy) }
            try pointer.run(pull(by: 50)) { page.isAtTarget && atRelease != nil }
            shown.stopFrames(frames)
            #expect(!page.isRevealed && fixedTransform(of: list).dy == 0)
            let released = try #require(atRelease)
            #expect(furthest > released + 5, "no follow-through: \(released) → \(furthest)")
            // 150 points down: past the threshold, it opens at 80 (rubber-banded beyond), then closes.
            try pointer.run(pull(by: 150)) { !page.list.translationProperty.isAnimating && page.isRevealed }
            #expect(page.isRevealed && fixedTransform(of: list).dy == 80)
            #expect(gtk_widget_get_opacity(page.header.widget!) == 1)
            #expect(GtkRuntime.iterate(timeout: 3) { page.isAtTarget && !page.isRevealed })
            #expect(fixedTransform(of: list).dy == 0)
            print("pull to reveal: released at \(released) points, carried on to \(furthest) before springing back")
        }

        @Test("long press then drag page with real input: a held card moves to the slot it is flung at")
        func longPressDragPage() throws {
            let shown = try PageWindow(title: "unison-press-drag-page") { LongPressDragPage(context: $0) }
            defer { shown.close() }
            let page = shown.page
            let card = try #require(page.card.widget)
            let pointer = try shown.pointer(over: card, title: "unison-press-drag-page")
            let centre = CGPoint(x: page.slots[0].x + 70, y: page.slots[0].y + 45)
            func drag(hold: Double, by distance: Double) -> [String] {
                var commands = pointer.move(to: centre) + ["mousedown", "1", "sleep", String(hold)]
                for step in 1...10 {
                    commands +=
                        ["sleep", "0.02"]
                        + pointer.move(to: CGPoint(x: centre.x + distance * Double(step) / 10, y: centre.y))
                }
                return commands + ["mouseup", "1"]
            }
            // Dragged at once: the long press fails on the movement; nothing moves.
            try pointer.run(drag(hold: 0.05, by: 190)) { page.isAtTarget }
            GtkRuntime.iterate(timeout: 0.3)
            #expect(page.slot == 0 && fixedTransform(of: card).dx == page.slots[0].x)
            // Held 0.6 s (the press needs 0.4), then 190 points right in 0.2 s: to the second slot.
            try pointer.run(drag(hold: 0.6, by: 190)) { page.isAtTarget && page.slot == 1 }
            #expect(page.slot == 1)
            #expect(fixedTransform(of: card).dx == page.slots[1].x && fixedTransform(of: card).scale == 1)
            // Pressed and released early: it gives, then comes back; it stays in its slot.
            try pointer.run(
                pointer.move(to: CGPoint(x: page.slots[1].x + 70, y: centre.y)) + [
                    "mousedown", "1", "sleep", "0.2", "mouseup", "1",
                ])
            #expect(GtkRuntime.iterate(timeout: 2) { page.isAtTarget })
            #expect(page.slot == 1 && fixedTransform(of: card).scale == 1)
        }
    }
}
