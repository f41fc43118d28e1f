import CUnisonGtkExamples
import Foundation
import Testing
import Unison
import UnisonGtk

/// Something a handler captures, to see when GLib releases the handler.
private final class Token {}

/// Whether a window's close-request handler keeps it open (a class: the test changes it after the
/// handler captured it).
private final class KeepOpen {
    var value = true
}

/// Messages GLib logged in the UnisonGtk domain (the non-throwing forms report there).
private final class LogMessages {
    var messages: [String] = []
}

extension GtkAdapterTests {
    /// `GtkSignals` on real GObjects: every signal shape goes through one GClosure marshaller, so
    /// a handler receives the signal's own arguments whatever its C signature.
    @MainActor
    @Suite("Signals")
    struct SignalTests {
        init() throws {
            guard GtkRuntime.initialize() else { throw NoDisplay() }
        }

        /// A `GSimpleAction` taking an `int32` parameter (its `activate` passes a `GVariant`).
        private func intAction() -> OpaquePointer { g_simple_action_new("go", g_variant_type_new("i"))! }

        private func unref(_ object: OpaquePointer) { g_object_unref(UnsafeMutableRawPointer(object)) }

        @Test("connect on GSimpleAction's activate (a GVariant parameter) runs the handler, no crash")
        func legacyActivate() {
            let action = intAction()
            defer { unref(action) }
            var runs = 0
            #expect(GtkSignals.connect(action, "activate") { runs += 1 } != 0)
            g_action_activate(action, g_variant_new_int32(7))
            #expect(runs == 1)
        }

        @Test("activate hands over the action's GVariant parameter, nil for an action without one")
        func activateParameter() throws {
            let action = intAction()
            defer { unref(action) }
            var received: [Int32] = []
            try GtkSignals.activate(action) { parameter in
                received.append(parameter.map { g_variant_get_int32($0) } ?? -1)
            }
            g_action_activate(action, g_variant_new_int32(7))
            g_action_activate(action, g_variant_new_int32(-3))
            #expect(received == [7, -3])

            let plain = g_simple_action_new("plain", nil)!
            defer { unref(plain) }
            var parameters: [OpaquePointer?] = []
            try GtkSignals.activate(plain) { parameters.append($0) }
            g_action_activate(plain, nil)
            #expect(parameters.count == 1 && parameters[0] == nil)
        }

        @Test("SignalArguments: the instance, the count, typed accessors; the wrong kind or index is nil")
        func arguments() throws {
            let action = intAction()
            defer { unref(action) }
            var seen: [String] = []
            try GtkSignals.connect(action, "activate") { arguments in
                #expect(arguments.instance == UnsafeMutableRawPointer(action))
                #expect(arguments.count == 1)
                #expect(arguments.type(at: 0).map { String(cString: g_type_name($0)) } == "GVariant")
                #expect(arguments.double(at: 0) == nil && arguments.int(at: 0) == nil)
                #expect(arguments.bool(at: 0) == nil && arguments.string(at: 0) == nil)
                #expect(arguments.object(at: 0) == nil)
                #expect(arguments.pointer(at: 0) == arguments.variant(at: 0).map { UnsafeMutableRawPointer($0) })
                #expect(arguments.variant(at: 1) == nil && arguments.int(at: -1) == nil && arguments.type(at: 1) == nil)
                if let variant = arguments.variant(at: 0) { seen.append("\(g_variant_get_int32(variant))") }
            }
            g_action_activate(action, g_variant_new_int32(42))
            #expect(seen == ["42"])
        }

        @Test("notify of a GtkLabel's label runs on each change; an unknown property throws")
        func notifyLabel() throws {
            let label = g_object_ref_sink(gtk_label_new("one"))!
            defer { g_object_unref(label) }
            var changes: [String] = []
            try GtkSignals.notify(label, "label") {
                changes.append(String(cString: gtk_label_get_label(unison_example_label(label))))
            }
            var anyNotify = 0
            try GtkSignals.connect(label, "notify") { arguments in
                if arguments.pointer(at: 0) != nil { anyNotify += 1 }
            }
            gtk_label_set_label(unison_example_label(label), "two")
            gtk_label_set_label(unison_example_label(label), "three")
            #expect(changes == ["two", "three"])
            #expect(anyNotify >= 2)
            #expect(throws: GtkSignalError.noSuchProperty(type: "GtkLabel", property: "lable")) {
                try GtkSignals.notify(label, "lable") {}
            }
        }

        @Test("key-pressed gets keyval, keycode and modifiers; its handled verdict reaches GTK")
        func keyPressed() throws {
            let controller = UnsafeMutableRawPointer(gtk_event_controller_key_new()!)
            defer { g_object_unref(controller) }
            var keys: [(UInt32, UInt32, UInt32)] = []
            try GtkSignals.keyPressed(controller) { keyval, keycode, modifiers in
                keys.append((keyval, keycode, modifiers.rawValue))
                return keyval == 0xff1b  // Escape
            }
            let shift: UInt32 = 1 << 0 | 1 << 2  // GDK_SHIFT_MASK | GDK_CONTROL_MASK
            #expect(unison_example_emit_key_pressed(controller, 0xff1b, 9, GdkModifierType(rawValue: shift)) != 0)
            #expect(unison_example_emit_key_pressed(controller, 0x61, 38, GdkModifierType(rawValue: 0)) == 0)
            #expect(keys.map(\.0) == [0xff1b, 0x61] && keys.map(\.1) == [9, 38] && keys.map(\.2) == [shift, 0])

            // The general form's Bool is the same verdict.
            let other = UnsafeMutableRawPointer(gtk_event_controller_key_new()!)
            defer { g_object_unref(other) }
            try GtkSignals.connectReturning(other, "key-pressed") { arguments in arguments.int(at: 0) == 0x61 }
            #expect(unison_example_emit_key_pressed(other, 0x61, 38, GdkModifierType(rawValue: 0)) != 0)
            #expect(unison_example_emit_key_pressed(other, 0x62, 56, GdkModifierType(rawValue: 0)) == 0)
        }

        @Test("close-request returning true keeps the window open, false lets it close")
        func closeRequest() throws {
            let window = gtk_window_new()!
            g_object_ref(window)
            defer { g_object_unref(window) }
            gtk_window_present(unison_example_window(window))
            GtkRuntime.iterate(timeout: 5) { gtk_widget_get_mapped(window) != 0 }
            let keepOpen = KeepOpen()
            var requests = 0
            try GtkSignals.closeRequest(window) {
                requests += 1
                return keepOpen.value
            }
            gtk_window_close(unison_example_window(window))
            GtkRuntime.iterate(timeout: 0.05)
            #expect(requests == 1 && gtk_widget_get_visible(window) != 0)
            keepOpen.value = false
            gtk_window_close(unison_example_window(window))
            GtkRuntime.iterate(timeout: 0.05)
            #expect(requests == 2 && gtk_widget_get_visible(window) == 0)
        }

        @Test("value-changed gives the new value of an adjustment and of a scale; others throw")
        func valueChanged() throws {
            let adjustment = g_object_ref_sink(gtk_adjustment_new(0, 0, 10, 1, 1, 0))!
            defer { g_object_unref(adjustment) }
            var values: [Double] = []
            try GtkSignals.valueChanged(adjustment) { values.append($0) }
            gtk_adjustment_set_value(adjustment.assumingMemoryBound(to: GtkAdjustment.self), 4)
            let scale = g_object_ref_sink(gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 100, 1))!
            defer { g_object_unref(scale) }
            try GtkSignals.valueChanged(scale) { values.append($0) }
            gtk_range_set_value(unison_example_range(scale), 25)
            #expect(values == [4, 25])
            let label = g_object_ref_sink(gtk_label_new("x"))!
            defer { g_object_unref(label) }
            #expect(throws: GtkSignalError.noSuchSignal(type: "GtkLabel", signal: "value-changed")) {
                try GtkSignals.valueChanged(label) { _ in }
            }
        }

        @Test("after: a handler connected first with after: true runs after one connected later without")
        func after() throws {
            let adjustment = g_object_ref_sink(gtk_adjustment_new(0, 0, 10, 1, 1, 0))!
            defer { g_object_unref(adjustment) }
            var order: [String] = []
            try GtkSignals.connect(adjustment, "value-changed", after: true) { _ in order.append("after") }
            try GtkSignals.valueChanged(adjustment) { _ in order.append("first") }
            gtk_adjustment_set_value(adjustment.assumingMemoryBound(to: GtkAdjustment.self), 2)
            #expect(order == ["first", "after"])
        }

        @Test("a handler of the wrong shape throws an error naming the signal and what it passes")
        func wrongShape() {
            let action = intAction()
            defer { unref(action) }
            #expect(
                throws: GtkSignalError.mismatch(
                    signal: "GSimpleAction::activate", expected: "(GVariant) -> void", handler: "(any) -> gboolean")
            ) {
                try GtkSignals.connectReturning(action, "activate") { _ in true }
            }
            let button = g_object_ref_sink(gtk_button_new())!
            defer { g_object_unref(button) }
            do {
                try GtkSignals.activate(button) { _ in }
                Issue.record("GtkButton's activate passes no GVariant: activate(_:) must throw")
            } catch {
                #expect(
                    "\(error)"
                        == "GtkButton::activate passes and returns () -> void; the handler takes and returns (GVariant) -> void"
                )
            }
            #expect(throws: GtkSignalError.noSuchSignal(type: "GtkButton", signal: "close-request")) {
                try GtkSignals.closeRequest(button) { true }
            }
            #expect(throws: GtkSignalError.noSuchSignal(type: "GtkButton", signal: "clicked::detail")) {
                try GtkSignals.connect(button, "clicked::detail") { _ in }
            }
        }

        @Test("the non-throwing forms refuse a wrong shape with id 0 and a critical naming the signal")
        func nonThrowingWrongShape() {
            let button = g_object_ref_sink(gtk_button_new())!
            defer { g_object_unref(button) }
            let log = LogMessages()
            // TestWindow makes criticals fatal; this test expects one.
            let fatal = g_log_set_always_fatal(GLogLevelFlags(rawValue: G_LOG_FLAG_RECURSION.rawValue))
            let handler = g_log_set_handler(
                "UnisonGtk", GLogLevelFlags(rawValue: G_LOG_LEVEL_CRITICAL.rawValue),
                { _, _, message, data in
                    Unmanaged<LogMessages>.fromOpaque(data!).takeUnretainedValue().messages.append(
                        String(cString: message!))
                }, Unmanaged.passUnretained(log).toOpaque())
            defer {
                g_log_remove_handler("UnisonGtk", handler)
                g_log_set_always_fatal(fatal)
            }
            var runs = 0
            #expect(GtkSignals.connectPoint(button, "clicked") { _, _ in runs += 1 } == 0)
            #expect(GtkSignals.connectPressed(button, "no-such-signal") { _, _, _ in runs += 1 } == 0)
            unison_example_emit(button, "clicked")
            #expect(runs == 0)
            #expect(
                log.messages == [
                    "GtkSignals: GtkButton::clicked passes and returns () -> void; "
                        + "the handler takes and returns (gdouble, gdouble) -> void",
                    "GtkSignals: GtkButton has no signal \"no-such-signal\"",
                ])
        }

        @Test("a handler is released when its object is finalized")
        func releasedWithObject() {
            let action = intAction()
            weak var weakToken: Token?
            do {
                let token = Token()
                weakToken = token
                GtkSignals.connect(action, "activate") { _ = token }
            }
            #expect(weakToken != nil)
            unref(action)
            #expect(weakToken == nil)
        }

        @Test("disconnect stops the handler and releases it")
        func disconnect() throws {
            let action = intAction()
            defer { unref(action) }
            weak var weakToken: Token?
            var runs = 0
            let id: gulong
            do {
                let token = Token()
                weakToken = token
                id = try GtkSignals.activate(action) { _ in
                    _ = token
                    runs += 1
                }
            }
            g_action_activate(action, g_variant_new_int32(1))
            #expect(runs == 1 && weakToken != nil)
            GtkSignals.disconnect(action, id)
            #expect(weakToken == nil)
            g_action_activate(action, g_variant_new_int32(2))
            #expect(runs == 1)
            GtkSignals.disconnect(action, 0)  // ignored
        }

        @Test("connectPoint and connectPressed receive a drag's and a click's arguments")
        func pointAndPressed() {
            let drag = gtk_gesture_drag_new()!
            defer { g_object_unref(UnsafeMutableRawPointer(drag)) }
            let click = gtk_gesture_click_new()!
            defer { g_object_unref(UnsafeMutableRawPointer(click)) }
            var points: [[Double]] = []
            #expect(GtkSignals.connectPoint(drag, "drag-update") { points.append([$0, $1]) } != 0)
            #expect(GtkSignals.connectPressed(click, "pressed") { points.append([Double($0), $1, $2]) } != 0)
            unison_example_emit_point(UnsafeMutableRawPointer(drag), "drag-update", 3.5, -4)
            unison_example_emit_pressed(UnsafeMutableRawPointer(click), "pressed", 2, 10, 20.25)
            #expect(points == [[3.5, -4], [2, 10, 20.25]])
        }
    }
}
