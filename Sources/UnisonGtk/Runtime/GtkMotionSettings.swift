import CUnisonGtk
import Foundation
import Unison

/// GTK's two motion settings, as Unison reads them.
///
/// - `gtk-enable-animations` off: animations are off. Changes jump (except essential ones on a
///   mapped widget, see `Transaction.isEssential`), and the widget environment's
///   `accessibilityReduceMotion` is true.
/// - `gtk-interface-reduced-motion` set to `reduce` (GTK 4.22 and newer; looked up at run time, so
///   an app built against an older GTK follows it where the running GTK has it): motion is reduced.
///   Transitions that move become cross-fades, springs lose their bounce
///   (`MotionPreferences`); the environment's `accessibilityReduceMotion` is true.
///
/// The app's `MotionPreferences.reduceMotionOverride` replaces the second, never the first:
/// animations the user turned off stay off.
@MainActor
enum GtkMotionSettings {
    /// GTK's property for reduced motion (an enum: `no-preference`, `reduce`).
    static let reducedMotionProperty = "gtk-interface-reduced-motion"

    /// Whether `settings` asks for reduced motion (false where the running GTK lacks the property).
    static func settingReducesMotion(_ settings: OpaquePointer?) -> Bool {
        guard let settings else { return false }
        return unison_gtk_object_enum_is(UnsafeMutableRawPointer(settings), reducedMotionProperty, "reduce") == 1
    }

    /// Whether motion is reduced for widgets under `settings`: the app's override, else GTK's
    /// setting; always with animations off.
    static func reducesMotion(_ settings: OpaquePointer?) -> Bool {
        unison_gtk_settings_enable_animations(settings) == 0
            || (MotionPreferences.reduceMotionOverride ?? settingReducesMotion(settings))
    }

    private static var isFollowing = false

    /// Keeps `MotionPreferences.systemReducesMotion` equal to the default display's setting from
    /// now on (idempotent; `GtkRuntime.initialize` and the first frame clock call it).
    static func follow() {
        guard !isFollowing, let settings = gtk_settings_get_default() else { return }
        isFollowing = true
        MotionPreferences.systemReducesMotion = settingReducesMotion(settings)
        guard unison_gtk_object_enum_is(UnsafeMutableRawPointer(settings), reducedMotionProperty, "reduce") >= 0 else {
            return
        }
        GtkSignals.connect(settings, "notify::\(reducedMotionProperty)") {
            MotionPreferences.systemReducesMotion = settingReducesMotion(settings)
        }
    }
}

extension ContentLabel {
    /// Whether a text change made now shows reduced motion (the label's clock's environment, the
    /// current transaction's, the app-wide preference; not for essential changes).
    func reducesMotion() -> Bool {
        ReducedMotion.applies(to: Transaction.current.environment, over: bin.clock.environment)
    }
}
