import Foundation

// Reduced motion: the app-wide preference, the essential marker, and how motion is transformed
// (not removed) when the user asked for less of it. The engine calls in at two points: where a
// transaction's animation is taken (`TransactionGroup`) and where a transition is resolved
// (`PresenceCore`).

/// The user's motion preference, app-wide: whether motion is reduced, as the system says or as
/// the app decides over it.
///
/// Reduced motion is not "animations off". With reduced motion, motion is *transformed*:
/// transitions that move, scale or rotate become cross-fades (``AnyTransition/reducingMotion``),
/// springs keep their duration and lose their bounce (``Animation/reducingMotion``), and
/// essential animations (``Transaction/isEssential``) run as they are. With animations off (GTK's
/// `gtk-enable-animations`), changes jump, except essential ones.
///
/// ```swift
/// // An in-app "Reduce motion" switch, over what the desktop says:
/// MotionPreferences.reduceMotionOverride = true   // nil: follow the system again
/// ```
///
/// `UnisonGtk` keeps ``systemReducesMotion`` up to date from GTK's `gtk-interface-reduced-motion`
/// setting where the running GTK has it (4.22 and newer). Where a change is made, motion is
/// reduced when ``isReduceMotionEnabled`` is true or the environment says so
/// (`EnvironmentValues.accessibilityReduceMotion`: a transaction's, and for transitions the
/// presence's and its clock's too), unless the change is essential.
@MainActor
public enum MotionPreferences {
    /// What the platform says (default false): toolkit adapters set it (`UnisonGtk` from
    /// `gtk-interface-reduced-motion`); an app sets ``reduceMotionOverride`` instead.
    public static var systemReducesMotion = false

    /// The app's own choice, over the system's (default nil: follow the system). Set it from an
    /// in-app preference; true reduces motion even where the system does not, false shows full
    /// motion even where it does (animations that are off stay off).
    public static var reduceMotionOverride: Bool?

    /// Whether motion is reduced app-wide now: ``reduceMotionOverride``, else
    /// ``systemReducesMotion``. UIKit's `UIAccessibility.isReduceMotionEnabled`.
    public static var isReduceMotionEnabled: Bool { reduceMotionOverride ?? systemReducesMotion }
}

struct EssentialMotionKey: EnvironmentKey {
    static let defaultValue = false
}

extension Transaction {
    /// Whether the motion of this change carries information (default false): a progress
    /// indicator, a spinner, a value following the user's finger. Reduced motion leaves essential
    /// animations as they are, and on GTK they run even with `gtk-enable-animations` off (as
    /// libadwaita's spinner does) on a mapped widget; only an unmapped widget makes them jump.
    ///
    /// Nested transactions keep it (it travels in ``Transaction/environment``).
    ///
    /// ```swift
    /// var transaction = Transaction(animation: .linear(duration: 0.2))
    /// transaction.isEssential = true
    /// withTransaction(transaction) { progress.value = 0.6 }
    /// ```
    public var isEssential: Bool {
        get { environment[EssentialMotionKey.self] }
        set { environment[EssentialMotionKey.self] = newValue }
    }
}

/// Like ``withAnimation(_:_:)``, for motion that carries information (see
/// ``Transaction/isEssential``): reduced motion does not change it, and it runs even where
/// animations are off.
///
/// ```swift
/// withEssentialAnimation(.linear(duration: 0.25)) { progress.value = fraction }
/// ```
@MainActor
public func withEssentialAnimation<Result>(
    _ animation: Animation? = .default, _ body: () throws -> Result
) rethrows -> Result {
    var transaction = animatedTransaction(animation)
    transaction.isEssential = true
    return try withTransaction(transaction, body)
}

extension Animation {
    /// This animation as reduced motion shows it: every spring (also an interpolating one, the
    /// bouncy presets, a flick's boundary spring) keeps its response (its duration) and mass and
    /// loses its bounce (its damping raised to critical); timing curves, decays and custom
    /// animations are unchanged (a custom animation adapts itself by reading
    /// `context.environment.accessibilityReduceMotion`). Delays, speeds and repeats are kept.
    ///
    /// ```swift
    /// Animation.bouncy.reducingMotion == .spring(duration: 0.5)   // same duration, no bounce
    /// ```
    public var reducingMotion: Animation { Animation(storage.reducingMotion) }
}

extension Animation.Storage {
    fileprivate var reducingMotion: Animation.Storage {
        switch self {
        case var .spring(animation):
            animation.spring = animation.spring.withoutBounce
            return .spring(animation)
        case .curve, .custom:
            return self
        case var .decay(decay):
            if let spring = decay.boundary?.spring { decay.boundary?.spring = spring.withoutBounce }
            return .decay(decay)
        case let .delay(delay, base): return .delay(delay, base.reducingMotion)
        case let .speed(speed, base): return .speed(speed, base.reducingMotion)
        case let .repeating(count, autoreverses, base):
            return .repeating(count: count, autoreverses: autoreverses, base.reducingMotion)
        case let .logicallyComplete(after, base): return .logicallyComplete(after: after, base.reducingMotion)
        }
    }
}

extension Spring {
    /// The spring with the same mass and natural frequency, damped at least critically.
    var withoutBounce: Spring {
        guard dampingRatio < 1 else { return self }
        return Spring(normalisedMass: mass, naturalFrequency: naturalFrequency, dampingRatio: 1)
    }
}

extension AnyTransition {
    /// This transition as reduced motion shows it: every effect that moves, scales or rotates
    /// the element becomes a fade (offset, scale and rotation dropped, opacity 0 off stage), so
    /// `.slide`, `.move(edge:)`, `.push(from:)`, `.offset`, `.scale` become cross-fades; opacity
    /// alone is kept as it is. Its own animation (``animation(_:)``) loses its bounce.
    ///
    /// ```swift
    /// AnyTransition.slide.reducingMotion.effects(for: .willAppear, size: CGSize(width: 200, height: 50))
    /// // opacity 0, offset (0, 0)
    /// ```
    public var reducingMotion: AnyTransition {
        switch node {
        case let .effects(active, identity):
            return AnyTransition(
                .effects(
                    active: active.reducingMotion(offStage: true), identity: identity.reducingMotion(offStage: false)))
        case let .asymmetric(insertion, removal):
            return AnyTransition(.asymmetric(insertion: insertion.reducingMotion, removal: removal.reducingMotion))
        case let .combined(first, second):
            return AnyTransition(.combined(first.reducingMotion, second.reducingMotion))
        case let .animated(base, animation):
            return AnyTransition(.animated(base.reducingMotion, animation?.reducingMotion))
        }
    }
}

extension SizedEffects {
    /// Whether these effects move, scale or rotate the element.
    var moves: Bool {
        relativeOffset != .zero || effects.offset != .zero || effects.scale != CGSize(width: 1, height: 1)
            || effects.rotation != 0
    }

    /// Only the opacity of these effects; off stage, effects that moved fade out entirely.
    func reducingMotion(offStage: Bool) -> SizedEffects {
        guard moves else { return self }
        return SizedEffects(TransitionEffects(opacity: offStage ? 0 : effects.opacity, anchor: effects.anchor))
    }
}

/// Where the engine asks about reduced motion.
@MainActor
package enum ReducedMotion {
    /// Whether a change made in a transaction with `environment` shows reduced motion, `lower`
    /// being what lies under the transaction's environment (a presence's and its clock's). Not
    /// for essential changes, nor for one `running` a custom animation that adapts itself
    /// (``CustomAnimation/adaptsToReducedMotion``): that animation has its own reduced form.
    package static func applies(
        to environment: EnvironmentValues, over lower: EnvironmentValues? = nil, running animation: Animation? = nil
    ) -> Bool {
        if !environment.isEmpty && environment[EssentialMotionKey.self] { return false }
        if animation?.storage.customBase?.base.adaptsToReducedMotion == true { return false }
        if MotionPreferences.isReduceMotionEnabled { return true }
        if let lower { return lower.merging(environment).accessibilityReduceMotion }
        return !environment.isEmpty && environment.accessibilityReduceMotion
    }

    /// A transaction's animation as its changes run it: under reduced motion, without bounce.
    /// - Complexity: O(1) unless motion is reduced (then O(modifiers), once per transaction).
    static func animation(of transaction: Transaction) -> Animation? {
        guard let animation = transaction.animation, applies(to: transaction.environment) else {
            return transaction.animation
        }
        return animation.reducingMotion
    }
}

extension TransactionGroup {
    /// Whether the transaction's changes are essential (``Transaction/isEssential``).
    var isEssential: Bool { !environment.isEmpty && environment[EssentialMotionKey.self] }
}

extension PresenceCore {
    /// The transition the latest change runs: under reduced motion, its cross-fade.
    var shownTransition: AnyTransition { motionReduced ? transition.reducingMotion : transition }
}

extension ContentTransition {
    /// This content transition as reduced motion shows it: `numericText` (digits rolling up or
    /// down) becomes `opacity` (the old text fading out where it is as the new one fades in); the
    /// others are kept.
    ///
    /// ```swift
    /// ContentTransition.numericText().reducingMotion == .opacity
    /// ```
    public var reducingMotion: ContentTransition { isNumeric ? .opacity : self }
}
