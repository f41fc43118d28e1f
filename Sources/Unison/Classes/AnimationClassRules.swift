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
/// - With `reducesMotion`, classes that would animate resolve to no animation (changes jump): the
///   rules' own "animations off". The user's reduced-motion preference needs nothing here: under
///   it (``MotionPreferences``) class animations lose their bounce like every other animation.
///
/// Value utilities (`opacity-80`, `scale-105`, `translate-y-1`, `rotate-3`, negative and arbitrary
/// forms) and state variants (`hover:`, `active:`, `focus:`, `focus-visible:`, `disabled:`, on any
/// class or recipe, stackable) resolve with ``resolveStyle(_:)-(String)`` to a ``ClassStyle``: the
/// values and the animation for each set of states, by the rules above. Padding (`p-6`, `px-2`,
/// `pt-[12px]`) resolves the same way. Styling that GTK's CSS owns (`bg-*`, `text-*`,
/// `rounded*`, `border*`, `shadow*`, `font-*`, `ring*`, names of letters, digits and dashes) is
/// accepted as CSS classes for the styled widget, unless a recipe has that name. The utility prefixes
/// (`animate-`, `duration-`, `delay-`, `opacity-`, `scale-`, `translate-`, `rotate-`) are not
/// recipe names.
public struct AnimationClassRules: Sendable {
    /// Recipes: each name expands to its class string (`"motion-card": "animate-settle duration-250"`).
    public var named: [String: String]
    /// Custom presets, by the name `animate-<name>` picks (a name here hides a built-in of that name).
    public var animations: [String: AnimationPreset]
    /// When true, animation classes resolve to no animation (changes jump), whatever
    /// ``MotionPreferences`` says; reduced motion itself transforms class animations without it.
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

    /// Rules with these recipes and custom presets over the built-ins; with `reducesMotion`, classes
    /// that would animate resolve to no animation.
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

    /// Resolves a class string to the ``AnimationStyle`` of the plain state (no variant applies),
    /// or throws naming the offending token. Value utilities and state variants are validated
    /// (a wrong one throws) but style nothing here: this is the animation only, for `animate`.
    public func resolve(_ classes: String) throws -> AnimationStyle {
        try resolveStyle(classes).resolved(for: []).animation
    }

    /// Resolves typed utilities (`.animation(.spring), .duration(0.2), .delay(0.05)`) by the same rules.
    public func resolve(_ utilities: [AnimationUtility]) throws -> AnimationStyle {
        try resolveStyle(utilities).resolved(for: []).animation
    }

    /// Resolves a class string with values and state variants
    /// (`"hover:-translate-y-1 active:opacity-80 animate-spring duration-150"`) for every state,
    /// or throws naming the offending token; nothing is resolved halfway.
    public func resolveStyle(_ classes: String) throws -> ClassStyle {
        try resolveStyle(Self.parse(classes))
    }

    /// Resolves typed utilities with values and state variants
    /// (`.active(.opacity(0.8)), .animation(.spring), .duration(0.15)`) by the same rules.
    public func resolveStyle(_ utilities: [AnimationUtility]) throws -> ClassStyle {
        var entries: [ClassEntry] = []
        try flatten(utilities, states: [], into: &entries, expanding: [])
        // Every preset must exist, whichever state names it.
        for entry in entries {
            if case let .animation(name, token) = entry.setting, preset(name) == nil {
                throw AnimationClassError(token: token ?? "animate-\(name)", reason: .unknownPreset(name))
            }
        }
        return ClassStyle(entries, rules: self)
    }

    /// Turns a chosen preset into the animation (the preset exists: ``resolveStyle(_:)-([AnimationUtility])``
    /// checked), or none when motion is reduced.
    func finish(_ style: inout AnimationStyle) {
        guard let name = style.presetName, let preset = preset(name) else { return }
        if motionReduced {
            style.animation = nil
            style.reducedMotion = true
        } else {
            var animation = preset.animation(duration: style.duration ?? Self.defaultDuration)
            if let delay = style.delay, delay > 0 { animation = animation.delay(delay) }
            style.animation = animation
        }
    }

    /// Expands recipes and variants into a flat list of classes, each with the states it needs,
    /// validating values on the way.
    private func flatten(
        _ utilities: [AnimationUtility], states: InteractionState, into entries: inout [ClassEntry],
        expanding: [String]
    ) throws {
        for utility in utilities {
            switch utility.kind {
            case let .animation(name, token):
                entries.append(ClassEntry(states: states, setting: .animation(name, token: token)))
            case let .duration(seconds, token):
                try Self.validate(seconds, token: token)
                entries.append(ClassEntry(states: states, setting: .duration(seconds)))
            case let .delay(seconds, token):
                try Self.validate(seconds, token: token)
                entries.append(ClassEntry(states: states, setting: .delay(seconds)))
            case let .value(setting, token):
                try Self.validate(setting, token: token)
                entries.append(ClassEntry(states: states, setting: .value(setting)))
            case let .variant(variant, inner):
                try flatten(inner, states: states.union(variant), into: &entries, expanding: expanding)
            case let .recipe(name, token):
                guard let classes = recipe(name) else {
                    // Not a recipe of these rules: CSS styling (`bg-surface`), or unknown.
                    if Self.isStyleClass(name) {
                        entries.append(ClassEntry(states: states, setting: .style(name)))
                        continue
                    }
                    throw AnimationClassError(token: token, reason: .unknownClass)
                }
                guard !expanding.contains(name) else {
                    throw AnimationClassError(token: name, reason: .cycle(expanding + [name]))
                }
                try flatten(Self.parse(classes), states: states, into: &entries, expanding: expanding + [name])
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

    private static func validate(_ setting: AnimationUtility.ValueSetting, token: String) throws {
        guard setting.components.allSatisfy(\.isFinite) else {
            throw AnimationClassError(token: token, reason: .invalidValue("the value is not finite"))
        }
        if case let .opacity(value) = setting, !(0...1).contains(value) {
            throw AnimationClassError(token: token, reason: .invalidValue("opacity is 0...1"))
        }
        if case .padding = setting, setting.components.contains(where: { $0 < 0 }) {
            throw AnimationClassError(token: token, reason: .invalidValue("padding is 0 or more"))
        }
    }

    // MARK: Parsing

    /// Splits a class string into utilities; anything that is not a known utility is taken as a
    /// recipe name (checked when resolving).
    static func parse(_ classes: String) throws -> [AnimationUtility] {
        try classes.split(whereSeparator: { $0.isWhitespace }).map { try parseToken(String($0)) }
    }

    /// One token: variants (`hover:active:`), then a utility or a recipe name.
    static func parseToken(_ token: String) throws -> AnimationUtility {
        let segments = splitVariants(token)
        guard segments.count > 1 else { return try parseUtility(token, token: token) }
        var states: InteractionState = []
        for name in segments.dropLast() {
            guard let state = InteractionState(variant: name) else {
                throw AnimationClassError(token: token, reason: .unknownVariant(name))
            }
            states.insert(state)
        }
        let body = segments.last!
        guard !body.isEmpty else {
            throw AnimationClassError(token: token, reason: .invalidValue("a variant needs a class after it"))
        }
        return AnimationUtility(.variant(states, [try parseUtility(body, token: token)]))
    }

    /// Splits at the colons outside brackets (an arbitrary value may hold one).
    private static func splitVariants(_ token: String) -> [String] {
        var segments: [String] = []
        var current = ""
        var depth = 0
        for character in token {
            switch character {
            case "[": depth += 1
            case "]": depth = max(0, depth - 1)
            case ":" where depth == 0:
                segments.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        segments.append(current)
        return segments
    }

    /// A utility without variants; `token` is the whole token, for errors.
    private static func parseUtility(_ body: String, token: String) throws -> AnimationUtility {
        if let name = body.dropPrefix("animate-") {
            guard !name.isEmpty else { throw AnimationClassError(token: token, reason: .unknownPreset("")) }
            return AnimationUtility(.animation(name, token: token))
        }
        if let value = body.dropPrefix("duration-") {
            return AnimationUtility(.duration(try parseTime(value, token: token), token: token))
        }
        if let value = body.dropPrefix("delay-") {
            return AnimationUtility(.delay(try parseTime(value, token: token), token: token))
        }
        if let setting = try parseValue(body, token: token) {
            return AnimationUtility(.value(setting, token: token))
        }
        return AnimationUtility(.recipe(body, token: token))
    }

    /// `150`, `75.5` (milliseconds), or `[0.25s]`, `[250ms]` (explicit unit). Decimal digits with at
    /// most one point; no sign, exponent, `inf` or `nan` (they are not finite, non-negative decimals).
    static func parseTime(_ text: String, token: String) throws -> TimeInterval {
        if text.hasPrefix("[") {
            let inner = try bracketed(text, token: token, example: "[0.25s] or [250ms]")
            if let ms = inner.dropSuffix("ms") { return try decimal(ms, token: token) / 1000 }
            if let s = inner.dropSuffix("s") { return try decimal(s, token: token) }
            throw AnimationClassError(token: token, reason: .invalidValue("an arbitrary value needs a unit: s or ms"))
        }
        return try decimal(Substring(text), token: token) / 1000
    }

    /// The text inside `[...]`, or an error showing how an arbitrary value is written.
    static func bracketed(_ text: String, token: String, example: String) throws -> Substring {
        guard text.hasPrefix("["), text.hasSuffix("]"), text.count > 2 else {
            throw AnimationClassError(token: token, reason: .invalidValue("an arbitrary value is written \(example)"))
        }
        return text.dropFirst().dropLast()
    }

    /// A finite decimal: digits with at most one point, and a leading `-` only when `signed`.
    static func decimal(_ text: Substring, token: String, signed: Bool = false) throws -> Double {
        var digits = text
        var sign = 1.0
        if signed, digits.hasPrefix("-") {
            digits = digits.dropFirst()
            sign = -1
        }
        let valid =
            !digits.isEmpty && digits.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
            && digits.filter({ $0 == "." }).count <= 1 && digits != "."
        guard valid, let value = Double(digits), value.isFinite else {
            let why = digits.hasPrefix("-") ? "the value is negative" : "'\(digits)' is not a decimal number"
            throw AnimationClassError(token: token, reason: .invalidValue(why))
        }
        return sign * value
    }
}

extension StringProtocol {
    func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }

    func dropSuffix(_ suffix: String) -> Substring? {
        hasSuffix(suffix) ? Substring(dropLast(suffix.count)) : nil
    }
}
