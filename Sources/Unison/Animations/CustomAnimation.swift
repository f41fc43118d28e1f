import Foundation

/// A type that defines how an animatable value changes over time.
///
/// `value` is the **delta** being animated (new model value minus old); return the
/// offset travelled so far at `time` (seconds since the animation started), or `nil`
/// once finished. Keep state across calls in `context.state`.
///
/// ```swift
/// struct Linear: CustomAnimation {
///     var duration: TimeInterval
///     func animate<V: VectorArithmetic>(value: V, time: TimeInterval,
///                                       context: inout AnimationContext<V>) -> V? {
///         time > duration ? nil : value.scaled(by: time / duration)
///     }
/// }
/// withAnimation(Animation(Linear(duration: 1))) { x.value = 100 }
/// ```
public protocol CustomAnimation: Hashable, Sendable {
    /// The offset travelled at `time`, or `nil` once the animation has finished.
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V?

    /// The velocity (units per second) at `time`, if the animation can say. The default is `nil`:
    /// the engine then differentiates `animate` numerically where it needs a velocity.
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V?

    /// Whether this animation takes over from `previous` (still running on the same
    /// property, `time` seconds after it started) instead of combining with it. A merging
    /// animation inherits `context` (and whatever it stores there). The default is `false`.
    func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool

    /// Whether this animation adapts itself to reduced motion (it reads
    /// `context.environment.accessibilityReduceMotion` and shortens, fades instead of moving, or
    /// drops its overshoot), so it may run where the toolkit skips animations only because the
    /// user asked for less motion: GTK with `gtk-enable-animations` off (see
    /// ``FrameClock/reducedMotionAnimationsEnabled``), like a libadwaita animation whose
    /// `follow-enable-animations-setting` is off. The default is `false`: such a change jumps.
    var adaptsToReducedMotion: Bool { get }
}

extension CustomAnimation {
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        nil
    }

    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        false
    }

    public var adaptsToReducedMotion: Bool { false }
}

/// A type-erased custom animation that compares by the wrapped value.
struct AnyCustomAnimation: Hashable, Sendable {
    let base: any CustomAnimation

    static func == (lhs: Self, rhs: Self) -> Bool {
        AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(base))
    }
}
