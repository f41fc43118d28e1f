import Foundation

/// An element that comes and goes through a transition: SwiftUI's
/// `if isPresent { view.transition(t) }`, toolkit-neutral. Toolkit adapters build their
/// widget transitions on it.
///
/// Set `isPresent` inside `withAnimation` (or give the transition its own
/// ``AnyTransition/animation(_:)``) and the element moves in or out through the
/// transition; set it anywhere else and it appears or disappears at once. The host draws
/// what `apply` hands it and shows or hides the element when `visibilityChanged` says so.
///
/// ```swift
/// let presence = Presence(
///     isPresent: false, transition: .move(edge: .top).combined(with: .opacity),
///     size: CGSize(width: 300, height: 60), clock: clock,
///     apply: { effects in banner.draw(with: effects) },
///     visibilityChanged: { visible in banner.isShown = visible })
/// withAnimation(.spring()) { presence.isPresent = true }     // drops in from above, fading in
/// ```
///
/// The rules:
/// - Creating one calls neither `apply` nor `visibilityChanged`: it starts as told (on stage
///   at the identity, or hidden at the insertion's active effects).
/// - Animated insertion: `visibilityChanged(true)` first, then `apply` with the insertion's
///   active effects (before any frame: no frame shows the element at identity first), then
///   the animation to the identity.
/// - Animated removal: the effects animate to the removal's active effects; the element stays
///   visible until that animation has been removed (settled), then `visibilityChanged(false)`,
///   once.
/// - Set back to `true` during a removal: the effects retarget from where they are to the
///   identity like any animated value (a spring keeps position and velocity), and
///   `visibilityChanged` is not called (the element never went away). Likewise for a removal
///   during an insertion.
/// - Not animated (no animation, a transaction with `disablesAnimations`, or a clock whose
///   `animationsEnabled` is false, which also stops a transition's own animation, unless that
///   animation adapts to reduced motion and the clock lets such animations run): it
///   appears (`visibilityChanged(true)`, then `apply`) or disappears (`apply`, then
///   `visibilityChanged(false)`) at once.
/// - The caller's transaction's completions wait for the transition: `.logicallyComplete`
///   when it is logically complete, `.removed` once it has finished (after a removal's
///   `visibilityChanged(false)`), each exactly once on every path: finished, reversed,
///   interrupted by an unanimated change, or the `Presence` released.
///
/// A gesture can drive the transition instead of a clock: ``seek(to:toward:)``, then
/// ``finishSeeking(velocity:animation:)`` or ``cancelSeeking(velocity:animation:)``.
///
/// The callbacks of a change run inside the caller's transaction (a host that relayouts when
/// the element is shown animates with it, and the transaction waits for that too);
/// `visibilityChanged(false)` after an animated removal runs later, at a safe point outside
/// any transaction.
///
/// Defined edge cases:
/// - `size` may change at any time: offsets given in element sizes (`move`, `slide`, `push`)
///   follow it at once, and in mid-flight the progress carries on at the new size. A
///   non-finite or negative component counts as zero.
/// - `transition` may change at any time; it is used from the next insertion or removal on
///   (a transition in flight finishes as it started, as in SwiftUI).
/// - Leading and trailing edges (`move`, `slide`, `push`) follow the layout direction of the
///   environment where the change was made: the clock's (GTK: the widget's text direction), the
///   presence's own ``environment``, the transaction's, the later winning. It is read at each
///   insertion and removal; a direction change in mid-flight applies from the next one.
/// - Anchors are not animated: while the effects move, scaling and rotation pivot about the
///   anchor of the off-stage effects of the transition that started from rest (kept through
///   reversals, so the pivot never jumps mid-flight); at rest, about the anchor of the effects
///   shown.
/// - Releasing a `Presence` mid-transition stops every callback at once; the transition in
///   flight ends at the clock's next frame, and the transaction completions waiting for it
///   run at the end of that frame (never inside the release).
/// - Numbers are kept finite: transitions replace non-finite values (see
///   ``AnyTransition/effects(for:size:)``), so `apply` never receives NaN.
///
/// - Complexity: O(1) per frame while a transition runs: one animated value and one
///   conversion to points; nothing at rest.
@MainActor
public final class Presence {
    private let core: PresenceCore

    /// An element on stage (`isPresent` true) or hidden, on `clock`. Calls nothing yet.
    public init(
        isPresent: Bool, transition: AnyTransition = .opacity, size: CGSize = .zero, clock: any FrameClock,
        apply: @escaping @MainActor (TransitionEffects) -> Void,
        visibilityChanged: @escaping @MainActor (Bool) -> Void = { _ in }
    ) {
        core = PresenceCore(
            isPresent: isPresent, transition: transition, size: size, clock: clock, apply: apply,
            visibilityChanged: visibilityChanged)
    }

    isolated deinit {
        core.release()
    }

    /// The model: whether the element belongs on stage. Setting it inside an animated
    /// transaction (or with a transition that has its own animation) runs the transition.
    public var isPresent: Bool {
        get { core.isPresent }
        set { core.setPresent(newValue) }
    }

    /// Whether the element is shown: from insertion until a removal has finished.
    /// `isVisible && !isPresent` means it is on its way out (hosts ignore its pointer input).
    public var isVisible: Bool { core.isVisible }

    /// The transition, used from the next insertion or removal on.
    public var transition: AnyTransition {
        get { core.transition }
        set { core.transition = newValue }
    }

    /// The element's size, which `move`, `slide` and `push` offsets follow. Reads back the
    /// size in use (non-finite or negative components as zero). Changing it while visible
    /// calls `apply` at once if the presented effects change.
    public var size: CGSize {
        get { core.size }
        set { core.setSize(newValue) }
    }

    /// The effects presented now; the transition's identity (`.identity` for the built-in
    /// transitions) when present and idle.
    /// - Complexity: O(1).
    public var effects: TransitionEffects { core.effects }

    /// How fast the presented effects change, per second, laid out as
    /// ``TransitionEffects/animatableData``: `((opacity, rotation), (offset, scale))`, offsets
    /// in points. Zero at rest.
    public var velocity: TransitionEffects.AnimatableData { core.velocity }

    /// Whether a transition is in flight.
    public var isAnimating: Bool { core.isAnimating }

    /// The clock the transitions run on.
    public var clock: any FrameClock { core.clock }

    // MARK: Seeking

    /// Drives the transition towards `isPresent` by hand: the effects presented become the
    /// transition's effects at `progress` (0: where it starts, 1: where it ends).
    ///
    /// For a gesture that pulls an element in or pushes it out. `progress` is the fraction of
    /// the way from the side the element is on to the `isPresent` side: for an insertion from
    /// the insertion's active effects (0) to the identity (1); for a removal from the identity
    /// (0) to the removal's active effects (1). The effects at a progress are the transition's
    /// effects interpolated there, exactly what an animation of them presents at that fraction.
    /// End it with ``finishSeeking(velocity:animation:)`` or ``cancelSeeking(velocity:animation:)``.
    ///
    /// ```swift
    /// // A swipe that dismisses a banner 80 points tall.
    /// presence.seek(to: drag.translation.height / -80, toward: false)
    /// ```
    ///
    /// The rules:
    /// - A seek starts when `isPresent` differs from the target, or when a transition towards the
    ///   target is in flight (grabbing it: start from ``progress(toward:)`` and nothing jumps);
    ///   otherwise (the element already rests on that side) it is ignored. Once started, seeks
    ///   go anywhere in 0…1, back and forth, and may change target.
    /// - `isPresent` keeps its value while seeking (the side the seek started from, as Compose's
    ///   `SeekableTransitionState.currentState`); finishing sets it to the target, cancelling
    ///   leaves it or sets it back. Setting `isPresent` while seeking ends the seek there with
    ///   the caller's transaction, like finishing or cancelling with no velocity.
    /// - Seeking an insertion shows the element first (`visibilityChanged(true)`, then `apply`).
    /// - A progress outside 0…1 is clamped to it; NaN is ignored (nothing changes).
    /// - Grabbing ends the transition in flight: the completions of the transaction that started
    ///   it run (once, at the next safe point), as for any interrupted transition.
    /// - The transition is shown as it is: reduced motion applies to the animation that finishes
    ///   or cancels the seek, not to the progress the host gives.
    public func seek(to progress: Double, toward isPresent: Bool) {
        core.seek(to: progress, toward: isPresent)
    }

    /// Whether a seek is in progress (see ``seek(to:toward:)``).
    public var isSeeking: Bool { core.isSeeking }

    /// Where the seek in progress goes: `true` for an insertion, `false` for a removal; nil when
    /// not seeking. Finishing sets ``isPresent`` to it.
    public var seekTarget: Bool? { core.seekTarget }

    /// How far the presented effects are through the transition towards `isPresent`, as
    /// ``seek(to:toward:)`` counts: the last progress sought while seeking that way, otherwise
    /// the presented effects measured along that transition (0 on the other side, 1 there).
    ///
    /// A gesture that grabs a transition in flight starts from it. It may read slightly past
    /// 0…1 while a spring overshoots (a seek there is clamped). A transition without visible
    /// effects reads 1 if the element stands on that side, else 0.
    public func progress(toward isPresent: Bool) -> Double {
        core.progress(toward: isPresent)
    }

    /// Ends a seek by animating on to its target (`isPresent` becomes the target), starting from
    /// the effects shown with `velocity`, in progress per second (the gesture's release speed
    /// divided by the distance that is a progress of 1; positive towards the target).
    ///
    /// The animation is `animation`, else the transition's own for that side, else the current
    /// transaction's, else `.spring`; a transaction with `disablesAnimations`, or a clock that
    /// does not allow it, ends it at once (Compose's `snapTo`). Springs begin with `velocity`;
    /// other animations start from rest. A removal hides the element when it has settled. The
    /// current transaction's completions wait for the animation, as for a change of `isPresent`.
    /// Does nothing unless seeking; a non-finite velocity counts as zero.
    ///
    /// ```swift
    /// presence.finishSeeking(velocity: -drag.velocity.y / 80)
    /// ```
    public func finishSeeking(velocity: Double = 0, animation: Animation? = nil) {
        guard let target = core.seekTarget else { return }
        core.endSeek(toward: target, animation: animation, velocity: velocity, defaultAnimation: .spring)
    }

    /// Ends a seek by animating back to where it started (an insertion hides the element again,
    /// a removal returns it to the identity), from the effects shown with `velocity` in progress
    /// per second, positive towards the seek's target (a release moving back is negative).
    ///
    /// The animation is chosen as in ``finishSeeking(velocity:animation:)``. If the seek grabbed a
    /// transition in flight, this reverses it: `isPresent` becomes the other side.
    /// Does nothing unless seeking.
    public func cancelSeeking(velocity: Double = 0, animation: Animation? = nil) {
        guard let target = core.seekTarget else { return }
        core.endSeek(toward: !target, animation: animation, velocity: velocity, defaultAnimation: .spring)
    }

    /// Environment values for this element's transitions, over the clock's and under those of
    /// the transaction that changes `isPresent` (see ``EnvironmentValues``): their animations
    /// see them, and the ``EnvironmentValues/layoutDirection`` decides which side `leading` and
    /// `trailing` are. None by default; used from the next insertion or removal on.
    ///
    /// ```swift
    /// presence.environment.layoutDirection = .rightToLeft   // .slide now comes in from the right
    /// ```
    public var environment: EnvironmentValues {
        get { core.environment }
        set { core.environment = newValue }
    }
}
