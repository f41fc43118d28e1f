import Foundation

/// How an element appears and disappears: a pair of effects, the *active* ones (off stage)
/// and the *identity* (on stage). SwiftUI's `AnyTransition`.
///
/// Insertion animates from the active effects to the identity, removal from the identity to
/// the active effects. Transitions compose: ``combined(with:)`` applies two at once,
/// ``asymmetric(insertion:removal:)`` uses a different one each way, and
/// ``animation(_:)`` gives a transition its own animation. ``Presence`` runs them.
///
/// ```swift
/// // The guide's notification banner: drops in from above its frame while fading in.
/// let banner = AnyTransition.move(edge: .top).combined(with: .opacity)
/// banner.effects(for: .willAppear, size: CGSize(width: 300, height: 60))
/// // opacity 0, offset (0, -60)
/// ```
public struct AnyTransition: Sendable {
    indirect enum Node: Sendable {
        /// Fixed effects: `active` off stage on both sides, `identity` on stage.
        case effects(active: SizedEffects, identity: SizedEffects)
        case asymmetric(insertion: AnyTransition, removal: AnyTransition)
        case combined(AnyTransition, AnyTransition)
        /// `base` with its own animation (`nil`: none of its own, whatever its parts say).
        case animated(AnyTransition, Animation?)
    }

    let node: Node

    init(_ node: Node) { self.node = node }

    private init(active: SizedEffects, identity: SizedEffects = .identity) {
        node = .effects(active: active.sanitized, identity: identity.sanitized)
    }

    // MARK: Built-in transitions

    /// No effect: the element appears and disappears as it is, at once (an animated removal
    /// has nothing to animate, so it is over immediately).
    public static let identity = AnyTransition(active: .identity)

    /// Fades in from and out to transparent.
    public static let opacity = AnyTransition(active: SizedEffects(TransitionEffects(opacity: 0)))

    /// Slides in from the leading edge and out towards the trailing edge, by the element's width
    /// (from right to left: in from the right, out to the left).
    public static let slide = asymmetric(insertion: .move(edge: .leading), removal: .move(edge: .trailing))

    /// Grows from and shrinks to nothing about the centre: scale (0, 0).
    public static var scale: AnyTransition { scale(scale: 0) }

    /// Grows from and shrinks to `scale` times its size about `anchor`.
    ///
    /// ```swift
    /// .scale(scale: 0.8, anchor: .topLeading)
    /// ```
    /// A non-finite `scale` means no scaling (1).
    public static func scale(scale: Double, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition(
            active: SizedEffects(TransitionEffects(scale: CGSize(width: scale, height: scale), anchor: anchor)))
    }

    /// Moves in from and out to `edge`, by the element's own size: from the top it starts one
    /// height above its frame (0, -h); bottom (0, h); leading (-w, 0); trailing (w, 0). Leading
    /// and trailing follow the layout direction: from right to left, leading is (w, 0) and
    /// trailing (-w, 0) (see ``effects(for:size:layoutDirection:)``).
    ///
    /// The offset follows the element's current size, also while it moves (see ``Presence``).
    public static func move(edge: Edge) -> AnyTransition {
        AnyTransition(active: SizedEffects(relativeOffset: edge.unitOffset))
    }

    /// Comes in from `edge` and leaves towards the opposite edge, fading in and out: one
    /// page pushing the other along. Leading and trailing follow the layout direction.
    public static func push(from edge: Edge) -> AnyTransition {
        asymmetric(
            insertion: move(edge: edge).combined(with: .opacity),
            removal: move(edge: edge.opposite).combined(with: .opacity))
    }

    /// Moves in from and out to `offset` points away. Non-finite components count as zero.
    /// The offset is in the host's coordinates: a right-to-left layout does not mirror it.
    public static func offset(_ offset: CGSize) -> AnyTransition {
        AnyTransition(active: SizedEffects(TransitionEffects(offset: usable(offset, otherwise: 0))))
    }

    /// Moves in from and out to (`x`, `y`) points away. Non-finite components count as zero.
    public static func offset(x: Double = 0, y: Double = 0) -> AnyTransition {
        offset(CGSize(width: x, height: y))
    }

    /// Uses `insertion` when the element appears and `removal` when it leaves, each with its
    /// own animation if it has one.
    ///
    /// ```swift
    /// .asymmetric(insertion: .scale.combined(with: .opacity), removal: .opacity)
    /// ```
    /// Both are applied at every phase, the side not in use at its identity, so each phase is
    /// `insertion`'s effects at it combined with `removal`'s (`.willAppear` takes the
    /// removal's identity, `.didDisappear` the insertion's). For the built-in transitions,
    /// whose identity is no effect, that is simply `insertion`'s active effects on the way in
    /// and `removal`'s on the way out.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(.asymmetric(insertion: insertion, removal: removal))
    }

    /// A transition of your own: `active` off stage (on both sides), `identity` on stage.
    ///
    /// ```swift
    /// // The guide's RotateTransition.
    /// extension AnyTransition {
    ///     static var rotate: AnyTransition {
    ///         .modifier(
    ///             active: TransitionEffects(opacity: 0, rotation: -90, anchor: .topLeading),
    ///             identity: TransitionEffects(anchor: .topLeading))
    ///     }
    /// }
    /// ```
    /// Non-finite numbers are replaced by the identity's (opacity 1, offset 0, scale 1,
    /// rotation 0, anchor at the centre).
    public static func modifier(active: TransitionEffects, identity: TransitionEffects) -> AnyTransition {
        AnyTransition(active: SizedEffects(active), identity: SizedEffects(identity))
    }

    // MARK: Composition

    /// This transition and `other` at once: opacities multiply, offsets add, scales multiply
    /// per axis, rotations add; the anchor is that of the first one that scales or rotates.
    /// Its animation is this transition's own if it has one, else `other`'s.
    ///
    /// ```swift
    /// .move(edge: .top).combined(with: .opacity)
    /// ```
    public func combined(with other: AnyTransition) -> AnyTransition {
        AnyTransition(.combined(self, other))
    }

    /// This transition with its own animation: insertion and removal use it instead of the
    /// transaction's, and run even when the change was not made in `withAnimation` (but never
    /// when animations are disabled: a transaction with `disablesAnimations`, or a clock whose
    /// `animationsEnabled` is false). `nil`: none of its own (its parts' are ignored too), so
    /// it follows the transaction.
    ///
    /// ```swift
    /// .opacity.animation(.easeOut(duration: 0.2))
    /// ```
    public func animation(_ animation: Animation?) -> AnyTransition {
        AnyTransition(.animated(self, animation))
    }

    // MARK: Evaluation

    /// The effects at `phase` for an element of `size` (pure; what hosts animate between).
    ///
    /// ```swift
    /// AnyTransition.slide.effects(for: .didDisappear, size: CGSize(width: 200, height: 50))
    /// // offset (200, 0)
    /// ```
    /// A non-finite or negative size component counts as zero; the result never holds a
    /// non-finite number.
    public func effects(for phase: TransitionPhase, size: CGSize) -> TransitionEffects {
        sizedEffects(for: phase).resolved(in: usableElementSize(size))
    }

    /// The effects at `phase` for an element of `size` laid out in `layoutDirection`: from right
    /// to left the leading and trailing edges of `move`, `slide` and `push` swap sides (offsets
    /// in points, from `offset` and `modifier`, do not). ``Presence`` uses the direction of the
    /// environment where the change was made.
    ///
    /// ```swift
    /// AnyTransition.slide.effects(for: .willAppear, size: CGSize(width: 200, height: 50),
    ///                             layoutDirection: .rightToLeft)
    /// // offset (200, 0): in from the right
    /// ```
    public func effects(
        for phase: TransitionPhase, size: CGSize, layoutDirection: LayoutDirection
    ) -> TransitionEffects {
        sizedEffects(for: phase, in: layoutDirection).resolved(in: usableElementSize(size))
    }

    /// The effects at `phase` laid out in `direction`, before the element's size is applied.
    func sizedEffects(for phase: TransitionPhase, in direction: LayoutDirection) -> SizedEffects {
        sizedEffects(for: phase).laidOut(in: direction)
    }

    /// The effects at `phase` before the element's size is applied.
    /// - Complexity: O(nodes); runs when a transition starts, not per frame.
    func sizedEffects(for phase: TransitionPhase) -> SizedEffects {
        switch node {
        case let .effects(active, identity):
            return phase.isIdentity ? identity : active
        case let .asymmetric(insertion, removal):
            let inserting = insertion.sizedEffects(for: phase == .didDisappear ? .identity : phase)
            let removing = removal.sizedEffects(for: phase == .willAppear ? .identity : phase)
            return inserting.combined(with: removing)
        case let .combined(first, second):
            return first.sizedEffects(for: phase).combined(with: second.sizedEffects(for: phase))
        case let .animated(base, _):
            return base.sizedEffects(for: phase)
        }
    }

    /// The transition's own animation for the side that ends or starts at `phase` (insertion
    /// for `.willAppear`, removal for `.didDisappear`), or nil when it follows the transaction.
    func ownAnimation(for phase: TransitionPhase) -> Animation? {
        switch node {
        case .effects:
            return nil
        case let .asymmetric(insertion, removal):
            switch phase {
            case .willAppear: return insertion.ownAnimation(for: phase)
            case .didDisappear: return removal.ownAnimation(for: phase)
            case .identity: return nil
            }
        case let .combined(first, second):
            return first.ownAnimation(for: phase) ?? second.ownAnimation(for: phase)
        case let .animated(_, animation):
            return animation
        }
    }
}
