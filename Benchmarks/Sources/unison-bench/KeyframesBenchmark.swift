import Foundation
import Unison
import UnisonHeadless

/// A value with three parallel keyframe tracks (the demo's jump-and-squash pose).
struct Pose: Animatable {
    var y = 0.0
    var scaleX = 1.0
    var scaleY = 1.0

    var animatableData: AnimatablePair<Double, AnimatablePair<Double, Double>> {
        get { AnimatablePair(y, AnimatablePair(scaleX, scaleY)) }
        set { (y, scaleX, scaleY) = (newValue.first, newValue.second.first, newValue.second.second) }
    }
}

/// Keyframe timelines and decay per value per frame, beside springs: N values on a headless
/// clock, each kind measured in interleaved rounds (`unison-bench keyframes`).
///
/// - engine kinds: N `AnimatableProperty`s animating on one `HeadlessClock` (a spring, a decay, a
///   `KeyframeAnimator` playing its own `Double` timeline, or its own three-track `Pose` timeline);
///   the cost of `clock.advance(frames: 1)` divided by N.
/// - evaluation kinds: N timelines of their own evaluated with `value(time:)` at the frame's time
///   (scrubbing, plotting), no engine.
@MainActor
enum KeyframesBenchmark {
    nonisolated static let kinds = [
        "Double spring", "Double decay", "Double keyframes (engine)", "Pose keyframes, 3 tracks (engine)",
        "Double timeline.value(time:)", "Pose timeline.value(time:)",
    ]

    /// The `Double` track: cubic, cubic, linear with a curve, a spring (1.6 s in all).
    static func doubleTimeline(from start: Double) -> KeyframeTimeline<Double> {
        KeyframeTimeline(initialValue: start) {
            CubicKeyframe(start + 400, duration: 0.3)
            CubicKeyframe(start + 150, duration: 0.3)
            LinearKeyframe(start + 800, duration: 0.3, timingCurve: .easeInOut)
            SpringKeyframe(start + 1000, duration: 0.7, spring: .bouncy)
        }
    }

    /// The demo's jump: three tracks of four to six keyframes.
    static func poseTimeline(from start: Pose) -> KeyframeTimeline<Pose> {
        KeyframeTimeline(initialValue: start) {
            KeyframeTrack(\.y) {
                LinearKeyframe(0, duration: 0.15)
                CubicKeyframe(-150, duration: 0.3, startVelocity: -1000, endVelocity: 0)
                CubicKeyframe(0, duration: 0.3, startVelocity: 0, endVelocity: 1000)
                LinearKeyframe(0, duration: 0.4)
            }
            KeyframeTrack(\.scaleY) {
                CubicKeyframe(0.75, duration: 0.15)
                CubicKeyframe(1.2, duration: 0.1)
                CubicKeyframe(1.0, duration: 0.2)
                CubicKeyframe(1.1, duration: 0.3)
                CubicKeyframe(0.7, duration: 0.06)
                SpringKeyframe(1.0, spring: Spring(duration: 0.35, bounce: 0.5))
            }
            KeyframeTrack(\.scaleX) {
                CubicKeyframe(1.2, duration: 0.15)
                CubicKeyframe(0.85, duration: 0.1)
                CubicKeyframe(1.0, duration: 0.2)
                CubicKeyframe(0.93, duration: 0.3)
                CubicKeyframe(1.3, duration: 0.06)
                SpringKeyframe(1.0, spring: Spring(duration: 0.35, bounce: 0.5))
            }
        }
    }

    struct Result: Codable {
        var kind: String
        var count: Int
        /// ns per value per frame: the median of the rounds' medians, and their min and max.
        var median: Double
        var min: Double
        var max: Double
        var allocationsPerFrame: Double
    }

    /// Every (kind, N) once per round, round-robin, `repetitions` rounds; only the kind named by
    /// `--only` when it names one (for profiling a single kind).
    static func run(counts: [Int], repetitions: Int) -> [Result] {
        let selected = kinds.contains(only ?? "") ? [only!] : kinds
        let cases = selected.flatMap { kind in counts.map { (kind, $0) } }
        var rounds = [String: [(perValue: Double, allocations: Double)]]()
        for _ in 0..<repetitions {
            for (kind, count) in cases {
                rounds["\(kind)|\(count)", default: []].append(measure(kind: kind, count: count))
            }
        }
        var results: [Result] = []
        for (kind, count) in cases {
            let runs = rounds["\(kind)|\(count)"]!
            let stats = Stats(runs.map(\.perValue))
            let result = Result(
                kind: kind, count: count, median: stats.median, min: stats.min, max: stats.max,
                allocationsPerFrame: runs.map(\.allocations).max() ?? .nan)
            print(
                "keyframes  \(kind.padding(toLength: 34, withPad: " ", startingAt: 0)) N=\(count): "
                    + "\(format(result.median)) ns/value/frame (\(repetitions) rounds: \(format(result.min))–"
                    + "\(format(result.max))), allocs/frame \(format(result.allocationsPerFrame, 2))")
            results.append(result)
        }
        return results
    }

    /// The results as a Markdown table.
    static func markdown(_ results: [Result], repetitions: Int) -> String {
        var md = "| kind | N | ns / value / frame | min–max of \(repetitions) rounds | allocations / frame |\n"
        md += "| --- | ---: | ---: | ---: | ---: |\n"
        for r in results {
            md +=
                "| \(r.kind) | \(r.count) | \(format(r.median)) | \(format(r.min))–\(format(r.max)) | \(format(r.allocationsPerFrame, 2)) |\n"
        }
        return md
    }

    /// Steady frames per round: 24, or `UNISON_BENCH_FRAMES` (instruction counts per steady frame
    /// are the difference of two runs with different counts, which cancels the first frames).
    static let steadyFrames = ProcessInfo.processInfo.environment["UNISON_BENCH_FRAMES"].flatMap { Int($0) } ?? 24

    /// One round of one kind: the median of 24 steady frames (after 3 warm-up frames), per value,
    /// and the heap allocations per steady frame.
    static func measure(kind: String, count: Int) -> (perValue: Double, allocations: Double) {
        let clock = HeadlessClock()
        var keepAlive: [AnyObject] = []
        let sink = UnsafeMutablePointer<Double>.allocate(capacity: count * 3)
        defer { sink.deallocate() }
        var step: () -> Void = { clock.advance(frames: 1) }
        switch kind {
        case "Double spring", "Double decay":
            let properties = (0..<count).map { i in AnimatableProperty(0.0, clock: clock) { sink[i] = $0 } }
            keepAlive = properties
            if kind == "Double spring" {
                withAnimation(.bouncy) { for (i, p) in properties.enumerated() { p.value = 1000 + Double(i % 7) } }
            } else {
                // Flicks of 2000...2006 px/s, each coasting to its projection.
                withAnimation(.decay(.normal)) {
                    for (i, p) in properties.enumerated() { p.value = project(0, velocity: 2000 + Double(i % 7)) }
                }
            }
        case "Double keyframes (engine)":
            let properties = (0..<count).map { i in AnimatableProperty(Double(i % 7), clock: clock) { sink[i] = $0 } }
            let animators = properties.map { p in KeyframeAnimator(p, timeline: doubleTimeline(from: p.value)) }
            keepAlive = properties + animators
            for animator in animators { animator.play() }
        case "Pose keyframes, 3 tracks (engine)":
            let properties = (0..<count).map { i in
                AnimatableProperty(Pose(), clock: clock) {
                    sink[3 * i] = $0.y
                    sink[3 * i + 1] = $0.scaleX
                    sink[3 * i + 2] = $0.scaleY
                }
            }
            let animators = properties.map { p in KeyframeAnimator(p, timeline: poseTimeline(from: p.value)) }
            keepAlive = properties + animators
            for animator in animators { animator.play() }
        case "Double timeline.value(time:)":
            let timelines = (0..<count).map { doubleTimeline(from: Double($0 % 7)) }
            var frame = 0
            step = {
                frame += 1
                let t = Double(frame) / 60
                for i in 0..<count { sink[i] = timelines[i].value(time: t) }
            }
        default:  // "Pose timeline.value(time:)"
            let timelines = (0..<count).map { _ in poseTimeline(from: Pose()) }
            var frame = 0
            step = {
                frame += 1
                let t = Double(frame) / 60
                for i in 0..<count {
                    let pose = timelines[i].value(time: t)
                    sink[3 * i] = pose.y
                    sink[3 * i + 1] = pose.scaleX
                    sink[3 * i + 2] = pose.scaleY
                }
            }
        }
        for _ in 0..<3 { step() }  // first frames: start times, caches
        var frames: [Double] = []
        frames.reserveCapacity(steadyFrames)
        let allocationsBefore = allocationCount()
        for _ in 0..<steadyFrames {
            let start = monotonicNanoseconds()
            step()
            frames.append(Double(monotonicNanoseconds() - start))
        }
        let allocations = Double(allocationCount() - allocationsBefore) / Double(steadyFrames)
        withExtendedLifetime(keepAlive) {}
        return (Stats(frames).median / Double(count), allocations)
    }
}
