import CGtkCallCounter
import CUnisonBench
import CUnisonGtkMotion
import Foundation
import Unison
import UnisonGtk

/// Part 3: 1000 real widgets (opacity and translation) animated in one window under Xvfb, in two
/// scenes, each driven three ways in interleaved rounds:
///
/// - the GtkFixed scene: 1000 drawing areas in a `GtkFixed`, moved with the fixed's child
///   transform and faded with `gtk_widget_set_opacity` (a relayout of the fixed per frame): Unison
///   (`AnimatedWidget`), libadwaita (two `AdwSpringAnimation`s per widget whose callbacks call the
///   same GTK setters) and the setters alone from one tick callback;
/// - the MotionBin scene: 1000 drawing areas of the same kind, each the child of a `MotionBin` put
///   in another `GtkFixed` at the same place, moved and faded by the bin's render state
///   (`unison_motion_bin_set_render`: drawn in snapshot, a redraw queued, no relayout): Unison
///   (`MotionBin.translation` and `.opacity`), libadwaita (two `AdwSpringAnimation`s per widget
///   whose callbacks call that same C setter) and that setter alone from one tick callback.
///
/// The window shows one scene at a time (its child is swapped). Counts the calls into GTK per
/// frame (Bridges/CGtkCallCounter).
@MainActor
enum WidgetsBenchmark {
    struct Side: Codable {
        var framesPerSecond: Double
        /// Update phase (every tick callback), ms per frame: median of the rounds' medians.
        var updateMilliseconds: Stats
        /// The whole frame (update, layout, snapshot, render), ms: median of the rounds' medians.
        var frameCPUMilliseconds: Stats
        var shareOfFrameCPU: Double
        var shareOfFrameInterval: Double
        /// Calls into GTK per frame (all widgets), by setter: median over the rounds.
        var gtkCallsPerFrame: [String: Double]
    }

    /// The MotionBin scene's three rows.
    struct MotionBinSides: Codable {
        /// `MotionBin.translation` and `.opacity` animated by Unison.
        var unison: Side
        /// Two `AdwSpringAnimation`s per widget calling `unison_motion_bin_set_render`.
        var adwaita: Side
        /// `unison_motion_bin_set_render` per bin from one tick callback, no engine.
        var setters: Side
    }

    struct Result: Codable {
        var widgets: Int
        var rounds: Int
        var unison: Side
        var adwaita: Side
        /// The same setters called directly from one tick callback (no animation engine): GTK's own
        /// cost of what is asked of it, the floor for both.
        var setters: Side
        /// The same widgets, each in a `MotionBin` (render transforms, no relayout); nil in results
        /// recorded before it was measured.
        var motionBin: MotionBinSides?
        /// The machine's 1-minute load average when the run began (/proc/loadavg).
        var loadAverage: Double?
    }

    struct Round {
        var fps: Double
        var update: Double
        var frame: Double
        var calls: [String: Double]
    }

    /// The rows, in the order each round runs them.
    enum Row: String, CaseIterable {
        case unison, adwaita, setters, binUnison = "bin-unison", binAdwaita = "bin-adwaita", binSetters = "bin-setters"
    }

    /// Runs `rounds` interleaved rounds of every row (or of `only`'s rows: names of ``Row``,
    /// comma-separated, for profiling one of them).
    static func run(widgets count: Int = 1000, seconds: Double = 3, rounds: Int = 3, only: String? = nil) -> Result {
        let loadAverage =
            (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)).flatMap {
                $0.split(separator: " ").first.flatMap { Double($0) }
            } ?? .nan
        let rows = only.map { $0.split(separator: ",").compactMap { Row(rawValue: String($0)) } } ?? Row.allCases
        let window = gtk_window_new()!
        gtk_window_set_default_size(unison_bench_window(window), 800, 600)
        let fixed = makeFixed(count: count, put: true)
        let areas = fixed.children
        let clock = GtkFrameClock.for(window)
        let binFixed = makeFixed(count: count, put: false)
        let bins = binFixed.children.map { MotionBin(child: $0, clock: clock) }
        for (i, bin) in bins.enumerated() {
            gtk_fixed_put(unison_bench_fixed(binFixed.fixed), bin.widget, home(i).x, home(i).y)
        }
        var shown = fixed.fixed
        func show(_ scene: UnsafeMutablePointer<GtkWidget>) {
            guard shown != scene else { return }
            shown = scene
            gtk_window_set_child(unison_bench_window(window), scene)
            GtkRuntime.iterate(timeout: 0.3)
        }
        gtk_window_set_child(unison_bench_window(window), shown)
        gtk_window_present(unison_bench_window(window))
        GtkRuntime.iterate(timeout: 2) { gtk_widget_get_mapped(window) != 0 }
        defer {
            gtk_window_destroy(unison_bench_window(window))
            g_object_unref(fixed.fixed)
            g_object_unref(binFixed.fixed)
        }
        let probe = FrameProbe(window: window)
        let binPointers = bins.map { (bin: OpaquePointer($0.widget), widget: $0.widget) }
        var measured: [Row: [Round]] = [:]
        for _ in 0..<rounds {
            for row in rows {
                let round: Round
                switch row {
                case .unison:
                    show(fixed.fixed)
                    round = measureUnison(clock: clock, areas: areas, probe: probe, seconds: seconds)
                case .adwaita:
                    show(fixed.fixed)
                    round = measureAdwaita(fixed: fixed.fixed, areas: areas, probe: probe, seconds: seconds)
                case .setters:
                    show(fixed.fixed)
                    round = measureSetters(
                        window: window, fixed: fixed.fixed, areas: areas, probe: probe, seconds: seconds)
                case .binUnison:
                    show(binFixed.fixed)
                    round = measureMotionBins(bins, probe: probe, seconds: seconds)
                case .binAdwaita:
                    show(binFixed.fixed)
                    round = measureAdwaitaOnBins(binPointers, probe: probe, seconds: seconds)
                case .binSetters:
                    show(binFixed.fixed)
                    round = measureSettersOnBins(binPointers, window: window, probe: probe, seconds: seconds)
                }
                measured[row, default: []].append(round)
            }
        }
        probe.disconnect()
        func side(_ row: Row) -> Side { summarize(measured[row] ?? []) }
        let result = Result(
            widgets: count, rounds: rounds, unison: side(.unison), adwaita: side(.adwaita), setters: side(.setters),
            motionBin: MotionBinSides(unison: side(.binUnison), adwaita: side(.binAdwaita), setters: side(.binSetters)),
            loadAverage: loadAverage)
        let names: [Row: String] = [
            .unison: "Unison (AnimatedWidget, GtkFixed)", .adwaita: "libadwaita (GtkFixed setters)",
            .setters: "setters only (GtkFixed)", .binUnison: "Unison (MotionBin)",
            .binAdwaita: "libadwaita (MotionBin render setter)", .binSetters: "setters only (MotionBin render setter)",
        ]
        print("widgets: load average \(format(loadAverage, 2)) when the run began")
        for row in rows {
            let side = side(row)
            let calls = side.gtkCallsPerFrame.sorted { $0.key < $1.key }.map { "\($0.key) \(format($0.value, 0))" }
            let u = side.updateMilliseconds
            print(
                "widgets \(count) real widgets (opacity + translation), \(names[row]!): \(format(side.framesPerSecond)) fps, "
                    + "update phase \(format(u.median, 3)) ms (\(format(u.min, 3))–\(format(u.max, 3))) of "
                    + "\(format(side.frameCPUMilliseconds.median, 2)) ms frame CPU (\(format(100 * side.shareOfFrameCPU))%); "
                    + "GTK calls per frame: \(calls.joined(separator: ", "))"
            )
        }
        return result
    }

    /// A `GtkFixed` (a reference of ours: the window holds it only while it shows it) with `count`
    /// 14 × 14 drawing areas; unless they are to be wrapped, each is put at its home.
    static func makeFixed(count: Int, put: Bool) -> (
        fixed: UnsafeMutablePointer<GtkWidget>, children: [UnsafeMutablePointer<GtkWidget>]
    ) {
        let fixed = gtk_fixed_new()!
        g_object_ref_sink(fixed)
        let paint: GtkDrawingAreaDrawFunc = { _, cr, _, _, _ in
            cairo_set_source_rgb(cr, 0.2, 0.45, 0.9)
            cairo_paint(cr)
        }
        var areas: [UnsafeMutablePointer<GtkWidget>] = []
        for i in 0..<count {
            let area = gtk_drawing_area_new()!
            gtk_widget_set_size_request(area, 14, 14)
            gtk_drawing_area_set_draw_func(unison_bench_drawing_area(area), paint, nil, nil)
            if put { gtk_fixed_put(unison_bench_fixed(fixed), area, home(i).x, home(i).y) }
            areas.append(area)
        }
        return (fixed, areas)
    }

    /// Where widget `i` is put in the fixed.
    static func home(_ i: Int) -> (x: Double, y: Double) { (Double(20 * (i % 38)), Double(20 * (i / 38))) }

    /// The offset widget `i` moves to (and back from).
    static func offset(_ i: Int) -> (x: Double, y: Double) { (8 + Double(i % 5), 6) }

    static let spring = Spring(duration: 0.6, bounce: 0)  // `.smooth(duration: 0.6)`

    static func calls() -> [String: Double] {
        let c = unison_gtk_call_counts()
        return [
            "opacity": Double(c.set_opacity), "transform": Double(c.set_child_transform),
            "margin": Double(c.set_margin), "size request": Double(c.set_size_request),
            "queue draw": Double(c.queue_draw), "queue resize": Double(c.queue_resize),
            "queue allocate": Double(c.queue_allocate), "bin render": Double(c.set_render),
            "bin child allocate": Double(c.allocate),
        ]
    }

    /// Records `seconds` of frames while something bounces, and the GTK calls made meanwhile.
    static func record(probe: FrameProbe, seconds: Double) -> Round {
        GtkRuntime.iterate(timeout: 0.3)
        probe.reset()
        let before = calls()
        probe.recording = true
        GtkRuntime.iterate(timeout: seconds)
        probe.recording = false
        let after = calls()
        let frames = probe.frames
        let span = (frames.last?.time ?? 0) - (frames.first?.time ?? 0)
        let perFrame = after.merging(before) { ($0 - $1) / Double(max(frames.count, 1)) }
        return Round(
            fps: Double(frames.count - 1) / span, update: Stats(frames.map(\.updateCPU)).median,
            frame: Stats(frames.map(\.frameCPU)).median, calls: perFrame)
    }

    static func summarize(_ rounds: [Round]) -> Side {
        let fps = Stats(rounds.map(\.fps)).median
        let update = Stats(rounds.map(\.update))
        let frame = Stats(rounds.map(\.frame))
        var calls: [String: Double] = [:]
        for key in rounds.first?.calls.keys.sorted() ?? [] { calls[key] = Stats(rounds.map { $0.calls[key]! }).median }
        return Side(
            framesPerSecond: fps, updateMilliseconds: update, frameCPUMilliseconds: frame,
            shareOfFrameCPU: update.median / frame.median, shareOfFrameInterval: update.median / (1000 / fps),
            gtkCallsPerFrame: calls)
    }

    /// Unison's rows: `set(outward)` sets every widget's opacity and translation (to the offset when
    /// `outward`, home otherwise) in `withAnimation(.smooth(duration: 0.6))`, the other way round
    /// from each completion; afterwards everything is put back at rest without animation.
    static func measureEngine(
        probe: FrameProbe, seconds: Double, set: @escaping @MainActor (_ outward: Bool) -> Void
    ) -> Round {
        var outward = true
        var running = true
        func bounce() {
            guard running else { return }
            outward.toggle()
            withAnimation(.smooth(duration: 0.6)) {
                set(!outward)
            } completion: {
                bounce()
            }
        }
        bounce()
        let round = record(probe: probe, seconds: seconds)
        running = false
        // Back home, at rest, for the next side.
        withTransaction(Transaction()) { set(false) }
        GtkRuntime.iterate(timeout: 0.2)
        return round
    }

    static func measureUnison(
        clock: GtkFrameClock, areas: [UnsafeMutablePointer<GtkWidget>], probe: FrameProbe, seconds: Double
    ) -> Round {
        // One clock (the window's) drives every widget: one tick callback per frame.
        let animated = areas.map { AnimatedWidget($0, clock: clock) }
        return measureEngine(probe: probe, seconds: seconds) { outward in
            for (i, widget) in animated.enumerated() {
                widget.opacity = outward ? 0.3 : 1
                widget.translation = outward ? CGPoint(x: offset(i).x, y: offset(i).y) : .zero
            }
        }
    }

    static func measureMotionBins(_ bins: [MotionBin], probe: FrameProbe, seconds: Double) -> Round {
        measureEngine(probe: probe, seconds: seconds) { outward in
            for (i, bin) in bins.enumerated() {
                bin.opacity = outward ? 0.3 : 1
                bin.translation = outward ? CGPoint(x: offset(i).x, y: offset(i).y) : .zero
            }
        }
    }

    /// What one libadwaita callback writes: its widget, the fixed, and the widget's offset.
    struct Target {
        var widget: UnsafeMutablePointer<GtkWidget>
        var fixed: UnsafeMutablePointer<GtkWidget>
        var home: (x: Double, y: Double)
        var offset: (x: Double, y: Double)
    }

    /// What a bin's two libadwaita callbacks write: the bin's whole render state, of which each
    /// animation keeps its own part (the translation's progress, the opacity).
    struct BinTarget {
        var bin: OpaquePointer
        var offset: (x: Double, y: Double)
        var progress = 0.0
        var opacity = 1.0

        /// Hands the bin its render state, as `MotionBin` does (scale 1, no rotation, anchored at the centre).
        func write() {
            unison_motion_bin_set_render(bin, progress * offset.x, progress * offset.y, 1, 1, 0, 0.5, 0.5, opacity)
        }
    }

    /// One target per widget (deallocated by the caller).
    static func makeTargets(
        fixed: UnsafeMutablePointer<GtkWidget>, areas: [UnsafeMutablePointer<GtkWidget>]
    ) -> UnsafeMutablePointer<Target> {
        let targets = UnsafeMutablePointer<Target>.allocate(capacity: areas.count)
        for (i, area) in areas.enumerated() {
            targets[i] = Target(widget: area, fixed: fixed, home: home(i), offset: offset(i))
        }
        return targets
    }

    /// One target per bin (deallocated by the caller).
    static func makeBinTargets(_ bins: [OpaquePointer]) -> UnsafeMutablePointer<BinTarget> {
        let targets = UnsafeMutablePointer<BinTarget>.allocate(capacity: bins.count)
        for (i, bin) in bins.enumerated() { targets[i] = BinTarget(bin: bin, offset: offset(i)) }
        return targets
    }

    static func measureAdwaita(
        fixed: UnsafeMutablePointer<GtkWidget>, areas: [UnsafeMutablePointer<GtkWidget>], probe: FrameProbe,
        seconds: Double
    ) -> Round {
        let targets = makeTargets(fixed: fixed, areas: areas)
        defer { targets.deallocate() }
        let setOpacity: AdwAnimationTargetFunc = { value, data in
            let target = data!.assumingMemoryBound(to: Target.self)
            gtk_widget_set_opacity(target.pointee.widget, min(max(value, 0), 1))
        }
        let setTranslation: AdwAnimationTargetFunc = { progress, data in
            let target = data!.assumingMemoryBound(to: Target.self).pointee
            var point = graphene_point_t(
                x: Float(target.home.x + progress * target.offset.x),
                y: Float(target.home.y + progress * target.offset.y))
            let transform = gsk_transform_translate(nil, &point)
            gtk_fixed_set_child_transform(unison_bench_fixed(target.fixed), target.widget, transform)
            gsk_transform_unref(transform)
        }
        let round = measureAdwaita(
            widgets: areas, data: { UnsafeMutableRawPointer(targets + $0) }, setOpacity: setOpacity,
            setTranslation: setTranslation, probe: probe, seconds: seconds)
        sendHome(fixed: fixed, areas: areas)
        return round
    }

    static func measureAdwaitaOnBins(
        _ bins: [(bin: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>)], probe: FrameProbe, seconds: Double
    ) -> Round {
        let targets = makeBinTargets(bins.map(\.bin))
        defer { targets.deallocate() }
        let setOpacity: AdwAnimationTargetFunc = { value, data in
            let target = data!.assumingMemoryBound(to: BinTarget.self)
            target.pointee.opacity = min(max(value, 0), 1)
            target.pointee.write()
        }
        let setTranslation: AdwAnimationTargetFunc = { progress, data in
            let target = data!.assumingMemoryBound(to: BinTarget.self)
            target.pointee.progress = progress
            target.pointee.write()
        }
        let round = measureAdwaita(
            widgets: bins.map(\.widget),
            data: { UnsafeMutableRawPointer(targets + $0) }, setOpacity: setOpacity, setTranslation: setTranslation,
            probe: probe, seconds: seconds)
        sendBinsHome(bins.map(\.bin))
        return round
    }

    /// libadwaita's rows: per widget an opacity animation (1 ↔ 0.3) and a translation animation
    /// (progress 0 ↔ 1), both `AdwSpringAnimation`s with the same spring, whose callbacks get
    /// `data(i)`; replayed the other way when the last widget's translation is done.
    static func measureAdwaita(
        widgets: [UnsafeMutablePointer<GtkWidget>], data: (Int) -> UnsafeMutableRawPointer,
        setOpacity: AdwAnimationTargetFunc, setTranslation: AdwAnimationTargetFunc, probe: FrameProbe,
        seconds: Double
    ) -> Round {
        var opacities: [UnsafeMutablePointer<AdwAnimation>] = []
        var translations: [UnsafeMutablePointer<AdwAnimation>] = []
        for (i, widget) in widgets.enumerated() {
            let opacity = adw_callback_animation_target_new(setOpacity, data(i), nil)
            let translation = adw_callback_animation_target_new(setTranslation, data(i), nil)
            let p1 = adw_spring_params_new_full(spring.damping, spring.mass, spring.stiffness)!
            let p2 = adw_spring_params_new_full(spring.damping, spring.mass, spring.stiffness)!
            let a = adw_spring_animation_new(widget, 1, 0.3, p1, opacity)!
            let b = adw_spring_animation_new(widget, 0, 1, p2, translation)!
            g_object_ref(a)
            g_object_ref(b)
            opacities.append(a)
            translations.append(b)
        }
        let state = BounceState()
        // Replays (the other way) at the next turn of the main loop after the last widget's
        // translation is done.
        let onDone: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            let state = Unmanaged<BounceState>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { GtkRuntime.after(0) { state.replay?() } }
        }
        _ = unison_bench_signal_connect(
            UnsafeMutableRawPointer(translations.last!), "done", unsafeBitCast(onDone, to: GCallback.self),
            Unmanaged.passUnretained(state).toOpaque(), nil)
        func play(outward: Bool) {
            for (a, b) in zip(opacities, translations) {
                let sa = unison_bench_spring_animation(a)
                let sb = unison_bench_spring_animation(b)
                adw_spring_animation_set_value_from(sa, outward ? 1 : 0.3)
                adw_spring_animation_set_value_to(sa, outward ? 0.3 : 1)
                adw_spring_animation_set_value_from(sb, outward ? 0 : 1)
                adw_spring_animation_set_value_to(sb, outward ? 1 : 0)
                adw_animation_play(a)
                adw_animation_play(b)
            }
        }
        var outward = true
        state.replay = {
            outward.toggle()
            play(outward: outward)
        }
        play(outward: outward)
        let round = record(probe: probe, seconds: seconds)
        state.replay = nil
        for (a, b) in zip(opacities, translations) {
            adw_animation_skip(a)
            adw_animation_skip(b)
            g_object_unref(a)
            g_object_unref(b)
        }
        return round
    }

    @MainActor final class BounceState { var replay: (() -> Void)? }

    /// Puts every widget back at its place, opaque, at rest, for the next side.
    static func sendHome(fixed: UnsafeMutablePointer<GtkWidget>, areas: [UnsafeMutablePointer<GtkWidget>]) {
        for i in 0..<areas.count {
            var point = graphene_point_t(x: Float(home(i).x), y: Float(home(i).y))
            let transform = gsk_transform_translate(nil, &point)
            gtk_fixed_set_child_transform(unison_bench_fixed(fixed), areas[i], transform)
            gsk_transform_unref(transform)
            gtk_widget_set_opacity(areas[i], 1)
        }
        GtkRuntime.iterate(timeout: 0.2)
    }

    /// Draws every bin untransformed and opaque again (the render state its `MotionBin` last
    /// handed it, at rest), for the next side.
    static func sendBinsHome(_ bins: [OpaquePointer]) {
        for bin in bins { unison_motion_bin_set_render(bin, 0, 0, 1, 1, 0, 0.5, 0.5, 1) }
        GtkRuntime.iterate(timeout: 0.2)
    }

    /// What the setters-only tick callback reads: the targets (`Target`s or `BinTarget`s) and the
    /// frame clock's start time.
    final class SetterScene {
        let targets: UnsafeMutableRawPointer
        let count: Int
        var start = -1
        init(targets: UnsafeMutableRawPointer, count: Int) {
            self.targets = targets
            self.count = count
        }

        /// 0 → 1 → 0 every 1.2 s, eased (smoothstep), at the frame clock's time: every frame moves
        /// every widget.
        func progress(_ clock: OpaquePointer?) -> Double {
            let now = gdk_frame_clock_get_frame_time(clock)
            if start < 0 { start = now }
            let phase = Double(now - start) / 1e6 / 0.6
            let u = phase.truncatingRemainder(dividingBy: 2)
            let linear = u < 1 ? u : 2 - u
            return linear * linear * (3 - 2 * linear)
        }
    }

    /// The same GTK calls per frame as the other two sides (an opacity and a fixed child transform
    /// per widget, on a smooth back-and-forth ramp), from one tick callback, with no animation engine.
    static func measureSetters(
        window: UnsafeMutablePointer<GtkWidget>, fixed: UnsafeMutablePointer<GtkWidget>,
        areas: [UnsafeMutablePointer<GtkWidget>], probe: FrameProbe, seconds: Double
    ) -> Round {
        let targets = makeTargets(fixed: fixed, areas: areas)
        defer { targets.deallocate() }
        let tick: GtkTickCallback = { _, clock, data in
            let scene = Unmanaged<SetterScene>.fromOpaque(data!).takeUnretainedValue()
            let p = scene.progress(clock)
            let targets = scene.targets.assumingMemoryBound(to: Target.self)
            for i in 0..<scene.count {
                let target = targets[i]
                gtk_widget_set_opacity(target.widget, 1 - 0.7 * p)
                var point = graphene_point_t(
                    x: Float(target.home.x + p * target.offset.x), y: Float(target.home.y + p * target.offset.y))
                let transform = gsk_transform_translate(nil, &point)
                gtk_fixed_set_child_transform(unison_bench_fixed(target.fixed), target.widget, transform)
                gsk_transform_unref(transform)
            }
            return unison_bench_source_continue
        }
        let round = measureTick(tick, window: window, targets: UnsafeMutableRawPointer(targets), count: areas.count) {
            record(probe: probe, seconds: seconds)
        }
        sendHome(fixed: fixed, areas: areas)
        return round
    }

    /// `unison_motion_bin_set_render` per bin per frame (the same ramp), from one tick callback.
    static func measureSettersOnBins(
        _ bins: [(bin: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>)],
        window: UnsafeMutablePointer<GtkWidget>,
        probe: FrameProbe, seconds: Double
    ) -> Round {
        let targets = makeBinTargets(bins.map(\.bin))
        defer { targets.deallocate() }
        let tick: GtkTickCallback = { _, clock, data in
            let scene = Unmanaged<SetterScene>.fromOpaque(data!).takeUnretainedValue()
            let p = scene.progress(clock)
            let targets = scene.targets.assumingMemoryBound(to: BinTarget.self)
            for i in 0..<scene.count {
                targets[i].progress = p
                targets[i].opacity = 1 - 0.7 * p
                targets[i].write()
            }
            return unison_bench_source_continue
        }
        let round = measureTick(tick, window: window, targets: UnsafeMutableRawPointer(targets), count: bins.count) {
            record(probe: probe, seconds: seconds)
        }
        sendBinsHome(bins.map(\.bin))
        return round
    }

    /// Runs `body` with `tick` added to the window (its data a ``SetterScene`` of `targets`).
    static func measureTick(
        _ tick: GtkTickCallback, window: UnsafeMutablePointer<GtkWidget>, targets: UnsafeMutableRawPointer,
        count: Int, _ body: () -> Round
    ) -> Round {
        let scene = SetterScene(targets: targets, count: count)
        let id = gtk_widget_add_tick_callback(window, tick, Unmanaged.passUnretained(scene).toOpaque(), nil)
        let round = body()
        gtk_widget_remove_tick_callback(window, id)
        withExtendedLifetime(scene) {}
        return round
    }
}
