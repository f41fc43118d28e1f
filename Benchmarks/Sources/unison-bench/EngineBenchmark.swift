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

    nonisolated static let kinds = ["Double spring", "CGPoint spring", "CGRect spring", "Double easeInOut"]

    static func run(counts: [Int], repetitions: Int, only: String? = nil) -> [Result] {
        var results: [Result] = []
        for kind in kinds where only == nil || kind == only {
            for count in counts {
                var perProperty: [Double] = []
                var steady: [Double] = []
                var finishing: [Double] = []
                var allocations: [Double] = []
                var bytes: [Double] = []
                for _ in 0..<repetitions {
                    let run = measure(kind: kind, count: count)
                    perProperty += run.frames.map { $0 * 1e6 / Double(count) }
                    steady.append(contentsOf: run.frames)
                    finishing.append(run.finishing)
                    allocations.append(run.allocationsPerFrame)
                    bytes.append(run.bytesPerProperty)
                }
                let steadyStats = Stats(steady)
                let result = Result(
                    kind: kind, count: count, nanosecondsPerPropertyFrame: Stats(perProperty),
                    steadyFrameMilliseconds: steadyStats, finishingFrameMilliseconds: Stats(finishing).median,
                    finishingToSteadyRatio: Stats(finishing).median / steadyStats.median,
                    allocationsPerFrame: Stats(allocations).max, bytesPerProperty: Stats(bytes).median)
                print(
                    "engine  \(kind.padding(toLength: 17, withPad: " ", startingAt: 0)) N=\(count): "
                        + "\(format(result.nanosecondsPerPropertyFrame.median)) ns/property/frame "
                        + "(IQR \(format(result.nanosecondsPerPropertyFrame.p25))–\(format(result.nanosecondsPerPropertyFrame.p75))), "
                        + "allocs/frame \(format(result.allocationsPerFrame, 2)), \(format(result.bytesPerProperty, 0)) B/property, "
                        + "finishing frame \(format(result.finishingToSteadyRatio, 2))× steady")
                results.append(result)
            }
        }
        return results
    }

    struct Run {
        var frames: [Double]  // milliseconds per steady frame
        var finishing: Double  // milliseconds of the frame in which everything finished
        var allocationsPerFrame: Double
        var bytesPerProperty: Double
    }

    /// Properties write into a preallocated buffer, as an adapter writes to a widget.
    static func measure(kind: String, count: Int) -> Run {
        let clock = HeadlessClock()
        let heapBefore = heapBytesInUse()
        var keepAlive: [AnyObject] = []
        keepAlive.reserveCapacity(count)
        let sink = UnsafeMutablePointer<Double>.allocate(capacity: count * 4)
        defer { sink.deallocate() }
        switch kind {
        case "Double spring", "Double easeInOut":
            let properties = (0..<count).map { i in AnimatableProperty(0.0, clock: clock) { sink[i] = $0 } }
            keepAlive = properties
            let animation: Animation = kind == "Double spring" ? .bouncy : .easeInOut(duration: 0.5)
            withAnimation(animation) { for (i, p) in properties.enumerated() { p.value = 1000 + Double(i % 7) } }
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
        let allocationsBefore = allocationCount()
        for _ in 0..<steadyFrames {
            let start = monotonicNanoseconds()
            clock.advance(frames: 1)
            frames.append(Double(monotonicNanoseconds() - start) / 1e6)
        }
        let allocationsPerFrame = Double(allocationCount() - allocationsBefore) / Double(steadyFrames)
        // Run to the frame where everything finishes and time that frame alone.
        var finishing = 0.0
        while !clock.isIdle {
            let allocationsAtStart = allocationCount()
            let start = monotonicNanoseconds()
            clock.advance(frames: 1)
            let elapsed = Double(monotonicNanoseconds() - start) / 1e6
            if clock.isIdle {
                finishing = elapsed
                if ProcessInfo.processInfo.environment["UNISON_BENCH_DEBUG"] != nil {
                    print("finishing frame: \(allocationCount() - allocationsAtStart) allocations, \(elapsed) ms")
                }
            }
        }
        withExtendedLifetime(keepAlive) {}
        return Run(
            frames: frames, finishing: finishing, allocationsPerFrame: allocationsPerFrame,
            bytesPerProperty: bytesPerProperty)
    }
}
