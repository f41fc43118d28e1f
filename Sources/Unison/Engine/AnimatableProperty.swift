import Foundation

/// A value that animates: the toolkit-neutral unit every adapter builds on.
///
/// `value` is the model value. Set it inside ``animate(_:changes:completion:)-(Animation,_,_)`` (or
/// `withAnimation`) and it animates there on `clock`, calling `apply` with each presented
/// value, once per frame; set it anywhere else and it jumps (one `apply`).
///
/// ```swift
/// let clock = HeadlessClock()
/// let x = AnimatableProperty(0.0, clock: clock) { label.text = "\($0)" }
/// animate(.smooth) { x.value = 100 }     // x.value == 100 at once; x.presentationValue moves
/// clock.advance(by: 0.25)
/// ```
///
/// Retargeting follows SwiftUI: a spring set while another animation runs takes over
/// its position and velocity; other animations combine so the value never jumps.
///
/// Bad input: a value with a NaN or infinite component is ignored (the property keeps
/// its value), so nothing non-finite is ever presented. Releasing a property mid-flight
/// stops its frames; the completions waiting on it still fire once, at the next safe point
/// (never inside the release, where the caller may be in the middle of mutating a collection).
@MainActor
public final class AnimatableProperty<Value: Animatable> {
    let core: ValueCore<Value>

    // Never specialised (in this module, or in the caller's with cross-module optimisation): a
    // specialised copy would take `apply` in its concrete form, and storing it in the core
    // would wrap it in a reabstraction thunk that every frame calls through (`ValueCore.make`).
    /// A property holding `value`, animating on `clock`, that calls `apply` with each value to show.
    ///
    /// `apply` runs on the main actor once per frame while the value animates, and once for each
    /// jump; it is not called for the initial value.
    @_semantics("optimize.sil.specialize.generic.never")
    public init(_ value: Value, clock: any FrameClock, apply: @escaping @MainActor (Value) -> Void = { _ in }) {
        core = ValueCore.make(value, driver: FrameDriver.driver(for: clock), apply: apply)
    }

    /// A property whose presented values go to `target` (held strongly): the object form of
    /// `apply`, which frames call without reference counting (see ``AnimationTarget``).
    @_semantics("optimize.sil.specialize.generic.never")
    public init(_ value: Value, clock: any FrameClock, target: AnimationTarget<Value>) {
        // (The core calls `target` directly; this closure is what `apply` holds. A closure that
        // captures nothing, passed here, measured larger: the 32-byte context of this one is less.)
        core = ValueCore.make(
            value, driver: FrameDriver.driver(for: clock), apply: { [target] in target.apply($0) }, target: target)
    }

    isolated deinit {
        core.release()
    }

    /// The model value: reading returns the latest value set, at once; setting animates
    /// with the current transaction or jumps.
    public var value: Value {
        get { core.state.model }
        set { core.set(newValue) }
    }

    /// The value shown now: the last value applied. (Asked from another property's apply in the
    /// middle of a frame, a property the frame has computed but not yet applied already answers
    /// with the frame's value.)
    public var presentationValue: Value { core.state.presentedValue }

    /// The presented value's velocity at the clock's current time, in units per second.
    public var velocity: Value.AnimatableData { core.velocity() }

    /// Whether an animation is running.
    public var isAnimating: Bool { core.hasAnimations }

    /// The clock this property animates on.
    public var clock: any FrameClock { core.driver.clock }

    /// Environment values for the animations of this property: over the clock's, under the
    /// transaction's (see ``EnvironmentValues``). None by default. Animations already running
    /// keep the environment they started with.
    ///
    /// ```swift
    /// x.environment.layoutDirection = .rightToLeft
    /// ```
    public var environment: EnvironmentValues {
        get { core.environmentSources?.values ?? EnvironmentValues() }
        set { core.environmentSources(creating: true)!.values = newValue }
    }

    /// The environment of what the property belongs to, read at each animation start that needs
    /// it, in place of the clock's: a toolkit adapter whose properties can share another widget's
    /// clock sets it to its own widget's environment (UnisonGtk's `AnimatedWidget`).
    package var hostEnvironment: (@MainActor () -> EnvironmentValues)? {
        get { core.environmentSources?.host }
        set { core.environmentSources(creating: newValue != nil)?.host = newValue }
    }

    /// Hands the property a velocity (units per second, measured elsewhere, e.g. by a
    /// gesture recognizer): the next spring started on this property begins with it,
    /// whether it starts from rest or takes over a running animation.
    public func handOff(velocity: Value.AnimatableData) {
        core.handOff(velocity: velocity)
    }

    /// Ends every running animation now: the value jumps to the model value, and the
    /// completions that were waiting on them run before this returns (at a safe point).
    public func finishAnimations() {
        core.finish()
    }
}
