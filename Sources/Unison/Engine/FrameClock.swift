import Foundation

/// A source of frames: the boundary between Unison's engine and a toolkit.
///
/// The engine asks a clock for frames only while something animates on it
/// (`startFrames`), and releases it when idle (`stopFrames`), so an idle app does no
/// work at all. A clock never calls the handler after `stopFrames`.
///
/// ```swift
/// final class MyClock: FrameClock {
///     var now: TimeInterval { monotonicSeconds() }
///     func startFrames(_ handler: @escaping @MainActor (TimeInterval) -> Void) { /* vsync → handler(time) */ }
///     func stopFrames() { /* stop vsync */ }
/// }
/// ```
///
/// Clocks whose times share a base (GTK's frame clocks, `UnisonHeadless`'s real-time
/// clock: all `CLOCK_MONOTONIC` seconds) keep properties on different clocks in exact step.
@MainActor
public protocol FrameClock: AnyObject {
    /// The current time in seconds on this clock's monotonic base.
    var now: TimeInterval { get }
    /// Starts calling `handler` once per frame with the frame's presentation time.
    func startFrames(_ handler: @escaping @MainActor (TimeInterval) -> Void)
    /// Stops the frames started by `startFrames`.
    func stopFrames()
    /// Whether changes on this clock may animate (false: the toolkit asks for no motion,
    /// so animated changes jump and complete at once). Defaults to true.
    var animationsEnabled: Bool { get }
    /// Lets the frames pause until `time` (on this clock's time base), then resume with the
    /// handler `startFrames` gave, unless `stopFrames` or `startFrames` comes first. The engine
    /// asks when everything on the clock rests in a `delay`, so a delayed animation does not keep
    /// a toolkit's frame clock busy. Returns false when the clock cannot pause (frames go on);
    /// that is the default.
    func restFrames(until time: TimeInterval) -> Bool
    /// What this clock knows about where its animations run: the lowest layer of every
    /// animation's ``AnimationContext/environment`` (above the keys' defaults). GTK's clock
    /// reports its widget's text direction, `gtk-enable-animations` (as
    /// `accessibilityReduceMotion`) and scale factor. Read once per animation start that needs
    /// it (a custom animation, a transition), never per frame. Defaults to no values set.
    var environment: EnvironmentValues { get }
    /// Whether animations that adapt themselves to reduced motion
    /// (``CustomAnimation/adaptsToReducedMotion``) and essential changes (``Transaction/isEssential``)
    /// may run on this clock. It is true where
    /// `animationsEnabled` is false only because the user asked for less motion (GTK:
    /// `gtk-enable-animations` off, on a mapped widget), and false where nothing could be shown
    /// (an unmapped widget). Defaults to `animationsEnabled`.
    var reducedMotionAnimationsEnabled: Bool { get }
}

extension FrameClock {
    public var animationsEnabled: Bool { true }
    public func restFrames(until time: TimeInterval) -> Bool { false }
    public var environment: EnvironmentValues { EnvironmentValues() }
    public var reducedMotionAnimationsEnabled: Bool { animationsEnabled }

    /// Whether a change made with `animation` animates on this clock (otherwise it jumps);
    /// `essential` changes (``Transaction/isEssential``) run where adapting animations may.
    func allowsAnimation(_ animation: Animation, essential: @autoclosure () -> Bool = false) -> Bool {
        animationsEnabled
            || (reducedMotionAnimationsEnabled
                && (animation.storage.customBase?.base.adaptsToReducedMotion == true || essential()))
    }
}
