import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// The fixed child transform's translation, read back from GTK.
@MainActor
func fixedChildOffset(_ fixed: UnsafeMutablePointer<GtkWidget>, _ child: UnsafeMutablePointer<GtkWidget>) -> CGPoint {
    var m: (Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0)
    gsk_transform_to_2d(
        gtk_fixed_get_child_transform(unison_example_fixed(fixed), child), &m.0, &m.1, &m.2, &m.3, &m.4, &m.5)
    return CGPoint(x: Double(m.4), y: Double(m.5))
}

/// A count closures on the main actor can share.
@MainActor
final class Counter {
    var count = 0
}

extension GtkAdapterTests {
    /// Wrappers the app stops referencing keep animating until their widget (or object) is
    /// finalized; then they are freed, and their completions have fired once.
    @MainActor
    @Suite("Widget lifetimes")
    struct WidgetLifetimeTests {
        @Test("the README's app: a card made in `activate`, retargeted 0.5 s later, lands at (100, 400)")
        func readmeScenario() throws {
            let window = try TestWindow(width: 300, height: 560)
            defer { window.close() }
            let box = gtk_button_new_with_label("Card")!
            gtk_widget_set_size_request(box, 100, 100)
            gtk_fixed_put(unison_example_fixed(window.fixed), box, 200, 200)
            window.settle()
            let watch = ObjectWatch(box)
            weak var weakCard: AnimatedWidget?
            let completions = Counter()
            do {
                // As in `activate`: the wrapper is a local that only the delayed closure captures
                // (the README's Task, whose `Task.sleep` is a GLib timeout here: Swift Testing parks
                // the main thread, so a main-actor Task cannot resume inside a test). Once it has
                // run, nothing of the app holds the wrapper.
                let card = AnimatedWidget(box)
                weakCard = card
                animate(.spring(duration: 1.0)) { card.position = .zero }
                GtkRuntime.after(0.5) {
                    animate(.spring) {
                        card.position = CGPoint(x: 100, y: 400)
                    } completion: {
                        completions.count += 1
                    }
                }
            }
            // A spring's completion comes when it is logically complete; it rests a little later.
            GtkRuntime.iterate(timeout: 10) {
                completions.count == 1 && weakCard?.positionProperty.isAnimating == false
            }
            #expect(completions.count == 1)
            #expect(fixedChildOffset(window.fixed, box) == CGPoint(x: 100, y: 400))
            #expect(weakCard != nil, "the widget keeps its AnimatedWidget")
            // The widget goes: the wrapper goes with it.
            gtk_fixed_remove(unison_example_fixed(window.fixed), box)
            GtkRuntime.iterate(timeout: 0.1)
            #expect(!watch.isAlive)
            #expect(weakCard == nil, "freed with its widget")
            #expect(completions.count == 1)
        }

        @Test("an AnimatedWidget dropped mid-flight lands; finalizing the widget mid-flight completes once")
        func droppedMidFlight() throws {
            let window = try TestWindow(width: 320, height: 300)
            defer { window.close() }
            let box = window.colouredBox(red: 1, green: 0, blue: 0, size: 40)
            weak var weakCard: AnimatedWidget?
            var completions = 0
            do {
                let card = AnimatedWidget(box)
                weakCard = card
                animate(.linear(duration: 0.3)) {
                    card.position = CGPoint(x: 120, y: 80)
                    card.opacity = 0.4
                } completion: {
                    completions += 1
                }
            }
            GtkRuntime.iterate(timeout: 5) { completions == 1 }
            #expect(completions == 1)
            #expect(fixedChildOffset(window.fixed, box) == CGPoint(x: 120, y: 80))
            // GTK keeps opacity as a byte: within one step of 1/255.
            #expect(abs(gtk_widget_get_opacity(box) - 0.4) < 1.0 / 255)

            // Mid-flight, then the widget is finalized: the completion runs once, after the removal.
            var late = 0
            let watch = ObjectWatch(box)
            do {
                let card = try #require(weakCard)
                animate(.linear(duration: 5)) {
                    card.translation = CGPoint(x: 30, y: 0)
                } completion: {
                    late += 1
                }
            }
            GtkRuntime.iterate(timeout: 0.1)
            #expect(weakCard?.translationProperty.isAnimating == true)
            gtk_fixed_remove(unison_example_fixed(window.fixed), box)
            #expect(!watch.isAlive && weakCard == nil && late == 0)  // never inside the release
            GtkRuntime.iterate(timeout: 1) { late > 0 }
            GtkRuntime.iterate(timeout: 0.1)
            #expect(late == 1)
        }

        @Test("a second AnimatedWidget for a widget replaces the first in the widget's keeping")
        func secondWrapperReplaces() throws {
            let window = try TestWindow()
            defer { window.close() }
            let box = window.colouredBox(red: 0, green: 0, blue: 1)
            weak var first: AnimatedWidget?
            weak var second: AnimatedWidget?
            do {
                let a = AnimatedWidget(box)
                first = a
                let b = AnimatedWidget(box)
                second = b
            }
            #expect(first == nil, "released: the widget keeps the newest")
            #expect(second != nil)
            // One the app holds lives on when replaced.
            let held = AnimatedWidget(box)
            _ = AnimatedWidget(box)
            held.opacity = 0.5
            #expect(gtk_widget_get_opacity(box) == 0.5.quantised)
        }

        @Test("value wrappers and object properties dropped mid-flight land; freed with their object")
        func valueWrappersDropped() throws {
            let window = try TestWindow(width: 300, height: 200)
            defer { window.close() }
            let label = gtk_label_new("Some text")!
            let widgets = ValueWidgetColumn(in: window, scrollerHeight: 60, extra: [label])
            let (column, scroller, scale, progress, level) = (
                widgets.column, widgets.scroller, widgets.scale, widgets.progress, widgets.level)
            let adjustment = gtk_scrolled_window_get_vadjustment(unison_example_scrolled_window(scroller))!
            var completions = 0
            weak var weakProperty: AnimatedObjectProperty?
            let barWatch = ObjectWatch(progress)
            do {
                let scroll = AnimatedAdjustment(adjustment, frameClockOf: scroller)
                let range = AnimatedRange(scale)
                let bar = AnimatedProgressBar(progress)
                let levels = AnimatedLevelBar(level)
                let width = try AnimatedObjectProperty(label, property: "max-width-chars")
                weakProperty = width
                animate(.linear(duration: 0.3)) {
                    scroll.value.value = 500
                    range.value.value = 80
                    bar.fraction.value = 0.75
                    levels.value.value = 6
                    width.value.value = 30
                } completion: {
                    completions += 1
                }
            }
            GtkRuntime.iterate(timeout: 5) { completions == 1 }
            #expect(completions == 1)
            #expect(gtk_adjustment_get_value(adjustment) == 500)
            #expect(gtk_range_get_value(unison_example_range(scale)) == 80)
            #expect(gtk_progress_bar_get_fraction(unison_example_progress_bar(progress)) == 0.75)
            #expect(gtk_level_bar_get_value(unison_example_level_bar(level)) == 6)
            #expect(gtk_label_get_max_width_chars(unison_example_label(label)) == 30)
            #expect(weakProperty != nil)
            gtk_box_remove(unison_example_box(column), progress)
            gtk_box_remove(unison_example_box(column), label)
            GtkRuntime.iterate(timeout: 0.1)
            #expect(!barWatch.isAlive)
            #expect(weakProperty == nil, "freed with its label")
            #expect(completions == 1)
        }

        @Test("a ContentLabel dropped mid-transition finishes it; freed with its window")
        func contentLabelDropped() throws {
            let window = try TestWindow(width: 200, height: 120)
            weak var weakLabel: ContentLabel?
            var completions = 0
            let labelWatch: ObjectWatch
            let binWatch: ObjectWatch
            do {
                let counter = ContentLabel(text: "41", contentTransition: .numericText())
                weakLabel = counter
                gtk_fixed_put(unison_example_fixed(window.fixed), counter.widget, 20, 20)
                window.settle()
                labelWatch = ObjectWatch(counter.label)
                binWatch = ObjectWatch(counter.widget)
                animate(.linear(duration: 0.4)) {
                    counter.text = "42"
                } completion: {
                    completions += 1
                }
                #expect(counter.isTransitioning)
            }
            GtkRuntime.iterate(timeout: 0.05)
            #expect(weakLabel != nil, "the bin keeps its ContentLabel")
            #expect(weakLabel?.isTransitioning == true)
            GtkRuntime.iterate(timeout: 5) { weakLabel?.isTransitioning == false && completions == 1 }
            #expect(weakLabel?.isTransitioning == false && weakLabel?.text == "42")
            #expect(completions == 1)
            window.close()
            GtkRuntime.iterate(timeout: 0.2)
            #expect(weakLabel == nil, "freed once its window is gone")
            #expect(!binWatch.isAlive && !labelWatch.isAlive)
            #expect(completions == 1)
        }

        @Test("a ContentLabel the app holds outlives its window; moved to another container it is kept again")
        func contentLabelHeld() throws {
            let window = try TestWindow(width: 200, height: 120)
            defer { window.close() }
            let counter = ContentLabel(text: "1")
            let binWatch = ObjectWatch(counter.widget)
            gtk_fixed_put(unison_example_fixed(window.fixed), counter.widget, 10, 10)
            window.settle()
            gtk_fixed_remove(unison_example_fixed(window.fixed), counter.widget)
            GtkRuntime.iterate(timeout: 0.1)
            #expect(binWatch.isAlive, "held through the ContentLabel")
            gtk_fixed_put(unison_example_fixed(window.fixed), counter.widget, 10, 10)
            window.settle()
            counter.text = "2"
            #expect(counter.text == "2" && binWatch.isAlive)
        }
    }
}
