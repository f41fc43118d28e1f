import Foundation

/// A class string resolved for every interaction state: the values it gives a widget's drawn
/// properties and the animation it picks, in whichever states the widget is.
///
/// ```swift
/// let style = try AnimationClassRules.standard.resolveStyle("active:opacity-80 animate-spring duration-150")
/// let pressed = style.resolved(for: [.hover, .active])
/// withAnimationStyle(pressed.animation) { button.opacity = pressed.values.opacity }   // fades to 0.8
/// ```
///
/// - In a set of states, the classes that apply are the plain ones and those whose variants are all
///   in the set; among them a later class overrides an earlier one for the same property (values,
///   `animate-*`, `duration-*` and `delay-*` alike).
/// - The *destination* state selects the animation: entering a state animates with the classes that
///   apply in it, leaving it with those of the state left behind. `"active:opacity-80
///   active:animate-spring"` springs in when pressed and jumps back on release; keep a plain
///   `animate-*` class when both ways should animate.
/// - A property that no class sets, in any state, is not styled (``properties``): it stays the caller's.
///
/// Every state is resolved when the style is made (errors come first, from
/// ``AnimationClassRules/resolveStyle(_:)-(String)``); looking one up is O(1).
public struct ClassStyle: Sendable {
    /// The properties some class sets (in some state).
    public let properties: StyledProperties
    /// The states some class depends on; the others change nothing.
    public let states: InteractionState
    /// Values and animation for each subset of ``states``, by raw value.
    private let table: [UInt8: StateStyle]

    /// No classes: nothing styled, the caller's transaction kept.
    public init() {
        properties = []
        states = []
        table = [0: StateStyle(values: .identity, animation: AnimationStyle())]
    }

    init(_ entries: [ClassEntry], rules: AnimationClassRules) {
        var properties: StyledProperties = []
        var states: InteractionState = []
        for entry in entries {
            states.formUnion(entry.states)
            switch entry.setting {
            case let .value(setting): properties.insert(setting.property)
            case .style: properties.insert(.styleClasses)
            default: break
            }
        }
        var table: [UInt8: StateStyle] = [:]
        // Every subset of `states` (including the empty set), by the usual sub-mask walk.
        var subset = states.rawValue
        while true {
            let active = InteractionState(rawValue: subset)
            table[subset] = Self.resolve(entries.filter { active.isSuperset(of: $0.states) }, rules: rules)
            if subset == 0 { break }
            subset = (subset - 1) & states.rawValue
        }
        self.properties = properties
        self.states = states
        self.table = table
    }

    /// The values and the animation for a widget in `states` (states no class mentions are ignored).
    public func resolved(for states: InteractionState) -> StateStyle {
        table[states.intersection(self.states).rawValue]!
    }

    /// Folds the classes that apply, in order, into values and an animation.
    private static func resolve(_ entries: [ClassEntry], rules: AnimationClassRules) -> StateStyle {
        var values = StyledValues.identity
        var animation = AnimationStyle()
        for entry in entries {
            switch entry.setting {
            case let .animation(name, token):
                animation.presetName = name
                animation.presetToken = token
            case let .duration(seconds): animation.duration = seconds
            case let .delay(seconds): animation.delay = seconds
            case let .value(setting): setting.apply(to: &values)
            case let .style(name): if !values.styleClasses.contains(name) { values.styleClasses.append(name) }
            }
        }
        rules.finish(&animation)
        return StateStyle(values: values, animation: animation)
    }
}

/// What a ``ClassStyle`` gives a widget in one set of states.
public struct StateStyle: Sendable {
    /// The styled values (identity for properties no class sets: see ``ClassStyle/properties``).
    public var values: StyledValues
    /// The animation to change to these values with.
    public var animation: AnimationStyle
}

/// One class after recipes are expanded: what it sets and the states it needs.
struct ClassEntry: Sendable {
    enum Setting: Sendable {
        case animation(String, token: String?)
        case duration(TimeInterval)
        case delay(TimeInterval)
        case value(AnimationUtility.ValueSetting)
        /// A CSS styling class (`bg-surface`).
        case style(String)
    }

    var states: InteractionState
    var setting: Setting
}

extension AnimationUtility.ValueSetting {
    var property: StyledProperties {
        switch self {
        case .opacity: .opacity
        case .scale: .scale
        case .translate: .translation
        case .rotate: .rotation
        case .padding: .padding
        }
    }

    func apply(to values: inout StyledValues) {
        switch self {
        case let .opacity(value): values.opacity = value
        case let .scale(x, y):
            if let x { values.scale.width = x }
            if let y { values.scale.height = y }
        case let .translate(x, y):
            if let x { values.translation.x = x }
            if let y { values.translation.y = y }
        case let .rotate(degrees): values.rotation = degrees
        case let .padding(top, right, bottom, left):
            if let top { values.padding.top = top }
            if let right { values.padding.trailing = right }
            if let bottom { values.padding.bottom = bottom }
            if let left { values.padding.leading = left }
        }
    }

    /// Every component, for validation.
    var components: [Double] {
        switch self {
        case let .opacity(value): [value]
        case let .scale(x, y), let .translate(x, y): [x, y].compactMap { $0 }
        case let .rotate(degrees): [degrees]
        case let .padding(top, right, bottom, left): [top, right, bottom, left].compactMap { $0 }
        }
    }
}
