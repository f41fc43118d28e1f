import Foundation

/// A typed animation class, for code: `.animation(.spring), .duration(0.2), .delay(0.05)`.
/// Typed utilities resolve through the same ``AnimationClassRules`` as class strings.
public struct AnimationUtility: Sendable {
    enum Kind: Sendable {
        case animation(String, token: String?)
        case duration(TimeInterval, token: String)
        case delay(TimeInterval, token: String)
        case recipe(String)
    }

    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    /// `animate-<preset>`.
    public static func animation(_ preset: AnimationPresetName) -> AnimationUtility {
        AnimationUtility(.animation(preset.name, token: nil))
    }

    /// `duration-*`, in seconds.
    public static func duration(_ seconds: TimeInterval) -> AnimationUtility {
        AnimationUtility(.duration(seconds, token: ".duration(\(seconds))"))
    }

    /// `delay-*`, in seconds.
    public static func delay(_ seconds: TimeInterval) -> AnimationUtility {
        AnimationUtility(.delay(seconds, token: ".delay(\(seconds))"))
    }

    /// A recipe registered in the rules.
    public static func recipe(_ name: String) -> AnimationUtility { AnimationUtility(.recipe(name)) }
}

/// The name of a preset, built-in or registered: `.spring`, `.easeInOut`, `.custom("settle")`.
public struct AnimationPresetName: Hashable, Sendable {
    public let name: String

    public init(_ name: String) { self.name = name }

    public static func custom(_ name: String) -> AnimationPresetName { AnimationPresetName(name) }

    public static let spring = AnimationPresetName("spring")
    public static let smooth = AnimationPresetName("smooth")
    public static let snappy = AnimationPresetName("snappy")
    public static let bouncy = AnimationPresetName("bouncy")
    public static let interactiveSpring = AnimationPresetName("interactive-spring")
    public static let interpolatingSpring = AnimationPresetName("interpolating-spring")
    public static let linear = AnimationPresetName("linear")
    public static let easeIn = AnimationPresetName("ease-in")
    public static let easeOut = AnimationPresetName("ease-out")
    public static let easeInOut = AnimationPresetName("ease-in-out")
    public static let `default` = AnimationPresetName("default")
}

/// What a class string resolved to.
public struct AnimationStyle: Sendable {
    /// The animation to use, or nil when the classes name none (keep the caller's transaction)
    /// or motion is reduced (changes jump).
    public var animation: Animation?
    /// The `animate-*` preset named, if any.
    public var presetName: String?
    /// The resolved `duration-*` (nil: the 300 ms default, or the preset's own when fixed).
    public var duration: TimeInterval?
    /// The resolved `delay-*`.
    public var delay: TimeInterval?
    /// True when an animation class was given but motion is reduced.
    public var reducedMotion = false

    var presetToken: String?

    /// An empty style: no classes, the caller's transaction is kept.
    public init() {}

    /// Whether the classes choose the animation (rather than keeping the caller's transaction).
    public var choosesAnimation: Bool { presetName != nil }

    /// The transaction for changes styled this way, built on `base` (the caller's): unchanged when
    /// the classes choose no animation; otherwise `base` with this animation (or none, when motion
    /// is reduced). `base.disablesAnimations` is kept, so disabled transactions still jump.
    public func transaction(over base: Transaction) -> Transaction {
        guard choosesAnimation else { return base }
        var transaction = base
        transaction.completions = []
        transaction.animation = animation
        return transaction
    }
}
