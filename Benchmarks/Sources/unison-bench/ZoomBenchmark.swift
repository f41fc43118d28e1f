import CUnisonBench
import Foundation
import Unison
import UnisonGtk

/// The zoom push beside GTK's own page transition: the same two pages (a grid of six drawn cards
/// under a title; an editor page with a header, a large drawing and a hint, styled `view`) in two
/// windows of the same size, one a `GtkStack` cross-fading between them (500 ms, the zoom's spring
/// duration), the other a `NavigationStack` zooming the editor out of the fifth card and back,
/// interleaved: per round a cross-fade there and back, then a zoom push and pop. Per transition:
/// the main thread's CPU time of each frame (before-paint to after-paint: update, layout and
/// paint, where the renderer draws), frames whose interval exceeded 25 ms, the frame rate, and
/// the whole process's CPU per frame after the second frame (GL's rasterizer threads included).
/// The renderer is GTK's choice (`GSK_RENDERER`): run the process once per renderer.
///
/// It also takes one frame of each transition apart (the first painted 150 ms or more into it,
/// while it still runs): the render nodes the stack drew, by kind, and what makes a renderer draw
/// more than once per pixel: offscreens (GL) or groups (cairo), and drawings and text rasterized
/// again because they are drawn scaled (GL's caches key them by scale).
@MainActor
enum ZoomBenchmark {
    /// One kind of transition's frames over every round.
    struct Row {
        var name: String
        var frameCPU: [Double] = []  // ms per frame
        var slowFrames = 0  // intervals over 25 ms
        var heavyFrames = 0  // main-thread CPU over 25 ms
        var processCPU = 0.0  // ms, every thread (GL's rasterizer threads too), after the second frames
        var steadyFrames = 0  // the frames after the second
        var frames = 0
        var seconds = 0.0
        var census = NodeCensus()
    }

    /// Counts the transitions measured (a census handler acts in its own only).
    private static var transition = 0
    static let width: Int32 = 640
    static let height: Int32 = 440

    static func run(rounds: Int) {
        let renderer = ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "default"
        // The GtkStack side.
        let fadeWindow = window()
        let fadePages = pages()
        let gtkStack = gtk_stack_new()!
        let stackPointer = OpaquePointer(gtkStack)
        gtk_stack_set_transition_type(stackPointer, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_stack_set_transition_duration(stackPointer, 500)
        gtk_stack_add_child(stackPointer, fadePages.root)
        gtk_stack_add_child(stackPointer, fadePages.editor)
        gtk_window_set_child(unison_bench_window(fadeWindow), gtkStack)
        // The NavigationStack side.
        let zoomWindow = window()
        let zoomPages = pages()
        let clock = GtkFrameClock.for(zoomWindow)
        let navigation = NavigationStack(root: zoomPages.root, clock: clock)
        gtk_window_set_child(unison_bench_window(zoomWindow), navigation.widget)
        for window in [fadeWindow, zoomWindow] {
            gtk_window_present(unison_bench_window(window))
            GtkRuntime.iterate(timeout: 2) { gtk_widget_get_mapped(window) != 0 }
        }
        GtkRuntime.iterate(timeout: 0.5)
        defer {
            gtk_window_destroy(unison_bench_window(fadeWindow))
            gtk_window_destroy(unison_bench_window(zoomWindow))
        }
        let fadeProbe = FrameProbe(window: fadeWindow)
        let zoomProbe = FrameProbe(window: zoomWindow)
        var rows = ["cross-fade in", "zoom push", "cross-fade out", "zoom pop"].map { Row(name: $0) }
        let source = zoomPages.card
        for _ in 0..<rounds {
            measure(&rows[0], probe: fadeProbe, widget: gtkStack) {
                gtk_stack_set_visible_child(stackPointer, fadePages.editor)
            } done: {
                gtk_stack_get_transition_running(stackPointer) == 0
            }
            measure(&rows[1], probe: zoomProbe, widget: navigation.widget) {
                navigation.push(zoomPages.editor, transition: .zoom(from: source, cornerRadius: 14))
            } done: {
                !navigation.isTransitioning
            }
            measure(&rows[2], probe: fadeProbe, widget: gtkStack) {
                gtk_stack_set_visible_child(stackPointer, fadePages.root)
            } done: {
                gtk_stack_get_transition_running(stackPointer) == 0
            }
            measure(&rows[3], probe: zoomProbe, widget: navigation.widget) {
                navigation.pop()
            } done: {
                !navigation.isTransitioning
            }
        }
        fadeProbe.disconnect()
        zoomProbe.disconnect()
        print("zoom vs GtkStack cross-fade, renderer \(renderer), \(rounds) rounds, \(width) × \(height) windows")
        for row in rows {
            let cpu = Stats(row.frameCPU)
            let mean = row.frameCPU.reduce(0, +) / Double(max(row.frameCPU.count, 1))
            print(
                "  \(row.name.padding(toLength: 15, withPad: " ", startingAt: 0)) main-thread CPU per frame "
                    + "median \(format(cpu.median, 2)) ms, mean \(format(mean, 2)) (p25 \(format(cpu.p25, 2)), p75 "
                    + "\(format(cpu.p75, 2)), max \(format(cpu.max, 2))); \(row.frames) frames, "
                    + "\(format(Double(row.frames) / max(row.seconds, 1e-9), 1)) fps, \(row.slowFrames) intervals over "
                    + "25 ms, \(row.heavyFrames) frames over 25 ms of CPU; process CPU (all threads) after the second frame "
                    + "\(format(row.processCPU / Double(max(row.steadyFrames, 1)), 2)) ms per frame")
        }
        for (fade, zoom) in [(rows[0], rows[1]), (rows[2], rows[3])] {
            print(
                "  \(zoom.name) ÷ \(fade.name): median \(format(Stats(zoom.frameCPU).median / Stats(fade.frameCPU).median, 2))×"
            )
        }
        print("  nodes per frame (a frame 150 ms or more into the transition):")
        for row in rows { print("  \(row.name.padding(toLength: 15, withPad: " ", startingAt: 0)) \(row.census)") }
    }

    /// One transition: `start` it, run the main loop until `done` (after a few frames), and add
    /// its frames to `row`; until `row` has a census, count the nodes of the first frame painted
    /// 150 ms or more into the transition while it runs.
    private static func measure(
        _ row: inout Row, probe: FrameProbe, widget: UnsafeMutablePointer<GtkWidget>,
        start: () -> Void, done: @escaping @MainActor () -> Bool
    ) {
        transition += 1
        let current = transition
        GtkRuntime.iterate(timeout: 0.2)
        probe.reset()
        probe.recording = true
        var counted: NodeCensus?
        if row.census.total == 0 {
            probe.afterEveryFrame { [weak probe] in
                // (The probe keeps this handler: it does nothing after its own transition.)
                guard let probe, probe.recording, current == transition, counted == nil, let first = probe.frames.first,
                    let last = probe.frames.last, last.time - first.time >= 0.15, !done()
                else { return }
                counted = NodeCensus(of: widget)
            }
        }
        // The process's CPU from the end of the second frame (after the one-off work of a
        // transition's first frames: the page's first layout and drawing) to the end.
        var steadyStart: Double?
        probe.afterEveryFrame { [weak probe] in
            guard let probe, probe.recording, current == transition, steadyStart == nil, probe.frames.count == 2
            else { return }
            steadyStart = processCPUMilliseconds()
        }
        start()
        GtkRuntime.iterate(timeout: 5) { probe.frames.count > 2 && done() }
        if let steadyStart {
            row.processCPU += processCPUMilliseconds() - steadyStart
            row.steadyFrames += probe.frames.count - 2
        }
        probe.recording = false
        let frames = probe.frames
        row.frameCPU += frames.map(\.frameCPU)
        row.frames += frames.count
        if let first = frames.first, let last = frames.last { row.seconds += last.time - first.time }
        row.heavyFrames += frames.filter { $0.frameCPU > 25 }.count
        row.slowFrames += zip(frames, frames.dropFirst()).filter { $1.time - $0.time > 0.025 }.count
        if let counted { row.census = counted }
    }

    /// CPU time of the whole process (every thread), in milliseconds.
    private static func processCPUMilliseconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) * 1e3 + Double(usage.ru_utime.tv_usec) / 1e3
        return user + Double(usage.ru_stime.tv_sec) * 1e3 + Double(usage.ru_stime.tv_usec) / 1e3
    }

    private static func window() -> UnsafeMutablePointer<GtkWidget> {
        let window = gtk_window_new()!
        gtk_window_set_default_size(unison_bench_window(window), width, height)
        gtk_window_set_resizable(unison_bench_window(window), 0)
        return window
    }

    /// The two pages: a title over a 3 × 2 grid of 180 × 150 drawn cards (the fifth is the zoom's
    /// source), and an editor (a header with a button and a title, a large drawing, a hint), as
    /// the demo's zoom page has them.
    private static func pages() -> (
        root: UnsafeMutablePointer<GtkWidget>, editor: UnsafeMutablePointer<GtkWidget>,
        card: UnsafeMutablePointer<GtkWidget>
    ) {
        let grid = gtk_grid_new()!
        let gridPointer = UnsafeMutablePointer<GtkGrid>(OpaquePointer(grid))
        gtk_grid_set_row_spacing(gridPointer, 16)
        gtk_grid_set_column_spacing(gridPointer, 16)
        var cards: [UnsafeMutablePointer<GtkWidget>] = []
        for index in 0..<6 {
            let card = drawing(width: 180, height: 150)
            gtk_grid_attach(gridPointer, card, Int32(index % 3), Int32(index / 3), 1, 1)
            cards.append(card)
        }
        let root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_box_append(unison_bench_box(root), label("Bracelets"))
        gtk_box_append(unison_bench_box(root), grid)
        gtk_widget_set_margin_start(root, 20)
        gtk_widget_set_margin_top(root, 16)
        let header = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_box_append(unison_bench_box(header), gtk_button_new_with_label("‹ Bracelets"))
        gtk_box_append(unison_bench_box(header), label("Lilac"))
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top] {
            side(header, 12)
        }
        let large = drawing(width: 300, height: 220)
        gtk_widget_set_hexpand(large, 1)
        gtk_widget_set_vexpand(large, 1)
        let hint = label("Drag anywhere to dismiss (also mid-zoom); Escape or Alt+← pops")
        gtk_widget_set_margin_bottom(hint, 12)
        gtk_widget_set_margin_start(hint, 12)
        let editor = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        for child in [header, large, hint] { gtk_box_append(unison_bench_box(editor), child) }
        gtk_widget_add_css_class(editor, "view")
        // Held for the process: a popped page is let go by the navigation stack.
        g_object_ref_sink(UnsafeMutableRawPointer(editor))
        return (root, editor, cards[4])
    }

    private static func label(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_widget_set_halign(label, GTK_ALIGN_START)
        return label
    }

    /// A drawing area painting a card: a rounded rectangle and fourteen beads around an ellipse.
    private static func drawing(width: Int32, height: Int32) -> UnsafeMutablePointer<GtkWidget> {
        let area = gtk_drawing_area_new()!
        let pointer = unison_bench_drawing_area(area)
        gtk_drawing_area_set_content_width(pointer, width)
        gtk_drawing_area_set_content_height(pointer, height)
        gtk_drawing_area_set_draw_func(
            pointer,
            { _, cr, width, height, _ in
                let (w, h) = (Double(width), Double(height))
                let r = min(14, w / 2, h / 2)
                cairo_new_sub_path(cr)
                cairo_arc(cr, w - r, r, r, -Double.pi / 2, 0)
                cairo_arc(cr, w - r, h - r, r, 0, Double.pi / 2)
                cairo_arc(cr, r, h - r, r, Double.pi / 2, Double.pi)
                cairo_arc(cr, r, r, r, Double.pi, 3 * Double.pi / 2)
                cairo_close_path(cr)
                cairo_set_source_rgb(cr, 0.96, 0.93, 1)
                cairo_fill(cr)
                for index in 0..<14 {
                    let angle = 2 * Double.pi * Double(index) / 14
                    cairo_arc(
                        cr, w / 2 + w * 0.34 * cos(angle), h / 2 + h * 0.32 * sin(angle), min(w, h) * 0.06, 0,
                        2 * Double.pi)
                    let hue = Double(index % 5) / 5
                    cairo_set_source_rgb(cr, 0.3 + 0.6 * hue, 0.5, 0.9 - 0.6 * hue)
                    cairo_fill(cr)
                }
            }, nil, nil)
        return area
    }
}

/// The render nodes of one frame of a widget (its cached render node, as the frame drew it), by
/// kind, and what they cost a renderer beyond drawing each leaf once.
struct NodeCensus: CustomStringConvertible {
    var byKind: [String: Int] = [:]
    var total = 0
    /// Offscreens GTK 4.8's GL renderer makes for these nodes: two per cross-fade and blend, one
    /// per opacity < 1 over more than one leaf, per blur, shadow over a non-leaf, colour matrix,
    /// and per rounded clip inside another rounded clip (counted always: GL spares the offscreen
    /// when the outer clip's straight part contains the inner one).
    var glOffscreens = 0
    /// Groups the cairo renderer pushes: two per cross-fade and blend, one per opacity < 1,
    /// colour matrix, blur and shadow.
    var cairoGroups = 0
    /// Cairo drawings and text drawn under a scale other than 1: GL rasterizes them again for
    /// every new scale (its fallback-texture and glyph caches are keyed by scale).
    var scaledCairo = 0
    var scaledText = 0

    init() {}

    init(of widget: UnsafeMutablePointer<GtkWidget>) {
        let paintable = gtk_widget_paintable_new(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(
            paintable, snapshot, Double(gtk_widget_get_width(widget)), Double(gtk_widget_get_height(widget)))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return }
        defer { gsk_render_node_unref(node) }
        visit(node, scale: 1, roundedClips: 0)
    }

    private mutating func visit(_ node: OpaquePointer, scale: Double, roundedClips: Int) {
        let type = gsk_render_node_get_node_type(node)
        total += 1
        byKind[Self.name(type), default: 0] += 1
        let scaled = abs(scale - 1) > 1e-6
        switch type {
        case GSK_CONTAINER_NODE:
            for i in 0..<gsk_container_node_get_n_children(node) {
                visit(gsk_container_node_get_child(node, i), scale: scale, roundedClips: roundedClips)
            }
        case GSK_TRANSFORM_NODE:
            var sx: Float = 1
            var sy: Float = 1
            var dx: Float = 0
            var dy: Float = 0
            let transform = gsk_transform_node_get_transform(node)
            if gsk_transform_get_category(transform).rawValue >= GSK_TRANSFORM_CATEGORY_2D_AFFINE.rawValue {
                gsk_transform_to_affine(transform, &sx, &sy, &dx, &dy)
            } else {
                glOffscreens += 1
            }
            visit(gsk_transform_node_get_child(node), scale: scale * Double(max(sx, sy)), roundedClips: roundedClips)
        case GSK_OPACITY_NODE:
            let child = gsk_opacity_node_get_child(node)!
            if gsk_render_node_get_node_type(child) == GSK_CONTAINER_NODE
                || gsk_render_node_get_node_type(child) == GSK_TRANSFORM_NODE
            {
                glOffscreens += 1
            }
            cairoGroups += 1
            visit(child, scale: scale, roundedClips: roundedClips)
        case GSK_CLIP_NODE:
            visit(gsk_clip_node_get_child(node), scale: scale, roundedClips: roundedClips)
        case GSK_ROUNDED_CLIP_NODE:
            if roundedClips > 0 { glOffscreens += 1 }  // at most
            visit(gsk_rounded_clip_node_get_child(node), scale: scale, roundedClips: roundedClips + 1)
        case GSK_CROSS_FADE_NODE:
            glOffscreens += 2
            cairoGroups += 2
            visit(gsk_cross_fade_node_get_start_child(node), scale: scale, roundedClips: roundedClips)
            visit(gsk_cross_fade_node_get_end_child(node), scale: scale, roundedClips: roundedClips)
        case GSK_BLEND_NODE:
            glOffscreens += 2
            cairoGroups += 2
            visit(gsk_blend_node_get_bottom_child(node), scale: scale, roundedClips: roundedClips)
            visit(gsk_blend_node_get_top_child(node), scale: scale, roundedClips: roundedClips)
        case GSK_SHADOW_NODE:
            glOffscreens += 1
            cairoGroups += 1
            visit(gsk_shadow_node_get_child(node), scale: scale, roundedClips: roundedClips)
        case GSK_BLUR_NODE:
            glOffscreens += 1
            cairoGroups += 1
            visit(gsk_blur_node_get_child(node), scale: scale, roundedClips: roundedClips)
        case GSK_COLOR_MATRIX_NODE:
            glOffscreens += 1
            cairoGroups += 1
            visit(gsk_color_matrix_node_get_child(node), scale: scale, roundedClips: roundedClips)
        case GSK_DEBUG_NODE:
            visit(gsk_debug_node_get_child(node), scale: scale, roundedClips: roundedClips)
        case GSK_REPEAT_NODE:
            visit(gsk_repeat_node_get_child(node), scale: scale, roundedClips: roundedClips)
        case GSK_CAIRO_NODE:
            if scaled { scaledCairo += 1 }
        case GSK_TEXT_NODE:
            if scaled { scaledText += 1 }
        default:
            break
        }
    }

    private static func name(_ type: GskRenderNodeType) -> String {
        switch type {
        case GSK_CONTAINER_NODE: "container"
        case GSK_CAIRO_NODE: "cairo"
        case GSK_COLOR_NODE: "color"
        case GSK_LINEAR_GRADIENT_NODE, GSK_REPEATING_LINEAR_GRADIENT_NODE: "linear-gradient"
        case GSK_BORDER_NODE: "border"
        case GSK_TEXTURE_NODE: "texture"
        case GSK_INSET_SHADOW_NODE: "inset-shadow"
        case GSK_OUTSET_SHADOW_NODE: "outset-shadow"
        case GSK_TRANSFORM_NODE: "transform"
        case GSK_OPACITY_NODE: "opacity"
        case GSK_COLOR_MATRIX_NODE: "color-matrix"
        case GSK_REPEAT_NODE: "repeat"
        case GSK_CLIP_NODE: "clip"
        case GSK_ROUNDED_CLIP_NODE: "rounded-clip"
        case GSK_SHADOW_NODE: "shadow"
        case GSK_BLEND_NODE: "blend"
        case GSK_CROSS_FADE_NODE: "cross-fade"
        case GSK_TEXT_NODE: "text"
        case GSK_BLUR_NODE: "blur"
        case GSK_DEBUG_NODE: "debug"
        default: "other(\(type.rawValue))"
        }
    }

    var description: String {
        let kinds = byKind.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return "\(total) nodes (\(kinds)); GL offscreens \(glOffscreens), cairo groups \(cairoGroups); "
            + "drawn scaled (GL rasterizes again each frame): \(scaledCairo) cairo, \(scaledText) text"
    }
}
