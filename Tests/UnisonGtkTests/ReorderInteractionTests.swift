import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// A window holding a ``ReorderableBox`` of coloured rows (in a scrolled window if asked), the
/// moves it reported, and real input through xdotool.
@MainActor
private final class ReorderWindow {
    static let rowHeight: Int32 = 36
    static let spacing: Int32 = 4
    static let pitch = Double(rowHeight + spacing)
    let window: TestWindow
    let list: ReorderableBox
    let bins: [MotionBin]
    let areas: [UnsafeMutablePointer<GtkWidget>]
    let colours: [(Double, Double, Double)]
    /// The scrolled window around the list (when made with `scrollerHeight`).
    let scroller: UnsafeMutablePointer<GtkWidget>?
    var moves: [[Int]] = []
    private(set) var windowID = ""

    init(rows: Int, scrollerHeight: Int32? = nil, title: String) throws {
        window = try TestWindow(width: 260, height: 460)
        gtk_window_set_title(unison_example_window(window.window), title)
        list = ReorderableBox(orientation: GTK_ORIENTATION_VERTICAL, spacing: Self.spacing)
        var bins: [MotionBin] = []
        var areas: [UnsafeMutablePointer<GtkWidget>] = []
        var colours: [(Double, Double, Double)] = []
        for index in 0..<rows {
            // Distinct colours, far apart in red and blue (0.1 is the read-back's tolerance).
            let colour = (
                0.1 + 0.8 * Double(index % 5) / 4, 0.2 + 0.6 * Double(index / 5 % 2), 0.9 - 0.2 * Double(index / 10)
            )
            let area = colouredArea(red: colour.0, green: colour.1, blue: colour.2, width: 160, height: Self.rowHeight)
            gtk_widget_set_focusable(area, 1)
            let bin = MotionBin(child: area)
            list.append(bin)
            bins.append(bin)
            areas.append(area)
            colours.append(colour)
        }
        (self.bins, self.areas, self.colours) = (bins, areas, colours)
        scroller = placeReorderable(list, in: window, scrollerHeight: scrollerHeight)
        list.onMove = { [unowned self] from, to in moves.append([from, to]) }
        window.settle(0.3)
        windowID = try xdotoolWindow(titled: title)
    }

    /// The row bins' indices in the box's order.
    var order: [Int] { rowOrder(of: list.orderedRows, in: bins) }

    /// Where layout puts row `index`'s tile, in the window's coordinates.
    func layoutTop(of index: Int) throws -> Double {
        let origin = layoutOrigin(of: areas[index], in: window.window)
        #expect(origin != nil)
        return origin?.y ?? 0
    }

    /// Runs xdotool's `commands` (their window is this one) and waits until they are done.
    func run(_ commands: [String], until condition: (() -> Bool)? = nil) throws -> Process {
        let process = try startXdotool(commands)
        if let condition {
            GtkRuntime.iterate(timeout: 5) { condition() || !process.isRunning }
        } else {
            GtkRuntime.iterate(timeout: 8) { !process.isRunning }
        }
        return process
    }

    /// A press at (x, y) of the window, then moves of `step` pixels down every 20 ms, `steps` times.
    func dragCommands(x: Int, y: Int, step: Int, steps: Int, release: Bool = true) -> [String] {
        var commands = ["mousemove", "--window", windowID, String(x), String(y), "mousedown", "1"]
        for n in 1...max(steps, 1) {
            commands += ["sleep", "0.02", "mousemove", "--window", windowID, String(x), String(y + step * n)]
        }
        if release { commands += ["mouseup", "1"] }
        return commands
    }

    /// Waits until every row rests (at most 3 s).
    func settleRows() -> Bool { restRows(of: list.interaction, bins, in: window) }

    func close() { window.close() }
}

/// Where each colour is drawn in column `x` of `image`: its first and last row of pixels (same rule
/// as `drawnBounds`: opaque pixels within 0.1 of the colour in every channel).
func columnSpans(of colours: [(Double, Double, Double)], in image: WidgetRenderer.Image, x: Int) -> [ClosedRange<
    Double
>?] {
    var spans = [ClosedRange<Double>?](repeating: nil, count: colours.count)
    guard x >= 0, x < image.width else { return spans }
    for y in 0..<image.height {
        let p = image.pixel(x: x, y: y)
        guard p.alpha > 0.99 else { continue }
        for (index, c) in colours.enumerated()
        where abs(p.red - c.0) < 0.1 && abs(p.green - c.1) < 0.1 && abs(p.blue - c.2) < 0.1 {
            spans[index] = spans[index].map { min($0.lowerBound, Double(y))...Double(y) } ?? Double(y)...Double(y)
        }
    }
    return spans
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Reorderable box")
    struct ReorderInteractionTests {
        @Test("a dragged row follows the pointer, its neighbours glide, the drop reports one move and lands it")
        func dragFollowsGlidesAndDrops() throws {
            let fixture = try ReorderWindow(rows: 5, title: "unison-reorderable-drag")
            defer { fixture.close() }
            let rest = try (0..<5).map { try fixture.layoutTop(of: $0) }
            #expect(abs(rest[1] - rest[0] - ReorderWindow.pitch) < 0.5)
            let height = Double(ReorderWindow.rowHeight)
            var frames: [(t: TimeInterval, translation: Double?, spans: [ClosedRange<Double>?])] = []
            let toplevel = fixture.window.window
            let colours = Array(fixture.colours[0..<3])
            fixture.window.record { t in
                guard let image = WidgetRenderer.image(of: toplevel) else { return }
                frames.append((t, fixture.list.interaction.dragTranslation, columnSpans(of: colours, in: image, x: 80)))
            }
            // Row 1 pressed in its middle, moved 4 px every 20 ms to 100 px down (past rows 2 and 3's centres).
            _ = try fixture.run(fixture.dragCommands(x: 80, y: Int(rest[0] + height / 2), step: 4, steps: 25))
            #expect(fixture.settleRows())
            fixture.window.stopRecording()

            // 1. Following: the tile's centre (which the lift's scale about the centre keeps) is the
            // pointer's offset from its rest place, within a pixel (whole-pixel read-back).
            let dragging = frames.compactMap { f in f.translation.flatMap { d in f.spans[0].map { (d, $0) } } }
            #expect(dragging.count >= 10, "frames painted while dragging: \(dragging.count)")
            var worstFollow = 0.0
            for (translation, span) in dragging {
                // Drawn over the rows it passes (a raised row): never cut short by one of them.
                #expect(span.upperBound - span.lowerBound + 1 >= height - 1, "lifted row drawn \(span)")
                let centre = (span.lowerBound + span.upperBound + 1) / 2
                let error = abs(centre - (rest[0] + height / 2 + translation))
                worstFollow = max(worstFollow, error)
                #expect(error <= 1, "pointer offset \(translation), drawn centre \(centre - rest[0] - height / 2)")
            }
            // 2. Gliding: rows 2 and 3 move up a pitch with `.smooth` (critically damped, ω = 2π / 0.5 s),
            // whose fastest speed is pitch·ω/e: between two frames no more than that times the time
            // between them, + 1 px of whole-pixel bounds. Only frames showing a whole tile are read
            // (the lifted row covers a part of the one it passes).
            let fastest = ReorderWindow.pitch * (2 * Double.pi / 0.5) / M_E
            var worstStep = 0.0
            for row in 1...2 {
                let drawn = frames.compactMap { f in
                    f.spans[row].flatMap { $0.upperBound - $0.lowerBound + 1 == height ? (f.t, $0.lowerBound) : nil }
                }
                let between = drawn.filter { $0.1 < rest[row] - 1 && $0.1 > rest[row - 1] + 1 }
                #expect(between.count >= 3, "row \(row + 1): frames between its places \(between.count)")
                for (a, b) in zip(drawn, drawn.dropFirst()) {
                    let bound = fastest * (b.0 - a.0) + 1
                    worstStep = max(worstStep, abs(b.1 - a.1) / bound)
                    #expect(abs(b.1 - a.1) <= bound, "row \(row + 1) jumped \(b.1 - a.1) px in \(b.0 - a.0) s")
                }
            }
            // 3. One move, 0 → 2; the box's order and every row's drawn place agree.
            #expect(fixture.moves == [[0, 2]])
            #expect(fixture.order == [1, 2, 0, 3, 4])
            let final = try #require(WidgetRenderer.image(of: toplevel))
            let spans = columnSpans(of: fixture.colours, in: final, x: 80)
            for (slot, row) in fixture.order.enumerated() {
                #expect(spans[row]?.lowerBound == rest[slot], "row \(row + 1) in slot \(slot + 1)")
                let bin = fixture.bins[row]
                #expect(bin.translation == .zero && bin.scale == CGSize(width: 1, height: 1) && bin.animatesLayout)
                #expect(gtk_widget_has_css_class(bin.widget, "unison-lifted") == 0)
            }
            print(
                "reorderable box: \(frames.count) frames, \(dragging.count) while dragging, worst follow error "
                    + "\(worstFollow) px (≤ 1), worst glide step \(worstStep) of the .smooth bound (≤ 1)")
        }

        @Test("held near the scrolled window's bottom edge, autoscroll moves the adjustment and stops at the end")
        func autoscrollStopsAtTheEnd() throws {
            let fixture = try ReorderWindow(rows: 20, scrollerHeight: 200, title: "unison-reorderable-scroll")
            defer { fixture.close() }
            let scroller = try #require(fixture.scroller)
            let adjustment = try #require(gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller)))
            let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            #expect(end > 400)
            var values: [(t: TimeInterval, value: Double)] = []
            fixture.window.record { t in values.append((t, gtk_adjustment_get_value(adjustment))) }
            // Row 2 pressed (window y 78) and dragged 130 px down, into the bottom edge's 48 px zone
            // (the scroller is at y 20..220: the zone is 172..220) to 3/4 of its depth (y 208), back
            // to half way (y 196, 600 px/s), held there 0.4 s, then to 4 px above the bottom (44/48
            // deep: 1100 px/s) for 1.5 s (the end is 600 px away), released.
            let top = try fixture.layoutTop(of: 1)
            var commands = fixture.dragCommands(x: 80, y: Int(top) + 18, step: 10, steps: 13, release: false)
            commands += ["mousemove", "--window", fixture.windowID, "80", "196", "sleep", "0.4"]
            commands += ["mousemove", "--window", fixture.windowID, "80", "216", "sleep", "1.5", "mouseup", "1"]
            _ = try fixture.run(commands)
            #expect(fixture.settleRows())
            fixture.window.stopRecording()

            let scrolled = values.filter { $0.value > 0 }
            #expect(scrolled.count >= 5, "frames while scrolling: \(scrolled.count)")
            // Never backwards, never past the end, and at the end at the release.
            for (a, b) in zip(values, values.dropFirst()) { #expect(b.value >= a.value) }
            #expect(values.allSatisfy { $0.value <= end })
            #expect(gtk_adjustment_get_value(adjustment) == end)
            // Speed proportional to the depth: each frame moves the adjustment by the speed times
            // the frame time since the last one (a frame under 50 ms apart), so between painted frames
            // it is 600 px/s half way in and 1100 px/s at 44/48 of the way, never more than 1200.
            // The test reads the same frame clock's frame times as the scrolling steps by, so these
            // speeds are exact but for floating-point rounding: of the frame times in seconds (about
            // 1e-12 s each, over frames 16 ms apart) and of the adjustment's value; 1e-6 of the speed
            // bounds both with room.
            let speeds = zip(values, values.dropFirst()).compactMap { a, b in
                b.t > a.t && b.t - a.t < 0.05 && b.value > a.value && b.value < end
                    ? (b.value - a.value) / (b.t - a.t) : nil
            }
            #expect(speeds.allSatisfy { $0 <= 1200 * (1 + 1e-6) })
            let half = speeds.filter { abs($0 - 600) < 600 * 1e-6 }.count
            let deep = speeds.filter { abs($0 - 1100) < 1100 * 1e-6 }.count
            #expect(half >= 3 && deep >= 3, "speeds \(speeds)")
            print(
                "autoscroll: \(values.count) frames, \(scrolled.count) scrolled, \(half) at 600 px/s (half way in), "
                    + "\(deep) at 1100 px/s (44/48 in), fastest \(speeds.max() ?? 0) px/s, end \(end) reached")
            // The row went with the pointer to the bottom: one move, from 1 to the last slot.
            #expect(fixture.moves == [[1, 19]])
            #expect(fixture.order.last == 1)
        }

        @Test("Escape during a drag puts the row back and reports nothing")
        func escapeCancels() throws {
            let fixture = try ReorderWindow(rows: 4, title: "unison-reorderable-escape")
            defer { fixture.close() }
            let top = try fixture.layoutTop(of: 0)
            var commands = fixture.dragCommands(x: 80, y: Int(top) + 18, step: 5, steps: 20, release: false)
            commands += ["key", "Escape", "sleep", "0.1", "mousemove", "--window", fixture.windowID, "80", "40"]
            commands += ["mouseup", "1"]
            _ = try startXdotool(["windowfocus", "--sync", fixture.windowID]).waitUntilExit()
            var liftedAt: Int?
            let process = try startXdotool(commands)
            GtkRuntime.iterate(timeout: 8) {
                liftedAt = fixture.list.interaction.liftedIndex ?? liftedAt
                return !process.isRunning
            }
            #expect(liftedAt == 2)  // it had moved two slots down
            #expect(fixture.settleRows())
            #expect(fixture.moves.isEmpty)
            #expect(fixture.order == [0, 1, 2, 3])
            #expect(fixture.bins[0].translation == .zero && fixture.bins[0].animatesLayout)
        }

        @Test("Alt+Down moves the focused row one slot, animated, and the focus stays on it")
        func altDownMovesFocusedRow() throws {
            let fixture = try ReorderWindow(rows: 4, title: "unison-reorderable-keys")
            defer { fixture.close() }
            _ = try startXdotool(["windowfocus", "--sync", fixture.windowID]).waitUntilExit()
            fixture.window.settle()
            gtk_widget_grab_focus(fixture.areas[1])
            let root = try #require(gtk_widget_get_root(fixture.window.window))
            #expect(gtk_root_get_focus(root) == fixture.areas[1])
            var glided = false
            fixture.window.record { _ in glided = glided || fixture.bins[1].layoutOffset != .zero }
            _ = try fixture.run(["key", "--clearmodifiers", "alt+Down"])
            #expect(fixture.settleRows())
            fixture.window.stopRecording()
            #expect(fixture.moves == [[1, 2]])
            #expect(fixture.order == [0, 2, 1, 3])
            #expect(glided)
            #expect(gtk_root_get_focus(root) == fixture.areas[1])
            // Alt+Up twice: back to the top, reported each time; at the top a third does nothing.
            _ = try fixture.run(["key", "alt+Up", "alt+Up", "alt+Up"])
            #expect(fixture.settleRows())
            #expect(fixture.moves == [[1, 2], [2, 1], [1, 0]])
            #expect(fixture.order == [1, 0, 2, 3])
            #expect(gtk_root_get_focus(root) == fixture.areas[1])
        }

        @Test("a row removed by the app mid-drag abandons the drag: no move, no critical; the next drag works")
        func rowRemovedMidDrag() throws {
            let fixture = try ScriptedBox(rows: 4)
            defer { fixture.window.close() }
            fixture.drag(from: 18, by: 30, release: false)
            #expect(fixture.list.interaction.liftedIndex == 1)
            gtk_box_remove(unison_example_box(try #require(fixture.list.widget)), fixture.bins[0].widget)
            fixture.move(52)  // the drag sees the change: abandoned
            #expect(fixture.list.interaction.liftedIndex == nil)
            fixture.up(52)
            #expect(fixture.settleRows())
            #expect(fixture.moves.isEmpty)
            #expect(fixture.order == [1, 2, 3])
            #expect(fixture.bins[0].translation == .zero && fixture.bins[0].animatesLayout)
            // The next drag works: row 2 (now first) down a slot.
            let next = fixture.layoutTop(of: fixture.bins[1])
            fixture.drag(from: next + 18, by: 30)
            #expect(fixture.settleRows())
            #expect(fixture.moves == [[0, 1]])
        }

        @Test("the list's window destroyed mid-drag: nothing crashes, nothing is reported")
        func containerDestroyedMidDrag() throws {
            let fixture = try ReorderWindow(rows: 3, title: "unison-reorderable-destroy")
            let top = try fixture.layoutTop(of: 0)
            let process = try fixture.run(
                fixture.dragCommands(x: 80, y: Int(top) + 18, step: 3, steps: 30)
            ) { fixture.list.interaction.liftedIndex != nil }
            #expect(fixture.list.interaction.liftedIndex != nil)
            fixture.close()
            GtkRuntime.iterate(timeout: 8) { !process.isRunning }
            // xdotool stopped at its first move into the destroyed window (BadWindow): release the
            // button it pressed, or the X server keeps it down for the next test's drag.
            let release = try startXdotool(["mouseup", "1"])
            GtkRuntime.iterate(timeout: 5) { !release.isRunning }
            GtkRuntime.iterate(timeout: 0.3)
            #expect(fixture.moves.isEmpty)
            #expect(fixture.list.widget == nil)
            #expect(fixture.list.interaction.liftedIndex == nil)
        }

        @Test("the move callback may reorder and remove rows itself: one report per drop, no critical")
        func reentrantCallback() throws {
            let fixture = try ScriptedBox(rows: 4)
            defer { fixture.window.close() }
            let list = fixture.list
            list.onMove = { [weak fixture] from, to in
                guard let fixture else { return }
                fixture.moves.append([from, to])
                // The app moves the row back at once, then drops the last row.
                animate(.smooth) { list.moveItem(from: to, to: from) }
                list.interaction.cancel()  // no drag in progress: nothing happens
                gtk_box_remove(unison_example_box(list.widget), fixture.bins[3].widget)
            }
            fixture.drag(from: 18, by: 30)
            #expect(fixture.settleRows())
            #expect(fixture.moves == [[0, 1]])
            #expect(fixture.order == [0, 1, 2])
        }
    }
}
