import CUnisonGtk

/// A weak reference to a GObject: `pointer` becomes nil when the object is finalized, and
/// the `onFinalize` handlers run then. Unison never keeps a widget alive.
@MainActor
final class ObjectReference {
    private(set) var pointer: UnsafeMutableRawPointer?
    private var finalizeHandlers: [@MainActor () -> Void] = []
    /// What GLib's weak-notify holds (+1): a box pointing back at this reference weakly.
    private var box: Unmanaged<WeakBox>?

    private final class WeakBox {
        weak var reference: ObjectReference?
        init(_ reference: ObjectReference) { self.reference = reference }
    }

    /// One function for `g_object_weak_ref` and `g_object_weak_unref` (they must match).
    private static let weakNotify: GWeakNotify = { data, _ in
        let unmanaged = Unmanaged<WeakBox>.fromOpaque(data!)
        let reference = unmanaged.takeUnretainedValue().reference
        unmanaged.release()
        MainActor.assumeIsolated { reference?.objectFinalized() }
    }

    init(_ object: UnsafeMutableRawPointer) {
        pointer = object
        let box = Unmanaged.passRetained(WeakBox(self))
        self.box = box
        g_object_weak_ref(unison_gtk_object(object), Self.weakNotify, box.toOpaque())
    }

    isolated deinit {
        // The object outlives us: detach the notify so it never fires into a freed box.
        if let pointer, let box {
            g_object_weak_unref(unison_gtk_object(pointer), Self.weakNotify, box.toOpaque())
            box.release()
        }
    }

    var isAlive: Bool { pointer != nil }

    func onFinalize(_ handler: @escaping @MainActor () -> Void) {
        finalizeHandlers.append(handler)
    }

    private func objectFinalized() {
        pointer = nil
        box = nil  // GLib's notify already released it
        let handlers = finalizeHandlers
        finalizeHandlers = []
        for handler in handlers { handler() }
    }
}
