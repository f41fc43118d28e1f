import CUnisonGObject
import CUnisonGtk
import Unison
import UnisonGtk

// The label behind a UnisonContentLabel (the GtkWidget is Bridges/CUnisonGObject/unison-content-label.c):
// UnisonGtk's ContentLabel with the numeric content transition, whose widget is the GObject's child.

/// Runs `body` with the label behind `state` on the main actor (the caller has checked the thread).
private func withLabel<Result: Sendable>(_ state: gpointer?, _ body: @MainActor (ContentLabel) -> Result) -> Result {
    let address = UInt(bitPattern: state)
    return MainActor.assumeIsolated {
        body(Unmanaged<ContentLabel>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue())
    }
}

/// `unison_bridge_content_label_new`: a +1 ContentLabel showing `text`, rolling digits when it changes.
@_cdecl("unison_bridge_content_label_new")
public func unisonBridgeContentLabelNew(_ text: UnsafePointer<CChar>?) -> gpointer? {
    guard onMainThread("unison_content_label_new") else { return nil }
    let initial = text.map { String(cString: $0) } ?? ""
    let address = MainActor.assumeIsolated {
        ensureRuntime()
        let label = ContentLabel(text: initial, contentTransition: .numericText())
        return UInt(bitPattern: Unmanaged.passRetained(label).toOpaque())
    }
    return UnsafeMutableRawPointer(bitPattern: address)
}

/// `unison_bridge_content_label_rooted`: the label was realized in `root`; its bin moves to the
/// window's clock once nothing of it animates. (The roll of the digits runs on the clock the bin
/// had when the label first rolled: made before the move, it stays on the label's own clock, in
/// step with the window's, since both read GDK's monotonic frame time.)
@_cdecl("unison_bridge_content_label_rooted")
public func unisonBridgeContentLabelRooted(_ state: gpointer?, _ root: UnsafeMutablePointer<GtkWidget>?) -> gboolean {
    guard let root else { return 1 }
    let rootAddress = UInt(bitPattern: root)
    return withLabel(state) { label in
        label.bin.moveAnimations(to: GtkFrameClock.for(UnsafeMutablePointer<GtkWidget>(bitPattern: rootAddress)!))
            ? 1 : 0
    }
}

/// `unison_bridge_content_label_widget`: the label's outer widget (its motion bin).
@_cdecl("unison_bridge_content_label_widget")
public func unisonBridgeContentLabelWidget(_ state: gpointer?) -> UnsafeMutablePointer<GtkWidget>? {
    UnsafeMutablePointer(bitPattern: withLabel(state) { UInt(bitPattern: $0.widget) })
}

/// `unison_bridge_content_label_label`: the `GtkLabel` inside.
@_cdecl("unison_bridge_content_label_label")
public func unisonBridgeContentLabelLabel(_ state: gpointer?) -> UnsafeMutablePointer<GtkWidget>? {
    UnsafeMutablePointer(bitPattern: withLabel(state) { UInt(bitPattern: $0.label) })
}

/// `unison_bridge_content_label_free`: releases the label (its widgets go with their last references).
@_cdecl("unison_bridge_content_label_free")
public func unisonBridgeContentLabelFree(_ state: gpointer?) {
    guard state != nil else { return }
    let address = UInt(bitPattern: state)
    MainActor.assumeIsolated {
        Unmanaged<ContentLabel>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release()
    }
}

/// `unison_bridge_content_label_set_text`: sets the text (rolls inside an animated transaction,
/// unless `animates` is 0).
@_cdecl("unison_bridge_content_label_set_text")
public func unisonBridgeContentLabelSetText(_ state: gpointer?, _ text: UnsafePointer<CChar>?, _ animates: gboolean) {
    guard let text, onMainThread("unison_content_label_set_text") else { return }
    let new = String(cString: text)
    withLabel(state) { label in
        guard animates == 0 else { return label.text = new }
        var transaction = Transaction()
        transaction.disablesAnimations = true
        withTransaction(transaction) { label.text = new }
    }
}

/// `unison_bridge_content_label_text`: the text the label stands on (`ContentLabel.text`), newly allocated.
@_cdecl("unison_bridge_content_label_text")
public func unisonBridgeContentLabelText(_ state: gpointer?) -> UnsafeMutablePointer<CChar>? {
    guard onMainThread("unison_content_label_get_text") else { return nil }
    let text = withLabel(state) { $0.text }
    return g_strdup(text)
}

/// `unison_bridge_content_label_seek`: the change to `text` drawn at `progress`.
@_cdecl("unison_bridge_content_label_seek")
public func unisonBridgeContentLabelSeek(_ state: gpointer?, _ progress: Double, _ text: UnsafePointer<CChar>?) {
    guard let text, onMainThread("unison_content_label_seek") else { return }
    let target = String(cString: text)
    withLabel(state) { label in
        ensureRuntime()
        label.seek(to: progress, toward: target)
    }
}

/// `unison_bridge_content_label_end_seek`: finishes (or, `finish` 0, cancels) the seek with
/// `velocity` in progress per second and `animation` (NULL: the label's choice).
@_cdecl("unison_bridge_content_label_end_seek")
public func unisonBridgeContentLabelEndSeek(
    _ state: gpointer?, _ finish: gboolean, _ velocity: Double, _ animation: OpaquePointer?
) {
    guard onMainThread(finish != 0 ? "unison_content_label_finish_seeking" : "unison_content_label_cancel_seeking")
    else { return }
    let chosen = animation.map(AnimationBox.animation)
    withLabel(state) { label in
        if finish != 0 {
            label.finishSeeking(velocity: velocity, animation: chosen)
        } else {
            label.cancelSeeking(velocity: velocity, animation: chosen)
        }
    }
}

/// `unison_bridge_content_label_seek_target`: the seek's target, newly allocated, or NULL.
@_cdecl("unison_bridge_content_label_seek_target")
public func unisonBridgeContentLabelSeekTarget(_ state: gpointer?) -> UnsafeMutablePointer<CChar>? {
    guard onMainThread("unison_content_label_get_seek_target") else { return nil }
    guard let target = withLabel(state, { $0.seekTarget }) else { return nil }
    return g_strdup(target)
}

/// `unison_bridge_content_label_seek_progress`: `ContentLabel.seekProgress(toward:)`.
@_cdecl("unison_bridge_content_label_seek_progress")
public func unisonBridgeContentLabelSeekProgress(_ state: gpointer?, _ text: UnsafePointer<CChar>?) -> Double {
    guard let text, onMainThread("unison_content_label_get_seek_progress") else { return 0 }
    let target = String(cString: text)
    return withLabel(state) { $0.seekProgress(toward: target) }
}
