import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

extension GtkAdapterTests {
    /// A `MotionBin` the app stops referencing lives as long as its widget: its running animations
    /// finish as drawn, its classes keep following the child's states, and it is freed with the
    /// widget, its completions having fired once.
    @MainActor
    @Suite("Motion bin lifetime")
    struct MotionBinLifetimeTests {
        /// A window with a `GtkBox` in its fixed, and a red 40 px square in a `MotionBin` appended
        /// to it by `make` (which drops the app's reference on return, as a function building a
        /// view would). Returns the window, the bin weakly, and where the square is drawn at rest.
        func start(
            _ make: (MotionBin) throws -> Void
        ) throws -> (window: TestWindow, bin: WeakBin, origin: CGRect, watch: ObjectWatch) {
            let window = try TestWindow()
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_fixed_put(unison_example_fixed(window.fixed), box, 20, 20)
            let weak = WeakBin()
            var origin: CGRect?
            var watch: ObjectWatch?
            do {
                let bin = MotionBin(child: colouredArea(red: 1, green: 0, blue: 0, width: 40, height: 40))
                weak.bin = bin
                watch = ObjectWatch(bin.widget)
                gtk_box_append(unison_example_box(box), bin.widget)
                window.settle()
                origin = WidgetRenderer.image(of: window.window).flatMap { drawnBounds(of: red, in: $0) }
                try make(bin)
            }
            return (window, weak, try #require(origin), try #require(watch))
        }

        /// Where the red square is drawn now.
        func drawn(in window: TestWindow) -> CGRect? {
            WidgetRenderer.image(of: window.window).flatMap { drawnBounds(of: red, in: $0) }
        }

        @Test("a bin dropped mid-flight finishes its animation, drawn at its end; its completion fires once")
        func droppedMidFlight() throws {
            let completions = Counter()
            let (window, weak, origin, _) = try start { bin in
                animate(.linear(duration: 0.3)) {
                    bin.translation = CGPoint(x: 60, y: 10)
                } completion: {
                    completions.count += 1
                }
                GtkRuntime.iterate(timeout: 0.08)
            }
            defer { window.close() }
            GtkRuntime.iterate(timeout: 3) { completions.count == 1 && weak.bin?.isAnimating == false }
            window.settle()
            #expect(completions.count == 1)
            #expect(weak.bin != nil, "the bin widget keeps its MotionBin")
            #expect(weak.bin?.presentedTranslation == CGPoint(x: 60, y: 10))
            let end = try #require(drawn(in: window))
            // One pixel: the bounds are read from rendered pixels, whose antialiased edge may fall on
            // either side of the float position.
            #expect(abs(end.minX - (origin.minX + 60)) <= 1 && abs(end.minY - (origin.minY + 10)) <= 1, "\(end)")
            window.settle(0.1)
            #expect(completions.count == 1)
        }

        @Test("a bin dropped mid-removal finishes its transition and is hidden after it; its completion fires once")
        func droppedMidRemoval() throws {
            let completions = Counter()
            let (window, weak, _, _) = try start { bin in
                animate(.linear(duration: 0.3)) {
                    bin.isPresent = false
                } completion: {
                    completions.count += 1
                }
                GtkRuntime.iterate(timeout: 0.08)
            }
            defer { window.close() }
            let widget = try #require(weak.bin?.widget)
            #expect(gtk_widget_get_visible(widget) != 0, "still drawn mid-removal")
            GtkRuntime.iterate(timeout: 3) { completions.count == 1 && weak.bin?.isAnimating == false }
            window.settle()
            #expect(completions.count == 1)
            #expect(gtk_widget_get_visible(widget) == 0, "hidden once its transition has finished")
            #expect(drawn(in: window) == nil)
            #expect(weak.bin?.presentedOpacity == 0)
        }

        @Test("a dropped bin's hover classes keep following its child's states")
        func droppedKeepsClasses() throws {
            var child: UnsafeMutablePointer<GtkWidget>?
            let (window, weak, origin, _) = try start { bin in
                child = bin.child
                try bin.setAnimationClasses("hover:translate-x-4 animate-linear duration-100")
            }
            defer { window.close() }
            let square = try #require(child)
            gtk_widget_set_state_flags(square, GTK_STATE_FLAG_PRELIGHT, 0)
            GtkRuntime.iterate(timeout: 2) { weak.bin?.isAnimating == false }
            window.settle()
            let hovered = try #require(drawn(in: window))
            #expect(hovered.minX > origin.minX + 1, "moved right while hovered: \(hovered) from \(origin)")
            #expect((weak.bin?.presentedTranslation.x ?? 0) > 0)
            gtk_widget_unset_state_flags(square, GTK_STATE_FLAG_PRELIGHT)
            GtkRuntime.iterate(timeout: 2) { weak.bin?.isAnimating == false }
            window.settle()
            let left = try #require(drawn(in: window))  // pixel bounds: one pixel, as above
            #expect(abs(left.minX - origin.minX) <= 1, "back once the pointer left: \(left)")
        }

        @Test("destroying the window mid-flight frees the dropped bin and its widget; its completion fires once")
        func windowDestroyed() throws {
            let completions = Counter()
            let (window, weak, _, watch) = try start { bin in
                animate(.linear(duration: 1)) {
                    bin.translation = CGPoint(x: 60, y: 0)
                } completion: {
                    completions.count += 1
                }
                GtkRuntime.iterate(timeout: 0.08)
            }
            #expect(weak.bin != nil)
            window.close()
            GtkRuntime.iterate(timeout: 1) { completions.count == 1 && weak.bin == nil && !watch.isAlive }
            #expect(weak.bin == nil, "freed with its widget")
            #expect(!watch.isAlive)
            #expect(completions.count == 1)
        }

        @Test("a NavigationStack dropped mid-push finishes it; destroying its window frees it")
        func droppedNavigationStack() throws {
            let window = try TestWindow()
            weak var weakStack: NavigationStack?
            var events: [AppearanceEvent] = []
            do {
                let root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
                let stack = NavigationStack(root: root)
                weakStack = stack
                gtk_widget_set_size_request(stack.widget, 200, 150)
                gtk_fixed_put(unison_example_fixed(window.fixed), stack.widget, 0, 0)
                window.settle()
                let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
                stack.push(page, animated: true) { events.append($0) }
                GtkRuntime.iterate(timeout: 0.08)
            }
            GtkRuntime.iterate(timeout: 3) { events.contains(.didAppear) }
            #expect(events == [.willAppear, .didAppear])
            #expect(weakStack != nil, "its widget keeps the stack")
            #expect(weakStack?.isTransitioning == false)
            window.close()
            GtkRuntime.iterate(timeout: 1) { weakStack == nil }
            #expect(weakStack == nil, "freed with its widget")
            #expect(events == [.willAppear, .didAppear], "each event once")
        }
    }
}

/// A `MotionBin`, weakly.
@MainActor
final class WeakBin {
    weak var bin: MotionBin?
}
