import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// A card of a list: owns its GTK widget (one reference) and its animated properties. Removing
/// the card from the list removes the widget from its container and drops the reference, so the
/// widget is finalized inside the list mutation.
@MainActor
final class Card {
    let widget: UnsafeMutablePointer<GtkWidget>
    let animated: AnimatedWidget
    private let fixed: UnsafeMutablePointer<GtkWidget>

    init(in window: TestWindow, at x: Double) {
        fixed = window.fixed
        widget = window.colouredBox(red: 0, green: 0, blue: 1, size: 30, at: CGPoint(x: x, y: 10))
        g_object_ref(widget)
        animated = AnimatedWidget(widget)
    }

    isolated deinit {
        gtk_fixed_remove(unison_example_fixed(fixed), widget)
        g_object_unref(widget)  // the last reference: GTK finalizes the widget here
    }
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Widgets released or destroyed mid-flight")
    struct SafetyTests {
        @Test("cards removed from a list mid-flight: widgets finalized in the mutation, completions after it, once")
        func listMutationFinalizesWidgets() throws {
            let window = try TestWindow()
            defer { window.close() }
            let model = SafePointModel((0..<3).map { Card(in: window, at: 10 + 40 * Double($0)) })
            let references = model.cards.map { ObjectWatch($0.widget) }
            var seen: [String] = []
            for (index, card) in model.cards.enumerated() {
                animate(.linear(duration: 1)) {
                    card.animated.opacity = 0.3
                } completion: {
                    seen.append("card \(index): \(model.cards.count) in the list")
                }
            }
            GtkRuntime.iterate(timeout: 0.15)
            #expect(model.cards.allSatisfy { $0.animated.opacityProperty.isAnimating })
            model.cards.remove(at: 1)
            #expect(!references[1].isAlive && seen.isEmpty)  // finalized inside the mutation; nothing ran there
            model.cards.removeAll()
            #expect(references.allSatisfy { !$0.isAlive } && seen.isEmpty)
            GtkRuntime.iterate(timeout: 1) { seen.count == 3 }
            #expect(seen == ["card 1: 0 in the list", "card 0: 0 in the list", "card 2: 0 in the list"])
            GtkRuntime.iterate(timeout: 0.1)
            #expect(seen.count == 3)  // once each
        }

        @Test("an AnimatedWidget dropped from a list mid-flight lands (its widget keeps it), then completes once")
        func animatedWidgetReleased() throws {
            let window = try TestWindow()
            defer { window.close() }
            let box = window.colouredBox(red: 1, green: 0, blue: 0)
            let model = SafePointModel([AnimatedWidget(box)])
            var seen: [Int] = []
            animate(.smooth) {
                model.cards[0].translation = CGPoint(x: 50, y: 0)
            } completion: {
                seen.append(model.cards.count)
            }
            GtkRuntime.iterate(timeout: 0.1)
            model.cards.removeAll()
            #expect(seen.isEmpty)
            GtkRuntime.iterate(timeout: 3) { !seen.isEmpty }
            #expect(seen == [0])
            // Landed, not stopped mid-flight (a spring completes logically a little before it rests).
            GtkRuntime.iterate(timeout: 3) { fixedChildOffset(window.fixed, box) == CGPoint(x: 50, y: 0) }
            #expect(fixedChildOffset(window.fixed, box) == CGPoint(x: 50, y: 0))
            GtkRuntime.iterate(timeout: 0.1)
            #expect(seen == [0])
        }

        @Test("a delay does not keep GTK's frame clock running: no frames while nothing changes")
        func delayRests() throws {
            let window = try TestWindow()
            defer { window.close() }
            let box = window.colouredBox(red: 1, green: 0, blue: 0)
            let widget = AnimatedWidget(box, clock: GtkFrameClock.for(window.window))
            var samples: [(time: Double, opacity: Double)] = []
            window.record { t in samples.append((t, gtk_widget_get_opacity(box))) }
            var done = 0
            animate(.linear(duration: 0.3).delay(1)) {
                widget.opacity = 0.4
            } completion: {
                done += 1
            }
            GtkRuntime.iterate(timeout: 0.9)
            // The first frame fixes the start, the second finds the delay and removes the tick
            // callback; one more may already have been requested. (Before: 55 frames in 0.9 s.)
            #expect(samples.count <= 4, "\(samples.count) frames painted during the delay")
            #expect(!widget.clock.isTicking && widget.opacityProperty.isAnimating)
            GtkRuntime.iterate(timeout: 2) { done == 1 }
            #expect(done == 1 && gtk_widget_get_opacity(box) == 0.4.quantised)
            let start = try #require(samples.first?.time)
            for (t, opacity) in samples {
                let p = min(max((t - start - 1) / 0.3, 0), 1)
                #expect(abs(opacity - (1 - 0.6 * p)) <= GtkAdapterTests.opacityQuantum, "t=\(t - start)")
            }
            #expect(samples.filter { $0.time > start + 1 }.count >= 10)  // frames again after the delay
        }

        @Test("a bouncy spring on a size request never writes a negative size; -1 only at rest")
        func sizeRequestStaysValid() throws {
            let window = try TestWindow()
            defer { window.close() }
            let box = window.colouredBox(red: 0, green: 1, blue: 0, size: 1)
            let widget = AnimatedWidget(box)
            widget.sizeRequest = CGSize(width: 100, height: 20)
            var requests: [Int32] = []
            var presented: [Double] = []
            window.record { _ in
                var w: Int32 = 0
                var h: Int32 = 0
                gtk_widget_get_size_request(box, &w, &h)
                requests.append(w)
                presented.append(widget.sizeRequestProperty.presentationValue.width)
            }
            // Bounce 0.6 overshoots below 0 on the way to 0 (the presented width goes negative).
            animate(.bouncy(duration: 0.4, extraBounce: 0.3)) { widget.sizeRequest = CGSize(width: 0, height: 20) }
            #expect(runUntilIdle(widget.sizeRequestProperty))
            window.settle()
            #expect(presented.contains { $0 < -1 }, "the spring overshoots: \(presented.min() ?? 0)")
            #expect(requests.allSatisfy { $0 >= 0 }, "\(requests)")
            #expect(requests.last == 0)
            widget.sizeRequest = CGSize(width: -1, height: -1)  // unset, at rest
            var w: Int32 = 0
            var h: Int32 = 0
            gtk_widget_get_size_request(box, &w, &h)
            #expect(w == -1 && h == -1)
            // Margins likewise stay at 0 or more while a spring overshoots below 0.
            widget.margins = EdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
            var margins: [Int32] = []
            window.record { _ in margins.append(gtk_widget_get_margin_start(box)) }
            animate(.bouncy(duration: 0.4, extraBounce: 0.3)) { widget.margins = EdgeInsets() }
            #expect(runUntilIdle(widget.marginsProperty))
            #expect(margins.allSatisfy { $0 >= 0 } && margins.last == 0)
        }
    }
}

/// A list the app's completions read.
@MainActor
final class SafePointModel<Item> {
    var cards: [Item]
    init(_ cards: [Item]) { self.cards = cards }
}

/// Whether a GObject is still alive (a GLib weak reference).
@MainActor
final class ObjectWatch {
    private let pointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    init(_ object: UnsafeMutablePointer<GtkWidget>) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: UnsafeMutableRawPointer(object))
        g_object_add_weak_pointer(UnsafeMutablePointer<GObject>(OpaquePointer(object)), pointer)
    }
    var isAlive: Bool { pointer.pointee != nil }
    isolated deinit {
        if let object = pointer.pointee {
            g_object_remove_weak_pointer(UnsafeMutablePointer<GObject>(OpaquePointer(object)), pointer)
        }
        pointer.deallocate()
    }
}
