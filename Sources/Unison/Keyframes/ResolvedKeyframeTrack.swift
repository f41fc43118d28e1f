import Foundation

/// A track of a built timeline, over its root type (the per-frame face of a ``KeyframeTrack``).
///
/// A class, so a timeline holds its tracks in one array whatever their property types, and
/// evaluating one is a virtual call: no existential boxing, no allocation.
class AnyResolvedKeyframeTrack<Root> {
    let duration: TimeInterval

    init(duration: TimeInterval) { self.duration = duration }

    /// Writes the track's value at `time` into `root`.
    func apply(to root: inout Root, time: TimeInterval) {}

    /// Writes the track's velocity at `time` (as a value of the property's type) into `root`.
    func applyVelocity(to root: inout Root, time: TimeInterval) {}

    /// Writes a zero velocity into `root` (with `applyVelocity`, the difference gives the
    /// root's velocity for any `animatableData` that is linear or affine in the property).
    func applyZeroVelocity(to root: inout Root) {}

    /// The track as a store into `Root`'s memory, when it tracks a `Double` stored in `Root`
    /// itself (see ``KeyframeScalarSlot``); nil otherwise.
    func scalarSlot() -> KeyframeScalarSlot? { nil }
}

/// A track of a `Double` stored inline in its root (the root itself, or a stored property of a
/// struct): its byte offset there and its curve. Evaluating it stores the curve's value at the
/// offset, which is what writing it through the key path does (a `Double`'s `animatableData` is
/// the whole value, so the track's templates play no part), without the key path's projection
/// or any generic code.
///
/// The curve is held `unowned(unsafe)`: a slot lives in a timeline (or its player) beside the
/// track that owns the curve, and reading it then costs no reference counting.
struct KeyframeScalarSlot {
    let offset: Int
    unowned(unsafe) let curve: DoubleKeyframeCurve
}

/// Stores each slot's value at `time` into `root`, in order (a later track on the same property
/// wins, as when applying tracks through their key paths).
@inline(__always)
func storeScalarTracks<Root>(_ slots: [KeyframeScalarSlot], at time: TimeInterval, into root: inout Root) {
    withUnsafeMutableBytes(of: &root) { bytes in
        slots.withUnsafeBufferPointer { storeScalarTracks($0, at: time, into: bytes.baseAddress!) }
    }
}

/// Stores each slot's value at `time` at its offset from `root`, in order.
@inline(__always)
func storeScalarTracks(
    _ slots: UnsafeBufferPointer<KeyframeScalarSlot>, at time: TimeInterval, into root: UnsafeMutableRawPointer
) {
    for slot in slots {
        (root + slot.offset).storeBytes(of: slot.curve.scalarValue(at: time), as: Double.self)
    }
}

/// A track over the property at `keyPath`, with its resolved path.
final class ResolvedKeyframeTrack<Root, Value: Animatable>: AnyResolvedKeyframeTrack<Root> {
    typealias V = Value.AnimatableData

    let keyPath: WritableKeyPath<Root, Value>
    let curve: KeyframeCurve<V>
    /// The value each segment writes its vector into (its keyframe's value, so parts of the
    /// value that do not animate switch at the keyframe), and the one before the first.
    let templates: [Value]
    let initialTemplate: Value

    init(keyPath: WritableKeyPath<Root, Value>, keyframes specs: [KeyframeSpec<Value>], initialRoot: Root) {
        self.keyPath = keyPath
        let initialValue = initialRoot[keyPath: keyPath]
        initialTemplate = initialValue
        // A non-finite initial value starts the track from zero; a non-finite target holds.
        let initial = isFiniteVector(initialValue.animatableData) ? initialValue.animatableData : .zero
        var templates: [Value] = []
        templates.reserveCapacity(specs.count)
        var previous = initialValue
        for spec in specs {
            let finite = isFiniteVector(spec.to.animatableData)
            templates.append(finite ? spec.to : previous)
            if finite { previous = spec.to }
        }
        self.templates = templates
        curve = .resolving(
            initial: initial, keyframes: specs.map { KeyframeCurve<V>.keyframe($0) },
            targets: specs.map { isFiniteVector($0.to.animatableData) ? $0.to.animatableData : nil })
        super.init(duration: curve.duration)
    }

    /// The template for `time`: that of the segment showing then.
    private func template(at time: TimeInterval) -> Value {
        let time = time > 0 ? time : 0
        guard let index = curve.segmentIndex(at: time) else {
            // (Indexing, not `last`: unspecialised generic code would allocate for `last`, per call.)
            return templates.isEmpty ? initialTemplate : templates[templates.count - 1]
        }
        // A segment shows its own keyframe's value; at its very start that is already the target's.
        return templates[index]
    }

    /// The track's value at `time`, as the property's type.
    func value(at time: TimeInterval) -> Value {
        var value = template(at: time)
        value.animatableData = curve.value(at: time)
        return value
    }

    override func apply(to root: inout Root, time: TimeInterval) {
        root[keyPath: keyPath] = value(at: time)
    }

    override func applyVelocity(to root: inout Root, time: TimeInterval) {
        var value = template(at: time)
        value.animatableData = curve.velocity(at: time)
        root[keyPath: keyPath] = value
    }

    override func scalarSlot() -> KeyframeScalarSlot? {
        guard Value.self == Double.self, let curve = curve as? DoubleKeyframeCurve,
            let offset = MemoryLayout<Root>.offset(of: keyPath)
        else { return nil }
        return KeyframeScalarSlot(offset: offset, curve: curve)
    }

    override func applyZeroVelocity(to root: inout Root) {
        var value = initialTemplate
        value.animatableData = .zero
        root[keyPath: keyPath] = value
    }
}
