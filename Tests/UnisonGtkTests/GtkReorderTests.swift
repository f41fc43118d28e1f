import CUnisonGtkExamples
import Foundation
import Testing
import Unison
import UnisonDemoKit
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// Where each of `colours` is drawn in `image`, scanning only the columns `columns` (one pass for
/// all of them: the per-frame read-back must not slow the frames it measures). Same rule as
/// `drawnBounds`: opaque pixels within 0.1 of the colour in every channel.
private func drawnBounds(
    of colours: [(Double, Double, Double)], in image: WidgetRenderer.Image, columns: Range<Int>
) -> [CGRect?] {
    var bounds = [(minX: Int, minY: Int, maxX: Int, maxY: Int)?](repeating: nil, count: colours.count)
    for y in 0..<image.height {
        for x in max(columns.lowerBound, 0)..<min(columns.upperBound, image.width) {
            let p = image.pixel(x: x, y: y)
            guard p.alpha > 0.99 else { continue }
            for (index, c) in colours.enumerated()
            where abs(p.red - c.0) < 0.1 && abs(p.green - c.1) < 0.1 && abs(p.blue - c.2) < 0.1 {
                let b = bounds[index] ?? (x, y, x, y)
                bounds[index] = (min(b.minX, x), min(b.minY, y), max(b.maxX, x), max(b.maxY, y))
            }
        }
    }
    return bounds.map { b in
        b.map {
            CGRect(
                x: Double($0.minX), y: Double($0.minY), width: Double($0.maxX - $0.minX + 1),
                height: Double($0.maxY - $0.minY + 1))
        }
    }
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Drag to reorder")
    struct ReorderTests {
        @Test(
            "drag to reorder under Xvfb: the row follows the pointer, its neighbours glide aside, it lands in its slot")
        func realReorderDrag() throws {
            // Every painted frame advances time by 1/60 s: the frames counted below do not depend on
            // how fast this machine paints (`withFixedFrameRate`).
            GtkFrameClock.fixedFrameRate = 60
            defer { GtkFrameClock.fixedFrameRate = nil }
            let window = try TestWindow(width: 420, height: 380)
            defer { window.close() }
            gtk_window_set_title(unison_example_window(window.window), "unison-reorder-test")
            let page = ReorderPage(context: DemoContext(clock: GtkFrameClock.for(window.window)))
            gtk_fixed_put(unison_example_fixed(window.fixed), page.root, 0, 0)
            window.settle(0.3)
            let colours = ReorderPage.rowColours.map { ($0.red, $0.green, $0.blue) }
            let toplevel = window.window
            let fullImage = try #require(WidgetRenderer.image(of: toplevel))
            let rest = try colours.map { try #require(drawnBounds(of: $0, in: fullImage)) }
            let pitch = rest[1].minY - rest[0].minY
            for (a, b) in zip(rest, rest.dropFirst()) { #expect(b.minY - a.minY == pitch && b.minX == a.minX) }
            #expect(pitch > 30)
            let columns = Int(rest[0].minX) - 8..<Int(rest[0].maxX) + 8

            // Every painted frame: its time, the drag's translation as the page had it, rows 1–3's
            // tiles, and rows 2 and 3's presented tops (layout place plus layout glide offset, which
            // the lifted row may cover on screen: a neighbour glides under it).
            var frames: [(t: TimeInterval, finger: CGPoint?, rows: [CGRect?], presented: [Double])] = []
            func presentedTop(_ row: Int) -> Double {
                var zero = graphene_point_t(x: 0, y: 0)
                var place = graphene_point_t(x: 0, y: 0)
                _ = gtk_widget_compute_point(page.bins[row].widget, toplevel, &zero, &place)
                return Double(place.y) + Double(page.bins[row].layoutOffset.y)
            }
            let binRest = (0..<3).map(presentedTop)
            window.record { t in
                guard let image = WidgetRenderer.image(of: toplevel) else { return }
                frames.append(
                    (
                        t, page.fingerTranslation, drawnBounds(of: Array(colours[0..<3]), in: image, columns: columns),
                        [0, presentedTop(1), presentedTop(2)]
                    ))
            }
            let search = try startXdotool(["search", "--sync", "--name", "unison-reorder-test"])
            GtkRuntime.iterate(timeout: 30) { !search.isRunning }
            let output = (search.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
            let id = try #require(String(decoding: output, as: UTF8.self).split(separator: "\n").first.map(String.init))
            // Press on the first row's tile, move down 4 px a step to 100 px, past the second and third
            // rows' midpoints (half a pitch and 1.5 pitches down), release.
            let (x, y0) = (Int(rest[0].midX), Int(rest[0].midY))
            // Each move waits for a painted frame before the next (one xdotool run per move): however
            // slowly this machine paints, the drag is seen in 25 frames at least.
            func run(_ commands: [String]) throws {
                let before = frames.count
                let process = try startXdotool(commands)
                GtkRuntime.iterate(timeout: 30) { !process.isRunning && frames.count > before }
            }
            try run(["mousemove", "--window", id, String(x), String(y0), "mousedown", "1"])
            for step in 1...25 {
                try run(["mousemove", "--window", id, String(x), String(y0 + 4 * step)])
            }
            try run(["mouseup", "1"])
            #expect(GtkRuntime.iterate(timeout: 30) { page.isAtTarget })
            window.settle()
            window.stopRecording()

            // 1. The dragged row follows the pointer, through both reorders. Tolerance: 1 px for the
            // edge pixels (the bounds are whole pixels) plus what the 1.03 lift moves the tile's top
            // edge about the row's centre: at most 0.03 × half a pitch.
            let dragging = frames.compactMap { f in f.finger.flatMap { finger in f.rows[0].map { (finger.y, $0.minY) } }
            }
            #expect(dragging.count >= 10, "frames painted while dragging: \(dragging.count)")
            // Past the second row's centre while frames are painted (the last moves, past the third
            // row's, may come in the frame of the release on a loaded machine; the final order checks
            // that crossing).
            #expect(dragging.contains { $0.0 > 1.5 * pitch })
            let followTolerance = 1 + 0.03 * pitch / 2
            var worstFollow = 0.0
            for (finger, top) in dragging {
                worstFollow = max(worstFollow, abs(top - rest[0].minY - finger))
                #expect(
                    abs(top - rest[0].minY - finger) <= followTolerance, "finger \(finger), drawn \(top - rest[0].minY)"
                )
            }

            // 2. Rows 2 and 3 each move up a pitch with `.smooth` (Spring(duration: 0.5, bounce: 0):
            // critically damped, ω = 2π / 0.5 s) from rest. Its fastest speed is pitch·ω/e (the
            // maximum of D·ω²·t·e^(−ωt), at t = 1/ω), so between two frames a row moves at most that
            // times the frames' time apart, + 1 px for whole-pixel bounds.
            let omega = 2 * Double.pi / 0.5
            let fastest = pitch * omega / M_E
            var worstStep = 0.0
            var measured = 0
            for row in 1...2 {
                // The lifted row is drawn over the others and covers a part of a neighbour's tile (all of
                // it near the crossing): only frames showing the whole tile (its height at rest) are read.
                let drawn = frames.compactMap { f in
                    f.rows[row].flatMap { abs($0.height - rest[row].height) <= 0.5 ? (f.t, $0.minY) : nil }
                }
                measured += drawn.count
                #expect(
                    drawn.count >= frames.count / 2, "row \(row + 1) shown whole in \(drawn.count) of \(frames.count)")
                for (a, b) in zip(drawn, drawn.dropFirst()) {
                    let bound = fastest * (b.0 - a.0) + 1
                    worstStep = max(worstStep, abs(b.1 - a.1) / bound)
                    #expect(abs(b.1 - a.1) <= bound, "row \(row + 1) jumped \(b.1 - a.1) px in \(b.0 - a.0) s")
                }
                // Seen between its places in several frames (presented: the lifted row covers it there).
                let gliding = frames.filter {
                    $0.presented[row] < binRest[row] - 1 && $0.presented[row] > binRest[row - 1] + 1
                }
                #expect(gliding.count >= 5, "row \(row + 1): frames between its places \(gliding.count)")
                #expect(drawn.last?.1 == rest[row - 1].minY)
            }

            // 3. The box's order is 2, 3, 1, 4, 5, and every row is drawn where layout put it.
            var children: [Int] = []
            var child = gtk_widget_get_first_child(page.list)
            while let widget = child {
                children.append(try #require(page.bins.firstIndex { $0.widget == widget }))
                child = gtk_widget_get_next_sibling(widget)
            }
            #expect(children == [1, 2, 0, 3, 4] && page.order == children)
            let final = try #require(WidgetRenderer.image(of: toplevel))
            for (index, bin) in page.bins.enumerated() {
                let tile = try #require(bin.child.flatMap { gtk_widget_get_first_child($0) })
                var zero = graphene_point_t(x: 0, y: 0)
                var place = graphene_point_t(x: 0, y: 0)
                #expect(gtk_widget_compute_point(tile, toplevel, &zero, &place) != 0)
                let drawn = try #require(drawnBounds(of: colours[index], in: final))
                #expect(
                    abs(drawn.minX - Double(place.x)) <= 1 && abs(drawn.minY - Double(place.y)) <= 1, "row \(index + 1)"
                )
                let slot = try #require(children.firstIndex(of: index))
                #expect(abs(drawn.minY - (rest[0].minY + Double(slot) * pitch)) <= 1)
                #expect(bin.translation == .zero && bin.scale == CGSize(width: 1, height: 1) && bin.animatesLayout)
            }
            print(
                "reorder drag: \(frames.count) frames, \(dragging.count) while dragging, pitch \(pitch) px, "
                    + "worst follow error \(worstFollow) px (≤ \(followTolerance)), "
                    + "\(measured) glide samples, worst glide step \(worstStep) of the .smooth bound (≤ 1, \(fastest) px/s + 1 px)"
            )
        }

        @Test("the demo's rows take the focus, so the Alt+Down it advertises moves one")
        func demoRowsTakeFocus() throws {
            let window = try TestWindow(width: 420, height: 380)
            defer { window.close() }
            let title = "unison-reorder-focus-test"
            gtk_window_set_title(unison_example_window(window.window), title)
            let page = ReorderPage(context: DemoContext(clock: GtkFrameClock.for(window.window)))
            gtk_fixed_put(unison_example_fixed(window.fixed), page.root, 0, 0)
            window.settle(0.3)
            let root = try #require(gtk_widget_get_root(window.window))
            // A row takes the focus (as a click or Tab gives it), which the keys act on.
            let row = try #require(page.bins[0].child)
            #expect(gtk_widget_grab_focus(row) != 0)
            #expect(gtk_root_get_focus(root) == row)
            let search = try startXdotool(["search", "--sync", "--name", title])
            GtkRuntime.iterate(timeout: 5) { !search.isRunning }
            let output = (search.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
            let id = try #require(String(decoding: output, as: UTF8.self).split(separator: "\n").first.map(String.init))
            _ = try startXdotool(["windowfocus", "--sync", id]).waitUntilExit()
            let key = try startXdotool(["key", "--clearmodifiers", "alt+Down"])
            GtkRuntime.iterate(timeout: 5) { !key.isRunning }
            #expect(GtkRuntime.iterate(timeout: 3) { page.isAtTarget })
            #expect(page.order == [1, 0, 2, 3, 4])
        }
    }
}
