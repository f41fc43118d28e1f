import CUnisonGObject
import CUnisonGtk
import Foundation
import Unison
import UnisonGtk

// The animation behind a UnisonValue (the GObject is Bridges/CUnisonGObject/unison-value.c).

/// A UnisonValue's number: an `AnimatableProperty` on its widget's frame clock whose presented
/// values go back to the GObject (driven properties, `notify::value`). Owned by the GObject,
/// released in its dispose.
@MainActor
final class ValueState {
    let property: AnimatableProperty<Double>
    /// The GObject, until it lets go of this state (set to nil by ``unisonBridgeValueFree``).
    private let owner: Owner

    /// The owning GObject's address, read by each frame on the main thread. Cleared once, by a
    /// dispose that may run on another thread (the one dropping the last reference); a word-sized
    /// store, after which no frame writes to the object.
    final class Owner: @unchecked Sendable {
        nonisolated(unsafe) var pointer: OpaquePointer?
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
    }

    init(owner pointer: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>, initial: Double) {
        let owner = Owner(pointer)
        self.owner = owner
        property = AnimatableProperty(initial.isFinite ? initial : 0, clock: GtkFrameClock.for(widget)) { presented in
            guard let pointer = owner.pointer else { return }
            unison_bridge_value_present(pointer, presented)
        }
    }

    /// Detaches the GObject (any thread): no frame writes to it afterwards.
    nonisolated func detach() { owner.pointer = nil }

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
