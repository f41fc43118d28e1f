import CUnisonGObject
import CUnisonGtk
import Unison
import UnisonGtk

// The animation behind a UnisonValue (the GObject is Bridges/CUnisonGObject/unison-value.c).

/// A UnisonValue's number: an `AnimatableProperty` on its widget's frame clock whose presented
/// values go back to the GObject (driven properties, `notify::value`). Owned by the GObject,
/// released in its dispose.
@MainActor
final class ValueState {
    let property: AnimatableProperty<Double>

    init(owner: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>, initial: Double) {
        property = AnimatableProperty(initial.isFinite ? initial : 0, clock: GtkFrameClock.for(widget)) { presented in
            unison_bridge_value_present(owner, presented)
        }
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
    guard let owner, let widget else { return nil }
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
/// run at the next safe point).
@_cdecl("unison_bridge_value_free")
public func unisonBridgeValueFree(_ state: gpointer?) {
    guard let state else { return }
    let address = UInt(bitPattern: state)
    MainActor.assumeIsolated {
        Unmanaged<ValueState>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release()
    }
}

/// `unison_bridge_value_set`: sets the model value (animates inside a transaction).
@_cdecl("unison_bridge_value_set")
public func unisonBridgeValueSet(_ state: gpointer?, _ value: Double) {
    let address = UInt(bitPattern: state)
    MainActor.assumeIsolated {
        ValueState.from(UnsafeMutableRawPointer(bitPattern: address)).property.value = value
    }
}

/// `unison_bridge_value_presented`.
@_cdecl("unison_bridge_value_presented")
public func unisonBridgeValuePresented(_ state: gpointer?) -> Double {
    let address = UInt(bitPattern: state)
    return MainActor.assumeIsolated {
        ValueState.from(UnsafeMutableRawPointer(bitPattern: address)).property.presentationValue
    }
}

/// `unison_bridge_value_target`.
@_cdecl("unison_bridge_value_target")
public func unisonBridgeValueTarget(_ state: gpointer?) -> Double {
    let address = UInt(bitPattern: state)
    return MainActor.assumeIsolated {
        ValueState.from(UnsafeMutableRawPointer(bitPattern: address)).property.value
    }
}

/// `unison_bridge_value_velocity`.
@_cdecl("unison_bridge_value_velocity")
public func unisonBridgeValueVelocity(_ state: gpointer?) -> Double {
    let address = UInt(bitPattern: state)
    return MainActor.assumeIsolated {
        ValueState.from(UnsafeMutableRawPointer(bitPattern: address)).property.velocity
    }
}
