import Foundation
import Unison
import UnisonHeadless

/// Part 1: N concurrent animating properties driven by HeadlessClock, no toolkit.
@MainActor
enum EngineBenchmark {
    struct Result: Codable {
        var kind: String
        var count: Int
        var nanosecondsPerPropertyFrame: Stats
        var steadyFrameMilliseconds: Stats
        var finishingFrameMilliseconds: Double
        var finishingToSteadyRatio: Double
        var allocationsPerFrame: Double
        var bytesPerProperty: Double
    }

    nonisolated static let kinds = [
        "Double spring", "Double spring, targets", "CGPoint spring", "CGRect spring", "CGRect spring, targets",
        "Double easeInOut", "Pose spring",
    ]

    /// Runs every (kind, N) once per round, round-robin, so that noise on a shared machine spreads
    /// over all of them instead of hitting one kind's back-to-back runs; reports the median of the
    /// rounds' medians, with the spread of those medians.
    static func run(counts: [Int], repetitions: Int, only: String? = nil) -> [Result] {
        let cases = kinds.filter { only == nil || $0 == only }.flatMap { kind in counts.map { (kind, $0) } }
        var runs = [String: [Run]]()
        for _ in 0..<repetitions {
            for (kind, count) in cases {
                runs["\(kind)|\(count)", default: []].append(measure(kind: kind, count: count))
            }
        }
        return summarize(cases, runs: runs, repetitions: repetitions)
    }

    /// The common case on a heap fragmented as in a long-running app, where properties created
    /// later do not land next to each other. Run it last: the heap stays fragmented afterwards.
    static func runFragmented(repetitions: Int) -> [Result] {
        scrambleHeap()
        let kinds = [
            ("Double spring, fragmented heap", "Double spring"),
            ("Double targets, fragmented heap", "Double spring, targets"),
        ]
        var runs = [String: [Run]]()
        for _ in 0..<repetitions {
            for (kind, measured) in kinds {
                runs["\(kind)|10000", default: []].append(measure(kind: measured, count: 10_000))
            }
        }
        return summarize(kinds.map { ($0.0, 10_000) }, runs: runs, repetitions: repetitions)
    }

    /// Frames that start with empty caches, as under a toolkit: between two frames the main loop
    /// sleeps and the renderer runs, and the next frame finds the engine's code and data, and the
    /// apply closures, in memory rather than cache. Each steady frame here is preceded by writing
    /// twice the last-level cache (`CacheEviction`), outside the timed span.
    static func runCold(counts: [Int], repetitions: Int) -> [Result] {
        let kinds = [
            ("Double spring, cold caches", "Double spring"), ("Double targets, cold caches", "Double spring, targets"),
        ]
        var runs = [String: [Run]]()
        for _ in 0..<repetitions {
            for count in counts {
                for (kind, measured) in kinds {
                    runs["\(kind)|\(count)", default: []].append(measure(kind: measured, count: count, cold: true))
                }
            }
        }
        return summarize(kinds.flatMap { kind in counts.map { (kind.0, $0) } }, runs: runs, repetitions: repetitions)
    }

    private static func summarize(_ cases: [(String, Int)], runs: [String: [Run]], repetitions: Int) -> [Result] {
        var results: [Result] = []
        for (kind, count) in cases {
            let rounds = runs["\(kind)|\(count)"]!
            let perRound = rounds.map { Stats($0.frames).median * 1e6 / Double(count) }
            let steady = Stats(rounds.map { Stats($0.frames).median })
            let finishing = Stats(rounds.map(\.finishing)).median
            var spread = Stats(perRound)
            spread.p25 = spread.min  // the columns report the min–max of the rounds' medians
            spread.p75 = spread.max
            let result = Result(
                kind: kind, count: count, nanosecondsPerPropertyFrame: spread,
                steadyFrameMilliseconds: steady, finishingFrameMilliseconds: finishing,
                finishingToSteadyRatio: finishing / steady.median,
                allocationsPerFrame: rounds.map(\.allocationsPerFrame).max() ?? .nan,
                bytesPerProperty: Stats(rounds.map(\.bytesPerProperty)).median)
            print(
                "engine  \(kind.padding(toLength: 22, withPad: " ", startingAt: 0)) N=\(count): "
                    + "\(format(result.nanosecondsPerPropertyFrame.median)) ns/property/frame "
                    + "(\(repetitions) rounds: \(format(spread.min))–\(format(spread.max))), "
                    + "allocs/frame \(format(result.allocationsPerFrame, 2)), \(format(result.bytesPerProperty, 0)) B/property, "
                    + "finishing frame \(format(result.finishingToSteadyRatio, 2))× steady")
            results.append(result)
        }
        return results
    }

    /// Leaves the allocator's free lists fragmented, as in a long-running app: properties created
    /// afterwards land in scattered places instead of next to each other.
    static var scrambleKeep: [UnsafeMutableRawPointer] = []
    static func scrambleHeap() {
        var rng = SystemRandomNumberGenerator()
        var blocks: [UnsafeMutableRawPointer] = []
        for _ in 0..<200_000 { blocks.append(malloc(Int.random(in: 16...512, using: &rng))!) }
        for (i, block) in blocks.enumerated() {
            if i % 2 == 0 { free(block) } else { scrambleKeep.append(block) }
        }
    }

    /// Writes each value to its slot: the ``AnimationTarget`` form of `{ sink[i] = $0 }`.
    final class SlotTarget: AnimationTarget<Double> {
        let slot: UnsafeMutablePointer<Double>
        init(_ slot: UnsafeMutablePointer<Double>) { self.slot = slot }
        override func apply(_ value: Double) { slot.pointee = value }
    }

    /// Writes what the `CGRect` closures write (x and height): the ``AnimationTarget`` form.
    final class RectSlotTarget: AnimationTarget<CGRect> {
        let slots: UnsafeMutablePointer<Double>
        init(_ slots: UnsafeMutablePointer<Double>) { self.slots = slots }
        override func apply(_ value: CGRect) {
            slots[0] = Double(value.origin.x)
            slots[3] = Double(value.size.height)
        }
    }

    struct Run {
        var frames: [Double]  // milliseconds per steady frame
        var finishing: Double  // milliseconds of the frame in which everything finished
        var allocationsPerFrame: Double
        var bytesPerProperty: Double
    }

    /// Properties write into a preallocated buffer, as an adapter writes to a widget.
    static func measure(kind: String, count: Int, cold: Bool = false) -> Run {
        let clock = HeadlessClock()
        if ProcessInfo.processInfo.environment["UNISON_BENCH_SCRAMBLE"] != nil && scrambleKeep.isEmpty {
            scrambleHeap()
        }
        let heapBefore = heapBytesInUse()
        var keepAlive: [AnyObject] = []
        keepAlive.reserveCapacity(count)
        let sink = UnsafeMutablePointer<Double>.allocate(capacity: count * 4)
        defer { sink.deallocate() }
        switch kind {
        case "Double spring, targets":
            let properties = (0..<count).map { i in AnimatableProperty(0.0, clock: clock, target: SlotTarget(sink + i))
            }
            keepAlive = properties
            withAnimation(.bouncy) { for (i, p) in properties.enumerated() { p.value = 1000 + Double(i % 7) } }
        case "CGRect spring, targets":
            let properties = (0..<count).map { i in
                AnimatableProperty(CGRect.zero, clock: clock, target: RectSlotTarget(sink + 4 * i))
            }
            keepAlive = properties
            withAnimation(.bouncy) {
                for p in properties { p.value = CGRect(x: 1000, y: 500, width: 200, height: 100) }
            }
        case "Double spring", "Double easeInOut":
            let properties = (0..<count).map { i in AnimatableProperty(0.0, clock: clock) { sink[i] = $0 } }
            keepAlive = properties
            let animation: Animation = kind == "Double spring" ? .bouncy : .easeInOut(duration: 0.5)
            withAnimation(animation) { for (i, p) in properties.enumerated() { p.value = 1000 + Double(i % 7) } }
        case "Pose spring":
            // A value type of the app's own (three tracks): the engine's code compiled for any type.
            let properties = (0..<count).map { i in
                AnimatableProperty(Pose(), clock: clock) {
                    sink[2 * i] = $0.y
                    sink[2 * i + 1] = $0.scaleX
                }
            }
            keepAlive = properties
            withAnimation(.bouncy) { for p in properties { p.value = Pose(y: 1000, scaleX: 2, scaleY: 3) } }
        case "CGPoint spring":
            let properties = (0..<count).map { i in
                AnimatableProperty(CGPoint.zero, clock: clock) {
                    sink[2 * i] = Double($0.x)
                    sink[2 * i + 1] = Double($0.y)
                }
            }
            keepAlive = properties
            withAnimation(.bouncy) { for p in properties { p.value = CGPoint(x: 1000, y: 500) } }
        default:
            let properties = (0..<count).map { i in
                AnimatableProperty(CGRect.zero, clock: clock) {
                    sink[4 * i] = Double($0.origin.x)
                    sink[4 * i + 3] = Double($0.size.height)
                }
            }
            keepAlive = properties
            withAnimation(.bouncy) {
                for p in properties { p.value = CGRect(x: 1000, y: 500, width: 200, height: 100) }
            }
        }
        let bytesPerProperty = Double(heapBytesInUse() - heapBefore) / Double(count)
        clock.advance(frames: 3)  // first frames: start times, caches, capacity growth
        let steadyFrames = 24
        var frames: [Double] = []
        frames.reserveCapacity(steadyFrames)
        if cold { CacheEviction.evict() }  // (its buffer is made here, before allocations are counted)
        let allocationsBefore = allocationCount()
        for _ in 0..<steadyFrames {
            if cold { CacheEviction.evict() }
            let start = monotonicNanoseconds()
            clock.advance(frames: 1)
            frames.append(Double(monotonicNanoseconds() - start) / 1e6)
        }
        let allocationsPerFrame = Double(allocationCount() - allocationsBefore) / Double(steadyFrames)
        // Run to the frame where everything finishes and time that frame alone.
        var finishing = 0.0
        while !clock.isIdle {
            if cold { CacheEviction.evict() }
            let start = monotonicNanoseconds()
            clock.advance(frames: 1)
            let elapsed = Double(monotonicNanoseconds() - start) / 1e6
            if clock.isIdle {
                finishing = elapsed
            }
        }
        withExtendedLifetime(keepAlive) {}
        return Run(
            frames: frames, finishing: finishing, allocationsPerFrame: allocationsPerFrame,
            bytesPerProperty: bytesPerProperty)
    }
}

/// Empties the caches: writes one byte in every line of a buffer twice the size of the last-level
/// cache (32 MB on the project's machine; 64 MB here), so that what a frame reads next comes from
/// memory, as in a frame after the main loop slept.
@MainActor
enum CacheEviction {
    static let bytes = 64 << 20
    static let buffer: UnsafeMutablePointer<UInt8> = {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes)
        buffer.initialize(repeating: 0, count: bytes)
        return buffer
    }()

    static func evict() {
        for offset in stride(from: 0, to: bytes, by: 64) { buffer[offset] &+= 1 }
    }
}

/// The floor: what N values sharing one spring cost per frame when nothing but the arithmetic is
/// done, in arrays (structure of arrays, vectorised by the compiler): one spring sample per frame,
/// then `out = base + (target − base)·a` per value. No engine, no apply closures, no state.
enum ArithmeticFloor {
    struct Point: Codable {
        var count: Int
        var nanosecondsPerValue: Double
    }

    static func run(counts: [Int], repetitions: Int) -> [Point] {
        counts.map { count in
            let base = (0..<count).map { Double($0 % 7) }
            let target = (0..<count).map { 1000 + Double($0 % 7) }
            var out = [Double](repeating: 0, count: count)
            let spring = Spring.bouncy
            var rounds: [Double] = []
            for _ in 0..<repetitions {
                var frames: [Double] = []
                for frame in 0..<24 {
                    let start = monotonicNanoseconds()
                    let a = 1 - spring.value(target: 1.0, initialVelocity: 0, time: Double(frame) / 60)
                    let s = 1 - a
                    base.withUnsafeBufferPointer { b in
                        target.withUnsafeBufferPointer { t in
                            out.withUnsafeMutableBufferPointer { o in
                                for i in 0..<count { o[i] = b[i] + (t[i] - b[i]) * s }
                            }
                        }
                    }
                    frames.append(Double(monotonicNanoseconds() - start) / Double(count))
                }
                rounds.append(Stats(frames).median)
            }
            withExtendedLifetime(out) {}
            let point = Point(count: count, nanosecondsPerValue: Stats(rounds).median)
            print(
                "floor   N=\(count): \(format(point.nanosecondsPerValue, 2)) ns per value per frame (arithmetic only)")
            return point
        }
    }
}

/// An apply closure held as a property's core holds it, a constant of an object, and called as a
/// batch calls it: through an `Unmanaged` reference, so that neither the object nor the closure is
/// retained around the call. (A closure copied out of an array or struct is retained and released
/// around every call, two atomic operations that cost more than the call itself.)
@MainActor
final class HeldApply<Value> {
    let call: @MainActor (Value) -> Void
    init(_ call: @escaping @MainActor (Value) -> Void) { self.call = call }

    /// `held.call(value)` without reference counting; `call` is `caller`.
    @inline(__always)
    nonisolated static func send(
        _ value: Value, to held: Unmanaged<HeldApply<Value>>, _ call: (HeldApply<Value>, Value) -> Void
    ) {
        held._withUnsafeGuaranteedRef { call($0, value) }
    }

    /// `held.call(value)`, of no isolation for `send` (a main-actor closure handed to the standard
    /// library checks its executor on every call); only ever run on the main actor.
    @inline(__always)
    static var caller: (HeldApply<Value>, Value) -> Void {
        let call: @MainActor (HeldApply<Value>, Value) -> Void = { $0.call($1) }
        return unsafeBitCast(call, to: ((HeldApply<Value>, Value) -> Void).self)
    }
}

/// A target called as a batch of targets calls it: through its vtable, without reference counting
/// (the caller holds it), as `HeldApply` calls a closure.
enum HeldTarget<Value: Animatable> {
    @inline(__always)
    nonisolated static func send(
        _ value: Value, to target: Unmanaged<AnimationTarget<Value>>, _ call: (AnimationTarget<Value>, Value) -> Void
    ) {
        target._withUnsafeGuaranteedRef { call($0, value) }
    }

    /// `target.apply(value)`, of no isolation for `send` (as `HeldApply.caller`).
    @MainActor @inline(__always)
    static var caller: (AnimationTarget<Value>, Value) -> Void {
        let call: @MainActor (AnimationTarget<Value>, Value) -> Void = { $0.apply($1) }
        return unsafeBitCast(call, to: ((AnimationTarget<Value>, Value) -> Void).self)
    }
}

/// The floor under any engine that hands values to apply closures: N closures, each capturing its
/// index and writing what the engine benchmark's closures of the same kind write (one `Double`, or a
/// `CGRect`'s x and height), called once per frame from an array, with nothing else. Each closure
/// is allocated beside a block the size of a property's other state, as the benchmark's properties
/// lie in memory: next to each other on a fresh heap, wherever it puts them on the fragmented one.
///
/// Each closure is held by an object and called without reference counting (`HeldApply`), as a
/// batch calls its members' (each through its core).
@MainActor
enum ApplyCallFloor {
    struct Point: Codable {
        var count: Int
        var heap: String
        var nanosecondsPerCall: Double
        /// The value the closures take ("Double" or "CGRect"; absent in older results: Double).
        var value: String?
        /// Whether the caches were emptied before each frame (absent in older results: no).
        var cold: Bool?
    }

    @MainActor protocol Apply {
        associatedtype Value
        init(_ index: Int, sink: UnsafeMutablePointer<Double>)
        static func value(_ frame: Int) -> Value
        func callAsFunction(_ value: Value)
        /// Lets go of what `init` made and the calls did not hold (a target held `Unmanaged`).
        func release()
    }

    struct DoubleApply: Apply {
        let held: Unmanaged<HeldApply<Double>>
        init(_ i: Int, sink: UnsafeMutablePointer<Double>) { held = .passRetained(HeldApply { sink[i] = $0 }) }
        static func value(_ frame: Int) -> Double { Double(frame) }
        func callAsFunction(_ value: Double) { HeldApply.send(value, to: held, HeldApply.caller) }
        func release() { held.release() }
    }

    struct RectApply: Apply {
        let held: Unmanaged<HeldApply<CGRect>>
        init(_ i: Int, sink: UnsafeMutablePointer<Double>) {
            held = .passRetained(
                HeldApply {
                    sink[4 * i] = Double($0.origin.x)
                    sink[4 * i + 3] = Double($0.size.height)
                })
        }
        static func value(_ frame: Int) -> CGRect { CGRect(x: frame, y: 1, width: 2, height: frame) }
        func callAsFunction(_ value: CGRect) { HeldApply.send(value, to: held, HeldApply.caller) }
        func release() { held.release() }
    }

    /// The ``AnimationTarget`` form: each call goes through the target's vtable without reference
    /// counting, as a batch of targets calls it (`ValueBatch.send`).
    struct TargetApply: Apply {
        let target: Unmanaged<AnimationTarget<Double>>
        init(_ i: Int, sink: UnsafeMutablePointer<Double>) {
            target = .passRetained(EngineBenchmark.SlotTarget(sink + i))
        }
        static func value(_ frame: Int) -> Double { Double(frame) }
        func callAsFunction(_ value: Double) {
            HeldTarget<Double>.send(value, to: target, HeldTarget<Double>.caller)
        }
        func release() { target.release() }
    }

    /// `cold`: the caches are emptied before each frame (`CacheEviction`). `target`: ``AnimationTarget``s
    /// (`TargetApply`) in place of closures.
    static func run(
        count: Int, repetitions: Int, fragmented: Bool, rect: Bool = false, cold: Bool = false, target: Bool = false
    ) -> Point {
        let nanoseconds =
            target
            ? measure(TargetApply.self, count, repetitions, cold)
            : rect
                ? measure(RectApply.self, count, repetitions, cold)
                : measure(DoubleApply.self, count, repetitions, cold)
        let point = Point(
            count: count, heap: fragmented ? "fragmented" : "fresh", nanosecondsPerCall: nanoseconds,
            value: target ? "Double target" : rect ? "CGRect" : "Double", cold: cold)
        print(
            "floor   N=\(count): \(format(point.nanosecondsPerCall, 2)) ns per apply call alone "
                + "(\(point.value!), \(point.heap) heap\(cold ? ", cold caches" : ""))")
        return point
    }

    private static func measure<A: Apply>(_: A.Type, _ count: Int, _ repetitions: Int, _ cold: Bool) -> Double {
        let sink = UnsafeMutablePointer<Double>.allocate(capacity: 4 * count)
        defer { sink.deallocate() }
        var fillers: [UnsafeMutableRawPointer] = []
        var applies: [A] = []
        applies.reserveCapacity(count)
        for i in 0..<count {
            applies.append(A(i, sink: sink))
            fillers.append(malloc(512)!)
        }
        var rounds: [Double] = []
        for _ in 0..<repetitions {
            var frames: [Double] = []
            for frame in 0..<24 {
                if cold { CacheEviction.evict() }
                let shown = A.value(frame)
                let start = monotonicNanoseconds()
                for apply in applies { apply(shown) }
                frames.append(Double(monotonicNanoseconds() - start) / Double(count))
            }
            rounds.append(Stats(frames).median)
        }
        for filler in fillers { free(filler) }
        for apply in applies { apply.release() }
        return Stats(rounds).median
    }
}
