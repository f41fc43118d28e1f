import Foundation

/// A typed class, for code: `.animation(.spring), .duration(0.2), .delay(0.05)`, values such as
/// `.opacity(0.8)` and state variants such as `.active(.opacity(0.8))`. Typed utilities resolve
/// through the same ``AnimationClassRules`` as class strings.
public struct AnimationUtility: Sendable {
    enum Kind: Sendable {
        case animation(String, token: String?)
        case duration(TimeInterval, token: String)
        case delay(TimeInterval, token: String)
        case recipe(String, token: String)
        case value(ValueSetting, token: String)
        /// Utilities that apply only in `states` (every one of them).
        case variant(InteractionState, [AnimationUtility])
    }

    /// What a value utility sets; nil components are left as they are.
    enum ValueSetting: Sendable, Equatable {
        case opacity(Double)
        case scale(x: Double?, y: Double?)
        case translate(x: Double?, y: Double?)
        case rotate(Double)
        /// Padding per edge in pixels (nil: that edge is left as it is).
        case padding(top: Double?, right: Double?, bottom: Double?, left: Double?)
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
    public static func recipe(_ name: String) -> AnimationUtility { AnimationUtility(.recipe(name, token: name)) }

    // MARK: Values

    /// `opacity-*`, as a fraction 0...1.
    public static func opacity(_ value: Double) -> AnimationUtility {
        AnimationUtility(.value(.opacity(value), token: ".opacity(\(value))"))
    }

    /// `p-*`: the same padding on every edge, in pixels (`p-6` is 24 px).
    public static func padding(_ pixels: Double) -> AnimationUtility {
        AnimationUtility(
            .value(.padding(top: pixels, right: pixels, bottom: pixels, left: pixels), token: ".padding(\(pixels))"))
    }

    /// `px-*` and `py-*`: padding per axis in pixels (nil: left as it is).
    public static func padding(horizontal: Double? = nil, vertical: Double? = nil) -> AnimationUtility {
        AnimationUtility(
            .value(
                .padding(top: vertical, right: horizontal, bottom: vertical, left: horizontal),
                token:
                    ".padding(horizontal: \(horizontal.map { "\($0)" } ?? "nil"), vertical: \(vertical.map { "\($0)" } ?? "nil"))"
            ))
    }

    /// `scale-*`, a factor on both axes (1 is natural size).
    public static func scale(_ factor: Double) -> AnimationUtility {
        AnimationUtility(.value(.scale(x: factor, y: factor), token: ".scale(\(factor))"))
    }

    /// `scale-x-*` and `scale-y-*`: factors per axis (nil: that axis is left as it is).
    public static func scale(x: Double? = nil, y: Double? = nil) -> AnimationUtility {
        AnimationUtility(.value(.scale(x: x, y: y), token: ".scale(x: \(describe(x)), y: \(describe(y)))"))
    }

    /// `translate-x-*` and `translate-y-*`, in pixels (nil: that axis is left as it is).
    public static func translate(x: Double? = nil, y: Double? = nil) -> AnimationUtility {
        AnimationUtility(.value(.translate(x: x, y: y), token: ".translate(x: \(describe(x)), y: \(describe(y)))"))
    }

    private static func describe(_ value: Double?) -> String { value.map { "\($0)" } ?? "nil" }

    /// `rotate-*`, in degrees clockwise.
    public static func rotate(_ degrees: Double) -> AnimationUtility {
        AnimationUtility(.value(.rotate(degrees), token: ".rotate(\(degrees))"))
    }

    // MARK: State variants

    /// Utilities that apply while the widget is in every one of `states`.
    public static func when(_ states: InteractionState, _ utilities: AnimationUtility...) -> AnimationUtility {
        AnimationUtility(.variant(states, utilities))
    }

    /// `hover:` — while the pointer is over the widget.
    public static func hover(_ utilities: AnimationUtility...) -> AnimationUtility {
        AnimationUtility(.variant(.hover, utilities))
    }

    /// `active:` — while the widget is pressed.
    public static func active(_ utilities: AnimationUtility...) -> AnimationUtility {
        AnimationUtility(.variant(.active, utilities))
    }

    /// `focus:` — while the widget has the keyboard focus.
    public static func focus(_ utilities: AnimationUtility...) -> AnimationUtility {
        AnimationUtility(.variant(.focus, utilities))
    }

    /// `focus-visible:` — while the widget has the keyboard focus and shows it.
    public static func focusVisible(_ utilities: AnimationUtility...) -> AnimationUtility {
        AnimationUtility(.variant(.focusVisible, utilities))
    }

    /// `disabled:` — while the widget does not accept input.
    public static func disabled(_ utilities: AnimationUtility...) -> AnimationUtility {
        AnimationUtility(.variant(.disabled, utilities))
    }
}

/// The name of a preset, built-in or registered: `.spring`, `.easeInOut`, `.custom("settle")`.
public struct AnimationPresetName: Hashable, Sendable {
    /// The name as written after `animate-` (`"ease-in-out"`).
    public let name: String

    /// The preset named `name`, as written after `animate-`.
    public init(_ name: String) { self.name = name }

    /// A preset registered in ``AnimationClassRules/animations`` under `name`.
    public static func custom(_ name: String) -> AnimationPresetName { AnimationPresetName(name) }

    /// `animate-spring`: a spring without bounce of the resolved duration, taking over a running one.
    public static let spring = AnimationPresetName("spring")
    /// `animate-smooth`: a spring without bounce, of the resolved duration.
    public static let smooth = AnimationPresetName("smooth")
    /// `animate-snappy`: a spring with a little bounce (0.15), of the resolved duration.
    public static let snappy = AnimationPresetName("snappy")
    /// `animate-bouncy`: a spring with bounce 0.3, of the resolved duration.
    public static let bouncy = AnimationPresetName("bouncy")
    /// `animate-interactive-spring`: the quick spring for interactive changes, of the resolved duration.
    public static let interactiveSpring = AnimationPresetName("interactive-spring")
    /// `animate-interpolating-spring`: a spring that combines with a running animation.
    public static let interpolatingSpring = AnimationPresetName("interpolating-spring")
    /// `animate-linear`: constant speed over the resolved duration.
    public static let linear = AnimationPresetName("linear")
    /// `animate-ease-in`: starts slowly, over the resolved duration.
    public static let easeIn = AnimationPresetName("ease-in")
    /// `animate-ease-out`: slows to a stop, over the resolved duration.
    public static let easeOut = AnimationPresetName("ease-out")
    /// `animate-ease-in-out`: speeds up then slows to a stop, over the resolved duration.
    public static let easeInOut = AnimationPresetName("ease-in-out")
    /// `animate-default`: ``Animation/default``, which keeps its own timing (`duration-*` does not change it).
    public static let `default` = AnimationPresetName("default")
}

/// The animation a class string resolved to, in one state.
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
