import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk

// What the reorder tests' fixtures share: placing the box, waiting for its rows to rest, reading
// its order, and finding its window for xdotool.

/// Puts `list` in `window` at (0, 20), inside a 200 px wide scrolled window `scrollerHeight` tall
/// when one is given; returns that scrolled window.
@MainActor
func placeReorderable(
    _ list: ReorderableBox, in window: TestWindow, scrollerHeight: Int32?
) -> UnsafeMutablePointer<GtkWidget>? {
    guard let scrollerHeight else {
        gtk_fixed_put(unison_example_fixed(window.fixed), list.widget, 0, 20)
        return nil
    }
    let scroller = gtk_scrolled_window_new()!
    gtk_widget_set_size_request(scroller, 200, scrollerHeight)
    gtk_scrolled_window_set_child(OpaquePointer(scroller), list.widget)
    gtk_fixed_put(unison_example_fixed(window.fixed), scroller, 0, 20)
    return scroller
}

/// Waits until `interaction` lifts no row and every one of `bins` rests (at most 3 s), then lets
/// `window` settle; says whether they came to rest.
@MainActor
func restRows(of interaction: ReorderInteraction, _ bins: [MotionBin], in window: TestWindow) -> Bool {
    let rested = GtkRuntime.iterate(timeout: 3) {
        interaction.liftedIndex == nil && bins.allSatisfy { !$0.isAnimating }
    }
    window.settle()
    return rested
}

/// The indices in `bins` of `rows` (a box's rows in its order).
func rowOrder(of rows: [MotionBin], in bins: [MotionBin]) -> [Int] {
    rows.compactMap { row in bins.firstIndex { $0 === row } }
}

/// Where `widget`'s origin is in `toplevel`'s coordinates (nil when GTK cannot say).
@MainActor
func layoutOrigin(
    of widget: UnsafeMutablePointer<GtkWidget>, in toplevel: UnsafeMutablePointer<GtkWidget>
) -> (x: Double, y: Double)? {
    var zero = graphene_point_t(x: 0, y: 0)
    var point = graphene_point_t(x: 0, y: 0)
    guard gtk_widget_compute_point(widget, toplevel, &zero, &point) != 0 else { return nil }
    return (Double(point.x), Double(point.y))
}

/// The X window id of the toplevel titled `title` (xdotool's search, without blocking GTK).
@MainActor
func xdotoolWindow(titled title: String) throws -> String {
    let search = try startXdotool(["search", "--sync", "--name", title])
    GtkRuntime.iterate(timeout: 5) { !search.isRunning }
    let output = (search.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
    return try #require(String(decoding: output, as: UTF8.self).split(separator: "\n").first.map(String.init))
}
