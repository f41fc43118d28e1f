import Foundation

/// How a value changes over time from one state to another: SwiftUI's `Animation`.
///
/// An animation is a value: build it from a preset (`.smooth`, `.easeInOut`), a factory
/// (`.spring(duration: 0.8)`, `.timingCurve(0.2, 0, 0, 1)`) or your own ``CustomAnimation``,
/// refine it with modifiers (`.delay(0.1).speed(2)`), and hand it to
/// ``animate(_:changes:completion:)-(Animation,_,_)`` or ``withAnimation(_:_:)``.
///
/// ```swift
/// animate(.spring(duration: 0.8)) {
///     box.position.value = CGPoint(x: 100, y: 100)
/// }
/// ```
///
/// Any animation can also be evaluated directly with ``animate(value:time:context:)``.
public struct Animation: Hashable, Sendable {
    let storage: Storage

    init(_ storage: Storage) { self.storage = storage }

    /// An animation driven by a custom animation type.
    public init<A: CustomAnimation>(_ base: A) {
        storage = .custom(AnyCustomAnimation(base: base))
    }

    indirect enum Storage: Hashable, Sendable {
        case spring(SpringAnimation)
        case curve(CurveAnimation)
        /// A flick coming to rest (``Animation/decay(_:)``).
        case decay(DecayAnimation)
        case delay(TimeInterval, Storage)
        case speed(Double, Storage)
        case repeating(count: Int?, autoreverses: Bool, Storage)
        case logicallyComplete(after: TimeInterval, Storage)
        case custom(AnyCustomAnimation)
    }
}

/// A spring-driven animation (both the merging springs and `interpolatingSpring`).
struct SpringAnimation: Hashable, Sendable {
    var spring: Spring
    /// Seconds over which the response blends from a spring this one takes over.
    var blendDuration: TimeInterval
    /// `false` for `interpolatingSpring`, which combines instead of taking over.
    var merges: Bool
    /// `interpolatingSpring`'s initial velocity, in units of the whole change per second.
    var initialVelocity: Double
    /// Which spelling made it, for `description` only.
    var spelling: Spelling

    enum Spelling: Hashable, Sendable {
        case duration, response, physical
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.spring == rhs.spring && lhs.blendDuration == rhs.blendDuration && lhs.merges == rhs.merges
            && lhs.initialVelocity == rhs.initialVelocity
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(spring)
        hasher.combine(blendDuration)
        hasher.combine(merges)
        hasher.combine(initialVelocity)
    }
}

/// A timing-curve animation over a fixed duration.
struct CurveAnimation: Hashable, Sendable {
    var curve: UnitCurve
    /// Seconds; 0 means instant (non-finite or negative requests are stored as 0).
    var duration: TimeInterval
}

// MARK: - Description

extension Animation: CustomStringConvertible {
    /// The animation as it is spelled in code, as in `spring(duration: 0.5, bounce: 0)` or `easeIn(duration: 0.35)`.
    public var description: String { storage.description }
}

extension Animation.Storage: CustomStringConvertible {
    var description: String {
        switch self {
        case let .spring(s):
            let spring = s.spring
            var args: [String]
            let name = s.merges ? "spring" : "interpolatingSpring"
            switch s.spelling {
            case .duration:
                args = ["duration: \(formatted(spring.duration))", "bounce: \(formatted(spring.bounce))"]
            case .response:
                args = [
                    "response: \(formatted(spring.response))", "dampingFraction: \(formatted(spring.dampingRatio))",
                ]
            case .physical:
                args = [
                    "mass: \(formatted(spring.mass))", "stiffness: \(formatted(spring.stiffness))",
                    "damping: \(formatted(spring.damping))",
                ]
            }
            if s.blendDuration != 0 { args.append("blendDuration: \(formatted(s.blendDuration))") }
            if s.initialVelocity != 0 { args.append("initialVelocity: \(formatted(s.initialVelocity))") }
            return "\(name)(\(args.joined(separator: ", ")))"
        case let .curve(c):
            switch c.curve {
            case .linear, .easeIn, .easeOut, .easeInOut:
                return "\(c.curve)(duration: \(formatted(c.duration)))"
            default:
                return "timingCurve(\(c.curve), duration: \(formatted(c.duration)))"
            }
        case let .decay(d):
            guard let boundary = d.boundary else { return "decay(\(d.rate))" }
            return "decay(\(d.rate), overshoot: \(formatted(boundary.overshoot)), spring: \(boundary.spring))"
        case let .delay(d, base): return "\(base).delay(\(formatted(d)))"
        case let .speed(s, base): return "\(base).speed(\(formatted(s)))"
        case let .repeating(count, autoreverses, base):
            if let count { return "\(base).repeatCount(\(count), autoreverses: \(autoreverses))" }
            return "\(base).repeatForever(autoreverses: \(autoreverses))"
        case let .logicallyComplete(d, base): return "\(base).logicallyComplete(after: \(formatted(d)))"
        case let .custom(c): return String(describing: c.base)
        }
    }
}
