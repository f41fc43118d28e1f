import Foundation

/// The interaction states a class variant applies in: `hover:`, `active:` (pressed), `focus:`,
/// `focus-visible:` and `disabled:`. A set of them says which states a widget is in now.
///
/// ```swift
/// let style = try AnimationClassRules.standard.resolveStyle("active:opacity-80 animate-spring duration-150")
/// style.resolved(for: [.hover, .active]).values.opacity   // 0.8
/// ```
///
/// A class behind several variants (`hover:focus:scale-105`) applies only when the widget is in
/// all of them. The states are independent here; a toolkit sets them as it sees them (GTK marks a
/// widget with keyboard-visible focus as both focused and focus-visible).
public struct InteractionState: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The states as bits, one per state.
    public let rawValue: UInt8

    /// The set of states whose bits are set in `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The pointer is over the widget (`hover:`).
    public static let hover = InteractionState(rawValue: 1 << 0)
    /// The widget is pressed (`active:`).
    public static let active = InteractionState(rawValue: 1 << 1)
    /// The widget has the keyboard focus (`focus:`).
    public static let focus = InteractionState(rawValue: 1 << 2)
    /// The widget has the keyboard focus and shows it, as after keyboard navigation (`focus-visible:`).
    public static let focusVisible = InteractionState(rawValue: 1 << 3)
    /// The widget does not accept input (`disabled:`).
    public static let disabled = InteractionState(rawValue: 1 << 4)

    /// Every state, with its variant's name, in the order descriptions list them.
    static let variants: [(name: String, state: InteractionState)] = [
        ("hover", .hover), ("active", .active), ("focus", .focus), ("focus-visible", .focusVisible),
        ("disabled", .disabled),
    ]

    /// The state a variant names (`"focus-visible"`), or nil.
    init?(variant name: String) {
        guard let state = Self.variants.first(where: { $0.name == name })?.state else { return nil }
        self = state
    }

    /// The variants, as a class would prefix them: `"hover:active:"`.
    public var description: String {
        let names = Self.variants.filter { contains($0.state) }.map(\.name)
        return names.isEmpty ? "[]" : names.map { $0 + ":" }.joined()
    }
}
