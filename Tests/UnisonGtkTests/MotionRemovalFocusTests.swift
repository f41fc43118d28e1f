import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// A scrolled list of 30 rows, each a `MotionBin` around a label and a "✕" button, scrolled to
/// the middle: a row in a GtkBox, or in a GtkListBox (each bin in a GtkListBoxRow).
@MainActor
final class ScrolledRows {
    enum Container { case box, listBox }

    let window: TestWindow
    let scrolled: UnsafeMutablePointer<GtkWidget>
    private(set) var bins: [MotionBin] = []
    private(set) var buttons: [UnsafeMutablePointer<GtkWidget>] = []

    init(_ container: Container) throws {
        window = try TestWindow(width: 320, height: 300)
        scrolled = gtk_scrolled_window_new()
        gtk_widget_set_size_request(scrolled, 300, 200)
        gtk_fixed_put(unison_example_fixed(window.fixed), scrolled, 10, 10)
        let list = container == .box ? gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)! : gtk_list_box_new()!
        gtk_scrolled_window_set_child(unison_example_scrolled_window(scrolled), list)
        for index in 0..<30 {
            let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
            gtk_widget_set_size_request(row, -1, 40)
            let label = gtk_label_new("Row \(index)")!
            gtk_widget_set_hexpand(label, 1)
            gtk_box_append(unison_example_box(row), label)
            let button = gtk_button_new_with_label("✕")!
            gtk_box_append(unison_example_box(row), button)
            let bin = MotionBin(child: row)
            if container == .box {
                gtk_box_append(unison_example_box(list), bin.widget)
            } else {
                gtk_list_box_append(OpaquePointer(list), bin.widget)
            }
            bins.append(bin)
            buttons.append(button)
            rowWidgets.append(container == .box ? bin.widget : gtk_widget_get_parent(bin.widget)!)
        }
        window.settle(0.2)
    }

    var adjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_vadjustment(unison_example_scrolled_window(scrolled))!
    }

    var focus: UnsafeMutablePointer<GtkWidget>? { gtk_window_get_focus(unison_example_window(window.window)) }

    /// The row of `index` as its list has it: the bin in a GtkBox, its GtkListBoxRow in a list box.
    private(set) var rowWidgets: [UnsafeMutablePointer<GtkWidget>] = []

    /// Whether the focus is on row `index` or inside it (a list box focuses the row itself).
    func focusIsIn(row index: Int) -> Bool {
        guard let focus else { return false }
        return focus == rowWidgets[index] || gtk_widget_is_ancestor(focus, rowWidgets[index]) != 0
    }

    /// Scrolls so that row `index` is the viewport's third, and focuses its button.
    func scroll(toRow index: Int) {
        var origin = graphene_point_t(x: 0, y: 0)
        var inList = graphene_point_t(x: 0, y: 0)
        let list = gtk_scrolled_window_get_child(unison_example_scrolled_window(scrolled))!
        _ = gtk_widget_compute_point(bins[index].widget, list, &origin, &inList)
        gtk_adjustment_set_value(adjustment, Double(inList.y) - 80)
        window.settle()
        gtk_widget_grab_focus(buttons[index])
        window.settle()
    }
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Removal of a focused row")
    struct MotionRemovalFocusTests {
        @Test(
            "removing the row that has focus moves focus to the next row first: the list does not scroll to the top",
            arguments: [ScrolledRows.Container.box, .listBox])
        func focusMovesToNextRow(_ container: ScrolledRows.Container) throws {
            let rows = try ScrolledRows(container)
            defer { rows.window.close() }
            rows.scroll(toRow: 15)
            #expect(rows.focus == rows.buttons[15])
            let scrolledTo = gtk_adjustment_get_value(rows.adjustment)
            #expect(scrolledTo > 300)
            var done = 0
            animate(.linear(duration: 0.2)) {
                rows.bins[15].removeFromParent()
            } completion: {
                done += 1
            }
            GtkRuntime.iterate(timeout: 3) { done == 1 }
            rows.window.settle(0.2)
            #expect(done == 1)
            #expect(gtk_widget_get_parent(rows.bins[15].widget) == nil)
            // The next row has the focus (its button; in a list box the row itself, as moving the
            // cursor there would), and the list stayed where it was scrolled (the rows below moved
            // up into the removed row's place: nothing scrolled).
            #expect(rows.focusIsIn(row: 16))
            if container == .box { #expect(rows.focus == rows.buttons[16]) }
            // One pixel: GtkViewport scrolls by whole pixels, so the value may land on either side.
            #expect(abs(gtk_adjustment_get_value(rows.adjustment) - scrolledTo) <= 1)
        }

        @Test("removing the last row that has focus moves focus to the previous row")
        func focusMovesToPreviousRow() throws {
            let rows = try ScrolledRows(.box)
            defer { rows.window.close() }
            rows.scroll(toRow: 29)
            #expect(rows.focus == rows.buttons[29])
            let scrolledTo = gtk_adjustment_get_value(rows.adjustment)
            #expect(scrolledTo > 300)
            rows.bins[29].removeFromParent()  // at once: outside an animated transaction
            rows.window.settle(0.2)
            #expect(gtk_widget_get_parent(rows.bins[29].widget) == nil)
            #expect(rows.focus == rows.buttons[28])
            // The list is shorter by one row: it is scrolled to its end, not to the top.
            #expect(gtk_adjustment_get_value(rows.adjustment) > 300)
        }

        @Test("a row removed while something outside it has focus leaves the focus alone")
        func focusElsewhereStays() throws {
            let rows = try ScrolledRows(.box)
            defer { rows.window.close() }
            rows.scroll(toRow: 10)
            gtk_widget_grab_focus(rows.buttons[12])
            rows.window.settle()
            rows.bins[10].removeFromParent()
            rows.window.settle(0.2)
            #expect(rows.focus == rows.buttons[12])
        }
    }
}
