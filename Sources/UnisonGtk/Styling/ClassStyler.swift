import CUnisonGtk
import Foundation
import Unison

/// A widget's classes, restyled whenever its GTK state flags change: the styled values of the
/// states it is in, changed with the animation those states' classes choose (the destination
/// state selects it, on entry and on exit alike).
///
/// GTK's state flags are the states: `PRELIGHT` is `hover:`, `ACTIVE` (pressed) is `active:`,
/// `FOCUSED` is `focus:`, `FOCUSED` with `FOCUS_VISIBLE` is `focus-visible:` (GTK also marks
/// the focused widget's ancestors focus-visible), `INSENSITIVE` is `disabled:`. The changes run in the
/// state's style over the transaction current when GTK emits `state-flags-changed`: a change of
/// sensitivity made inside `withTransaction` with `disablesAnimations` jumps, and a state without an
/// `animate-*` class keeps that transaction (user input: none, so values jump).
///
/// - Complexity: O(1) per state change (every state's values were resolved with the classes).
@MainActor
final class ClassStyler {
    /// The classes as given, nil when none.
    private(set) var classes: String?
    private(set) var style = ClassStyle()
    /// The watched widget's states when they last changed.
    private(set) var states: InteractionState = []
    private let watched: ObjectReference
    private var handler: gulong = 0
    /// Writes the values of `properties` (model values, inside the state's transaction).
    private let apply: @MainActor (StyledValues, StyledProperties) -> Void

    /// Styles through `apply`, reading the states of `widget` (held weakly).
    init(watching widget: ObjectReference, apply: @escaping @MainActor (StyledValues, StyledProperties) -> Void) {
        watched = widget
        self.apply = apply
    }

    isolated deinit {
        if handler != 0, let pointer = watched.pointer { g_signal_handler_disconnect(pointer, handler) }
    }

    /// Whether the classes' own `animate-*` animates their changes (state changes, new classes).
    /// Off for a watched preset with an explicit scope: only its watched value enables it.
    var usesOwnAnimation = true

    /// The values and the animation of the current states.
    var current: StateStyle { style.resolved(for: states) }

    /// The animation changes of the styled properties take: the current states' unless
    /// ``usesOwnAnimation`` is off (then the caller's transaction).
    var ownAnimation: AnimationStyle { usesOwnAnimation ? current.animation : AnimationStyle() }

    /// Resolves `classes` (throwing, with nothing changed, when they do not resolve), then moves
    /// the styled values to those of the current states, with their animation. Properties the
    /// previous classes styled and these do not go back to their identity values.
    func setClasses(_ classes: String?, rules: AnimationClassRules) throws {
        setStyle(try rules.resolveStyle(classes ?? ""), classes: classes)
    }

    /// ``setClasses(_:rules:)`` with the classes already resolved (to `newStyle`).
    func setStyle(_ newStyle: ClassStyle, classes: String?) {
        let dropped = style.properties.subtracting(newStyle.properties)
        style = newStyle
        self.classes = classes
        if handler == 0, !newStyle.states.isEmpty, let pointer = watched.pointer {
            handler = connectFlagsSignal(pointer, "state-flags-changed") { [weak self] _ in self?.flagsChanged() }
        }
        states = readStates()
        restyle(style.properties.union(dropped))
    }

    private func flagsChanged() {
        let previous = states
        states = readStates()
        guard states.intersection(style.states) != previous.intersection(style.states) else { return }
        restyle(style.properties)
    }

    private func restyle(_ properties: StyledProperties) {
        guard !properties.isEmpty else { return }
        let resolved = current
        withAnimationStyle(ownAnimation) { apply(resolved.values, properties) }
    }

    private func readStates() -> InteractionState {
        guard let pointer = watched.pointer else { return [] }
        return Self.states(of: gtk_widget_get_state_flags(unison_gtk_widget(pointer)))
    }

    /// The interaction states GTK's flags say a widget is in.
    static func states(of flags: GtkStateFlags) -> InteractionState {
        func has(_ flag: GtkStateFlags) -> Bool { flags.rawValue & flag.rawValue != 0 }
        var states: InteractionState = []
        if has(GTK_STATE_FLAG_PRELIGHT) { states.insert(.hover) }
        if has(GTK_STATE_FLAG_ACTIVE) { states.insert(.active) }
        if has(GTK_STATE_FLAG_FOCUSED) {
            states.insert(.focus)
            if has(GTK_STATE_FLAG_FOCUS_VISIBLE) { states.insert(.focusVisible) }
        }
        if has(GTK_STATE_FLAG_INSENSITIVE) { states.insert(.disabled) }
        return states
    }
}

extension StyledValues {
    /// Sets each property in `properties` whose model value differs (an equal one is left alone: set
    /// outside an animation it would end a running animation with a jump). The drawn properties are
    /// set inside `surface`, padding inside `layout` (each says which transaction applies).
    @MainActor
    func write(
        _ properties: StyledProperties, opacity: AnimatableProperty<Double>, scale: AnimatableProperty<CGSize>,
        translation: AnimatableProperty<CGPoint>, rotation: AnimatableProperty<Double>,
        padding: AnimatableProperty<EdgeInsets>? = nil, surface: (() -> Void) -> Void = { $0() },
        layout: (() -> Void) -> Void = { $0() }
    ) {
        surface {
            if properties.contains(.opacity), opacity.value != self.opacity { opacity.value = self.opacity }
            if properties.contains(.scale), scale.value != self.scale { scale.value = self.scale }
            if properties.contains(.translation), translation.value != self.translation {
                translation.value = self.translation
            }
            if properties.contains(.rotation), rotation.value != self.rotation { rotation.value = self.rotation }
        }
        if let padding, properties.contains(.padding), padding.value != self.padding {
            layout { padding.value = self.padding }
        }
    }
}

/// The CSS classes a widget's animation classes gave it (`bg-surface`, `rounded-xl`), kept in step
/// with the classes of its current states.
@MainActor
struct StyleClasses {
    private var applied: [(name: String, widget: UnsafeMutablePointer<GtkWidget>)] = []

    /// Gives exactly `classes` of those it manages, each to the widget `target` names for it: adds
    /// the new ones, removes the dropped.
    mutating func apply(
        _ classes: [String], to target: (String) -> UnsafeMutablePointer<GtkWidget>?
    ) {
        guard classes != applied.map(\.name) else { return }
        for entry in applied where !classes.contains(entry.name) {
            gtk_widget_remove_css_class(entry.widget, entry.name)
        }
        var next: [(name: String, widget: UnsafeMutablePointer<GtkWidget>)] = []
        for name in classes {
            if let kept = applied.first(where: { $0.name == name }) {
                next.append(kept)
            } else if let widget = target(name) {
                gtk_widget_add_css_class(widget, name)
                next.append((name, widget))
            }
        }
        applied = next
    }

    /// Typography (`text-*`, `font-*`), which a child inherits from its parent's CSS node.
    static func isTypography(_ name: String) -> Bool { name.hasPrefix("text-") || name.hasPrefix("font-") }
}
