import Foundation

// The keys Unison and its toolkit adapters fill in. Each is SwiftUI's name for the same value.

struct LayoutDirectionKey: EnvironmentKey {
    static let defaultValue = LayoutDirection.leftToRight
}

struct AccessibilityReduceMotionKey: EnvironmentKey {
    static let defaultValue = false
}

struct DisplayScaleKey: EnvironmentKey {
    static let defaultValue: CGFloat = 1
}

extension EnvironmentValues {
    /// Which way text runs where the change was made (default `.leftToRight`). GTK: the widget's
    /// `gtk_widget_get_direction`, which follows `gtk_widget_set_default_direction` (the locale's)
    /// unless the widget's own direction is set. Transitions' leading and trailing edges follow it.
    public var layoutDirection: LayoutDirection {
        get { self[LayoutDirectionKey.self] }
        set { self[LayoutDirectionKey.self] = newValue }
    }

    /// Whether the user asked for less motion (default false). GTK: reduced motion
    /// (`gtk-interface-reduced-motion`, or the app's ``MotionPreferences/reduceMotionOverride``)
    /// or `gtk-enable-animations` off.
    ///
    /// Where a transaction's environment says so, its springs lose their bounce; where a
    /// presence's environment (its own, its clock's, the transaction's) says so, its transition
    /// becomes a cross-fade (see ``MotionPreferences``, which does both app-wide). Custom
    /// animations that adapt to it (``CustomAnimation/adaptsToReducedMotion``) read it and shorten,
    /// fade instead of moving, or drop an overshoot; Unison leaves their motion as they make it.
    /// On a clock that skips animations (GTK's with `gtk-enable-animations` off), only those and
    /// essential changes (``Transaction/isEssential``) run.
    public var accessibilityReduceMotion: Bool {
        get { self[AccessibilityReduceMotionKey.self] }
        set { self[AccessibilityReduceMotionKey.self] = newValue }
    }

    /// Device pixels per point of the display the change is shown on (default 1). GTK: the
    /// widget's `gtk_widget_get_scale_factor`. An animation can snap to whole device pixels with it.
    public var displayScale: CGFloat {
        get { self[DisplayScaleKey.self] }
        set { self[DisplayScaleKey.self] = newValue }
    }
}
