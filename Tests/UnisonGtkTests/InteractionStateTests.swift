import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

// Interaction states driven for real under Xvfb: xdotool moves the pointer, presses and releases
// the button and presses Tab; GTK sets the button's state flags; the classes restyle the bin.
// Values are read back from the rendered pixels of each painted frame.

/// The seed's button.
let seedButton = "dropdown-item active:opacity-80 animate-spring duration-150"

/// The rules the README and the demo use for the seed's examples.
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
    }

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
            let measured = image.map { Self.measure($0, in: region) }
            frames.append(StateFrame(time: time, flags: flags, bounds: measured?.bounds, opacity: measured?.opacity))
        }
    }

    func stopRecording() { window.stopRecording() }

    func close() { window.close() }

    /// Over the theme's background (grey: red = green), a red button drawn with opacity `a` covering
    /// a fraction `c` of a pixel gives red − green = a·c: the centre pixel says `a`, and the pixels
    /// where red − green exceeds half of it are those the button covers at least half of.
    static func measure(_ image: WidgetRenderer.Image, in region: CGRect) -> (bounds: CGRect?, opacity: Double?) {
        let x0 = max(0, Int(region.minX))
        let x1 = min(image.width, Int(region.maxX))
        let y0 = max(0, Int(region.minY))
        let y1 = min(image.height, Int(region.maxY))
        func redness(_ x: Int, _ y: Int) -> Double {
            let p = image.pixel(x: x, y: y)
            return p.red - p.green
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
    /// Opacity read from pixels: the blended red and green channels are each rounded to 8 bits
    /// (±0.5/255 each, so ±1/255 for their difference), and a renderer that applies the opacity in
    /// 8 bits rounds once more (±0.5/255): 1.5/255.
    static let pixelOpacityTolerance = 1.5 / 255
    /// Where a button is drawn, from pixels: a translation of a fraction of a pixel antialiases one
    /// column, so 1 px (as in the MotionBin tests).
    static let pixelEdgeTolerance = 1.0

    /// Splits recorded frames into the runs after each change of `flag`: the first frame of each run
    /// is the first painted after GTK changed the state, where the animation it starts begins
    /// (animations start at their first frame). Frames painted before the first change (at rest)
    /// are left out.
    static func runs(of frames: [StateFrame], by flag: GtkStateFlags, initially: Bool = false) -> [[StateFrame]] {
        var runs: [[StateFrame]] = []
        var state = initially
        for frame in frames {
            if frame.has(flag) != state {
                state = frame.has(flag)
                runs.append([frame])
            } else if !runs.isEmpty {
                runs[runs.count - 1].append(frame)
            }
        }
        return runs
    }

    @Test("the seed's dropdown item on a real GtkButton in a GtkBox: hover, press, release and leave with xdotool")
    func seedButtonHoverPress() throws {
        let w = try StatesWindow(title: "unison-states-seed")
        defer { w.close() }
        let (bin, button) = try w.addButton("Rename", classes: seedButton)
        var clicks = 0
        GtkSignals.connect(button, "clicked") { clicks += 1 }
        let rest = w.bounds(of: button)
        #expect(rest.width >= 80 && rest.height >= 40)
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

        // Hover in and out: each run follows the seed's spring (150 ms) from the frame GTK changed the flag.
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
                #expect(abs(opacity - expected) <= Self.pixelOpacityTolerance, "t=\(frame.time - t0)")
                if expected > 0.83 && expected < 0.97 { fading += 1 }
            }
        }
        #expect(fading >= 2, "frames mid-fade: \(fading)")
        print(
            "seed button: \(w.frames.count) frames, worst opacity error \(worst * 255)/255, \(moving) frames mid-move, \(fading) mid-fade"
        )
    }
}
