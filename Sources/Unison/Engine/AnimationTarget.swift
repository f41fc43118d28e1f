import Foundation

/// What receives a property's presented values, as an object: the other form of
/// ``AnimatableProperty``'s `apply` closure, for code that animates thousands of values.
///
/// Subclass it and override ``apply(_:)``; give the object to
/// ``AnimatableProperty/init(_:clock:target:)``. The property holds it strongly and calls
/// `apply` exactly where it would call an `apply` closure: once per frame with the value to
/// show, and once when the value jumps.
///
/// ```swift
/// final class LabelTarget: AnimationTarget<Double> {
///     let label: Label
///     init(_ label: Label) { self.label = label }
///     override func apply(_ value: Double) { label.text = "\(Int(value))" }
/// }
/// let count = AnimatableProperty(0.0, clock: clock, target: LabelTarget(label))
/// ```
///
/// Why an object: Swift retains and releases a closure's context around every call of a closure
/// kept in memory, two atomic operations on a cache line that, in a frame after the main loop
/// slept, usually comes from memory and must arrive before anything after it proceeds. The engine
/// calls a target through its class's vtable with no reference counting at all (the batch that
/// calls it holds its own reference). It pays off at thousands of values animating together (see
/// Benchmarks/README.md); for a few values, or a few hundred, the closure is as good.
///
/// A target may release its own property (or any other) from `apply`: the engine keeps the
/// target alive while it calls it (in a frame, until the frame has ended).
@MainActor
open class AnimationTarget<Value: Animatable> {
    /// Creates a target; subclasses add what `apply(_:)` writes to.
    public init() {}

    /// Shows `value`. Called on the main actor, once per frame while the property animates,
    /// and once for each jump. The default does nothing.
    open func apply(_ value: Value) {}
}
