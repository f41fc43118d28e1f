import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// Focusable coloured tiles of `width` × `height`, one per colour, each in a ``MotionBin`` given to `append`.
@MainActor
private func focusableTiles(
    _ colours: [(Double, Double, Double)], width: Int32, height: Int32, append: (MotionBin) -> Void
) -> (areas: [UnsafeMutablePointer<GtkWidget>], bins: [MotionBin]) {
    var areas: [UnsafeMutablePointer<GtkWidget>] = []
    var bins: [MotionBin] = []
    for colour in colours {
        let area = colouredArea(red: colour.0, green: colour.1, blue: colour.2, width: width, height: height)
        gtk_widget_set_focusable(area, 1)
        let bin = MotionBin(child: area)
        append(bin)
        (areas, bins) = (areas + [area], bins + [bin])
    }
    return (areas, bins)
}

/// Focuses `tile` in X window `id`, presses `keys` there through xdotool, waits (at most 3 s) until
/// every one of `bins` rests, then lets `window` settle.
@MainActor
private func press(
    _ keys: String, focusing tile: UnsafeMutablePointer<GtkWidget>, ofWindow id: String, until bins: [MotionBin],
    rest window: TestWindow
) throws {
    _ = try startXdotool(["windowfocus", "--sync", id]).waitUntilExit()
    gtk_widget_grab_focus(tile)
    let key = try startXdotool(["key", "--clearmodifiers", keys])
    GtkRuntime.iterate(timeout: 5) { !key.isRunning }
    GtkRuntime.iterate(timeout: 3) { bins.allSatisfy { !$0.isAnimating } }
    window.settle()
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Reorderable list box and horizontal box")
    struct ReorderListBoxTests {
        @Test(
            "a GtkListBox's row lifts over the rows it passes, follows the pointer, drops with one move; Alt+Up keeps focus"
        )
        func listBox() throws {
            let window = try TestWindow(width: 260, height: 300)
            defer { window.close() }
            let title = "unison-reorderable-list-box"
            gtk_window_set_title(unison_example_window(window.window), title)
            let list = ReorderableListBox(gtk_list_box_new()!)
            let colours = [(0.1, 0.3, 0.9), (0.9, 0.2, 0.1), (0.2, 0.8, 0.2), (0.9, 0.7, 0.1)]
            let height = 36.0
            let (areas, bins) = focusableTiles(colours, width: 160, height: Int32(height), append: list.append)
            gtk_fixed_put(unison_example_fixed(window.fixed), list.widget, 0, 20)
            var moves: [[Int]] = []
            list.onMove = { from, to in moves.append([from, to]) }
            window.settle(0.3)
            let toplevel = window.window
            func top(_ index: Int) -> Double { layoutOrigin(of: areas[index], in: toplevel)?.y ?? 0 }
            let rest = (0..<4).map(top)
            var frames: [(translation: Double?, span: ClosedRange<Double>?)] = []
            window.record { _ in
                guard let image = WidgetRenderer.image(of: toplevel) else { return }
                frames.append((list.interaction.dragTranslation, columnSpans(of: [colours[0]], in: image, x: 80)[0]))
            }
            let id = try xdotoolWindow(titled: title)
            let y = Int(rest[0] + height / 2)
            var commands = ["mousemove", "--window", id, "80", String(y), "mousedown", "1"]
            for n in 1...22 { commands += ["sleep", "0.02", "mousemove", "--window", id, "80", String(y + 4 * n)] }
            commands += ["mouseup", "1"]
            let drag = try startXdotool(commands)
            GtkRuntime.iterate(timeout: 8) { !drag.isRunning }
            _ = restRows(of: list.interaction, bins, in: window)
            window.stopRecording()
            let dragging = frames.compactMap { f in f.translation.flatMap { d in f.span.map { (d, $0) } } }
            #expect(dragging.count >= 8, "frames painted while dragging: \(dragging.count)")
            for (translation, span) in dragging {
                // Drawn over the rows it passes: never cut short by one of them.
                #expect(span.upperBound - span.lowerBound + 1 >= height - 1, "lifted row drawn \(span)")
                let centre = (span.lowerBound + span.upperBound + 1) / 2
                #expect(abs(centre - (rest[0] + height / 2 + translation)) <= 1)
            }
            // The interaction's rule: the dragged row (88 px down) passes each row whose midpoint its
            // bottom edge went strictly past, `(k - 1/2) × pitch` for the k-th row below it.
            let pitch = rest[1] - rest[0]
            let expectedSlot = (1...3).filter { 88 > (Double($0) - 0.5) * pitch }.count
            #expect(moves == [[0, expectedSlot]])
            #expect(list.orderedRows.first === bins[1] && list.orderedRows[expectedSlot] === bins[0])
            #expect(abs(top(0) - rest[expectedSlot]) < 0.5)
            #expect(bins[0].translation == .zero && bins[0].animatesLayout)

            // Alt+Up on the dropped row's tile: one slot up, the focus still on it.
            try press("alt+Up", focusing: areas[0], ofWindow: id, until: bins, rest: window)
            #expect(moves == [[0, expectedSlot], [expectedSlot, expectedSlot - 1]])
            #expect(list.orderedRows[expectedSlot - 1] === bins[0])
            let root = try #require(gtk_widget_get_root(toplevel))
            #expect(gtk_root_get_focus(root) == areas[0])
        }

        @Test("a horizontal box's column follows the pointer sideways, drops with one move; Alt+Left moves it back")
        func horizontalBox() throws {
            let window = try TestWindow(width: 300, height: 160)
            defer { window.close() }
            let title = "unison-reorderable-horizontal"
            gtk_window_set_title(unison_example_window(window.window), title)
            let horizontal = GtkOrientation(rawValue: 0)  // GTK_ORIENTATION_HORIZONTAL
            let list = ReorderableBox(orientation: horizontal, spacing: 4)
            let colours = [(0.1, 0.3, 0.9), (0.9, 0.2, 0.1), (0.2, 0.8, 0.2), (0.9, 0.7, 0.1)]
            let (areas, bins) = focusableTiles(colours, width: 40, height: 60, append: list.append)
            gtk_fixed_put(unison_example_fixed(window.fixed), list.widget, 20, 20)
            var moves: [[Int]] = []
            list.onMove = { from, to in moves.append([from, to]) }
            window.settle(0.3)
            let toplevel = window.window
            func leading(_ index: Int) -> Double { layoutOrigin(of: areas[index], in: toplevel)?.x ?? 0 }
            let rest = (0..<4).map(leading)
            #expect(rest[1] - rest[0] == 44)
            // Every painted frame while dragging: the lifted column's drawn left edge against the pointer.
            var follow: [Double] = []
            window.record { _ in
                guard let translation = list.interaction.dragTranslation else { return }
                follow.append(
                    bins[0].presentedTranslation.x + bins[0].layoutOffset.x + leading(0) - rest[0] - translation)
            }
            let id = try xdotoolWindow(titled: title)
            // The first column pressed in its middle, moved 4 px right every 20 ms to 96 px (past two
            // columns' centres: 44 and 88 px), released.
            let (x, y) = (Int(rest[0]) + 20, 50)
            var commands = ["mousemove", "--window", id, String(x), String(y), "mousedown", "1"]
            for n in 1...24 {
                commands += ["sleep", "0.02", "mousemove", "--window", id, String(x + 4 * n), String(y)]
            }
            commands += ["mouseup", "1"]
            let drag = try startXdotool(commands)
            GtkRuntime.iterate(timeout: 8) { !drag.isRunning }
            _ = restRows(of: list.interaction, bins, in: window)
            window.stopRecording()
            #expect(follow.count >= 8, "frames painted while dragging: \(follow.count)")
            // Exact but for `gtk_widget_compute_point`'s float coordinates (about 1e-5 px at 100 px).
            #expect(follow.allSatisfy { abs($0) <= 1e-3 }, "drawn minus pointer: \(follow)")
            #expect(moves == [[0, 2]])
            #expect(rowOrder(of: list.orderedRows, in: bins) == [1, 2, 0, 3])
            #expect(leading(0) == rest[2])

            try press("alt+Left", focusing: areas[0], ofWindow: id, until: bins, rest: window)
            #expect(moves == [[0, 2], [2, 1]])
            #expect(leading(0) == rest[1])
        }

        @Test(
            "a GtkListBox: cancel puts the row back, a row removed mid-drag abandons, a filtered-out row has no length")
        func listBoxCancelAbandonFilter() throws {
            let window = try TestWindow(width: 260, height: 300)
            defer { window.close() }
            let list = ReorderableListBox(gtk_list_box_new()!)
            var bins: [MotionBin] = []
            for _ in 0..<4 {
                let bin = MotionBin(child: colouredArea(red: 0.5, green: 0.5, blue: 0.5, width: 160, height: 36))
                list.append(bin)
                bins.append(bin)
            }
            gtk_fixed_put(unison_example_fixed(window.fixed), list.widget, 0, 20)
            var moves: [[Int]] = []
            list.onMove = { from, to in moves.append([from, to]) }
            window.settle(0.2)
            let handler = list.interaction.gestureHandler
            var time = 1000.0
            func send(_ event: (CGPoint, TimeInterval) -> GestureEvent, _ y: Double) {
                time += 0.016
                handler.handle(event(CGPoint(x: 80, y: y), time))
            }
            func rested() -> Bool { restRows(of: list.interaction, bins, in: window) }
            func top(_ bin: MotionBin) -> Double {
                var bounds = graphene_rect_t()
                _ = gtk_widget_compute_bounds(bin.widget, list.widget, &bounds)
                return Double(bounds.origin.y)
            }
            let (first, pitch) = (top(bins[0]), top(bins[1]) - top(bins[0]))
            #expect(pitch >= 36)
            // Cancel: two rows down, then cancel(): back in place, nothing reported.
            send(GestureEvent.down, 18)
            for step in 0...20 { send(GestureEvent.move, 18 + 1.7 * pitch * Double(step) / 20) }
            #expect(list.interaction.liftedIndex == 2)
            list.interaction.cancel()
            #expect(list.interaction.liftedIndex == nil)
            send(GestureEvent.up, 18 + 1.7 * pitch)
            #expect(rested())
            #expect(moves.isEmpty)
            #expect(list.orderedRows.map { row in bins.firstIndex { $0 === row }! } == [0, 1, 2, 3])
            // Abandon: the last row removed mid-drag; nothing reported, the next drag works.
            send(GestureEvent.down, 18)
            for step in 0...10 { send(GestureEvent.move, 18 + pitch * Double(step) / 10) }
            #expect(list.interaction.liftedIndex == 1)
            let last = try #require(gtk_list_box_get_row_at_index(OpaquePointer(list.widget), 3))
            gtk_list_box_remove(
                OpaquePointer(list.widget), UnsafeMutableRawPointer(last).assumingMemoryBound(to: GtkWidget.self))
            send(GestureEvent.move, 18 + pitch + 2)
            #expect(list.interaction.liftedIndex == nil)
            send(GestureEvent.up, 18 + pitch + 2)
            #expect(rested())
            #expect(moves.isEmpty)
            // A filter hides the first row: it has no length (the next row is pressed at the top),
            // and it keeps its index. The row pressed passes the next one's midpoint: moved 1 → 2.
            gtk_list_box_set_filter_func(
                OpaquePointer(list.widget), { row, _ in gtk_list_box_row_get_index(row) == 0 ? 0 : 1 }, nil, nil)
            window.settle()
            #expect(list.orderedRows.count == 3)
            #expect(top(list.orderedRows[1]) == first)  // the second row is laid out at the top
            send(GestureEvent.down, 18)
            for step in 0...10 { send(GestureEvent.move, 18 + 0.6 * pitch * Double(step) / 10) }
            #expect(list.interaction.liftedIndex == 2)
            send(GestureEvent.up, 18 + 0.6 * pitch)
            #expect(rested())
            #expect(moves == [[1, 2]])
        }
    }
}
