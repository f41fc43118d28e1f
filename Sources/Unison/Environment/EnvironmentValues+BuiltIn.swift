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

    /// Whether the user asked for less motion (default false). GTK: `gtk-enable-animations` off.
    ///
    /// On a clock that skips animations for this reason (GTK's), only animations that adapt to it
    /// run (``CustomAnimation/adaptsToReducedMotion``): they can shorten, fade instead of moving,
    /// or drop an overshoot. Elsewhere it is a value like any other, for animations to act on.
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
