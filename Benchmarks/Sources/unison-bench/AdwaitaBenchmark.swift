import CUnisonBench
import Foundation
import Unison
@_spi(Testing) import UnisonGtk

/// Part 2: N values animated by libadwaita's AdwSpringAnimation (callback targets) versus N
/// Unison properties, same spring, same widget, same frame clock, one process under Xvfb. Unison is
/// measured twice: with apply closures, and with `AnimationTarget`s.
@MainActor
enum AdwaitaBenchmark {
    struct Side: Codable {
        var cpuPerFrameMilliseconds: Stats  // update phase (all tick callbacks), raw
        /// (update phase − the floor of an update phase with one no-op tick callback) ÷ N.
        var nanosecondsPerValue: Double
        var finishingFrameMilliseconds: Double
        var finishingToSteadyRatio: Double
        var framesPerSecond: Double
        /// (thread CPU from just before this side's tick callbacks to just after them, median over
        /// the run's frames − the same bracket around the floor's no-op callback) ÷ N: measured
        /// within each frame, so the floor's frame-to-frame jitter does not enter it (`Bracket`).
        /// Absent in older results.
        var bracketNanosecondsPerValue: Double?
    }

    struct Result: Codable {
        var count: Int
        /// Update-phase CPU of a frame whose only tick callback does nothing (GTK's own share).
        var floorMilliseconds: Double
        var adwaita: Side
        var unison: Side
        var cpuRatio: Double  // libadwaita / Unison
        /// The median over rounds of the bracket around the floor's no-op callback, microseconds.
        var bracketFloorMicroseconds: Double?
        /// libadwaita / Unison, per value, from the brackets (absent in older results).
        var bracketRatio: Double?
        /// Unison again, its properties writing through an ``AnimationTarget`` each instead of an
        /// apply closure (absent in older results).
        var unisonTargets: Side?
        /// libadwaita / Unison with targets, per value, update phase and bracketed.
        var targetsRatio: Double?
        var targetsBracketRatio: Double?
        /// The floor under Unison's sides, measured alone in the same rounds: one tick callback that
        /// calls the same N apply closures (then the same N targets) once a frame with a new value,
        /// and does nothing else (absent in older results). libadwaita ÷ these is the most any
        /// engine that calls them could reach.
        var closuresAlone: Side?
        var targetsAlone: Side?
        /// The targets again, each value first read from two arrays and written to a third, as a
        /// batch of springs does (its start, its target, what it presents): the engine's own memory
        /// traffic per value, with nothing else of the engine (absent in older results).
        var targetsWithArraysAlone: Side?
    }

    struct Trajectory: Codable {
        var mass, stiffness, damping, initialVelocity: Double
        var samples: Int
        var maxDifference: Double  // in the animated unit (0 → 1000)
    }

    /// The spring both sides run: Unison's `.bouncy` (0.5 s, bounce 0.3), 0 → 1000.
    static let spring = Spring.bouncy

    static func makeWindow() -> (window: UnsafeMutablePointer<GtkWidget>, area: UnsafeMutablePointer<GtkWidget>) {
        let window = gtk_window_new()!
        let area = gtk_drawing_area_new()!
        gtk_widget_set_size_request(area, 200, 200)
        gtk_window_set_child(unison_bench_window(window), area)
        gtk_window_present(unison_bench_window(window))
        GtkRuntime.iterate(timeout: 2) { gtk_widget_get_mapped(area) != 0 }
        GtkRuntime.iterate(timeout: 0.2)
        return (window, area)
    }

    static func run(counts: [Int]) -> [Result] {
        let (window, area) = makeWindow()
        defer { gtk_window_destroy(unison_bench_window(window)) }
        let probe = FrameProbe(window: window)
        var results: [Result] = []
        for count in counts {
            // Interleaved rounds of (floor, libadwaita, Unison, Unison with targets), three, or seven up to N = 1 000, where
            // the values' share of the update phase is a few tens of microseconds: the floor's run-to-run jitter
            // (tens of microseconds) otherwise swamps the per-value difference at small N.
            var rounds: [(floor: Double, adwaita: Side, unison: Side, targets: Side, alone: [Side])] = []
            var bracketFloors: [Double] = []
            let roundCount = count <= 1_000 ? 7 : 3
            for _ in 0..<roundCount {
                let (floor, bracketFloor) = measureFloor(area: area, probe: probe)
                var (adwaita, adwaitaBracket) = measureAdwaita(count: count, area: area, probe: probe)
                GtkRuntime.iterate(timeout: 0.2)
                var (unison, unisonBracket, closuresAlone) = measureUnison(count: count, area: area, probe: probe)
                GtkRuntime.iterate(timeout: 0.2)
                var (targets, targetsBracket, targetsAlone) = measureUnison(
                    count: count, area: area, probe: probe, targets: true)
                GtkRuntime.iterate(timeout: 0.2)
                adwaita.nanosecondsPerValue = (adwaita.cpuPerFrameMilliseconds.median - floor) * 1e6 / Double(count)
                unison.nanosecondsPerValue = (unison.cpuPerFrameMilliseconds.median - floor) * 1e6 / Double(count)
                adwaita.bracketNanosecondsPerValue = (adwaitaBracket - bracketFloor) / Double(count)
                unison.bracketNanosecondsPerValue = (unisonBracket - bracketFloor) / Double(count)
                targets.nanosecondsPerValue = (targets.cpuPerFrameMilliseconds.median - floor) * 1e6 / Double(count)
                targets.bracketNanosecondsPerValue = (targetsBracket - bracketFloor) / Double(count)
                let alone = (closuresAlone + targetsAlone).map { side, bracket in
                    var side = side
                    side.nanosecondsPerValue = (side.cpuPerFrameMilliseconds.median - floor) * 1e6 / Double(count)
                    side.bracketNanosecondsPerValue = (bracket - bracketFloor) / Double(count)
                    return side
                }
                rounds.append((floor, adwaita, unison, targets, alone))
                bracketFloors.append(bracketFloor)
            }
            func median(_ values: [Double]) -> Double { Stats(values).median }
            let floor = median(rounds.map(\.floor))
            // Report the round whose Unison per-value cost is the median, with the medians of both sides.
            var adwaita = rounds.sorted { $0.adwaita.nanosecondsPerValue < $1.adwaita.nanosecondsPerValue }[
                roundCount / 2
            ].adwaita
            var unison = rounds.sorted { $0.unison.nanosecondsPerValue < $1.unison.nanosecondsPerValue }[
                roundCount / 2
            ].unison
            var targets = rounds.sorted { $0.targets.nanosecondsPerValue < $1.targets.nanosecondsPerValue }[
                roundCount / 2
            ].targets
            targets.nanosecondsPerValue = median(rounds.map(\.targets.nanosecondsPerValue))
            targets.bracketNanosecondsPerValue = median(rounds.map { $0.targets.bracketNanosecondsPerValue! })
            adwaita.nanosecondsPerValue = median(rounds.map(\.adwaita.nanosecondsPerValue))
            unison.nanosecondsPerValue = median(rounds.map(\.unison.nanosecondsPerValue))
            adwaita.bracketNanosecondsPerValue = median(rounds.map { $0.adwaita.bracketNanosecondsPerValue! })
            unison.bracketNanosecondsPerValue = median(rounds.map { $0.unison.bracketNanosecondsPerValue! })
            let adwaitaBracket: Double = adwaita.bracketNanosecondsPerValue!
            // Closures alone, targets alone, targets with the arrays: each the median over the rounds.
            let alone = (0..<3).map { k in
                var side = rounds[roundCount / 2].alone[k]
                side.nanosecondsPerValue = median(rounds.map { $0.alone[k].nanosecondsPerValue })
                side.bracketNanosecondsPerValue = median(rounds.map { $0.alone[k].bracketNanosecondsPerValue! })
                return side
            }
            let result = Result(
                count: count, floorMilliseconds: floor, adwaita: adwaita, unison: unison,
                cpuRatio: adwaita.nanosecondsPerValue / unison.nanosecondsPerValue,
                bracketFloorMicroseconds: median(bracketFloors) / 1e3,
                bracketRatio: adwaitaBracket / unison.bracketNanosecondsPerValue!,
                unisonTargets: targets, targetsRatio: adwaita.nanosecondsPerValue / targets.nanosecondsPerValue,
                targetsBracketRatio: adwaitaBracket / targets.bracketNanosecondsPerValue!,
                closuresAlone: alone[0], targetsAlone: alone[1], targetsWithArraysAlone: alone[2])
            print(
                "gtk     N=\(count): libadwaita \(format(adwaita.cpuPerFrameMilliseconds.median, 3)) ms/frame "
                    + "(\(format(adwaita.nanosecondsPerValue)) ns/value, \(format(adwaita.framesPerSecond)) fps), "
                    + "Unison \(format(unison.cpuPerFrameMilliseconds.median, 3)) ms/frame "
                    + "(\(format(unison.nanosecondsPerValue)) ns/value, \(format(unison.framesPerSecond)) fps): "
                    + "\(format(result.cpuRatio))× less CPU per value (floor \(format(floor, 3)) ms); finishing frame \(format(adwaita.finishingToSteadyRatio, 2))× vs "
                    + "\(format(unison.finishingToSteadyRatio, 2))× steady; bracketed: libadwaita "
                    + "\(format(adwaita.bracketNanosecondsPerValue!)) vs Unison \(format(unison.bracketNanosecondsPerValue!)) ns/value, "
                    + "\(format(result.bracketRatio!))× (bracket floor \(format(result.bracketFloorMicroseconds!, 2)) µs)"
            )
            let targetsLine: String =
                "gtk     N=\(count): Unison with targets \(format(targets.cpuPerFrameMilliseconds.median, 3)) ms/frame "
                + "(\(format(targets.nanosecondsPerValue)) ns/value, \(format(targets.framesPerSecond)) fps): "
            let targetsRatios: String =
                "\(format(result.targetsRatio!))× less CPU per value than libadwaita; finishing frame "
                + "\(format(targets.finishingToSteadyRatio, 2))× steady; bracketed "
                + "\(format(targets.bracketNanosecondsPerValue!)) ns/value, \(format(result.targetsBracketRatio!))×"
            print(targetsLine + targetsRatios)
            let names = ["apply closures", "targets", "targets with a batch's three arrays"]
            for (name, side) in zip(names, alone) {
                print(
                    "gtk     N=\(count): the \(name) alone (called once a frame, nothing else) "
                        + "\(format(side.nanosecondsPerValue)) ns/value, bracketed \(format(side.bracketNanosecondsPerValue!)): "
                        + "libadwaita ÷ that \(format(adwaita.nanosecondsPerValue / side.nanosecondsPerValue))×, "
                        + "bracketed \(format(adwaitaBracket / side.bracketNanosecondsPerValue!))×")
            }
            results.append(result)
        }
        probe.disconnect()
        return results
    }

    /// The update phase of a frame whose only tick callback does nothing: what GTK spends there
    /// whatever animates, subtracted from both sides to get the cost per animated value.
    /// Also returns the median bracket around that one callback, in ns (`Bracket`).
    static func measureFloor(
        area: UnsafeMutablePointer<GtkWidget>, probe: FrameProbe
    ) -> (milliseconds: Double, bracketNanoseconds: Double) {
        let tick: GtkTickCallback = { _, _, _ in unison_bench_source_continue }
        let bracket = Bracket(area: area)
        bracket.close()
        let id = gtk_widget_add_tick_callback(area, tick, nil, nil)
        bracket.open()
        GtkRuntime.iterate(timeout: 0.1)
        probe.reset()
        bracket.samples.removeAll()
        probe.recording = true
        GtkRuntime.iterate(timeout: 0.5)
        probe.recording = false
        let bracketed = bracket.median
        bracket.remove()
        gtk_widget_remove_tick_callback(area, id)
        GtkRuntime.iterate(timeout: 0.1)
        return (Stats(probe.frames.map(\.updateCPU)).median, bracketed)
    }

    /// Thread CPU time from just before a side's tick callbacks to just after them, each frame.
    /// GTK runs a widget's tick callbacks newest first (`gtk_widget_add_tick_callback` prepends),
    /// so the closing callback is added before the side's callbacks exist and the opening one
    /// after they all do. The bracket holds what the side's callbacks cost GTK to dispatch and run,
    /// and nothing else of the frame, so the frame-to-frame jitter of the rest of the update phase
    /// (the floor's) does not enter it; the same bracket around the floor's one no-op callback is
    /// subtracted.
    final class Bracket {
        private let area: UnsafeMutablePointer<GtkWidget>
        private var ids: [guint] = []
        private var start: UInt64 = 0
        var samples: [Double] = []

        init(area: UnsafeMutablePointer<GtkWidget>) {
            self.area = area
            samples.reserveCapacity(1024)
        }

        /// Adds the closing callback: before the side's callbacks are added.
        func close() {
            let tick: GtkTickCallback = { _, _, data in
                let bracket = Unmanaged<Bracket>.fromOpaque(data!).takeUnretainedValue()
                if bracket.start != 0 { bracket.samples.append(Double(threadCPUNanoseconds() - bracket.start)) }
                bracket.start = 0
                return unison_bench_source_continue
            }
            ids.append(gtk_widget_add_tick_callback(area, tick, Unmanaged.passUnretained(self).toOpaque(), nil))
        }

        /// Adds the opening callback: after the side's callbacks are added.
        func open() {
            let tick: GtkTickCallback = { _, _, data in
                Unmanaged<Bracket>.fromOpaque(data!).takeUnretainedValue().start = threadCPUNanoseconds()
                return unison_bench_source_continue
            }
            ids.append(gtk_widget_add_tick_callback(area, tick, Unmanaged.passUnretained(self).toOpaque(), nil))
        }

        /// The median bracket, ns, without the first two and the last two frames (start and end).
        var median: Double {
            Stats(samples.count > 8 ? Array(samples[2..<(samples.count - 2)]) : samples).median
        }

        func remove() {
            for id in ids { gtk_widget_remove_tick_callback(area, id) }
            ids = []
        }
    }

    /// Steady frames are those strictly between the first two and the last frame of the run.
    static func summarize(_ frames: [FrameProbe.Frame], count: Int, finishingIndex: Int?) -> Side {
        let steady = frames.count > 6 ? Array(frames[2..<(finishingIndex ?? frames.count - 1)]) : frames
        let stats = Stats(steady.map(\.updateCPU))
        let finishing = finishingIndex.map { frames[$0].updateCPU } ?? .nan
        let span = (frames.last?.time ?? 0) - (frames.first?.time ?? 0)
        return Side(
            cpuPerFrameMilliseconds: stats, nanosecondsPerValue: stats.median * 1e6 / Double(count),
            finishingFrameMilliseconds: finishing, finishingToSteadyRatio: finishing / stats.median,
            framesPerSecond: span > 0 ? Double(frames.count - 1) / span : .nan)
    }

    /// The side's frames, and its median bracket in ns (`Bracket`).
    static func measureAdwaita(
        count: Int, area: UnsafeMutablePointer<GtkWidget>, probe: FrameProbe
    ) -> (side: Side, bracketNanoseconds: Double) {
        let sink = UnsafeMutablePointer<Double>.allocate(capacity: count)
        defer { sink.deallocate() }
        let write: AdwAnimationTargetFunc = { value, data in data!.assumingMemoryBound(to: Double.self).pointee = value
        }
        var animations: [UnsafeMutablePointer<AdwAnimation>] = []
        for i in 0..<count {
            let target = adw_callback_animation_target_new(write, sink + i, nil)
            // Both the params and the target are transferred to the animation.
            let params = adw_spring_params_new_full(spring.damping, spring.mass, spring.stiffness)!
            animations.append(adw_spring_animation_new(area, 0, 1000, params, target)!)
        }
        let done = DoneCounter()
        let onDone: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            Unmanaged<DoneCounter>.fromOpaque(data!).takeUnretainedValue().count += 1
        }
        _ = unison_bench_signal_connect(
            UnsafeMutableRawPointer(animations.last!), "done", unsafeBitCast(onDone, to: GCallback.self),
            Unmanaged.passUnretained(done).toOpaque(), nil)
        probe.reset()
        let bracket = Bracket(area: area)
        bracket.close()
        probe.recording = true
        for animation in animations { adw_animation_play(animation) }  // (each adds its tick callback)
        bracket.open()
        var finishingIndex: Int?
        GtkRuntime.iterate(timeout: 10) {
            if done.count > 0 && finishingIndex == nil { finishingIndex = probe.frames.count }
            return finishingIndex != nil && probe.frames.count > finishingIndex! + 1
        }
        probe.recording = false
        bracket.remove()
        // (adw_spring_animation_new returns its animation transfer-none: nothing to unref here.)
        let frames = probe.frames
        // The frame in which "done" fired is the one recorded just before the check saw it.
        return (summarize(frames, count: count, finishingIndex: finishingIndex.map { max(0, $0 - 1) }), bracket.median)
    }

    final class DoneCounter { var count = 0 }

    /// The side's frames, and its median bracket in ns (`Bracket`).
    /// `targets`: each property writes through an ``AnimationTarget`` (the object form of
    /// `apply`, as libadwaita's callback target is an object) instead of an apply closure.
    /// Then the same closures or targets called alone (`measureCallsAlone`), the properties alive;
    /// the targets a second time with a batch's arrays.
    static func measureUnison(
        count: Int, area: UnsafeMutablePointer<GtkWidget>, probe: FrameProbe, targets: Bool = false
    ) -> (side: Side, bracketNanoseconds: Double, alone: [(side: Side, bracketNanoseconds: Double)]) {
        let sink = UnsafeMutablePointer<Double>.allocate(capacity: count)
        defer { sink.deallocate() }
        let clock = GtkFrameClock.for(area)
        // Each property made with its closure or target in turn, as an app makes them, and the same
        // closures and targets kept to be called alone afterwards, where they are in the heap.
        let calls = Calls()
        let properties =
            targets
            ? (0..<count).map { i in
                let target = EngineBenchmark.SlotTarget(sink + i)
                calls.targets.append(.passRetained(target))
                return AnimatableProperty(0.0, clock: clock, target: target)
            }
            : (0..<count).map { i in
                // The closure written where the property is made, as an app writes it: the compiler
                // makes it in the form the generic parameter takes. (A closure first stored in a
                // `(Double) -> Void` variable reaches the property wrapped in a reabstraction thunk,
                // a second call and a second context on every frame, which an app does not pay.)
                // The floor's closure, the same code held by an object of its own (as a core holds the
                // property's), is made right after it.
                let property = AnimatableProperty(0.0, clock: clock) { sink[i] = $0 }
                calls.closures.append(.passRetained(HeldApply { sink[i] = $0 }))
                return property
            }
        probe.reset()
        let bracket = Bracket(area: area)
        bracket.close()
        probe.recording = true
        var finishingIndex: Int?
        withAnimation(.spring(spring)) {
            for p in properties { p.value = 1000 }
        } completion: {
        }
        bracket.open()  // (the clock added its tick callback in the change above)
        GtkRuntime.iterate(timeout: 4) {
            if !clock.isTicking && finishingIndex == nil { finishingIndex = probe.frames.count }
            return finishingIndex != nil && probe.frames.count > finishingIndex! + 1
        }
        probe.recording = false
        bracket.remove()
        let side = summarize(probe.frames, count: count, finishingIndex: finishingIndex.map { max(0, $0 - 1) })
        let sideBracket = bracket.median
        GtkRuntime.iterate(timeout: 0.2)
        var alone = [measureCallsAlone(calls, area: area, probe: probe)]
        if targets {
            GtkRuntime.iterate(timeout: 0.2)
            calls.startArrays()
            alone.append(measureCallsAlone(calls, area: area, probe: probe))
        }
        withExtendedLifetime(properties) {}
        return (side, sideBracket, alone)
    }

    /// The calls Unison's sides end in, alone: one tick callback that, each frame, calls the same N
    /// apply closures or ``AnimationTarget``s the properties hold (where they are in the heap, the
    /// properties alive) with a new value, and nothing else. What the app's code costs to call once
    /// per value per frame: no engine that calls them can cost less.
    static func measureCallsAlone(
        _ calls: Calls, area: UnsafeMutablePointer<GtkWidget>, probe: FrameProbe
    ) -> (side: Side, bracketNanoseconds: Double) {
        let count = calls.closures.count + calls.targets.count
        let tick: GtkTickCallback = { _, _, data in
            MainActor.assumeIsolated { Unmanaged<Calls>.fromOpaque(data!).takeUnretainedValue().callAll() }
            return unison_bench_source_continue
        }
        probe.reset()
        let bracket = Bracket(area: area)
        bracket.close()
        let id = gtk_widget_add_tick_callback(area, tick, Unmanaged.passUnretained(calls).toOpaque(), nil)
        bracket.open()
        probe.recording = true
        // As long as the springs run on the other sides (about 0.6 s of frames).
        GtkRuntime.iterate(timeout: 0.6)
        probe.recording = false
        bracket.remove()
        gtk_widget_remove_tick_callback(area, id)
        return (summarize(probe.frames, count: count, finishingIndex: nil), bracket.median)
    }

    @MainActor final class Calls {
        /// Each held by an object and called without reference counting, as a batch calls its
        /// members' apply closures (through their cores).
        var closures: [Unmanaged<HeldApply<Double>>] = []
        /// Called as the batches call theirs: without reference counting (the array holds them).
        var targets: [Unmanaged<AnimationTarget<Double>>] = []
        var frame = 0.0
        /// With `startArrays()`: each target's value is `from + (to − from)·a`, read from two arrays
        /// and written to a third, before the call (what a batch of springs reads and writes). Raw
        /// buffers, so that the loop has no bounds, uniqueness or exclusivity checks.
        nonisolated(unsafe) private var from: UnsafeMutableBufferPointer<Double>?
        nonisolated(unsafe) private var to: UnsafeMutableBufferPointer<Double>?
        nonisolated(unsafe) private var presented: UnsafeMutableBufferPointer<Double>?

        func startArrays() {
            from = .allocate(capacity: targets.count)
            to = .allocate(capacity: targets.count)
            presented = .allocate(capacity: targets.count)
            from!.initialize(repeating: 0)
            to!.initialize(repeating: 1000)
            presented!.initialize(repeating: 0)
        }

        deinit {
            for buffer in [from, to, presented] { buffer?.deallocate() }
            for target in targets { target.release() }
            for closure in closures { closure.release() }
        }

        func callAll() {
            let call = HeldTarget<Double>.caller
            frame += 1
            let a = 1 - 1 / frame
            if let from, let to, let presented {
                targets.withUnsafeBufferPointer { targets in
                    for i in targets.indices {
                        presented[i] = from[i] + (to[i] - from[i]) * a
                        HeldTarget<Double>.send(presented[i], to: targets[i], call)
                    }
                }
                return
            }
            let caller = HeldApply<Double>.caller
            for closure in closures { HeldApply.send(1000 * a, to: closure, caller) }
            for target in targets { HeldTarget<Double>.send(1000 * a, to: target, call) }
        }
    }

    /// One spring with an initial velocity on both sides, compared at the same frame times.
    /// libadwaita 1.2 takes its start time (in whole milliseconds) when `play()` is called and
    /// evaluates at whole-millisecond elapsed times; Unison's closed form is evaluated at
    /// exactly those times.
    static func trajectory() -> Trajectory {
        let (window, area) = makeWindow()
        defer { gtk_window_destroy(unison_bench_window(window)) }
        let v0 = 2500.0
        let recorder = TrajectoryRecorder(clock: gtk_widget_get_frame_clock(area)!)
        let write: AdwAnimationTargetFunc = { value, data in
            Unmanaged<TrajectoryRecorder>.fromOpaque(data!).takeUnretainedValue().record(value)
        }
        let target = adw_callback_animation_target_new(write, Unmanaged.passUnretained(recorder).toOpaque(), nil)
        let params = adw_spring_params_new_full(spring.damping, spring.mass, spring.stiffness)!
        let animation = adw_spring_animation_new(area, 0, 1000, params, target)!
        adw_spring_animation_set_initial_velocity(unison_bench_spring_animation(animation), v0)
        let startMilliseconds = gdk_frame_clock_get_frame_time(gtk_widget_get_frame_clock(area)) / 1000
        adw_animation_play(animation)
        GtkRuntime.iterate(timeout: 3) { adw_animation_get_state(animation) == ADW_ANIMATION_FINISHED }
        var maxDifference = 0.0
        var samples = 0
        for (frameMicroseconds, value) in recorder.samples {
            let elapsed = Double(frameMicroseconds / 1000 - startMilliseconds) / 1000
            // Stop at libadwaita's own end, where it snaps to the target.
            guard value != 1000 else { continue }
            let ours = spring.value(target: 1000.0, initialVelocity: v0, time: elapsed)
            maxDifference = max(maxDifference, abs(ours - value))
            samples += 1
        }
        print("trajectory: \(samples) frames compared, largest difference \(maxDifference) (of a 1000 change)")
        return Trajectory(
            mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, initialVelocity: v0,
            samples: samples, maxDifference: maxDifference)
    }

    final class TrajectoryRecorder {
        let clock: OpaquePointer
        var samples: [(Int, Double)] = []
        init(clock: OpaquePointer) { self.clock = clock }
        func record(_ value: Double) { samples.append((Int(gdk_frame_clock_get_frame_time(clock)), value)) }
    }
}
