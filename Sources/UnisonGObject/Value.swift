import CUnisonGObject
import CUnisonGtk
import Foundation
import Unison
import UnisonGtk

// The animation behind a UnisonValue (the GObject is Bridges/CUnisonGObject/unison-value.c).

/// A UnisonValue's number: an `AnimatableProperty` whose presented values go back to the GObject
/// (driven properties, `notify::value`), on its widget's window's frame clock once the widget is
/// realized (until then on the widget's own). Owned by the GObject, released in its dispose (on the
/// main thread: a dispose elsewhere detaches it and releases it from the main loop).
@MainActor
final class ValueState {
    /// The number, on its widget's clock until the widget is realized, then on its window's.
    private(set) var property: AnimatableProperty<Double>
    /// What every frame does with the presented value.
    private let present: @MainActor (Double) -> Void
    /// The properties the presented values are written to.
    private let drives: Drives
    /// Moves `property` to the clock of the window the widget is shown in.
    private var follower: OpaquePointer?
    /// The GObject, until it lets go of this state (set to nil by ``unisonBridgeValueFree``).
    private let owner: Owner

    /// The owning GObject's address, read by each frame on the main thread. Cleared once, by a
    /// dispose that may run on another thread (the one dropping the last reference); a word-sized
    /// store, after which no frame writes to the object.
    final class Owner: @unchecked Sendable {
        nonisolated(unsafe) var pointer: OpaquePointer?
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
    }

    /// The driven properties: UnisonGtk's writer of `AnimatedObjectProperty` for each (clamped to
    /// the property's range, rounded for an integer one, never NaN), the object held weakly.
    final class Drives {
        var writers: [PropertyWriter] = []
    }

    init(owner pointer: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>, initial: Double) {
        let owner = Owner(pointer)
        self.owner = owner
        let drives = Drives()
        self.drives = drives
        present = { presented in
            guard let pointer = owner.pointer else { return }
            for writer in drives.writers { writer.apply(presented) }
            unison_bridge_value_present(pointer, presented)
        }
        property = AnimatableProperty(initial.isFinite ? initial : 0, clock: GtkFrameClock.for(widget), apply: present)
        follower = unison_bridge_root_follower_new(
            widget, unisonBridgeValueRooted, Unmanaged.passUnretained(self).toOpaque())
    }

    isolated deinit {
        unison_bridge_root_follower_free(follower)
    }

    /// Moves the number to `clock` (its widget's window's, shared by the window's other values and
    /// bins) if it does not animate now (an animation keeps its clock until it ends; nothing
    /// jumps). Returns whether it is on `clock`.
    func move(to clock: GtkFrameClock) -> Bool {
        if property.clock === clock { return true }
        guard !property.isAnimating else { return false }
        property = AnimatableProperty(property.value, clock: clock, apply: present)
        return true
    }

    /// Detaches the GObject (any thread): no frame writes to it afterwards.
    nonisolated func detach() { owner.pointer = nil }

    /// Writes the presented value into `property` of `object` now and on every presented frame
    /// while `object` lives (a property already driven changes nothing). Returns why it cannot,
    /// or nil.
    func drive(_ object: UnsafeMutableRawPointer, property name: String) -> String? {
        let writer: PropertyWriter
        do {
            writer = try PropertyWriter(object, property: name)
        } catch {
            return "\(error)"
        }
        drives.writers.removeAll { $0.object == nil }  // their objects are gone
        guard !drives.writers.contains(where: { $0.object == object && $0.name == writer.name }) else { return nil }
        drives.writers.append(writer)
        writer.apply(property.presentationValue)
        return nil
    }

    static func from(_ state: gpointer?) -> ValueState {
        Unmanaged<ValueState>.fromOpaque(state!).takeUnretainedValue()
    }
}

/// `unison_bridge_value_new`: a +1 state for `owner`, animating on `widget`'s frame clock.
@_cdecl("unison_bridge_value_new")
public func unisonBridgeValueNew(_ owner: OpaquePointer?, _ widget: UnsafeMutablePointer<GtkWidget>?, _ initial: Double)
    -> gpointer?
{
    guard let owner, let widget, onMainThread("unison_value_new") else { return nil }
    let ownerAddress = UInt(bitPattern: owner)
    let widgetAddress = UInt(bitPattern: widget)
    let address = MainActor.assumeIsolated {
        ensureRuntime()
        let state = ValueState(
            owner: OpaquePointer(bitPattern: ownerAddress)!,
            widget: UnsafeMutablePointer(bitPattern: widgetAddress)!, initial: initial)
        return UInt(bitPattern: Unmanaged.passRetained(state).toOpaque())
    }
    return UnsafeMutableRawPointer(bitPattern: address)
}

/// `unison_bridge_value_rooted`: the value's widget was realized in `root`.
@_cdecl("unison_bridge_value_rooted")
public func unisonBridgeValueRooted(_ state: gpointer?, _ root: UnsafeMutablePointer<GtkWidget>?) -> gboolean {
    guard let state, let root else { return 1 }
    let (stateAddress, rootAddress) = (UInt(bitPattern: state), UInt(bitPattern: root))
    return MainActor.assumeIsolated {
        let clock = GtkFrameClock.for(UnsafeMutablePointer<GtkWidget>(bitPattern: rootAddress)!)
        return ValueState.from(UnsafeMutableRawPointer(bitPattern: stateAddress)).move(to: clock) ? 1 : 0
    }
}

/// `unison_bridge_value_drive`: drives `property` of `object` (NULL), or why not (g_free).
@_cdecl("unison_bridge_value_drive")
public func unisonBridgeValueDrive(
    _ state: gpointer?, _ object: UnsafeMutableRawPointer?, _ property: UnsafePointer<CChar>?
) -> UnsafeMutablePointer<CChar>? {
    guard let state, let object, let property, onMainThread("unison_value_drive_property") else { return nil }
    let (stateAddress, objectAddress) = (UInt(bitPattern: state), UInt(bitPattern: object))
    let name = String(cString: property)
    let failure = MainActor.assumeIsolated {
        ValueState.from(UnsafeMutableRawPointer(bitPattern: stateAddress))
            .drive(UnsafeMutableRawPointer(bitPattern: objectAddress)!, property: name)
    }
    return failure.map { g_strdup($0) }
}

/// `unison_bridge_value_free`: releases the state (its animation stops; completions waiting on it
/// run at the next safe point). A UnisonValue disposed on another thread (a binding's garbage
/// collector) detaches at once and is released from the main loop.
@_cdecl("unison_bridge_value_free")
public func unisonBridgeValueFree(_ state: gpointer?) {
    guard let state else { return }
    let unmanaged = Unmanaged<ValueState>.fromOpaque(state)
    unmanaged.takeUnretainedValue().detach()
    guard Thread.isMainThread else {
        let release: GSourceFunc = { data in
            let address = UInt(bitPattern: data)
            MainActor.assumeIsolated {
                Unmanaged<ValueState>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release()
            }
            return 0  // G_SOURCE_REMOVE
        }
        g_idle_add(release, state)
        return
    }
    let address = UInt(bitPattern: state)
    MainActor.assumeIsolated {
        Unmanaged<ValueState>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release()
    }
}

/// `unison_bridge_value_set`: sets the model value (animates inside a transaction).
@_cdecl("unison_bridge_value_set")
public func unisonBridgeValueSet(_ state: gpointer?, _ value: Double) {
    guard onMainThread("unison_value_set_value") else { return }
    let address = UInt(bitPattern: state)
    MainActor.assumeIsolated {
        ValueState.from(UnsafeMutableRawPointer(bitPattern: address)).property.value = value
    }
}

/// `unison_bridge_value_presented`.
@_cdecl("unison_bridge_value_presented")
public func unisonBridgeValuePresented(_ state: gpointer?) -> Double {
    guard onMainThread("unison_value_get_value") else { return 0 }
    let address = UInt(bitPattern: state)
    return MainActor.assumeIsolated {
        ValueState.from(UnsafeMutableRawPointer(bitPattern: address)).property.presentationValue
    }
}

/// `unison_bridge_value_target`.
@_cdecl("unison_bridge_value_target")
public func unisonBridgeValueTarget(_ state: gpointer?) -> Double {
    guard onMainThread("unison_value_get_target") else { return 0 }
    let address = UInt(bitPattern: state)
    return MainActor.assumeIsolated {
        ValueState.from(UnsafeMutableRawPointer(bitPattern: address)).property.value
    }
}

/// `unison_bridge_value_velocity`.
@_cdecl("unison_bridge_value_velocity")
public func unisonBridgeValueVelocity(_ state: gpointer?) -> Double {
    guard onMainThread("unison_value_get_velocity") else { return 0 }
    let address = UInt(bitPattern: state)
    return MainActor.assumeIsolated {
        ValueState.from(UnsafeMutableRawPointer(bitPattern: address)).property.velocity
    }
}
