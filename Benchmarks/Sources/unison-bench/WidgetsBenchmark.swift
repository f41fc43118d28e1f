import CGtkCallCounter
import CUnisonBench
import Foundation
import Unison
import UnisonGtk

/// Part 3: 1000 real widgets (opacity and translation) animated in one window under Xvfb, by
/// Unison (`AnimatedWidget`, the window's clock) and by libadwaita (two `AdwSpringAnimation`s per
/// widget whose callbacks call the same GTK setters), in interleaved rounds. Counts the calls into
/// GTK's setters per frame (Bridges/CGtkCallCounter).
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

    struct Result: Codable {
        var widgets: Int
        var rounds: Int
        var unison: Side
        var adwaita: Side
        /// The same setters called directly from one tick callback (no animation engine): GTK's own
        /// cost of what is asked of it, the floor for both.
        var setters: Side
    }

    struct Round {
        var fps: Double
        var update: Double
        var frame: Double
        var calls: [String: Double]
    }

    static func run(widgets count: Int = 1000, seconds: Double = 3, rounds: Int = 3) -> Result {
        let window = gtk_window_new()!
        let fixed = gtk_fixed_new()!
        gtk_window_set_default_size(unison_bench_window(window), 800, 600)
        gtk_window_set_child(unison_bench_window(window), fixed)
        var areas: [UnsafeMutablePointer<GtkWidget>] = []
        let paint: GtkDrawingAreaDrawFunc = { _, cr, _, _, _ in
            cairo_set_source_rgb(cr, 0.2, 0.45, 0.9)
            cairo_paint(cr)
        }
        for i in 0..<count {
            let area = gtk_drawing_area_new()!
            gtk_widget_set_size_request(area, 14, 14)
            gtk_drawing_area_set_draw_func(unison_bench_drawing_area(area), paint, nil, nil)
            gtk_fixed_put(unison_bench_fixed(fixed), area, home(i).x, home(i).y)
            areas.append(area)
        }
        gtk_window_present(unison_bench_window(window))
        GtkRuntime.iterate(timeout: 2) { gtk_widget_get_mapped(window) != 0 }
        GtkRuntime.iterate(timeout: 0.3)
        defer { gtk_window_destroy(unison_bench_window(window)) }
        let probe = FrameProbe(window: window)
        var unisonRounds: [Round] = []
        var adwaitaRounds: [Round] = []
        var setterRounds: [Round] = []
        for _ in 0..<rounds {
            unisonRounds.append(measureUnison(window: window, areas: areas, probe: probe, seconds: seconds))
            adwaitaRounds.append(
                measureAdwaita(window: window, fixed: fixed, areas: areas, probe: probe, seconds: seconds))
            setterRounds.append(
                measureSetters(window: window, fixed: fixed, areas: areas, probe: probe, seconds: seconds))
        }
        probe.disconnect()
        let result = Result(
            widgets: count, rounds: rounds, unison: summarize(unisonRounds), adwaita: summarize(adwaitaRounds),
            setters: summarize(setterRounds))
        for (name, side) in [
            ("Unison", result.unison), ("libadwaita", result.adwaita), ("setters only", result.setters),
        ] {
            let calls = side.gtkCallsPerFrame.sorted { $0.key < $1.key }.map { "\($0.key) \(format($0.value, 0))" }
            print(
                "widgets \(count) real widgets (opacity + translation), \(name): \(format(side.framesPerSecond)) fps, "
                    + "update phase \(format(side.updateMilliseconds.median, 3)) ms of \(format(side.frameCPUMilliseconds.median, 2)) ms "
                    + "frame CPU (\(format(100 * side.shareOfFrameCPU))%); GTK calls per frame: \(calls.joined(separator: ", "))"
            )
        }
        return result
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
            "queue allocate": Double(c.queue_allocate),
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

    static func measureUnison(
        window: UnsafeMutablePointer<GtkWidget>, areas: [UnsafeMutablePointer<GtkWidget>], probe: FrameProbe,
        seconds: Double
    ) -> Round {
        // One clock (the window's) drives every widget: one tick callback per frame.
        let clock = GtkFrameClock.for(window)
        let animated = areas.map { AnimatedWidget($0, clock: clock) }
        var outward = true
        var running = true
        func bounce() {
            guard running else { return }
            outward.toggle()
            withAnimation(.smooth(duration: 0.6)) {
                for (i, widget) in animated.enumerated() {
                    widget.opacity = outward ? 1 : 0.3
                    widget.translation = outward ? .zero : CGPoint(x: offset(i).x, y: offset(i).y)
                }
            } completion: {
                bounce()
            }
        }
        bounce()
        let round = record(probe: probe, seconds: seconds)
        running = false
        // Back home, at rest, for the next side.
        withTransaction(Transaction()) {
            for widget in animated {
                widget.opacity = 1
                widget.translation = .zero
            }
        }
        GtkRuntime.iterate(timeout: 0.2)
        return round
    }

    /// What one libadwaita callback writes: its widget, the fixed, and the widget's offset.
    struct Target {
        var widget: UnsafeMutablePointer<GtkWidget>
        var fixed: UnsafeMutablePointer<GtkWidget>
        var home: (x: Double, y: Double)
        var offset: (x: Double, y: Double)
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

    static func measureAdwaita(
        window: UnsafeMutablePointer<GtkWidget>, fixed: UnsafeMutablePointer<GtkWidget>,
        areas: [UnsafeMutablePointer<GtkWidget>], probe: FrameProbe, seconds: Double
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
        var opacities: [UnsafeMutablePointer<AdwAnimation>] = []
        var translations: [UnsafeMutablePointer<AdwAnimation>] = []
        for i in 0..<areas.count {
            let opacity = adw_callback_animation_target_new(setOpacity, targets + i, nil)
            let translation = adw_callback_animation_target_new(setTranslation, targets + i, nil)
            let p1 = adw_spring_params_new_full(spring.damping, spring.mass, spring.stiffness)!
            let p2 = adw_spring_params_new_full(spring.damping, spring.mass, spring.stiffness)!
            let a = adw_spring_animation_new(areas[i], 1, 0.3, p1, opacity)!
            let b = adw_spring_animation_new(areas[i], 0, 1, p2, translation)!
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
        sendHome(fixed: fixed, areas: areas)
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

    /// What the setters-only tick callback reads: the widgets and the frame clock's start time.
    final class SetterScene {
        let targets: UnsafeMutablePointer<Target>
        let count: Int
        var start = -1
        init(targets: UnsafeMutablePointer<Target>, count: Int) {
            self.targets = targets
            self.count = count
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
        let scene = SetterScene(targets: targets, count: areas.count)
        let tick: GtkTickCallback = { _, clock, data in
            let scene = Unmanaged<SetterScene>.fromOpaque(data!).takeUnretainedValue()
            let now = gdk_frame_clock_get_frame_time(clock)
            if scene.start < 0 { scene.start = now }
            // 0 → 1 → 0 every 1.2 s, eased (smoothstep): every frame moves every widget.
            let phase = Double(now - scene.start) / 1e6 / 0.6
            let u = phase.truncatingRemainder(dividingBy: 2)
            let linear = u < 1 ? u : 2 - u
            let p = linear * linear * (3 - 2 * linear)
            for i in 0..<scene.count {
                let target = scene.targets[i]
                gtk_widget_set_opacity(target.widget, 1 - 0.7 * p)
                var point = graphene_point_t(
                    x: Float(target.home.x + p * target.offset.x), y: Float(target.home.y + p * target.offset.y))
                let transform = gsk_transform_translate(nil, &point)
                gtk_fixed_set_child_transform(unison_bench_fixed(target.fixed), target.widget, transform)
                gsk_transform_unref(transform)
            }
            return unison_bench_source_continue
        }
        let id = gtk_widget_add_tick_callback(window, tick, Unmanaged.passUnretained(scene).toOpaque(), nil)
        let round = record(probe: probe, seconds: seconds)
        gtk_widget_remove_tick_callback(window, id)
        withExtendedLifetime(scene) {}
        sendHome(fixed: fixed, areas: areas)
        return round
    }
}
