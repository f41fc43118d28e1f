import Foundation

/// A named animation for class strings: `animate-<name>`.
///
/// A *factory* receives the resolved duration (the `duration-*` class, or 300 ms):
/// `AnimationPreset { duration in .spring(duration: duration, bounce: 0.15) }`.
/// A *fixed* preset keeps its own timing; `duration-*` does not retime it (`delay-*` still applies):
/// `AnimationPreset(.interactiveSpring(response: 0.25, dampingFraction: 0.8))`.
public struct AnimationPreset: Sendable {
    enum Kind: Sendable {
        case factory(@Sendable (TimeInterval) -> Animation)
        case fixed(Animation)
    }

    let kind: Kind

    /// A preset built from the resolved duration.
    public init(_ factory: @escaping @Sendable (TimeInterval) -> Animation) { kind = .factory(factory) }

    /// A preset with its own fixed timing.
    public init(_ animation: Animation) { kind = .fixed(animation) }

    func animation(duration: TimeInterval) -> Animation {
        switch kind {
        case let .factory(make): return make(duration)
        case let .fixed(animation): return animation
        }
    }

    /// Unison's vocabulary: every preset is a factory of the duration.
    static let builtIn: [String: AnimationPreset] = [
        "spring": AnimationPreset { .spring(duration: $0) },
        "smooth": AnimationPreset { .smooth(duration: $0) },
        "snappy": AnimationPreset { .snappy(duration: $0) },
        "bouncy": AnimationPreset { .bouncy(duration: $0) },
        "interactive-spring": AnimationPreset { .interactiveSpring(duration: $0) },
        "interpolating-spring": AnimationPreset { .interpolatingSpring(duration: $0) },
        "linear": AnimationPreset { .linear(duration: $0) },
        "ease-in": AnimationPreset { .easeIn(duration: $0) },
        "ease-out": AnimationPreset { .easeOut(duration: $0) },
        "ease-in-out": AnimationPreset { .easeInOut(duration: $0) },
        "circular-ease-in": AnimationPreset { .timingCurve(.circularEaseIn, duration: $0) },
        "circular-ease-out": AnimationPreset { .timingCurve(.circularEaseOut, duration: $0) },
        "circular-ease-in-out": AnimationPreset { .timingCurve(.circularEaseInOut, duration: $0) },
        "default": AnimationPreset(.default),
    ]
}
