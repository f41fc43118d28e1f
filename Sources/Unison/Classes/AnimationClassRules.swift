import Foundation

/// Animation styles as classes: `"animate-spring duration-150 delay-50"`, with named recipes and
/// custom presets, resolving to an ``Animation`` (SwiftUI-Tailwind's animation classes, for Unison).
///
/// ```swift
/// let rules = AnimationClassRules(
///     named: ["motion-card": "animate-settle duration-250"],
///     animations: ["settle": AnimationPreset { .spring(duration: $0, bounce: 0.15) },
///                  "press": AnimationPreset(.interactiveSpring(response: 0.25, dampingFraction: 0.8))])
/// try animate("motion-card", rules: rules) { card.offset.value = 0 }
/// ```
///
/// Semantics:
/// - `animate-<preset>` picks the animation: the built-ins (`spring`, `smooth`, `snappy`, `bouncy`,
///   `interactive-spring`, `interpolating-spring`, `linear`, `ease-in`, `ease-out`, `ease-in-out`,
///   `circular-ease-in`, `circular-ease-out`, `circular-ease-in-out`, `default`) or the rules' own.
/// - `duration-<ms>` / `delay-<ms>` take finite, non-negative decimal milliseconds; the arbitrary
///   forms `duration-[0.25s]`, `duration-[250ms]` (likewise `delay-[…]`) take seconds or
///   milliseconds. Defaults: 300 ms duration, no delay.
/// - A later class overrides an earlier one for the same property.
/// - Duration and delay alone do not animate: without an `animate-*` class the caller's
///   transaction is kept as it is.
/// - Factory presets receive the resolved duration; fixed ones keep their own (`delay-*` applies to both).
/// - A recipe name expands to its classes (recursively, cycles rejected).
/// - Rules layer: a rule set built over a parent overrides individual names and presets, and
///   everything else (down to the built-ins) still resolves.
/// - With `reducesMotion`, classes that would animate resolve to no animation (changes jump).
public struct AnimationClassRules: Sendable {
    public var named: [String: String]
    public var animations: [String: AnimationPreset]
    /// When true (the user asked for less motion), animation classes resolve to no animation.
    public var reducesMotion: Bool
    private var parentRules: [ParentBox]

    /// A reference box so that the struct can hold its parent (rules nest to any depth).
    private final class ParentBox: Sendable {
        let rules: AnimationClassRules
        init(_ rules: AnimationClassRules) { self.rules = rules }
    }

    /// The default duration when no `duration-*` class is given: 300 ms.
    public static let defaultDuration: TimeInterval = 0.3

    /// The built-ins only.
    public static let standard = AnimationClassRules()

    public init(
        named: [String: String] = [:], animations: [String: AnimationPreset] = [:], reducesMotion: Bool = false
    ) {
        self.named = named
        self.animations = animations
        self.reducesMotion = reducesMotion
        parentRules = []
    }

    /// These rules over `parent`: names and presets here win; the rest resolve in `parent`.
    /// `reducesMotion` is true if either says so.
    public func layered(over parent: AnimationClassRules) -> AnimationClassRules {
        var rules = self
        rules.parentRules = [ParentBox(parent)]
        return rules
    }

    var parent: AnimationClassRules? { parentRules.first?.rules }

    func recipe(_ name: String) -> String? { named[name] ?? parent?.recipe(name) }

    func preset(_ name: String) -> AnimationPreset? {
        animations[name] ?? parent?.preset(name) ?? AnimationPreset.builtIn[name]
    }

    var motionReduced: Bool { reducesMotion || (parent?.motionReduced ?? false) }

    // MARK: Resolving

    /// Resolves a class string to an ``AnimationStyle``, or throws naming the offending token.
    public func resolve(_ classes: String) throws -> AnimationStyle {
        try resolve(Self.parse(classes))
    }

    /// Resolves typed utilities (`.animation(.spring), .duration(0.2), .delay(0.05)`) by the same rules.
    public func resolve(_ utilities: [AnimationUtility]) throws -> AnimationStyle {
        var style = AnimationStyle()
        try apply(utilities, to: &style, expanding: [])
        if let name = style.presetName {
            guard let preset = preset(name) else {
                throw AnimationClassError(token: style.presetToken ?? "animate-\(name)", reason: .unknownPreset(name))
            }
            if motionReduced {
                style.animation = nil
                style.reducedMotion = true
            } else {
                var animation = preset.animation(duration: style.duration ?? Self.defaultDuration)
                if let delay = style.delay, delay > 0 { animation = animation.delay(delay) }
                style.animation = animation
            }
        }
        return style
    }

    private func apply(_ utilities: [AnimationUtility], to style: inout AnimationStyle, expanding: [String]) throws {
        for utility in utilities {
            switch utility.kind {
            case let .animation(name, token):
                style.presetName = name
                style.presetToken = token
            case let .duration(seconds, token):
                try Self.validate(seconds, token: token)
                style.duration = seconds
            case let .delay(seconds, token):
                try Self.validate(seconds, token: token)
                style.delay = seconds
            case let .recipe(name):
                guard let classes = recipe(name) else {
                    throw AnimationClassError(token: name, reason: .unknownClass)
                }
                guard !expanding.contains(name) else {
                    throw AnimationClassError(token: name, reason: .cycle(expanding + [name]))
                }
                try apply(Self.parse(classes), to: &style, expanding: expanding + [name])
            }
        }
    }

    private static func validate(_ seconds: Double, token: String) throws {
        guard seconds.isFinite else {
            throw AnimationClassError(token: token, reason: .invalidValue("the value is not finite"))
        }
        guard seconds >= 0 else {
            throw AnimationClassError(token: token, reason: .invalidValue("the value is negative"))
        }
    }

    // MARK: Parsing

    /// Splits a class string into utilities; anything that is not `animate-*`, `duration-*` or
    /// `delay-*` is taken as a recipe name (checked when resolving).
    static func parse(_ classes: String) throws -> [AnimationUtility] {
        try classes.split(whereSeparator: { $0.isWhitespace }).map { try parseToken(String($0)) }
    }

    static func parseToken(_ token: String) throws -> AnimationUtility {
        if let name = token.dropPrefix("animate-") {
            guard !name.isEmpty else { throw AnimationClassError(token: token, reason: .unknownPreset("")) }
            return AnimationUtility(.animation(name, token: token))
        }
        if let value = token.dropPrefix("duration-") {
            return AnimationUtility(.duration(try parseTime(value, token: token), token: token))
        }
        if let value = token.dropPrefix("delay-") {
            return AnimationUtility(.delay(try parseTime(value, token: token), token: token))
        }
        return AnimationUtility(.recipe(token))
    }

    /// `150`, `75.5` (milliseconds), or `[0.25s]`, `[250ms]` (explicit unit). Decimal digits with at
    /// most one point; no sign, exponent, `inf` or `nan` (they are not finite, non-negative decimals).
    static func parseTime(_ text: String, token: String) throws -> TimeInterval {
        func decimal(_ digits: Substring) throws -> Double {
            let valid =
                !digits.isEmpty && digits.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
                && digits.filter({ $0 == "." }).count <= 1 && digits != "."
            guard valid, let value = Double(digits), value.isFinite else {
                let why = digits.hasPrefix("-") ? "the value is negative" : "'\(digits)' is not a decimal number"
                throw AnimationClassError(token: token, reason: .invalidValue(why))
            }
            return value
        }
        if text.hasPrefix("[") {
            guard text.hasSuffix("]"), text.count > 2 else {
                throw AnimationClassError(
                    token: token, reason: .invalidValue("an arbitrary value is written [0.25s] or [250ms]"))
            }
            let inner = text.dropFirst().dropLast()
            if let ms = inner.dropSuffix("ms") { return try decimal(ms) / 1000 }
            if let s = inner.dropSuffix("s") { return try decimal(s) }
            throw AnimationClassError(token: token, reason: .invalidValue("an arbitrary value needs a unit: s or ms"))
        }
        return try decimal(Substring(text)) / 1000
    }
}

extension StringProtocol {
    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }

    fileprivate func dropSuffix(_ suffix: String) -> Substring? {
        hasSuffix(suffix) ? Substring(dropLast(suffix.count)) : nil
    }
}
