import Foundation
import Unison

/// A clock whose frames the fuzzer presents at any time it likes: ahead, backwards, NaN,
/// infinite, huge. Its `timeScale` is `GtkFrameClock`'s own anchoring (`ScaledTime`, anchored at
/// the last finite frame time where GTK's is anchored at the monotonic time now), so the fuzzer
/// exercises the code GTK's clock runs; animations can be turned off.
@MainActor
public final class FuzzClock: FrameClock {
    /// The unscaled time of the last frame (or of the last `move(to:)`).
    public private(set) var real: TimeInterval = 0
    public private(set) var handler: (@MainActor (TimeInterval) -> Void)?
    public var animationsEnabled = true

    /// The last finite frame time, and the latest.
    private var lastFinite = 0.0
    private var latest = 0.0
    private var time = ScaledTime()

    public init() {}

    public var now: TimeInterval { scaled(real) }

    /// As `GtkFrameClock.timeScale`: non-finite or non-positive values are ignored.
    public var timeScale: Double {
        get { time.scale }
        set { time.setScale(newValue, at: lastFinite) }
    }

    private func scaled(_ real: TimeInterval) -> TimeInterval { time.scaled(real) }

    public func startFrames(_ handler: @escaping @MainActor (TimeInterval) -> Void) { self.handler = handler }
    public func stopFrames() { handler = nil }

    /// Whether a frame is wanted.
    public var isIdle: Bool { handler == nil }

    /// Presents a frame at unscaled time `time` (which may be anything, NaN included).
    public func frame(at time: TimeInterval) {
        real = time
        if time.isFinite {
            lastFinite = time
            latest = max(latest, time)
        }
        handler?(scaled(time))
    }

    /// Presents frames 1/60 s apart after the latest finite time until nothing animates or `limit`
    /// frames have passed, then one frame a day later; returns whether the clock is then idle.
    @discardableResult
    public func drain(frames limit: Int) -> Bool {
        let base = latest
        var count = 0
        while !isIdle && count < limit {
            count += 1
            frame(at: base + Double(count) / 60)
        }
        if !isIdle { frame(at: base + 86_400) }
        return isIdle
    }
}
