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
