import CUnisonGObject
import CUnisonGtk
import Unison
import UnisonGtk

// Reduced motion and essential animations (documented in Bridges/CUnisonGObject/unison-motion-preferences.c).

/// `unison_set_reduce_motion_override`: `MotionPreferences.reduceMotionOverride`.
@_cdecl("unison_set_reduce_motion_override")
public func unisonSetReduceMotionOverride(_ value: UnisonReduceMotion) {
    guard onMainThread("unison_set_reduce_motion_override") else { return }
    let choice: Bool??
    switch value {
    case UNISON_REDUCE_MOTION_SYSTEM: choice = .some(nil)
    case UNISON_REDUCE_MOTION_ON: choice = true
    case UNISON_REDUCE_MOTION_OFF: choice = false
    default: choice = nil
    }
    guard let choice else {
        return reportFailedCheck("unison_set_reduce_motion_override", "value is a UnisonReduceMotion")
    }
    MainActor.assumeIsolated {
        ensureRuntime()
        MotionPreferences.reduceMotionOverride = choice
    }
}

/// `unison_get_reduce_motion_override`.
@_cdecl("unison_get_reduce_motion_override")
public func unisonGetReduceMotionOverride() -> UnisonReduceMotion {
    guard onMainThread("unison_get_reduce_motion_override") else { return UNISON_REDUCE_MOTION_SYSTEM }
    let choice = MainActor.assumeIsolated { MotionPreferences.reduceMotionOverride }
    switch choice {
    case nil: return UNISON_REDUCE_MOTION_SYSTEM
    case true?: return UNISON_REDUCE_MOTION_ON
    case false?: return UNISON_REDUCE_MOTION_OFF
    }
}

/// `unison_get_reduces_motion`: under `widget`, its environment's `accessibilityReduceMotion` (the
/// override, else GTK's settings for its display, animations off included); else app-wide.
@_cdecl("unison_get_reduces_motion")
public func unisonGetReducesMotion(_ widget: UnsafeMutablePointer<GtkWidget>?) -> gboolean {
    guard onMainThread("unison_get_reduces_motion") else { return 0 }
    if let widget, unison_gtk_is_a(UnsafeMutableRawPointer(widget), gtk_widget_get_type()) == 0 {
        reportFailedCheck("unison_get_reduces_motion", "widget == NULL || GTK_IS_WIDGET (widget)")
        return 0
    }
    let address = UInt(bitPattern: widget)
    return MainActor.assumeIsolated {
        ensureRuntime()
        guard let widget = UnsafeMutablePointer<GtkWidget>(bitPattern: address) else {
            return MotionPreferences.isReduceMotionEnabled ? 1 : 0
        }
        return WidgetEnvironment.resolved(for: widget).accessibilityReduceMotion ? 1 : 0
    }
}

/// `unison_animate_essential`: `unison_animate` in an essential transaction (`withEssentialAnimation`).
@_cdecl("unison_animate_essential")
public func unisonAnimateEssential(
    _ animation: OpaquePointer?, _ changes: UnisonChangesFunc?, _ changesData: gpointer?,
    _ completion: UnisonCompletionFunc?, _ completionData: gpointer?, _ completionDestroy: GDestroyNotify?
) {
    animateFromC(
        "unison_animate_essential", essential: true, animation, changes, changesData, completion, completionData,
        completionDestroy)
}
