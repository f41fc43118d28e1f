import CUnisonGtk
import Foundation
import Unison

/// The environment of GTK widgets: what GTK says about a widget (its text direction, its motion
/// settings, its scale factor), and values the app sets for a widget and
/// every widget inside it. Custom animations read it as `context.environment`; transitions take
/// their leading and trailing edges from its `EnvironmentValues.layoutDirection`.
///
/// ```swift
/// // A sidebar whose animations run calmer than the rest of the window:
/// WidgetEnvironment.set(\.accessibilityReduceMotion, true, on: sidebar)
/// ```
///
/// What an animation of a widget sees (``resolved(for:)``), later layers winning key by key:
/// - GTK's values: `layoutDirection` from `gtk_widget_get_direction`: the default direction
///   (`gtk_widget_set_default_direction`, which follows the locale), unless the widget or an
///   enclosing one was given another with `gtk_widget_set_direction`, the nearest winning (GTK 4
///   does not pass a container's direction on to its children, but it packs them that way, so
///   their motion follows it); `accessibilityReduceMotion` when motion is reduced (GTK's
///   `gtk-interface-reduced-motion`, where the running GTK has it, or the app's
///   `MotionPreferences.reduceMotionOverride` over it) or `gtk-enable-animations` is off;
///   `displayScale` from `gtk_widget_get_scale_factor`;
/// - values set on the widget's ancestors, the outermost first;
/// - values set on the widget itself.
///
/// Then, as everywhere, the property's own values and the transaction's. Properties of an
/// ``AnimatedWidget`` (and the other animated GTK values) read the environment of their own
/// widget, also when they run on another widget's clock; a ``GtkFrameClock`` used directly
/// reports its widget's.
///
/// The environment is read when an animation that uses it starts (a custom animation, a
/// transition), never per frame: a value set later applies from the next change on.
/// - Complexity: O(depth of the widget in its tree) per read.
@MainActor
public enum WidgetEnvironment {
    private static let quark = g_quark_from_static_string("unison-environment")

    /// GTK's part of an environment, by what it is made of.
    private struct GtkValues: Hashable {
        var rightToLeft: Bool
        var reduceMotion: Bool
        var scale: Int32
    }

    /// The environments made of GTK's values so far: a handful (two directions, two settings, the
    /// monitors' scale factors), each built once and then shared, so that reading a widget's
    /// environment allocates nothing unless the app set values around it.
    private static var gtkEnvironments: [GtkValues: EnvironmentValues] = [:]
    /// How many of them there are (``gtkAdapterCensus()``).
    static var sharedEnvironmentCount: Int { gtkEnvironments.count }

    /// The values set on `widget` itself (not those it inherits).
    public static func values(setOn widget: some GObjectPointer) -> EnvironmentValues {
        values(setOn: widget.widgetPointer) ?? EnvironmentValues()
    }

    /// Sets the values of `widget` and every widget inside it, replacing the ones set on it
    /// before (`EnvironmentValues()` removes them all). Values set further in still win there.
    public static func set(_ values: EnvironmentValues, on widget: some GObjectPointer) {
        let object = unison_gtk_object(widget.gObjectAddress)
        if values.isEmpty {
            g_object_set_qdata(object, quark, nil)  // frees the previous box
        } else {
            g_object_set_qdata_full(object, quark, CallbackBox.retained(values), releaseCallbackBox)
        }
    }

    /// Sets one value for `widget` and every widget inside it, keeping the others set on it.
    ///
    /// ```swift
    /// WidgetEnvironment.set(\.layoutDirection, .rightToLeft, on: hebrewPane)
    /// ```
    public static func set<V>(
        _ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V, on widget: some GObjectPointer
    ) {
        var values = values(setOn: widget)
        values[keyPath: keyPath] = value
        set(values, on: widget)
    }

    /// What an animation of `widget` sees from where it lives: GTK's values, then those set on
    /// its ancestors (outermost first), then its own.
    public static func resolved(for widget: some GObjectPointer) -> EnvironmentValues {
        let w = widget.widgetPointer
        let defaultDirection = gtk_widget_get_default_direction()
        var direction: GtkTextDirection?
        var set: [EnvironmentValues] = []  // innermost first; empty (no allocation) in the usual case
        var current: UnsafeMutablePointer<GtkWidget>? = w
        while let widget = current {
            if direction == nil, gtk_widget_get_direction(widget) != defaultDirection {
                direction = gtk_widget_get_direction(widget)
            }
            if let values = values(setOn: widget) { set.append(values) }
            current = gtk_widget_get_parent(widget)
        }
        let gtk = GtkValues(
            rightToLeft: (direction ?? defaultDirection) == GTK_TEXT_DIR_RTL,
            reduceMotion: GtkMotionSettings.reducesMotion(gtk_widget_get_settings(w)),
            scale: gtk_widget_get_scale_factor(w))
        var environment = gtkEnvironments[gtk] ?? makeEnvironment(gtk)
        for values in set.reversed() { environment = environment.merging(values) }
        return environment
    }

    private static func makeEnvironment(_ gtk: GtkValues) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.layoutDirection = gtk.rightToLeft ? .rightToLeft : .leftToRight
        environment.accessibilityReduceMotion = gtk.reduceMotion
        environment.displayScale = CGFloat(gtk.scale)
        gtkEnvironments[gtk] = environment
        return environment
    }

    /// The values set on `widget`, if any.
    private static func values(setOn widget: UnsafeMutablePointer<GtkWidget>) -> EnvironmentValues? {
        guard let data = g_object_get_qdata(unison_gtk_object(widget), quark) else { return nil }
        return Unmanaged<CallbackBox<EnvironmentValues>>.fromOpaque(data).takeUnretainedValue().function
    }

    /// The environment of the widget behind `reference`, for a property's
    /// ``AnimatableProperty/hostEnvironment`` (nothing set once the widget is gone).
    static func host(_ reference: ObjectReference) -> @MainActor () -> EnvironmentValues {
        {
            guard let pointer = reference.pointer else { return EnvironmentValues() }
            return resolved(for: pointer)
        }
    }
}
