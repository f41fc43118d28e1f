import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// An expandable card, in GTK: a styled bin (padding from its classes) holding a vertical box
/// with a label and a row that comes and goes.
@MainActor
private final class WatchedCard {
    let window: TestWindow
    let card: MotionBin
    let label: ContentLabel
    let more: MotionBin
    let box: UnsafeMutablePointer<GtkWidget>

    init() throws {
        window = try TestWindow(width: 360, height: 260)
        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)
        label = ContentLabel(text: "Details")
        more = MotionBin(
            child: colouredArea(red: 0, green: 0, blue: 1, width: 80, height: 30), transition: .opacity,
            isPresent: false)
        // Widths that text and insertions do not change: the card's width is its padding's.
        gtk_widget_set_size_request(label.label, 120, -1)
        more.collapse = .vertical
        gtk_box_append(unison_example_box(box), label.widget)
        gtk_box_append(unison_example_box(box), more.widget)
        card = MotionBin(child: box)
        gtk_fixed_put(unison_example_fixed(window.fixed), card.widget, 10, 10)
        window.settle()
    }

    var width: Int32 { gtk_widget_get_width(card.widget) }

    /// What animates after a watched change, and the card widths painted meanwhile.
    struct Outcome: Equatable {
        var padding = false
        var insertion = false
        var content = false
        var surface = false
    }
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Watched scopes and content transitions")
    struct WatchedScopeTests {
        @Test("a watched value on a GTK subtree: only it enables the preset, and each scope animates what it names")
        func watchedScopesOnGtk() throws {
            // nil: the default (`.all`, which also animates owned styling changes).
            let expected: [(AnimationScope?, WatchedCard.Outcome)] = [
                (.surface, .init(padding: false, insertion: false, content: false, surface: true)),
                (.layout, .init(padding: true, insertion: false, content: false, surface: false)),
                (.content, .init(padding: false, insertion: true, content: true, surface: false)),
                (.all, .init(padding: true, insertion: true, content: true, surface: true)),
                (nil, .init(padding: true, insertion: true, content: true, surface: true)),
            ]
            for (scope, outcome) in expected {
                let c = try WatchedCard()
                defer { c.window.close() }
                func classes(_ expanded: Bool) -> String {
                    "\(expanded ? "p-6 opacity-80" : "p-2") bg-surface animate-linear duration-300"
                }
                try c.card.setAnimationClasses(classes(false), value: false, scope: scope)
                GtkRuntime.iterate(timeout: 2) { !c.card.isAnimating }  // the default animates its own styling
                c.window.settle()
                let narrow = c.width
                // An unrelated change (same watched value): the child's change jumps; the card's own
                // styling too, but with the compatible default, which keeps animating owned styling.
                try c.card.setAnimationClasses(classes(true), value: false, scope: scope) { c.label.text = "Renamed" }
                #expect(!c.label.isTransitioning, "\(String(describing: scope))")
                #expect(c.card.isAnimating == (scope == nil), "\(String(describing: scope))")
                #expect((c.card.presentedOpacity == 0.8) == (scope != nil))
                GtkRuntime.iterate(timeout: 2) { !c.card.isAnimating }
                c.window.settle()
                let wide = c.width
                #expect(wide == narrow + 32, "\(scope): p-2 (8 px a side) to p-6 (24 px)")
                try c.card.setAnimationClasses(classes(false), value: false, scope: scope) { c.label.text = "Details" }
                GtkRuntime.iterate(timeout: 2) { !c.card.isAnimating }
                c.window.settle()
                #expect(c.width == narrow && c.card.presentedOpacity == 1)
                // The watched value changes: the preset animates what the scope names.
                var widths: [Int32] = []
                c.window.record { _ in widths.append(c.width) }
                var done = 0
                try c.card.setAnimationClasses(
                    classes(true), value: true, scope: scope,
                    changes: {
                        c.more.isPresent = true
                        c.label.text = "More details"
                    }, completion: { done += 1 })
                // (The padding is checked below, from the widths painted per frame.)
                #expect(
                    c.more.isAnimating == outcome.insertion && c.label.isTransitioning == outcome.content,
                    "\(String(describing: scope))")
                #expect(
                    (c.card.presentedOpacity > 0.8) == outcome.surface,
                    "\(String(describing: scope)): the surface's opacity")
                GtkRuntime.iterate(timeout: 3) { done == 1 }
                c.window.settle()
                c.window.stopRecording()
                #expect(done == 1, "\(scope)")
                // Per painted frame: intermediate widths while the padding animates, else one jump.
                let between = widths.filter { $0 > narrow && $0 < wide }
                #expect(outcome.padding ? between.count >= 3 : between.isEmpty, "\(scope): \(widths)")
                #expect(c.width == wide)
            }
        }

        @Test("numericText on a GtkLabel: the unchanged digit stays, the changed one rolls up (down when counting down)")
        func numericTextPixels() throws {
            let window = try TestWindow(width: 300, height: 160)
            defer { window.close() }
            let counter = ContentLabel(text: "41", contentTransition: .numericText())
            let attributes = pango_attr_list_new()
            pango_attr_list_insert(attributes, pango_attr_scale_new(4))
            gtk_label_set_attributes(unison_example_label(counter.label), attributes)
            pango_attr_list_unref(attributes)
            gtk_fixed_put(unison_example_fixed(window.fixed), counter.widget, 20, 20)
            window.settle()
            let before = try #require(WidgetRenderer.image(of: counter.widget))


            for (text, countsUp) in [("42", true), ("41", false)] {
                var frames: [(progress: Double, image: WidgetRenderer.Image)] = []
                window.record { _ in
                    if let p = counter.transitionProgress, let image = WidgetRenderer.image(of: counter.widget) {
                        frames.append((p, image))
                    }
                }
                animate(.linear(duration: 0.8)) { counter.text = text }
                #expect(counter.isTransitioning)
                GtkRuntime.iterate(timeout: 3) { !counter.isTransitioning }
                window.settle()
                window.stopRecording()
                let after = try #require(WidgetRenderer.image(of: counter.widget))
                #expect(after.width == before.width, "same width: both numbers have two digits")
                let half = after.width / 2
                let firstDigit = 0..<half
                let lastDigit = half..<after.width
                // The unchanged digit: drawn as at rest in every frame (1/255 per channel: 8-bit pixels).
                let middle = try #require(frames.first { $0.progress > 0.3 && $0.progress < 0.7 })
                #expect(
                    columnsMatch(middle.image, after, firstDigit, tolerance: 1.5 / 255),
                    "the 4 stays where it is")
                // The changed digit differs from both ends by more than 0.05 somewhere (13 of 255 steps:
                // above antialiasing, far below a glyph's ink moving by a third of a line).
                #expect(!columnsMatch(middle.image, after, lastDigit, tolerance: 0.05))
                #expect(!columnsMatch(middle.image, before, lastDigit, tolerance: 0.05))
                // Early on the old digit (mostly opaque) has moved up (down); the 4's ink is the reference.
                let early = try #require(frames.first { $0.progress > 0.15 && $0.progress < 0.4 })
                let reference = try #require(inkCentroid(after, firstDigit))
                let moving = try #require(inkCentroid(early.image, lastDigit))
                // 2 px: a same-digit render has the reference's centroid exactly; the old digit at 15-40 %
                // of the roll has moved 0.15-0.4 of a line (about 9-23 px at this size), faded at most 40 %.
                if countsUp {
                    #expect(moving < reference - 2, "counting up, the old digit leaves upwards")
                } else {
                    #expect(moving > reference + 2, "counting down, the old digit leaves downwards")
                }
                #expect(frames.count >= 10, "intermediate frames painted: \(frames.count)")
            }
        }

        @Test(
            "a label's size change animates with its surface in .all and .layout; its content in .all and .content"
        )
        func labelSizeAnimatesWithSurface() throws {
            // Per scope: (the size animates, the content transition runs) for a label without a transition of its own.
            let expected: [(AnimationScope, Bool, Bool)] = [
                (.surface, false, false), (.layout, true, false), (.content, false, true), (.all, true, true),
            ]
            for (scope, sizeAnimates, contentAnimates) in expected {
                let window = try TestWindow(width: 300, height: 160)
                defer { window.close() }
                let counter = ContentLabel(text: "9")
                gtk_fixed_put(unison_example_fixed(window.fixed), counter.widget, 20, 20)
                try counter.setAnimationClasses("p-2 animate-linear duration-300", value: 9, scope: scope)
                window.settle()
                let narrow = gtk_widget_get_width(counter.widget)
                var widths: [Int32] = []
                window.record { _ in widths.append(gtk_widget_get_width(counter.widget)) }
                try counter.setAnimationClasses("p-2 animate-linear duration-300", value: 10000, scope: scope) {
                    counter.text = "10000"
                }
                #expect(counter.isTransitioning == contentAnimates, "\(scope)")
                GtkRuntime.iterate(timeout: 3) { !counter.bin.isAnimating && !counter.isTransitioning }
                window.settle()
                window.stopRecording()
                let wide = gtk_widget_get_width(counter.widget)
                #expect(wide > narrow + 10)
                let between = widths.filter { $0 > narrow && $0 < wide }
                #expect(sizeAnimates ? between.count >= 3 : between.isEmpty, "\(scope): \(widths)")
            }
        }

        @Test(
            "padding and a text's size animate together without a jump; a FILL container's same-size text does not resize")
        func paddingWithTextSize() throws {
            let window = try TestWindow(width: 400, height: 200)
            defer { window.close() }
            let counter = ContentLabel(text: "9")
            gtk_fixed_put(unison_example_fixed(window.fixed), counter.widget, 20, 20)
            try counter.setAnimationClasses("p-2 animate-linear duration-300", value: 0)
            window.settle()
            let start = gtk_widget_get_width(counter.widget)
            var frames: [(TimeInterval, Int32)] = []
            window.record { t in frames.append((t, gtk_widget_get_width(counter.widget))) }
            try counter.setAnimationClasses("p-6 animate-linear duration-300", value: 1) { counter.text = "10000" }
            GtkRuntime.iterate(timeout: 3) { !counter.bin.isAnimating && !counter.isTransitioning }
            window.settle()
            window.stopRecording()
            let end = gtk_widget_get_width(counter.widget)
            let labelWidth = gtk_widget_get_width(counter.label)
            #expect(end == labelWidth + 48, "p-6: 24 px a side")
            // Linear over 0.3 s: the width moves (end - start) / 0.3 px a second; a frame moves at most
            // that times its interval (dropped frames widen it), half again for rounding, plus 3 px.
            let speed = Double(end - start) / 0.3
            for (a, b) in zip(frames, frames.dropFirst()) {
                #expect(Double(abs(b.1 - a.1)) <= speed * (b.0 - a.0) * 1.5 + 3, "\(a) → \(b)")
            }
            #expect(frames.filter { $0.1 > start && $0.1 < end }.count >= 3)

            // In a box that stretches it, a text of the same natural size starts no size animation.
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            gtk_widget_set_size_request(box, 300, -1)
            let stretched = ContentLabel(text: "41", contentTransition: .numericText())
            gtk_widget_set_hexpand(stretched.widget, 1)
            gtk_box_append(unison_example_box(box), stretched.widget)
            gtk_fixed_put(unison_example_fixed(window.fixed), box, 20, 120)
            window.settle()
            animate(.smooth) { stretched.text = "44" }
            #expect(stretched.isTransitioning && !stretched.bin.isAnimating)
            GtkRuntime.iterate(timeout: 2) { !stretched.isTransitioning }
        }

        @Test(
            "an explicit content transition inside a .surface or .layout scope wins; two changes before a layout pass join")
        func explicitTransitionAndQuickChanges() throws {
            for scope in [AnimationScope.surface, .layout] {
                let c = try WatchedCard()
                defer { c.window.close() }
                c.label.contentTransition = .opacity
                try c.card.setAnimationClasses("p-2 animate-linear duration-300", value: 0, scope: scope)
                c.window.settle()
                try c.card.setAnimationClasses("p-2 animate-linear duration-300", value: 1, scope: scope) {
                    c.label.text = "Renamed"
                }
                #expect(c.label.isTransitioning, "\(scope): the label's own transition, with the preset")
                GtkRuntime.iterate(timeout: 2) { !c.label.isTransitioning }
            }
            let window = try TestWindow(width: 300, height: 160)
            defer { window.close() }
            let counter = ContentLabel(text: "1", contentTransition: .numericText())
            gtk_fixed_put(unison_example_fixed(window.fixed), counter.widget, 20, 20)
            window.settle()
            animate(.smooth) {
                counter.text = "2"
                counter.text = "3"  // not laid out in between: one roll from 1 to 3
            }
            #expect(counter.isTransitioning && counter.text == "3")
            var painted = 0
            window.record { _ in painted += 1 }
            GtkRuntime.iterate(timeout: 2) { !counter.isTransitioning }
            window.stopRecording()
            #expect(painted >= 3 && counter.text == "3")
        }

        @Test("the styled bin's CSS surface moves with it; a wrapper root removed in its own closure is outside")
        func surfaceFollowsTransforms() throws {
            let window = try TestWindow(width: 320, height: 200)
            defer { window.close() }
            let provider = gtk_css_provider_new()!
            gtk_css_provider_load_from_data(provider, ".bg-test-red { background-color: rgb(255, 0, 0); }", -1)
            gtk_style_context_add_provider_for_display(
                gdk_display_get_default(), OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_USER))
            let card = MotionBin(child: gtk_label_new(" ")!)
            gtk_fixed_put(unison_example_fixed(window.fixed), card.widget, 20, 20)
            try card.setAnimationClasses("p-6 bg-test-red")
            window.settle()
            let still = try #require(WidgetRenderer.image(of: window.window).flatMap { drawnBounds(of: red, in: $0) })
            let cardWidth = Int(gtk_widget_get_width(card.widget))
            #expect(Int(still.width) == cardWidth, "the surface covers the bin, padding included")
            try card.setAnimationClasses("p-6 bg-test-red translate-x-[40px]")
            window.settle()
            let moved = try #require(WidgetRenderer.image(of: window.window).flatMap { drawnBounds(of: red, in: $0) })
            #expect(moved.minX == still.minX + 40 && moved.minY == still.minY && moved.width == still.width)

            // The wrapper's root removed (and finalized) inside its own closure: nothing reads it after.
            let outer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let inner = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let row = MotionBin(child: colouredArea(red: 0, green: 0, blue: 1, width: 40, height: 20), isPresent: false)
            gtk_box_append(unison_example_box(inner), row.widget)
            gtk_box_append(unison_example_box(outer), inner)
            gtk_fixed_put(unison_example_fixed(window.fixed), outer, 20, 120)
            window.settle()
            let watch = try WatchedAnimation("animate-linear duration-200", value: 0, scope: .content)
            var done = 0
            watch.update(value: 1, in: inner) {
                row.isPresent = true
                gtk_box_remove(unison_example_box(outer), inner)
            } completion: {
                done += 1
            }
            GtkRuntime.iterate(timeout: 2) { done == 1 }
            window.settle()
            #expect(done == 1)
        }

        @Test("with animations off in GTK, watched presets, content transitions and padding all jump")
        func watchedReducedMotion() throws {
            let c = try WatchedCard()
            defer {
                c.window.close()
                GtkRuntime.animationsEnabled = true
            }
            try c.card.setAnimationClasses("p-2 animate-spring", value: 0)
            c.label.contentTransition = .numericText()
            GtkRuntime.animationsEnabled = false
            var done = 0
            try c.card.setAnimationClasses(
                "p-6 animate-spring", value: 1,
                changes: {
                    c.more.isPresent = true
                    c.label.text = "42"
                }, completion: { done += 1 })
            #expect(done == 1, "inline: nothing animated")
            #expect(!c.card.isAnimating && !c.more.isAnimating && !c.label.isTransitioning)
            c.window.settle()
            #expect(c.label.text == "42" && c.more.isVisible)
            GtkRuntime.animationsEnabled = true
            // The rules' reduced motion, and a caller's transaction that disables animations.
            let reduced = AnimationClassRules(reducesMotion: true)
            try c.card.setAnimationClasses("p-2 animate-spring", value: 2, rules: reduced) {
                c.more.isPresent = false
                c.label.text = "43"
            }
            #expect(!c.card.isAnimating && !c.more.isAnimating && !c.label.isTransitioning)
            var disabled = Transaction(animation: .smooth)
            disabled.disablesAnimations = true
            try withTransaction(disabled) {
                try c.card.setAnimationClasses("p-6 animate-spring", value: 3) {
                    c.more.isPresent = true
                    c.label.text = "44"
                }
            }
            #expect(!c.card.isAnimating && !c.more.isAnimating && !c.label.isTransitioning)
        }

        @Test("padding overshooting below 0 is given to GTK as 0; a text set mid-transition finishes the running one")
        func contentBadInput() throws {
            let window = try TestWindow(width: 300, height: 160)
            defer { window.close() }
            let counter = ContentLabel(text: "1", contentTransition: .numericText())
            gtk_fixed_put(unison_example_fixed(window.fixed), counter.widget, 20, 20)
            counter.bin.padding = EdgeInsets(all: 24)
            window.settle()
            let labelWidth = gtk_widget_get_width(counter.label)
            var widths: [Int32] = []
            window.record { _ in widths.append(gtk_widget_get_width(counter.widget)) }
            // A very bouncy spring from 24 to 0 swings well below 0 (bounce 0.9 overshoots by ~70 %).
            animate(.spring(duration: 0.3, bounce: 0.9)) {
                counter.bin.padding = EdgeInsets()
                counter.text = "2"
            }
            GtkRuntime.iterate(timeout: 0.15)
            #expect(counter.isTransitioning)
            animate(.smooth) { counter.text = "3" }  // mid-way: the 1 → 2 roll ends, 2 → 3 starts
            #expect(counter.isTransitioning && counter.transitionProgress == 0)
            GtkRuntime.iterate(timeout: 4) { !counter.bin.isAnimating && !counter.isTransitioning }
            window.stopRecording()
            #expect(counter.text == "3" && !counter.isTransitioning)
            // Never narrower than the label: padding was never negative (GTK-CRITICAL is fatal here too).
            #expect(widths.allSatisfy { $0 >= labelWidth }, "\(widths)")
            #expect(widths.contains(labelWidth), "the overshoot reached 0 and was held there")
            counter.bin.padding = EdgeInsets(top: .nan, leading: 4, bottom: 4, trailing: 4)
            #expect(counter.bin.padding == EdgeInsets(), "a non-finite value is ignored")
        }

        @Test("the wrapper on any container: bins inside its subtree animate, those outside keep the caller's transaction")
        func watchedWrapperOnAnyContainer() throws {
            let window = try TestWindow(width: 320, height: 240)
            defer { window.close() }
            let outer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
            let inner = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
            let inside = MotionBin(child: colouredArea(red: 1, green: 0, blue: 0, width: 60, height: 20), isPresent: false)
            let outside = MotionBin(
                child: colouredArea(red: 0, green: 0, blue: 1, width: 60, height: 20), isPresent: false)
            gtk_box_append(unison_example_box(inner), inside.widget)
            gtk_box_append(unison_example_box(outer), inner)
            gtk_box_append(unison_example_box(outer), outside.widget)
            gtk_fixed_put(unison_example_fixed(window.fixed), outer, 10, 10)
            window.settle()
            let watch = try WatchedAnimation("animate-linear duration-300", value: 0, scope: .content)
            watch.update(value: 0, in: inner) { inside.isPresent = true }  // the value did not change
            #expect(inside.isVisible && !inside.isAnimating)
            inside.isPresent = false
            window.settle()
            var done = 0
            watch.update(value: 1, in: inner) {
                inside.isPresent = true
                outside.isPresent = true
            } completion: {
                done += 1
            }
            #expect(inside.isAnimating, "inside the subtree: the preset")
            #expect(!outside.isAnimating && outside.isVisible, "outside: the caller's transaction (none)")
            GtkRuntime.iterate(timeout: 3) { done == 1 }
            window.settle()
            #expect(done == 1 && !inside.isAnimating)
        }
    }
}
