import Foundation
import Unison

/// A deterministic frame clock for tests and offline rendering: time starts at zero and
/// moves only when told, and every frame in between is presented, in order.
///
/// ```swift
/// let clock = HeadlessClock()                  // 60 frames per second
/// let x = AnimatableProperty(0.0, clock: clock)
/// animate(.linear(duration: 1)) { x.value = 10 }
/// clock.advance(by: 0.5)                       // presents frames 1...30
/// x.presentationValue                          // 5
/// clock.runUntilIdle()                         // true once nothing animates
/// ```
///
/// Frames fall on the grid `k / framesPerSecond`; `now` may sit between frames after
/// `advance(by:)` with a non-multiple. Nothing here ever sleeps or reads the wall clock.
@MainActor
public final class HeadlessClock: FrameClock {
    /// How many frames each second of this clock's time holds: frame `k` falls at
    /// `k / framesPerSecond` seconds.
    public let framesPerSecond: Double
    /// The clock's time in seconds: 0 at first, moved forward only by ``advance(by:)``,
    /// ``advance(frames:)`` and ``runUntilIdle(timeout:)``.
    public private(set) var now: TimeInterval = 0
    /// Frames presented so far.
    public private(set) var frameCount = 0
    /// Set to false to behave like a toolkit with animations turned off (changes jump).
    public var animationsEnabled = true
    /// What animations on this clock see in `context.environment`, under their property's and
    /// transaction's values: set a key to stand in for a toolkit (a right-to-left locale, a user
    /// who asked for less motion). None by default. Unlike a toolkit, a headless clock does not
    /// skip animations for `accessibilityReduceMotion`: it is a value for animations to act on.
    ///
    /// ```swift
    /// clock.environment.layoutDirection = .rightToLeft
    /// ```
    public var environment = EnvironmentValues()

    private var frameIndex = 0
    private var handler: (@MainActor (TimeInterval) -> Void)?
    /// Frames before this time are not handed to the engine (it rests in a delay).
    private var restingUntil = -Double.infinity

    /// A clock presenting `framesPerSecond` frames per second (non-finite or non-positive: 60).
    public init(framesPerSecond: Double = 60) {
        self.framesPerSecond = framesPerSecond.isFinite && framesPerSecond > 0 ? framesPerSecond : 60
    }

    /// Calls `handler` with each frame's time from now on, as time is advanced.
    public func startFrames(_ handler: @escaping @MainActor (TimeInterval) -> Void) {
        self.handler = handler
        restingUntil = -.infinity
    }

    /// Stops calling the handler `startFrames` gave; later frames only move time.
    public func stopFrames() {
        handler = nil
        restingUntil = -.infinity
    }

    /// Frames before `time` are still counted and move `now`, but the engine is not called for
    /// them (nothing would change): the first frame at or after `time` resumes.
    public func restFrames(until time: TimeInterval) -> Bool {
        restingUntil = time
        return true
    }

    /// True when nothing animates on this clock (no frames are wanted).
    public var isIdle: Bool { handler == nil }

    /// Moves time forward by `seconds`, presenting every frame due on the way. A negative
    /// or NaN amount moves nothing. Either way this is a safe point: completions that became
    /// due where they could not run (a property released mid-flight) run here.
    public func advance(by seconds: TimeInterval) {
        defer { runDueCompletions() }
        guard seconds.isFinite, seconds > 0 else { return }
        let end = now + seconds
        while true {
            let next = Double(frameIndex + 1) / framesPerSecond
            guard next <= end + 1e-12 else { break }
            frameIndex += 1
            now = max(now, next)
            present()
        }
        now = max(now, end)
    }

    /// Presents the next `frames` frames (a safe point, like ``advance(by:)``).
    public func advance(frames: Int) {
        defer { runDueCompletions() }
        guard frames > 0 else { return }
        for _ in 0..<frames {
            frameIndex += 1
            now = max(now, Double(frameIndex) / framesPerSecond)
            present()
        }
    }

    /// Presents frames until nothing animates or `timeout` seconds of clock time pass.
    /// Returns false if something still animates (for example `repeatForever`); never hangs.
    @discardableResult
    public func runUntilIdle(timeout: TimeInterval = 60) -> Bool {
        runDueCompletions()  // a safe point even when nothing animates
        let limit = now + (timeout.isFinite ? max(timeout, 0) : 60)
        while !isIdle && now + 1 / framesPerSecond <= limit + 1e-12 {
            advance(frames: 1)
        }
        return isIdle
    }

    private func present() {
        frameCount += 1
        guard now >= restingUntil - 1e-12 else { return }
        restingUntil = -.infinity
        handler?(now)
    }
}
