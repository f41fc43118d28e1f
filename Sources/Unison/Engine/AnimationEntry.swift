import Foundation

/// One animation running on one property: `out_i(t) = out_(i−1)(t) + A_i(V_i − out_(i−1)(t), t − t_i)`.
struct AnimationEntry<V: VectorArithmetic> {
    /// `V_i`, the model value this animation moves towards.
    let target: V
    /// The transaction that started it: start time, shared sample, completion counts.
    let group: TransactionGroup
    var context = AnimationContext<V>()
    // (The flags sit together after the context, whose last field is a `Bool`: no padding between.)
    /// Uses the group's per-frame linear sample instead of calling `animate`.
    var usesSharedSample: Bool
    /// Took over the entries before it; the handoff happens at its first frame so the old
    /// motion runs right up to the moment the new one starts (no stalled frame).
    var pendingMerge = false
    var isLogicallyComplete = false
    /// Whether `initialVelocity` is not zero (it is then in the context's state).
    private(set) var hasInitialVelocity = false
    /// Groups of entries this one took over: they count as removed when this one is. Nil (no
    /// array to release) in the usual case of an entry that took nothing over.
    var inheritedRemovals: [TransactionGroup]?

    /// Inherited velocity (units per second) of a spring that took over or followed a drag.
    ///
    /// Kept in the context's state, where the spring reads it (`SpringVelocityKey`), rather than in
    /// every entry as well: only takeovers and entries after a gesture have one, and those frames
    /// read it from the state (batches keep their members' velocities in a column of their own).
    var initialVelocity: V {
        get {
            guard hasInitialVelocity else { return .zero }
            return context.state[SpringVelocityKey<V>.self] ?? .zero
        }
        set {
            hasInitialVelocity = newValue != .zero
            if hasInitialVelocity { context.state[SpringVelocityKey<V>.self] = newValue }
        }
    }

    /// The group's start time and frame sample (valid while `group` is held).
    @MainActor var shared: UnsafeMutablePointer<SharedSample> { group.shared }

    /// A velocity handed to the property explicitly, for a pending takeover: it replaces the
    /// handoff velocity. Kept in the context's state (under a key of the engine's own, which no
    /// animation reads) rather than in every entry: only takeovers after a gesture have one.
    var explicitVelocity: V? {
        get { context.state.storage[ObjectIdentifier(ExplicitVelocityKey<V>.self)] as? V }
        set {
            let key = ObjectIdentifier(ExplicitVelocityKey<V>.self)
            if let newValue {
                context.state.storage[key] = newValue
            } else if !context.state.storage.isEmpty {
                context.state.storage.removeValue(forKey: key)
            }
        }
    }

    /// The animation: always its transaction's (read through the group rather than stored, which
    /// saves a reference count per property when thousands start or finish together).
    @MainActor var animation: Animation { group.animation! }

    /// An entry for `group`'s animation (the group must be animated).
    @MainActor
    init(target: V, group: TransactionGroup) {
        self.target = target
        self.group = group
        usesSharedSample = group.isLinear
    }
}

/// The key of ``AnimationEntry/explicitVelocity`` in an entry's context state.
private enum ExplicitVelocityKey<V: VectorArithmetic> {}

/// A `.logicallyComplete` that must still fire at its original time although its
/// animation was taken over: `group`'s start plus `delay`.
struct LogicalDeadline {
    let group: TransactionGroup
    let delay: TimeInterval
}

/// Why an entry leaves its property.
enum Retirement {
    /// It finished by itself.
    case finished
    /// A later entry finished, so this one no longer shows.
    case superseded
    /// A later animation took it over (it continues as that one).
    case merged
    /// The value jumped, animations were disabled, or the property was released.
    case cancelled
}
