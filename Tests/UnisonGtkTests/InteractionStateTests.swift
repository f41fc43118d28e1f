import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

// Interaction states driven for real under Xvfb: xdotool moves the pointer, presses and releases
// the button and presses Tab; GTK sets the button's state flags; the classes restyle the bin.
// Values are read back from the rendered pixels of each painted frame.

/// A menu item's button classes (the README's example).
let seedButton = "dropdown-item active:opacity-80 animate-spring duration-150"

/// The rules the README and the demo use for their class examples.
let seedRules = AnimationClassRules(
    named: [
        "dropdown-item": "hover:translate-x-1 focus-visible:scale-105",
        "card": "hover:-translate-y-1 active:scale-95",
        "motion-card": "card animate-settle duration-250",
    ],
    animations: [
        "settle": AnimationPreset { .spring(duration: $0, bounce: 0.15) },
        "press": AnimationPreset(.interactiveSpring(response: 0.25, dampingFraction: 0.8)),
    ])

/// xdotool aimed at one window of this process.
@MainActor
struct XPointer {
    let window: String

    /// The X window titled `title` (it must be shown).
    init(title: String) throws {
        let search = try startXdotool(["search", "--sync", "--name", title])
        GtkRuntime.iterate(timeout: 5) { !search.isRunning }
        let output = (search.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
        window = try #require(String(decoding: output, as: UTF8.self).split(separator: "\n").first.map(String.init))
    }

    /// Runs xdotool with `arguments`, GTK's loop running meanwhile, until it exits.
    func run(_ arguments: [String]) throws {
        let process = try startXdotool(arguments)
        GtkRuntime.iterate(timeout: 5) { !process.isRunning }
    }

    /// Moves the pointer to `point`, in the window's coordinates.
    func move(to point: CGPoint) throws {
        try run(["mousemove", "--window", window, String(Int(point.x)), String(Int(point.y))])
    }
}

/// One painted frame: its time, the button's GTK state flags, and what the pixels show.
struct StateFrame {
    let time: TimeInterval
    let flags: UInt32
    /// Where the button is drawn (pixels at least half covered), in window pixels.
    let bounds: CGRect?
    /// The bin's opacity, from the button's centre pixel over the window's background.
    let opacity: Double?

    func has(_ flag: GtkStateFlags) -> Bool { flags & flag.rawValue != 0 }
}

/// A window with a vertical `GtkBox` of buttons in `MotionBin`s. The buttons are painted solid red
/// in every state (their label too) on the theme's grey background, so that the pixels say where
/// a button is drawn and with which opacity.
@MainActor
final class StatesWindow {
    let window: TestWindow
    let box: UnsafeMutablePointer<GtkWidget>
    let pointer: XPointer
    private(set) var frames: [StateFrame] = []
    private static var styled = false

    init(title: String) throws {
        window = try TestWindow(width: 320, height: 240)
        gtk_window_set_title(unison_example_window(window.window), title)
        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 16)!
        gtk_fixed_put(unison_example_fixed(window.fixed), box, 40, 30)
        if !Self.styled {
            Self.styled = true
            let provider = gtk_css_provider_new()!
            let states = ["", ":hover", ":active", ":focus", ":focus-visible", ":disabled", ":checked"]
            let selector = states.map { "button.unison-solid\($0)" }.joined(separator: ", ")
            let css =
                "\(selector) { background: #ff0000; color: #ff0000; border: none; box-shadow: none; outline: none; "
                + "transition: none; min-width: 80px; min-height: 40px; padding: 0; margin: 0; border-radius: 0; "
                + "text-shadow: none; opacity: 1; filter: none; }"
            gtk_css_provider_load_from_data(provider, css, -1)
            gtk_style_context_add_provider_for_display(
                gdk_display_get_default(), OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_USER))
        }
        window.settle()
        pointer = try XPointer(title: title)
        let image = try #require(WidgetRenderer.image(of: window.window))
        background = image.pixel(x: image.width - 4, y: image.height - 4)
    }

    /// The window's background colour (the theme's), where no widget is.
    let background: (red: Double, green: Double, blue: Double, alpha: Double)

    /// Opacity read from pixels: the blended green channel is rounded to 8 bits (±0.5/255, divided
    /// by the background's green), and a renderer that applies the opacity in 8 bits rounds it once
    /// more (±0.5/255).
    var opacityTolerance: Double { 0.5 / 255 / background.green + 0.5 / 255 + 1e-9 }

    func addButton(_ label: String, classes: String?, rules: AnimationClassRules = seedRules) throws -> (
        bin: MotionBin, button: UnsafeMutablePointer<GtkWidget>
    ) {
        let button = gtk_button_new_with_label(label)!
        gtk_widget_add_css_class(button, "unison-solid")
        let bin = MotionBin(child: button)
        try bin.setAnimationClasses(classes, rules: rules)
        gtk_box_append(unison_example_box(box), bin.widget)
        window.settle(0.2)
        return (bin, button)
    }

    /// The widget's laid-out bounds in the window.
    func bounds(of widget: UnsafeMutablePointer<GtkWidget>) -> CGRect {
        var rect = graphene_rect_t()
        _ = gtk_widget_compute_bounds(widget, window.window, &rect)
        return CGRect(
            x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width),
            height: Double(rect.size.height))
    }

    /// Records every painted frame: `button`'s flags, and where (within `region`) and how opaque it is drawn.
    func record(_ button: UnsafeMutablePointer<GtkWidget>, region: CGRect) {
        let toplevel = window.window
        window.record { [unowned self] time in
            let flags = gtk_widget_get_state_flags(button).rawValue
            let image = WidgetRenderer.image(of: toplevel)
            let measured = image.map { Self.measure($0, in: region, background: background.green) }
            let frame = StateFrame(time: time, flags: flags, bounds: measured?.bounds, opacity: measured?.opacity)
            // GTK may paint twice in one frame (a state's CSS change, then the tick): the later paint is shown.
            if frames.last?.time == time { frames.removeLast() }
            frames.append(frame)
        }
    }

    func stopRecording() { window.stopRecording() }

    func close() { window.close() }

    /// A red button (green 0) drawn with opacity `a` covering a fraction `c` of a pixel leaves
    /// `1 − a·c` of the background's green: the centre pixel says `a`, and the pixels where `a·c`
    /// exceeds half of it are those the button covers at least half of.
    static func measure(_ image: WidgetRenderer.Image, in region: CGRect, background green: Double) -> (
        bounds: CGRect?, opacity: Double?
    ) {
        let x0 = max(0, Int(region.minX))
        let x1 = min(image.width, Int(region.maxX))
        let y0 = max(0, Int(region.minY))
        let y1 = min(image.height, Int(region.maxY))
        func redness(_ x: Int, _ y: Int) -> Double {
            let p = image.pixel(x: x, y: y)
            return p.red > p.green + 0.05 ? 1 - p.green / green : 0
        }
        // Pass 1: the button's rough extent (any clear redness) and its centre's opacity.
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        for y in y0..<y1 {
            for x in x0..<x1 where redness(x, y) > 0.15 {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        guard maxX >= 0 else { return (nil, nil) }
        let opacity = redness((minX + maxX) / 2, (minY + maxY) / 2)
        // Pass 2: pixels covered at least half.
        (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        for y in y0..<y1 {
            for x in x0..<x1 where redness(x, y) > opacity / 2 {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        let bounds = CGRect(
            x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
        return (bounds, opacity)
    }
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Interaction states: hover and press")
    struct HoverPressTests {
        /// Where a button is drawn, from pixels: a translation of a fraction of a pixel antialiases one
        /// column, so 1 px (as in the MotionBin tests).
        static let pixelEdgeTolerance = 1.0

        /// Splits recorded frames into the runs after each change of `flag`: the first frame of each run
        /// is the first painted after GTK changed the state, where the animation it starts begins
        /// (animations start at their first frame). Frames painted before the first change (at rest)
        /// are left out.
        static func runs(of frames: [StateFrame], by flag: GtkStateFlags) -> [[StateFrame]] {
            runs(of: frames) { $0.has(flag) }
        }

        static func runs<Frame>(of frames: [Frame], by isOn: (Frame) -> Bool) -> [[Frame]] {
            var runs: [[Frame]] = []
            var state = false
            for frame in frames {
                if isOn(frame) != state {
                    state = isOn(frame)
                    runs.append([frame])
                } else if !runs.isEmpty {
                    runs[runs.count - 1].append(frame)
                }
            }
            return runs
        }

        @Test("a dropdown item on a real GtkButton in a GtkBox: hover, press, release and leave with xdotool")
        func seedButtonHoverPress() throws {
            let w = try StatesWindow(title: "unison-states-seed")
            defer { w.close() }
            let (bin, button) = try w.addButton("Rename", classes: seedButton)
            var clicks = 0
            GtkSignals.connect(button, "clicked") { clicks += 1 }
            let rest = w.bounds(of: button)
            #expect(rest.width >= 80 && rest.height >= 40)
            // The measurement's premise: an opaque background with some green (the theme's: #f6f5f4).
            #expect(w.background.alpha == 1 && w.background.green > 0.5, "\(w.background)")
            w.record(button, region: rest.insetBy(dx: -20, dy: -20))
            let spring = Spring(duration: 0.15)
            // Hover: 4 px to the right (translate-x-1). Press: 80 % (active:opacity-80). Each back again.
            try w.pointer.move(to: CGPoint(x: rest.midX, y: rest.midY))
            #expect(
                GtkRuntime.iterate(timeout: 3) {
                    gtk_widget_get_state_flags(button).rawValue & GTK_STATE_FLAG_PRELIGHT.rawValue != 0 && !bin.isAnimating
                })
            try w.pointer.run(["mousedown", "1"])
            #expect(GtkRuntime.iterate(timeout: 3) { !bin.isAnimating && bin.presentedOpacity == 0.8 })
            try w.pointer.run(["mouseup", "1"])
            #expect(GtkRuntime.iterate(timeout: 3) { !bin.isAnimating && bin.presentedOpacity == 1 })
            try w.pointer.move(to: CGPoint(x: 300, y: 220))
            #expect(
                GtkRuntime.iterate(timeout: 3) {
                    gtk_widget_get_state_flags(button).rawValue & GTK_STATE_FLAG_PRELIGHT.rawValue == 0 && !bin.isAnimating
                })
            w.window.settle()
            w.stopRecording()
            #expect(clicks == 1)

            // Hover in and out: each run follows the classes' spring (150 ms) from the frame GTK changed the flag.
            let hoverRuns = Self.runs(of: w.frames, by: GTK_STATE_FLAG_PRELIGHT)
            #expect(hoverRuns.count == 2, "hovered, left: \(hoverRuns.map(\.count))")
            var moving = 0
            for (run, (from, to)) in zip(hoverRuns, [(0.0, 4.0), (4.0, 0.0)]) {
                let t0 = run[0].time
                for frame in run {
                    let expected = from + spring.value(target: to - from, time: frame.time - t0)
                    let drawn = try #require(frame.bounds)
                    #expect(abs(drawn.minX - (rest.minX + expected)) <= Self.pixelEdgeTolerance, "t=\(frame.time - t0)")
                    #expect(abs(drawn.minY - rest.minY) <= Self.pixelEdgeTolerance)
                    if expected > 1 && expected < 3 { moving += 1 }
                }
            }
            #expect(moving >= 2, "frames in mid-move: \(moving)")
            // Press and release: opacity from pixels, each way the spring (the base animate-spring: the
            // destination's classes choose it, and they are the same both ways here).
            let pressRuns = Self.runs(of: w.frames, by: GTK_STATE_FLAG_ACTIVE)
            #expect(pressRuns.count == 2, "pressed, released: \(pressRuns.map(\.count))")
            var fading = 0
            var worst = 0.0
            for (run, (from, to)) in zip(pressRuns, [(1.0, 0.8), (0.8, 1.0)]) {
                let t0 = run[0].time
                for frame in run {
                    let expected = from + spring.value(target: to - from, time: frame.time - t0)
                    let opacity = try #require(frame.opacity)
                    worst = max(worst, abs(opacity - expected))
                    #expect(abs(opacity - expected) <= w.opacityTolerance, "t=\(frame.time - t0)")
                    if expected > 0.83 && expected < 0.97 { fading += 1 }
                }
            }
            #expect(fading >= 2, "frames mid-fade: \(fading)")
            print(
                "seed button: \(w.frames.count) frames, worst opacity error \(worst * 255)/255, \(moving) frames mid-move, \(fading) mid-fade"
            )
        }
    }
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Interaction states: reversal")
    struct PressReversalTests {
        @Test("a press released mid-animation reverses from where it is, with its velocity (xdotool, pixels per frame)")
        func pressReleasedMidAnimation() throws {
            let w = try StatesWindow(title: "unison-states-release")
            defer { w.close() }
            // Slower than the dropdown item's 150 ms, so that a release sent once a frame shows the press under
            // way lands mid-flight whatever xdotool's start-up time (tens of ms); a larger fade, for
            // more 8-bit steps.
            let (bin, button) = try w.addButton("Hold", classes: "active:opacity-40 animate-spring duration-500")
            let rest = w.bounds(of: button)
            try w.pointer.move(to: CGPoint(x: rest.midX, y: rest.midY))
            w.window.settle(0.2)
            w.record(button, region: rest.insetBy(dx: -20, dy: -20))
            try w.pointer.run(["mousedown", "1"])
            // Release once a painted frame shows the fade a quarter of the way (the clock is not raced:
            // where the release lands is read back from the frames).
            #expect(GtkRuntime.iterate(timeout: 3) { (w.frames.last?.opacity ?? 1) < 0.85 })
            try w.pointer.run(["mouseup", "1"])
            #expect(
                GtkRuntime.iterate(timeout: 3) {
                    !bin.isAnimating && gtk_widget_get_state_flags(button).rawValue & GTK_STATE_FLAG_ACTIVE.rawValue == 0
                })
            w.window.settle()
            w.stopRecording()
            let runs = HoverPressTests.runs(of: w.frames, by: GTK_STATE_FLAG_ACTIVE)
            #expect(runs.count == 2, "pressed, released: \(runs.map(\.count))")
            guard runs.count == 2 else { return }
            let spring = Spring(duration: 0.5)
            let t0 = runs[0][0].time
            let t1 = runs[1][0].time
            // The model: the press spring from 1 to 0.4; from the release frame, a spring back to 1 that
            // starts at the press spring's position and velocity there (SwiftUI's spring retargeting).
            let x1 = 1 + spring.value(target: -0.6, time: t1 - t0)
            let v1 = spring.velocity(target: -0.6, time: t1 - t0)
            func model(_ t: TimeInterval) -> Double {
                t < t1
                    ? 1 + spring.value(target: -0.6, time: t - t0)
                    : x1 + spring.value(target: 1 - x1, initialVelocity: v1, time: t - t1)
            }
            // What a reversal that dropped the velocity would show instead: a spring from rest at x1.
            func fromRest(_ t: TimeInterval) -> Double { x1 + spring.value(target: 1 - x1, time: t - t1) }
            #expect(x1 > 0.45 && x1 < 0.9, "released mid-flight: opacity \(x1)")
            #expect(v1 < -1, "still moving at the release: \(v1)/s")
            var worst = 0.0
            var worstFromRest = 0.0
            for frame in runs.joined() {
                let opacity = try #require(frame.opacity)
                worst = max(worst, abs(opacity - model(frame.time)))
                #expect(abs(opacity - model(frame.time)) <= w.opacityTolerance, "t=\(frame.time - t0)")
                if frame.time >= t1 { worstFromRest = max(worstFromRest, abs(opacity - fromRest(frame.time))) }
            }
            // The frames tell the two apart: without the velocity, they would be far outside the tolerance.
            #expect(worstFromRest > 5 * w.opacityTolerance, "\(worstFromRest)")
            // After the release the fade first carries on down (the velocity it had), then turns back.
            let after = runs[1].compactMap(\.opacity)
            let lowest = try #require(after.min())
            #expect(lowest < after[0] - 2 / 255, "no follow-through: \(after.prefix(5))")
            #expect(runs[1].last?.opacity == 1)
            // The velocity across the release, from the frames: the slope of the two frames before it and
            // of the two after it (each a finite difference over one frame).
            let before = runs[0].suffix(2)
            let following = runs[1].prefix(2)
            let slopeBefore = (before.last!.opacity! - before.first!.opacity!) / (before.last!.time - before.first!.time)
            let slopeAfter =
                (following.last!.opacity! - following.first!.opacity!) / (following.last!.time - following.first!.time)
            print(
                "release at opacity \(x1), velocity \(v1)/s; frame slopes \(slopeBefore) → \(slopeAfter) /s; "
                    + "worst error \(worst * 255)/255 (a velocity-dropping reversal: \(worstFromRest * 255)/255)")
        }
    }
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Interaction states: focus, sensitivity, AnimatedWidget")
    struct FocusSensitivityTests {
        @Test(
            "keyboard focus by xdotool's Tab: focus-visible and focus style the focused button, and leaving animates back")
        func keyboardFocus() throws {
            let w = try StatesWindow(title: "unison-states-focus")
            defer { w.close() }
            let classes = "focus-visible:scale-110 focus:opacity-90 animate-ease-out duration-200"
            let (first, a) = try w.addButton("First", classes: classes)
            let (second, b) = try w.addButton("Second", classes: classes)
            let rest = w.bounds(of: a)
            // Keyboard input goes to the window under the pointer (Xvfb has no window manager).
            try w.pointer.move(to: CGPoint(x: 300, y: 220))
            w.window.settle(0.2)
            w.record(a, region: rest.insetBy(dx: -20, dy: -12))
            func focused(_ button: UnsafeMutablePointer<GtkWidget>) -> Bool {
                let flags = gtk_widget_get_state_flags(button).rawValue
                return flags & GTK_STATE_FLAG_FOCUSED.rawValue != 0 && flags & GTK_STATE_FLAG_FOCUS_VISIBLE.rawValue != 0
            }
            try w.pointer.run(["key", "Tab"])
            #expect(GtkRuntime.iterate(timeout: 3) { focused(a) && !first.isAnimating })
            try w.pointer.run(["key", "Tab"])
            #expect(GtkRuntime.iterate(timeout: 3) { focused(b) && !first.isAnimating && !second.isAnimating })
            w.window.settle()
            w.stopRecording()
            #expect(gtk_widget_get_state_flags(a).rawValue & GTK_STATE_FLAG_FOCUSED.rawValue == 0)
            // Opacity follows focus (in, then out); scale follows focus-visible (GTK may set it a frame
            // later than the focus). Both ways ease out over 200 ms: leaving, the base classes choose.
            func easeOut(_ from: Double, _ to: Double, _ elapsed: TimeInterval) -> Double {
                from + (to - from) * UnitCurve.easeOut.value(at: min(elapsed / 0.2, 1))
            }
            let focusRuns = HoverPressTests.runs(of: w.frames, by: GTK_STATE_FLAG_FOCUSED)
            #expect(focusRuns.count == 2, "focused, left: \(focusRuns.map(\.count))")
            var between = 0
            for (run, (from, to)) in zip(focusRuns, [(1.0, 0.9), (0.9, 1.0)]) {
                for frame in run {
                    let expected = easeOut(from, to, frame.time - run[0].time)
                    let opacity = try #require(frame.opacity)
                    #expect(abs(opacity - expected) <= w.opacityTolerance, "t=\(frame.time - run[0].time)")
                    if expected > 0.91 && expected < 0.99 { between += 1 }
                }
            }
            let visibleRuns = HoverPressTests.runs(of: w.frames, by: GTK_STATE_FLAG_FOCUS_VISIBLE)
            #expect(visibleRuns.count == 2, "shown, left: \(visibleRuns.map(\.count))")
            for (run, (from, to)) in zip(visibleRuns, [(1.0, 1.1), (1.1, 1.0)]) {
                for frame in run {
                    let scale = easeOut(from, to, frame.time - run[0].time)
                    let drawn = try #require(frame.bounds)
                    // Scaled about its centre: both edges move (1 px each).
                    #expect(
                        abs(drawn.width - rest.width * scale) <= 2 * HoverPressTests.pixelEdgeTolerance,
                        "t=\(frame.time - run[0].time)")
                    #expect(abs(drawn.midX - rest.midX) <= HoverPressTests.pixelEdgeTolerance)
                }
            }
            #expect(between >= 3, "frames mid-animation: \(between)")
        }

        @Test("disabled: follows sensitivity; disabled transactions, gtk-enable-animations off and reduced motion jump")
        func disabledAndTransactions() throws {
            let w = try StatesWindow(title: "unison-states-disabled")
            defer {
                GtkRuntime.animationsEnabled = true
                w.close()
            }
            let classes = "disabled:opacity-50 animate-linear duration-200"
            let (bin, button) = try w.addButton("Delete", classes: classes)
            let rest = w.bounds(of: button)
            w.record(button, region: rest.insetBy(dx: -10, dy: -10))
            gtk_widget_set_sensitive(button, 0)
            #expect(bin.isAnimating)
            #expect(GtkRuntime.iterate(timeout: 3) { !bin.isAnimating })
            w.window.settle()
            w.stopRecording()
            let runs = HoverPressTests.runs(of: w.frames, by: GTK_STATE_FLAG_INSENSITIVE)
            #expect(runs.count == 1)
            for frame in runs.first ?? [] {
                let expected = 1 - 0.5 * min((frame.time - runs[0][0].time) / 0.2, 1)
                let opacity = try #require(frame.opacity)
                #expect(abs(opacity - expected) <= w.opacityTolerance, "t=\(frame.time - runs[0][0].time)")
            }
            #expect((runs.first ?? []).filter { ($0.opacity ?? 0) > 0.55 && ($0.opacity ?? 1) < 0.95 }.count >= 3)
            // Made sensitive again in a transaction that disables animations: it jumps.
            var transaction = Transaction()
            transaction.disablesAnimations = true
            withTransaction(transaction) { gtk_widget_set_sensitive(button, 1) }
            #expect(!bin.isAnimating && bin.presentedOpacity == 1)
            // gtk-enable-animations off: the state change jumps.
            GtkRuntime.animationsEnabled = false
            gtk_widget_set_sensitive(button, 0)
            #expect(!bin.isAnimating && bin.presentedOpacity == 0.5)
            GtkRuntime.animationsEnabled = true
            // Reduced motion in the rules: the classes still style, without motion.
            try bin.setAnimationClasses(classes, rules: AnimationClassRules(reducesMotion: true).layered(over: seedRules))
            #expect(bin.animationStyle.reducedMotion && bin.animationStyle.animation == nil)
            gtk_widget_set_sensitive(button, 1)
            #expect(!bin.isAnimating && bin.presentedOpacity == 1)
            // Unknown variants and utilities are rejected before anything changes.
            for bad in ["hovr:opacity-80", "disabled:translate-x-full", "active:animate-wobble", "focus:opacity-120"] {
                #expect(throws: AnimationClassError.self) { try bin.setAnimationClasses(bad + " disabled:opacity-20") }
                do {
                    try bin.setAnimationClasses("disabled:opacity-20 " + bad)
                } catch let error as AnimationClassError {
                    #expect(error.token == bad, "\(error)")
                }
            }
            #expect(bin.animationClasses == classes)
            gtk_widget_set_sensitive(button, 0)
            #expect(bin.presentedOpacity == 0.5)  // still the accepted classes, still without motion
            // Classes that no longer style a property give it back at its identity value.
            try bin.setAnimationClasses("animate-linear duration-200")
            #expect(bin.opacity == 1)
        }

        @Test("an AnimatedWidget in a GtkFixed: hover by xdotool fades and rotates it; GTK's stored values per frame")
        func animatedWidgetHover() throws {
            let window = try TestWindow(width: 320, height: 240)
            defer { window.close() }
            gtk_window_set_title(unison_example_window(window.window), "unison-states-fixed")
            let button = gtk_button_new_with_label("Card")!
            gtk_widget_set_size_request(button, 100, 50)
            gtk_fixed_put(unison_example_fixed(window.fixed), button, 60, 60)
            window.settle(0.2)
            let card = AnimatedWidget(button)
            try card.setAnimationClasses("hover:opacity-60 hover:rotate-6 animate-linear duration-200")
            let pointer = try XPointer(title: "unison-states-fixed")
            let fixed = window.fixed
            // Per frame: the flags, the opacity GTK stores, the rotation angle of the fixed child's transform
            // and the position its centre is drawn at (minus half the size: where it stays is the position).
            var samples: [(time: TimeInterval, hovered: Bool, opacity: Double, degrees: Double, position: CGPoint)] = []
            window.record { t in
                var m: (Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0)
                gsk_transform_to_2d(
                    gtk_fixed_get_child_transform(unison_example_fixed(fixed), button), &m.0, &m.1, &m.2, &m.3, &m.4,
                    &m.5)
                let hovered = gtk_widget_get_state_flags(button).rawValue & GTK_STATE_FLAG_PRELIGHT.rawValue != 0
                // The rotation is about the widget's centre (AnimatedWidget takes GTK's width and height),
                // composed after the position: the matrix's angle, and where it puts that centre.
                let degrees = atan2(Double(m.1), Double(m.0)) * 180 / .pi
                let (cx, cy) = (Double(gtk_widget_get_width(button)) / 2, Double(gtk_widget_get_height(button)) / 2)
                let centre = CGPoint(
                    x: Double(m.0) * cx + Double(m.2) * cy + Double(m.4) - cx,
                    y: Double(m.1) * cx + Double(m.3) * cy + Double(m.5) - cy)
                samples.append((t, hovered, gtk_widget_get_opacity(button), degrees, centre))
            }
            try pointer.move(to: CGPoint(x: 110, y: 85))
            #expect(GtkRuntime.iterate(timeout: 3) { samples.last?.hovered == true && !card.opacityProperty.isAnimating })
            try pointer.move(to: CGPoint(x: 300, y: 220))
            #expect(GtkRuntime.iterate(timeout: 3) { samples.last?.hovered == false && !card.opacityProperty.isAnimating })
            window.settle()
            window.stopRecording()
            let runs = HoverPressTests.runs(of: samples) { $0.hovered }
            #expect(runs.count == 2, "hovered, left: \(runs.map(\.count))")
            var between = 0
            for (run, (from, to)) in zip(runs, [(0.0, 1.0), (1.0, 0.0)]) {
                for sample in run {
                    let p = from + (to - from) * min((sample.time - run[0].time) / 0.2, 1)
                    #expect(abs(sample.opacity - (1 - 0.4 * p)) <= GtkAdapterTests.opacityQuantum, "t=\(sample.time - run[0].time)")
                    // GskTransform keeps floats: 1e-5 rad of angle, 1e-4 px of position at these sizes.
                    #expect(abs(sample.degrees - 6 * p) < 1e-3, "t=\(sample.time - run[0].time)")
                    #expect(abs(sample.position.x - 60) < 1e-3 && abs(sample.position.y - 60) < 1e-3, "\(sample)")
                    if p > 0.1 && p < 0.9 { between += 1 }
                }
            }
            #expect(between >= 8, "frames mid-animation: \(between)")
        }
    }
}
