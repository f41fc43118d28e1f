import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@testable import UnisonGtk

/// An owner that holds its object through the shared toggle reference, as a ``MotionBin`` or a
/// ``ContentLabel`` does.
@MainActor
private final class ToggledOwner {
    var toggle: WidgetAttachment.Toggle?
    isolated deinit { toggle?.release() }
}

extension GtkAdapterTests {
    /// The mechanism under the wrappers' lifetimes (``WidgetAttachment``), with objects of its own.
    @MainActor
    @Suite("Widget attachments")
    struct WidgetAttachmentTests {
        @Test("two toggled owners share the toggle reference: kept while parented, let go together once not")
        func sharedToggle() throws {
            let window = try TestWindow()
            defer { window.close() }
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            g_object_ref_sink(UnsafeMutableRawPointer(box))  // the first owner's reference, folded in below
            let watch = ObjectWatch(box)
            weak var first: ToggledOwner?
            weak var second: ToggledOwner?
            do {
                let a = ToggledOwner()
                a.toggle = WidgetAttachment.holdToggled(by: a, UnsafeMutableRawPointer(box), adopting: true)
                let b = ToggledOwner()
                b.toggle = WidgetAttachment.holdToggled(by: b, UnsafeMutableRawPointer(box))
                first = a
                second = b
                gtk_fixed_put(unison_example_fixed(window.fixed), box, 0, 0)
            }
            GtkRuntime.iterate(timeout: 0.1)
            #expect(first != nil && second != nil, "a parented object keeps its owners")
            // Out of its parent and back before the next turn of the loop: still kept.
            g_object_ref(UnsafeMutableRawPointer(box))
            gtk_fixed_remove(unison_example_fixed(window.fixed), box)
            gtk_fixed_put(unison_example_fixed(window.fixed), box, 10, 0)
            g_object_unref(UnsafeMutableRawPointer(box))
            GtkRuntime.iterate(timeout: 0.1)
            #expect(first != nil && second != nil && watch.isAlive)
            // Out of its parent for good: not inside the removal, at the next turn of the loop.
            gtk_fixed_remove(unison_example_fixed(window.fixed), box)
            #expect(first != nil && second != nil && watch.isAlive)
            GtkRuntime.iterate(timeout: 0.1)
            #expect(first == nil && second == nil)
            #expect(!watch.isAlive, "the last owner's release drops the toggle reference")
        }

        @Test("an owner the app still holds keeps the object; parented again, the object keeps it again")
        func heldOwner() throws {
            let window = try TestWindow()
            defer { window.close() }
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            g_object_ref_sink(UnsafeMutableRawPointer(box))
            let watch = ObjectWatch(box)
            var owner: ToggledOwner? = ToggledOwner()
            weak let weakOwner = owner
            owner?.toggle = WidgetAttachment.holdToggled(by: owner!, UnsafeMutableRawPointer(box), adopting: true)
            GtkRuntime.iterate(timeout: 0.1)
            #expect(watch.isAlive, "unparented, the owner the app holds keeps the object")
            gtk_fixed_put(unison_example_fixed(window.fixed), box, 0, 0)
            owner = nil
            GtkRuntime.iterate(timeout: 0.1)
            #expect(weakOwner != nil && watch.isAlive, "parented: the object keeps its owner")
            gtk_fixed_remove(unison_example_fixed(window.fixed), box)
            GtkRuntime.iterate(timeout: 0.1)
            #expect(weakOwner == nil && !watch.isAlive)
        }

        @Test("attach: the object keeps the newest owner of a key, and releases its owners when finalized")
        func attachReplaces() throws {
            let window = try TestWindow()
            defer { window.close() }
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            gtk_fixed_put(unison_example_fixed(window.fixed), box, 0, 0)
            weak var first: ToggledOwner?
            weak var second: ToggledOwner?
            weak var other: ToggledOwner?
            do {
                let a = ToggledOwner()
                let b = ToggledOwner()
                let c = ToggledOwner()
                (first, second, other) = (a, b, c)
                WidgetAttachment.attach(a, to: UnsafeMutableRawPointer(box), key: "one")
                WidgetAttachment.attach(c, to: UnsafeMutableRawPointer(box), key: "two")
                WidgetAttachment.attach(b, to: UnsafeMutableRawPointer(box), key: "one")
            }
            #expect(first == nil && second != nil && other != nil)
            gtk_fixed_remove(unison_example_fixed(window.fixed), box)
            #expect(second == nil && other == nil)
        }
    }
}
