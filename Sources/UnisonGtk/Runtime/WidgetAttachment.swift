import CUnisonGtk

/// Ties Swift objects to a GObject's lifetime, as GTK apps expect of anything attached to a widget
/// (an event controller, a tick callback): the object holds them, so a wrapper the app stops
/// referencing keeps working until the object is finalized.
///
/// Two forms, one record per object (in its qdata, freed by GLib when the object is finalized):
///
/// - ``attach(_:to:key:)``: the object holds `owner` strongly under `key`. For wrappers that hold
///   their object weakly (``AnimatedWidget``, the value wrappers, ``AnimatedObjectProperty``): no
///   cycle, and the owner is released when the object is finalized (after GLib's weak references,
///   so ``ObjectReference`` already reads nil), or when another owner is attached under the same
///   key (the newest replaces: one wrapper of a kind per object is what the object keeps).
/// - ``holdToggled(by:_:adopting:)``: for owners that must keep their object alive themselves (a
///   container one made, which the app may take out of one parent and put in another, and the
///   wrappers built on it). Their references are one GLib toggle reference: while anyone else holds
///   the object (a parent), the object holds its toggled owners; when the toggle reference is the
///   last one left, the object lets them go (at the next turn of the main loop, never inside GLib's
///   unref, and only if no one has taken the object again by then), and the last owner's release
///   drops the toggle reference, so the object is finalized. GLib toggles only an object's single
///   toggle reference: every owner of an object shares this one.
///
/// Releasing an owner runs its deinit; its animations end there and the completions waiting on
/// them run at the next safe point (the engine defers them), never inside the release.
@MainActor
final class WidgetAttachment {
    private static let quark = g_quark_from_static_string("unison-attachment")

    /// The owners the object keeps, by key.
    private var owners: [String: AnyObject] = [:]
    /// The toggled owners: held strongly while others hold the object (`toggledHeld`), and weakly
    /// always (to hold them again when someone takes the object again).
    private var toggledHeld: [AnyObject] = []
    private var toggledOwners: [WeakOwner] = []
    /// How many owners share the toggle reference (0: the object has none of ours).
    private var toggleHolders = 0
    /// Whether a release of the toggled owners waits for the next turn of the main loop.
    private var releasePending = false
    /// Whether the toggle reference was the last one at GLib's latest notification.
    private var isLastReference = false

    private struct WeakOwner {
        weak var object: AnyObject?
    }

    private init() {}

    /// The record of `object`, made on first use.
    private static func record(of object: UnsafeMutableRawPointer) -> WidgetAttachment {
        let gObject = unison_gtk_object(object)
        if let existing = g_object_get_qdata(gObject, quark) {
            return Unmanaged<WidgetAttachment>.fromOpaque(existing).takeUnretainedValue()
        }
        let record = WidgetAttachment()
        g_object_set_qdata_full(gObject, quark, Unmanaged.passRetained(record).toOpaque(), releaseCallbackBox)
        return record
    }

    /// `object` holds `owner` until it is finalized or another owner is attached under `key`.
    /// The owner replaced (if the app no longer holds it) is released after the new one is in place.
    static func attach(_ owner: AnyObject, to object: UnsafeMutableRawPointer, key: String) {
        let record = record(of: object)
        let replaced = record.owners.updateValue(owner, forKey: key)
        _ = replaced  // released at the end of this scope, after the record holds the new owner
    }

    // MARK: Toggled ownership

    /// `owner` holds `object` through the object's shared toggle reference (see the type's
    /// documentation) and is held by it while anyone else holds the object. Returns the owner's
    /// share, which the owner gives back with ``Toggle/release(keepingPlain:)`` in its deinit.
    /// `adopting`: the owner already holds a plain reference, which is folded into the toggle
    /// reference (and given back as a plain one by `release(keepingPlain: true)`).
    static func holdToggled(by owner: AnyObject, _ object: UnsafeMutableRawPointer, adopting: Bool = false) -> Toggle {
        let record = record(of: object)
        record.toggledOwners.append(WeakOwner(object: owner))
        record.toggledHeld.append(owner)
        let box = Unmanaged.passUnretained(record).toOpaque()
        if record.toggleHolders == 0 { g_object_add_toggle_ref(unison_gtk_object(object), toggleNotify, box) }
        record.toggleHolders += 1
        if adopting { g_object_unref(object) }  // may notify GLib's last reference (a release is scheduled)
        if record.isLastReference { record.scheduleRelease() }
        return Toggle(object: object, record: box)
    }

    /// An owner's share of an object's toggle reference; ``release(keepingPlain:)`` gives it back (once).
    @MainActor
    struct Toggle {
        let object: UnsafeMutableRawPointer
        fileprivate let record: UnsafeMutableRawPointer

        /// Gives the share back (the last one drops the toggle reference: the object may be
        /// finalized now). `keepingPlain`: a plain reference takes its place (the owner hands the
        /// object back to whoever it adopted it from).
        func release(keepingPlain: Bool = false) {
            let gObject = unison_gtk_object(object)
            if keepingPlain { g_object_ref(gObject) }
            let attachment = Unmanaged<WidgetAttachment>.fromOpaque(record).takeUnretainedValue()
            attachment.toggledOwners.removeAll { $0.object == nil }  // the releasing owner is going
            attachment.toggleHolders -= 1
            if attachment.toggleHolders == 0 {
                g_object_remove_toggle_ref(gObject, WidgetAttachment.toggleNotify, record)
            }
        }
    }

    /// GLib's toggle notify: `isLast` when the toggle reference is the only one left. The record
    /// outlives the toggle reference (it is in the object's qdata, freed at finalize, which the
    /// toggle reference prevents).
    private static let toggleNotify: GToggleNotify = { data, _, isLast in
        guard let data else { return }
        let record = Unmanaged<WidgetAttachment>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { record.toggle(isLast: isLast != 0) }
    }

    private func toggle(isLast: Bool) {
        isLastReference = isLast
        if isLast {
            scheduleRelease()
        } else {
            // Someone holds the object again: it keeps its owners.
            toggledHeld = toggledOwners.compactMap(\.object)
        }
    }

    /// Only the toggle reference is left: the owners are let go, but not inside GLib's unref (the
    /// caller may be in the middle of removing the widget from a container).
    private func scheduleRelease() {
        guard !releasePending else { return }
        releasePending = true
        GtkRuntime.after(0) { [self] in
            releasePending = false
            guard isLastReference else { return }
            let released = toggledHeld  // released at the end of this scope, outside the access
            toggledHeld = []
            _ = released
        }
    }
}
