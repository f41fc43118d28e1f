import CUnisonGObject
import CUnisonGtk
import Foundation
import Unison
import UnisonGtk

// The behaviour behind a public UnisonMotionBin (Bridges/CUnisonGObject/unison-motion-bin.c):
// UnisonGtk's MotionBin, whose bin is the widget the C caller gets.

/// Runs `body` with the MotionBin behind `state` on the main actor (the caller is on the main thread).
private func withBin<Result: Sendable>(_ state: gpointer?, _ body: @MainActor (MotionBin) -> Result) -> Result {
    let address = UInt(bitPattern: state)
    return MainActor.assumeIsolated {
        body(Unmanaged<MotionBin>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue())
    }
}

/// The namespaces of matched geometry, by the name C gives them (they live as long as the process:
/// a namespace holds its bins weakly, so one kept costs a dictionary entry).
@MainActor
private var namespaces: [String: GeometryNamespace] = [:]

/// `unison_bridge_motion_bin_new`: a +1 MotionBin drawing `child`.
@_cdecl("unison_bridge_motion_bin_new")
public func unisonBridgeMotionBinNew(_ child: UnsafeMutablePointer<GtkWidget>?) -> gpointer? {
    guard let child, onMainThread("unison_motion_bin_new") else { return nil }
    let childAddress = UInt(bitPattern: child)
    let address = MainActor.assumeIsolated {
        ensureRuntime()
        let bin = MotionBin(child: UnsafeMutablePointer<GtkWidget>(bitPattern: childAddress)!)
        return UInt(bitPattern: Unmanaged.passRetained(bin).toOpaque())
    }
    return UnsafeMutableRawPointer(bitPattern: address)
}

/// `unison_bridge_motion_bin_rooted`: the bin was realized in `root`; its animations move to the
/// window's clock (shared with the window's other bins) once nothing of the bin's animates.
@_cdecl("unison_bridge_motion_bin_rooted")
public func unisonBridgeMotionBinRooted(_ state: gpointer?, _ root: UnsafeMutablePointer<GtkWidget>?) -> gboolean {
    guard let root else { return 1 }
    let rootAddress = UInt(bitPattern: root)
    return withBin(state) { bin in
        bin.moveAnimations(to: GtkFrameClock.for(UnsafeMutablePointer<GtkWidget>(bitPattern: rootAddress)!)) ? 1 : 0
    }
}

/// `unison_bridge_motion_bin_widget`: the bin widget.
@_cdecl("unison_bridge_motion_bin_widget")
public func unisonBridgeMotionBinWidget(_ state: gpointer?) -> UnsafeMutablePointer<GtkWidget>? {
    UnsafeMutablePointer(bitPattern: withBin(state) { UInt(bitPattern: $0.widget) })
}

/// `unison_bridge_motion_bin_free`: releases the MotionBin (its animations end where they would;
/// their completions run at the next safe point).
@_cdecl("unison_bridge_motion_bin_free")
public func unisonBridgeMotionBinFree(_ state: gpointer?) {
    guard state != nil else { return }
    let address = UInt(bitPattern: state)
    MainActor.assumeIsolated {
        Unmanaged<MotionBin>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release()
    }
}

/// `unison_bridge_motion_bin_number`: a numeric property's model value.
@_cdecl("unison_bridge_motion_bin_number")
public func unisonBridgeMotionBinNumber(_ state: gpointer?, _ which: UnisonBridgeNumber) -> Double {
    guard onMainThread("g_object_get") else { return 0 }
    return withBin(state) { bin in
        switch which {
        case UNISON_BRIDGE_TRANSLATION_X: bin.translation.x
        case UNISON_BRIDGE_TRANSLATION_Y: bin.translation.y
        case UNISON_BRIDGE_SCALE_X: bin.scale.width
        case UNISON_BRIDGE_SCALE_Y: bin.scale.height
        case UNISON_BRIDGE_ROTATION: bin.rotation
        default: bin.opacity
        }
    }
}

/// `unison_bridge_motion_bin_set_number`: sets a numeric property (animates inside a transaction).
@_cdecl("unison_bridge_motion_bin_set_number")
public func unisonBridgeMotionBinSetNumber(_ state: gpointer?, _ which: UnisonBridgeNumber, _ value: Double) {
    guard onMainThread("g_object_set") else { return }
    withBin(state) { bin in
        switch which {
        case UNISON_BRIDGE_TRANSLATION_X: bin.translation.x = value
        case UNISON_BRIDGE_TRANSLATION_Y: bin.translation.y = value
        case UNISON_BRIDGE_SCALE_X: bin.scale.width = value
        case UNISON_BRIDGE_SCALE_Y: bin.scale.height = value
        case UNISON_BRIDGE_ROTATION: bin.rotation = value
        default: bin.opacity = min(max(value, 0), 1)
        }
    }
}

/// `unison_bridge_motion_bin_set_translation`: both coordinates in one change.
@_cdecl("unison_bridge_motion_bin_set_translation")
public func unisonBridgeMotionBinSetTranslation(_ state: gpointer?, _ x: Double, _ y: Double) {
    guard onMainThread("unison_motion_bin_set_translation") else { return }
    withBin(state) { $0.translation = CGPoint(x: x, y: y) }
}

/// `unison_bridge_motion_bin_presented`: the translation and opacity drawn now.
@_cdecl("unison_bridge_motion_bin_presented")
public func unisonBridgeMotionBinPresented(
    _ state: gpointer?, _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?,
    _ opacity: UnsafeMutablePointer<Double>?
) {
    guard onMainThread("unison_motion_bin_get_presented_translation") else { return }
    let (px, py, po) = withBin(state) { bin in
        (bin.presentedTranslation.x, bin.presentedTranslation.y, bin.presentedOpacity)
    }
    x?.pointee = px
    y?.pointee = py
    opacity?.pointee = po
}

/// `unison_bridge_motion_bin_present`.
@_cdecl("unison_bridge_motion_bin_present")
public func unisonBridgeMotionBinPresent(_ state: gpointer?) -> gboolean {
    guard onMainThread("g_object_get") else { return 1 }
    return withBin(state) { $0.isPresent ? 1 : 0 }
}

/// `unison_bridge_motion_bin_set_present`: shows or dismisses the bin through its transition;
/// dismissed with `removes`, it leaves its parent afterwards.
@_cdecl("unison_bridge_motion_bin_set_present")
public func unisonBridgeMotionBinSetPresent(_ state: gpointer?, _ present: gboolean, _ removes: gboolean) {
    guard onMainThread("g_object_set") else { return }
    withBin(state) { bin in
        if present == 0 && removes != 0 {
            bin.removeFromParent()
        } else {
            bin.isPresent = present != 0
        }
    }
}

/// `unison_bridge_motion_bin_transition`: a new reference to the bin's transition.
@_cdecl("unison_bridge_motion_bin_transition")
public func unisonBridgeMotionBinTransition(_ state: gpointer?) -> OpaquePointer? {
    guard onMainThread("g_object_get") else { return nil }
    let address = withBin(state) { UInt(bitPattern: TransitionBox.new($0.transition)) }
    return OpaquePointer(bitPattern: address)
}

/// `unison_bridge_motion_bin_set_transition` (NULL: the default fade).
@_cdecl("unison_bridge_motion_bin_set_transition")
public func unisonBridgeMotionBinSetTransition(_ state: gpointer?, _ transition: OpaquePointer?) {
    guard onMainThread("g_object_set") else { return }
    let chosen = transition.map(TransitionBox.transition) ?? .opacity
    withBin(state) { $0.transition = chosen }
}

/// `unison_bridge_motion_bin_layout_animation`.
@_cdecl("unison_bridge_motion_bin_layout_animation")
public func unisonBridgeMotionBinLayoutAnimation(_ state: gpointer?) -> gboolean {
    guard onMainThread("g_object_get") else { return 1 }
    return withBin(state) { $0.animatesLayout ? 1 : 0 }
}

/// `unison_bridge_motion_bin_set_layout_animation`.
@_cdecl("unison_bridge_motion_bin_set_layout_animation")
public func unisonBridgeMotionBinSetLayoutAnimation(_ state: gpointer?, _ animates: gboolean) {
    guard onMainThread("g_object_set") else { return }
    withBin(state) { $0.animatesLayout = animates != 0 }
}

/// `unison_bridge_motion_bin_collapsed`.
@_cdecl("unison_bridge_motion_bin_collapsed")
public func unisonBridgeMotionBinCollapsed(_ state: gpointer?) -> gboolean {
    guard onMainThread("g_object_get") else { return 0 }
    return withBin(state) { $0.isCollapsed ? 1 : 0 }
}

/// `unison_bridge_motion_bin_set_collapsed`: collapses or expands the bin (animates inside a transaction).
@_cdecl("unison_bridge_motion_bin_set_collapsed")
public func unisonBridgeMotionBinSetCollapsed(_ state: gpointer?, _ collapsed: gboolean) {
    guard onMainThread("g_object_set") else { return }
    withBin(state) { $0.isCollapsed = collapsed != 0 }
}

/// `unison_bridge_motion_bin_classes`: a copy of the classes (g_free), or NULL.
@_cdecl("unison_bridge_motion_bin_classes")
public func unisonBridgeMotionBinClasses(_ state: gpointer?) -> UnsafeMutablePointer<CChar>? {
    guard onMainThread("g_object_get") else { return nil }
    let classes = withBin(state) { $0.animationClasses }
    return classes.map { g_strdup($0) }
}

/// `unison_bridge_motion_bin_set_classes`: NULL, or the parse failure's message (g_free).
@_cdecl("unison_bridge_motion_bin_set_classes")
public func unisonBridgeMotionBinSetClasses(_ state: gpointer?, _ classes: UnsafePointer<CChar>?)
    -> UnsafeMutablePointer<CChar>?
{
    guard onMainThread("unison_motion_bin_set_animation_classes") else { return nil }
    let text = classes.map { String(cString: $0) }
    let failure: String? = withBin(state) { bin in
        do {
            try bin.setAnimationClasses(text)
            return nil
        } catch {
            return "\(error)"
        }
    }
    return failure.map { g_strdup($0) }
}

/// `unison_bridge_motion_bin_release`: the translation to (x, y) with `animation` (NULL: a spring
/// of 0.5 s), starting at the given velocity.
@_cdecl("unison_bridge_motion_bin_release")
public func unisonBridgeMotionBinRelease(
    _ state: gpointer?, _ x: Double, _ y: Double, _ velocityX: Double, _ velocityY: Double,
    _ animation: OpaquePointer?
) {
    guard onMainThread("unison_motion_bin_release") else { return }
    let chosen = animation.map(AnimationBox.animation) ?? .spring(duration: 0.5)
    withBin(state) { bin in
        ensureRuntime()
        bin.handOff(translationVelocity: CGPoint(x: velocityX, y: velocityY))
        withAnimation(chosen) { bin.translation = CGPoint(x: x, y: y) }
    }
}

/// `unison_bridge_motion_bin_matched_geometry`: links the bin to `id` in the namespace named
/// `namespace` (NULL id: unlinks it).
@_cdecl("unison_bridge_motion_bin_matched_geometry")
public func unisonBridgeMotionBinMatchedGeometry(
    _ state: gpointer?, _ id: UnsafePointer<CChar>?, _ namespace: UnsafePointer<CChar>?
) {
    guard let namespace, onMainThread("unison_motion_bin_set_matched_geometry") else { return }
    let name = String(cString: namespace)
    let key = id.map { String(cString: $0) }
    withBin(state) { bin in
        let space: GeometryNamespace
        if let existing = namespaces[name] {
            space = existing
        } else {
            space = GeometryNamespace()
            namespaces[name] = space
        }
        bin.matchedGeometry(id: key, in: space)
    }
}
