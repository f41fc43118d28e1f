import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// The allocated frame of `widget` in its parent's coordinates.
@MainActor
private func frame(of widget: UnsafeMutablePointer<GtkWidget>) -> GtkAllocation {
    var frame = GtkAllocation()
    gtk_widget_get_allocation(widget, &frame)
    return frame
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Motion bins: seeking a transition by hand")
    struct MotionSeekTests {
        @Test("a seek shows the transition and the space at that progress; finishing hides, cancelling returns")
        func seekFinishAndCancel() throws {
            let w = try BoxWindow()
            defer { w.window.close() }
            let first = w.add(red)
            let second = w.add(blue)
            #expect(frame(of: second.widget).y == 40)

            first.seek(to: 0.5, toward: false)
            w.window.settle()
            #expect(first.isSeeking && first.isPresent && gtk_widget_get_visible(first.widget) != 0)
            #expect(abs(first.presentedOpacity - 0.5) < 1e-9)
            #expect(frame(of: first.widget).height == 20 && frame(of: second.widget).y == 20)

            first.cancelSeeking(velocity: -1)
            GtkRuntime.iterate(timeout: 3) { !first.isAnimating }
            w.window.settle()
            #expect(!first.isSeeking && first.isPresent && first.presentedOpacity == 1)
            #expect(frame(of: first.widget).height == 40 && frame(of: second.widget).y == 40)

            first.seek(to: 0.75, toward: false)
            w.window.settle()
            #expect(frame(of: first.widget).height == 10 && frame(of: second.widget).y == 10)
            first.finishSeeking(velocity: 2)
            GtkRuntime.iterate(timeout: 3) { !first.isAnimating && gtk_widget_get_visible(first.widget) == 0 }
            w.window.settle()
            #expect(!first.isPresent && !first.isVisible && gtk_widget_get_visible(first.widget) == 0)
            #expect(frame(of: second.widget).y == 0)

            // Back in by hand: shown at once, a quarter of the way.
            first.seek(to: 0.25, toward: true)
            w.window.settle()
            #expect(gtk_widget_get_visible(first.widget) != 0 && abs(first.presentedOpacity - 0.25) < 1e-9)
            #expect(frame(of: second.widget).y == 10)
            first.finishSeeking()
            GtkRuntime.iterate(timeout: 3) { !first.isAnimating }
            w.window.settle()
            #expect(first.isPresent && first.presentedOpacity == 1 && frame(of: second.widget).y == 40)
        }
    }
}
