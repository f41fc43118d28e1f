import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// A 200 × 200 scrolled window (vertical scrolling only) at the top-left of a window, whose
/// content is a vertical box of `count` coloured 100 × 50 areas, each in a `MotionBin`: the
/// `subject` red, the others blue.
@MainActor
final class ScrollFixture {
    let window: TestWindow
    let scrolled: UnsafeMutablePointer<GtkWidget>
    let box: UnsafeMutablePointer<GtkWidget>
    private(set) var bins: [MotionBin] = []
    let subject: Int
    static let itemHeight = 50.0

    init(count: Int = 20, subject: Int = 5, title: String? = nil) throws {
        window = try TestWindow(width: 320, height: 240)
        if let title { gtk_window_set_title(unison_example_window(window.window), title) }
        scrolled = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(unison_example_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_size_request(scrolled, 200, 200)
        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        self.subject = subject
        for index in 0..<count {
            let colour = index == subject ? red : blue
            let area = colouredArea(
                red: colour.0, green: colour.1, blue: colour.2, width: 100, height: Int32(Self.itemHeight))
            gtk_widget_set_halign(area, GTK_ALIGN_START)
            let bin = MotionBin(child: area)
            gtk_box_append(unison_example_box(box), bin.widget)
            bins.append(bin)
        }
        gtk_scrolled_window_set_child(unison_example_scrolled_window(scrolled), box)
        gtk_fixed_put(unison_example_fixed(window.fixed), scrolled, 0, 0)
        window.settle()
    }

    var adjustment: UnsafeMutablePointer<GtkAdapterTests.Adjustment> {
        gtk_scrolled_window_get_vadjustment(unison_example_scrolled_window(scrolled))
    }

    /// Scrolls to `offset` and lets layout and paint happen.
    func scroll(to offset: Double) {
        gtk_adjustment_set_value(adjustment, offset)
        window.settle(0.05)
    }

    /// The subject bin's phase in closed form from where layout put it in the viewport now.
    func subjectPhase() -> ScrollTransitionPhase? {
        guard let viewport = gtk_scrolled_window_get_child(unison_example_scrolled_window(scrolled)) else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(bins[subject].widget, viewport, &bounds) != 0 else { return nil }
        return ScrollTransitionPhase(
            start: Double(bounds.origin.y), length: Double(bounds.size.height),
            viewportLength: Double(gtk_widget_get_height(viewport)))
    }

    /// The red subject as painted now: its opacity (from its centre pixel against the window's
    /// background) and its drawn width; nil when none of it is painted.
    func paintedSubject() -> (opacity: Double, width: Double)? {
        guard let image = WidgetRenderer.image(of: window.window) else { return nil }
        let background = image.pixel(x: image.width - 4, y: image.height - 4)
        // Image pixels per window pixel (the texture may be rendered at the display's scale).
        let pixelScale = Double(image.width) / Double(max(gtk_widget_get_width(window.window), 1))
        let side = Int(200 * pixelScale)
        var (minX, maxX, minY, maxY) = (Int.max, -1, Int.max, -1)
        for y in 0..<min(image.height, side) {
            for x in 0..<min(image.width, side) {
                let p = image.pixel(x: x, y: y)
                // Red faded over the background: red exceeds green by the opacity (blue's do not).
                guard p.red - p.green > 0.08 else { continue }
                (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
            }
        }
        guard maxX >= 0 else { return nil }
        let centre = image.pixel(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
        let opacity = 1 - centre.green / max(background.green, 0.01)
        return (opacity, Double(maxX - minX + 1) / pixelScale)
    }

    func close() { window.close() }
}

extension GtkAdapterTests {
    typealias Adjustment = GtkAdjustment

    @MainActor
    @Suite("Scroll-linked effects")
    struct ScrollEffectsTests {
        /// The transition the tests draw with: fades to 0.5 and shrinks to 0.75 at either edge.
        static func fade(_ effects: RenderEffects, _ phase: ScrollTransitionPhase) -> RenderEffects {
            effects.opacity(1 - 0.5 * abs(phase.value)).scale(1 - 0.25 * abs(phase.value))
        }

        @Test("phase in closed form: entering, inside, leaving, long children, empty viewports, bad numbers")
        func closedFormPhase() {
            #expect(ScrollTransitionPhase(start: 0, length: 50, viewportLength: 200) == .identity)
            #expect(ScrollTransitionPhase(start: 175, length: 50, viewportLength: 200).value == 0.5)
            #expect(ScrollTransitionPhase(start: 300, length: 50, viewportLength: 200) == .bottomTrailing)
            #expect(ScrollTransitionPhase(start: -10, length: 50, viewportLength: 200).value == -0.2)
            #expect(ScrollTransitionPhase(start: -80, length: 50, viewportLength: 200) == .topLeading)
            #expect(ScrollTransitionPhase(start: -100, length: 400, viewportLength: 200).value == 0)
            #expect(ScrollTransitionPhase(start: 10, length: 50, viewportLength: 0) == .bottomTrailing)
            #expect(ScrollTransitionPhase(start: 0, length: 0, viewportLength: 0) == .identity)
            #expect(ScrollTransitionPhase(start: .nan, length: 50, viewportLength: 200) == .identity)
            #expect(ScrollTransitionPhase(start: 0, length: .infinity, viewportLength: 200) == .identity)
            #expect(ScrollTransitionPhase(value: .nan) == .identity)
            #expect(ScrollTransitionPhase(value: 7) == .bottomTrailing)
            let bad = RenderEffects(
                opacity: .nan, scale: CGSize(width: Double.infinity, height: 2), rotation: -Double.infinity)
            #expect(bad.sanitized == RenderEffects(opacity: 1, scale: CGSize(width: 1, height: 2)))
        }

        @Test("at known scroll offsets the phase, the presented effects and the painted opacity and scale match")
        func knownOffsets() throws {
            let f = try ScrollFixture()
            defer { f.close() }
            for bin in f.bins { bin.scrollTransition(Self.fade) }
            f.window.settle()
            let subject = f.bins[f.subject]  // content y 250 ..< 300
            for (offset, expected) in [(75.0, 0.5), (150, 0), (260, -0.2), (100, 0), (90, 0.2)] {
                f.scroll(to: offset)
                let phase = try #require(f.subjectPhase())
                #expect(abs(phase.value - expected) < 1e-9, "offset \(offset): phase \(phase.value)")
                let effects = Self.fade(.identity, phase)
                #expect(subject.presentedScrollEffects == effects, "offset \(offset)")
                // Painted values come from 8-bit pixels (1/255) at the box's anti-aliased edges: 0.02 of
                // opacity; the width from whole-pixel bounds, ±1 at each edge: 2 px.
                let painted = try #require(f.paintedSubject(), "offset \(offset): subject not painted")
                #expect(abs(painted.opacity - effects.opacity) < 0.02, "offset \(offset): opacity \(painted.opacity)")
                #expect(abs(painted.width - 100 * effects.scale.width) <= 2, "offset \(offset): width \(painted.width)")
            }
            // Composed with the bin's own opacity: multiplied.
            subject.opacity = 0.5
            f.scroll(to: 75)
            let painted = try #require(f.paintedSubject())
            #expect(abs(painted.opacity - 0.375) < 0.02, "opacity \(painted.opacity)")
        }

        @Test("with 1000 children a pass runs the closures of the bins near the viewport only")
        func costFollowsVisibleBins() throws {
            let f = try ScrollFixture(count: 1000, subject: 500)
            defer { f.close() }
            var calls = 0
            for bin in f.bins {
                bin.scrollTransition { effects, phase in
                    calls += 1
                    return Self.fade(effects, phase)
                }
            }
            f.window.settle()
            for offset in stride(from: 24_000.0, through: 24_600, by: 100) {
                calls = 0
                f.scroll(to: offset)
                // 200 px of viewport and 100 px of margin either side: 8 bins, 9 when straddling.
                #expect(calls > 0 && calls <= 12, "offset \(offset): \(calls) closures ran")
            }
            f.scroll(to: 24_825)  // the subject at viewport y 175: half cut off
            let phase = try #require(f.subjectPhase())
            #expect(phase.value == 0.5 && f.bins[f.subject].presentedScrollEffects == Self.fade(.identity, phase))
        }

        @Test("real wheel events under Xvfb: on every painted frame the subject's painted opacity and scale match")
        func realWheel() throws {
            let f = try ScrollFixture(title: "unison-scroll-effects-test")
            defer { f.close() }
            for bin in f.bins { bin.scrollTransition(Self.fade) }
            f.window.settle()
            var frames = 0
            var mismatches: [String] = []
            var phases = Set<Double>()
            f.window.record { _ in
                guard let phase = f.subjectPhase() else { return }
                let effects = Self.fade(.identity, phase)
                frames += 1
                phases.insert(phase.value)
                if f.bins[f.subject].presentedScrollEffects != effects {
                    mismatches.append("phase \(phase.value): presented \(f.bins[f.subject].presentedScrollEffects)")
                }
                guard phase.value > -0.9, phase.value < 0.9, let painted = f.paintedSubject() else { return }
                if abs(painted.opacity - effects.opacity) > 0.02 || abs(painted.width - 100 * effects.scale.width) > 2 {
                    mismatches.append("phase \(phase.value): painted \(painted), expected \(effects)")
                }
            }
            let search = try startXdotool(["search", "--sync", "--name", "unison-scroll-effects-test"])
            GtkRuntime.iterate(timeout: 5) { !search.isRunning }
            let output = (search.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
            let id = try #require(String(decoding: output, as: UTF8.self).split(separator: "\n").first.map(String.init))
            var commands = ["mousemove", "--window", id, "100", "100"]
            for _ in 0..<8 { commands += ["click", "5", "sleep", "0.05"] }
            let wheel = try startXdotool(commands)
            GtkRuntime.iterate(timeout: 10) { !wheel.isRunning }
            f.window.settle(0.5)
            f.window.stopRecording()
            #expect(gtk_adjustment_get_value(f.adjustment) > 100, "the wheel did not scroll")
            #expect(frames >= 3 && phases.count >= 2, "\(frames) frames, phases \(phases)")
            #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        }

        @Test("bad input: a child removed mid-scroll, the scrolled window destroyed, NaN from the closure")
        func badInput() throws {
            let f = try ScrollFixture()
            var window: TestWindow? = f.window
            defer { window?.close() }
            for bin in f.bins { bin.scrollTransition(Self.fade) }
            f.window.settle()
            // NaN from the closure: drawn as the identity's values.
            let subject = f.bins[f.subject]
            subject.scrollTransition { effects, _ in effects.opacity(.nan).scale(.infinity) }
            f.scroll(to: 75)
            #expect(subject.presentedScrollEffects == .identity)
            let painted = try #require(f.paintedSubject())
            #expect(abs(painted.opacity - 1) < 0.02 && abs(painted.width - 100) <= 2)
            // Removed mid-scroll: the removed bin is drawn without effects; the rest go on.
            let removed = f.bins[4]
            f.scroll(to: 120)
            gtk_box_remove(unison_example_box(f.box), removed.widget)
            f.scroll(to: 130)
            #expect(removed.presentedScrollEffects == .identity)
            subject.scrollTransition(Self.fade)
            f.scroll(to: 60)  // the subject now at content y 200: viewport y 140, wholly visible
            #expect(f.subjectPhase() == .identity && subject.presentedScrollEffects == .identity)
            f.scroll(to: 25)  // viewport y 175: half cut off
            #expect(subject.presentedScrollEffects == Self.fade(.identity, ScrollTransitionPhase(value: 0.5)))
            // Removing the closure draws it without effects.
            subject.scrollTransition(nil)
            f.window.settle(0.05)
            #expect(subject.presentedScrollEffects == .identity)
            // A viewport of no height: every phase is finite, every effect drawable.
            gtk_widget_set_size_request(f.scrolled, 200, 0)
            gtk_scrolled_window_set_min_content_height(unison_example_scrolled_window(f.scrolled), 0)
            gtk_widget_set_vexpand(f.scrolled, 0)
            f.window.settle()
            for bin in f.bins {
                let effects = bin.presentedScrollEffects
                #expect(effects.opacity >= 0 && effects.opacity <= 1 && effects.scale.width.isFinite)
            }
            // The scrolled window destroyed with its window: the bins held here outlive it.
            window = nil
            f.close()
            subject.scrollTransition(Self.fade)
            subject.visualEffect { effects, geometry in effects.offset(y: geometry.frame.minY) }
            GtkRuntime.iterate(timeout: 0.05)
            #expect(subject.presentedScrollEffects == .identity)
        }
    }
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Scroll phase")
    struct ScrollPhaseTests {
        @Test("a value set without input is animating, then idle once still; read on the window's frames")
        func programmaticScroll() throws {
            let f = try ScrollFixture()
            defer { f.close() }
            let observer = ScrollPhaseObserver(f.scrolled)
            var changes: [ScrollPhase] = []
            observer.onPhaseChange = { old, new, _ in
                #expect(old != new)
                changes.append(new)
            }
            gtk_adjustment_set_value(f.adjustment, 120)
            #expect(observer.phase == .animating)
            GtkRuntime.iterate(timeout: 3) { observer.phase == .idle }
            #expect(changes == [.animating, .idle])
            #expect(observer.velocity == .zero)
        }

        @Test("a second observer of a window replaces the first, whose scroll controller goes with it")
        func replacedObserver() throws {
            let f = try ScrollFixture()
            defer { f.close() }
            func controllers() -> UInt32 {
                let list = gtk_widget_observe_controllers(f.scrolled)!
                defer { g_object_unref(UnsafeMutableRawPointer(list)) }
                return g_list_model_get_n_items(list)
            }
            let before = controllers()
            _ = ScrollPhaseObserver(f.scrolled)
            #expect(controllers() == before + 1)
            let second = ScrollPhaseObserver(f.scrolled)
            #expect(controllers() == before + 1)
            gtk_adjustment_set_value(f.adjustment, 80)
            #expect(second.phase == .animating)
        }

        @Test("real wheel events under Xvfb: tracking with a downward velocity, then idle after a quiet period")
        func wheel() throws {
            let f = try ScrollFixture(title: "unison-scroll-phase-test")
            defer { f.close() }
            let observer = ScrollPhaseObserver(f.scrolled)
            var changes: [ScrollPhase] = []
            var fastest = 0.0
            observer.onPhaseChange = { _, new, _ in changes.append(new) }
            f.window.record { _ in fastest = max(fastest, observer.velocity.y) }
            let search = try startXdotool(["search", "--sync", "--name", "unison-scroll-phase-test"])
            GtkRuntime.iterate(timeout: 5) { !search.isRunning }
            let output = (search.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
            let id = try #require(String(decoding: output, as: UTF8.self).split(separator: "\n").first.map(String.init))
            var commands = ["mousemove", "--window", id, "100", "100"]
            for _ in 0..<6 { commands += ["click", "5", "sleep", "0.04"] }
            let wheel = try startXdotool(commands)
            var sawTracking = false
            GtkRuntime.iterate(timeout: 10) {
                sawTracking = sawTracking || observer.phase == .tracking
                return !wheel.isRunning && observer.phase == .idle
            }
            f.window.stopRecording()
            #expect(sawTracking && changes.first == .tracking, "\(changes)")
            #expect(observer.phase == .idle && changes.last == .idle, "\(changes)")
            #expect(fastest > 0, "velocity never positive")
            #expect(gtk_adjustment_get_value(f.adjustment) > 0)
        }
    }
}
