import Foundation

// Value utilities, in Tailwind's units: `opacity-80` (percent), `scale-105` (percent),
// `translate-y-1` (the spacing scale: 0.25 rem, 4 px at the 16 px root), `rotate-3` (degrees);
// negative forms `-translate-y-1`, `-rotate-3`, `-scale-100` (a flip); arbitrary values in brackets
// with a unit or none: `opacity-[0.35]`/`opacity-[35%]`, `scale-[1.7]`/`scale-[170%]`,
// `translate-x-[10px]`/`[0.5rem]`/`[10]`, `rotate-[17deg]`/`[0.25turn]`/`[1rad]`/`[17]`; padding
// `p-6` (24 px), `px-*`, `py-*`, `pt-*`, `pr-*`, `pb-*`, `pl-*`, `p-px`, `p-[32px]`/`[2rem]`/`[32]`.

extension AnimationClassRules {
    /// What a value utility's prefix sets.
    private enum ValueKind {
        case opacity
        case scale(x: Bool, y: Bool)
        case translate(x: Bool, y: Bool)
        case rotate
        /// Which edges: top, right, bottom, left.
        case padding(Bool, Bool, Bool, Bool)
    }

    /// Prefixes, longest first where one starts another (`scale-x-` before `scale-`).
    private static let valuePrefixes: [(prefix: String, kind: ValueKind)] = [
        ("opacity-", .opacity),
        ("scale-x-", .scale(x: true, y: false)), ("scale-y-", .scale(x: false, y: true)),
        ("scale-", .scale(x: true, y: true)),
        ("translate-x-", .translate(x: true, y: false)), ("translate-y-", .translate(x: false, y: true)),
        ("translate-", .translate(x: true, y: true)),
        ("rotate-", .rotate),
        ("p-", .padding(true, true, true, true)),
        ("px-", .padding(false, true, false, true)), ("py-", .padding(true, false, true, false)),
        ("pt-", .padding(true, false, false, false)), ("pr-", .padding(false, true, false, false)),
        ("pb-", .padding(false, false, true, false)), ("pl-", .padding(false, false, false, true)),
    ]

    /// Styling that GTK's CSS owns (colours, corners, borders, shadows, type): these classes are
    /// validated by their prefix and handed to the widget as CSS classes, never animated.
    static let styleFamilies = ["bg-", "text-", "rounded", "border", "shadow", "font-", "ring"]

    /// Whether `body` is a styling class (``styleFamilies``): `rounded` alone, or a family's prefix
    /// followed by a name of letters, digits and dashes (`bg-surface`, `rounded-xl`, `text-2xl`).
    static func isStyleClass(_ body: String) -> Bool {
        guard let family = styleFamilies.first(where: { body.hasPrefix($0) }) else { return false }
        let rest = body.dropFirst(family.count)
        if rest.isEmpty { return !family.hasSuffix("-") }
        let name = family.hasSuffix("-") ? rest : (rest.hasPrefix("-") ? rest.dropFirst() : "")
        return !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            && !name.hasSuffix("-")
    }

    /// Tailwind's spacing unit in pixels: 0.25 rem at a 16 px root.
    static let spacingUnit = 4.0

    /// The setting of a value utility, nil when `body` is not one (it may be a recipe name), or an
    /// error naming `token`.
    static func parseValue(_ body: String, token: String) throws -> AnimationUtility.ValueSetting? {
        let negative = body.hasPrefix("-")
        let name = negative ? body.dropFirst() : Substring(body)
        guard let (prefix, kind) = valuePrefixes.first(where: { name.hasPrefix($0.prefix) }) else { return nil }
        let text = String(name.dropFirst(prefix.count))
        let sign = negative ? -1.0 : 1.0
        let arbitrary = text.hasPrefix("[")
        func invalid(_ why: String) -> AnimationClassError {
            AnimationClassError(token: token, reason: .invalidValue(why))
        }
        switch kind {
        case .opacity:
            guard !negative else { throw invalid("opacity has no negative form") }
            let value =
                arbitrary
                ? try arbitraryValue(
                    text, token: token, units: [("%", 0.01)], signed: false, example: "[0.35] or [35%]")
                : try decimal(Substring(text), token: token) / 100
            guard value <= 1 else {
                throw invalid(arbitrary ? "opacity is 0...1 (0%...100%)" : "opacity is 0...100 (percent)")
            }
            return .opacity(value)
        case let .scale(x, y):
            let factor =
                sign
                * (arbitrary
                    ? try arbitraryValue(
                        text, token: token, units: [("%", 0.01)], signed: true, example: "[1.05] or [105%]")
                    : try decimal(Substring(text), token: token) / 100)
            return .scale(x: x ? factor : nil, y: y ? factor : nil)
        case let .translate(x, y):
            if text == "full" || text.contains("/") {
                throw invalid("translations relative to the widget's size are not supported: use a length, [10px]")
            }
            let pixels = try length(text, token: token, signed: true, example: "[10px] or [0.5rem]")
            return .translate(x: x ? sign * pixels : nil, y: y ? sign * pixels : nil)
        case let .padding(top, right, bottom, left):
            guard !negative else { throw invalid("padding has no negative form") }
            let pixels = try length(text, token: token, signed: false, example: "[32px] or [2rem]")
            return .padding(
                top: top ? pixels : nil, right: right ? pixels : nil, bottom: bottom ? pixels : nil,
                left: left ? pixels : nil)
        case .rotate:
            let degrees =
                arbitrary
                ? try arbitraryValue(
                    text, token: token, units: [("deg", 1), ("turn", 360), ("rad", 180 / Double.pi)], signed: true,
                    example: "[17deg] or [0.25turn]")
                : try decimal(Substring(text), token: token)
            return .rotate(sign * degrees)
        }
    }

    /// A length in pixels: `px` (1 px), `[10px]`, `[0.5rem]` or `[10]` (pixels), or a number of
    /// spacing units (`4` is 16 px).
    private static func length(_ text: String, token: String, signed: Bool, example: String) throws -> Double {
        if text == "px" { return 1 }
        if text.hasPrefix("[") {
            return try arbitraryValue(
                text, token: token, units: [("px", 1), ("rem", 16)], signed: signed, example: example)
        }
        return try decimal(Substring(text), token: token) * spacingUnit
    }

    /// `[<decimal><unit>]`, times the unit's factor; a bare decimal has factor 1.
    private static func arbitraryValue(
        _ text: String, token: String, units: [(suffix: String, factor: Double)], signed: Bool, example: String
    ) throws -> Double {
        let inner = try bracketed(text, token: token, example: example)
        let unit = units.first { inner.hasSuffix($0.suffix) }
        let number = inner.dropLast(unit?.suffix.count ?? 0)
        // Anything but a number before the unit (`[3grad]`, `[10em]`) is a unit we do not know.
        guard number.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) else {
            throw AnimationClassError(token: token, reason: .invalidValue("an arbitrary value is written \(example)"))
        }
        return try decimal(number, token: token, signed: signed) * (unit?.factor ?? 1)
    }
}
