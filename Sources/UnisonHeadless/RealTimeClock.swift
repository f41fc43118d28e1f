import Dispatch
import Foundation
import Unison

/// A frame clock that runs in real time on the main queue, for headless use outside tests
/// (a command-line tool or a server that animates values).
///
/// Time is `CLOCK_MONOTONIC` in seconds, the base GTK's frame clocks use
/// (`g_get_monotonic_time`), so properties on this clock and on GTK widgets stay in step.
/// Frames are timer-driven at `framesPerSecond` only while something animates.
///
/// ```swift
/// let clock = RealTimeClock()
/// let level = AnimatableProperty(0.0, clock: clock) { print($0) }
/// animate(.smooth) { level.value = 1 }
/// dispatchMain()   // or any run loop that drains the main queue
/// ```
@MainActor
public final class RealTimeClock: FrameClock {
    /// How many frames per second the timer presents while something animates.
    public let framesPerSecond: Double
    /// What animations on this clock see in `context.environment`, under their property's and
    /// transaction's values (see ``HeadlessClock/environment``). None by default.
    public var environment = EnvironmentValues()
    private var timer: (any DispatchSourceTimer)?

    /// A clock presenting `framesPerSecond` frames per second (non-finite or non-positive: 60).
    public init(framesPerSecond: Double = 60) {
        self.framesPerSecond = framesPerSecond.isFinite && framesPerSecond > 0 ? framesPerSecond : 60
    }

    /// Seconds on `CLOCK_MONOTONIC`.
    public var now: TimeInterval { RealTimeClock.monotonicNow() }

    /// The current `CLOCK_MONOTONIC` time in seconds (the base of GTK's frame times).
    public nonisolated static func monotonicNow() -> TimeInterval {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    /// Calls `handler` on the main queue every 1 / ``framesPerSecond`` seconds with the current
    /// time, replacing any earlier handler.
    public func startFrames(_ handler: @escaping @MainActor (TimeInterval) -> Void) {
        timer?.cancel()
        let source = DispatchSource.makeTimerSource(queue: .main)
        let interval = 1 / framesPerSecond
        source.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(1))
        source.setEventHandler {
            MainActor.assumeIsolated { handler(RealTimeClock.monotonicNow()) }
        }
        timer = source
        source.resume()
    }

    /// Stops the frames: the handler `startFrames` gave is not called again.
    public func stopFrames() {
        timer?.cancel()
        timer = nil
    }
}
