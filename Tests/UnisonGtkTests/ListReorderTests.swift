import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonHeadless
import UnisonTestSupport

// A file over 400 lines: the scripted fixture and the list reorder tests, which share it.

/// A ``ListFixture`` (40 px rows over a `GListStore`) with a ``ListReorderInteraction``, and
/// scripted pointer events for it, fed to the interaction's own recognizer host (the view's
/// `GtkGestureDrag` feeds the same).
@MainActor
final class ScriptedList {
    let list: ListFixture
    let animator: ListAnimator
    let reorder: ListReorderInteraction
    var moves: [[Int]] = []
    private var time = 1000.0

    /// `reportsMoves`: an `onMove` that records the move and applies it to the store.
    init(count: Int, kind: ListFixture.Kind = .list, height: Int32 = 200, reportsMoves: Bool = true) throws {
        list = try ListFixture(count: count, kind: kind, height: height)
        animator = list.settledAnimator()
        reorder = ListReorderInteraction(animator)
        if reportsMoves {
            reorder.onMove = { [unowned self] from, to in
                moves.append([from, to])
                reorder.moveStoreItem(from: from, to: to)
            }
        }
        list.window.settle()
    }

    private var handler: GestureHandler<DragRecognizer> { reorder.gestureHandler }

    func down(_ x: Double = 100, _ y: Double) {
        time += 0.016
        handler.handle(.down(CGPoint(x: x, y: y), at: time))
    }

    func move(_ x: Double = 100, _ y: Double) {
        time += 0.016
        handler.handle(.move(CGPoint(x: x, y: y), at: time))
    }

    func up(_ x: Double = 100, _ y: Double) {
        time += 0.016
        handler.handle(.up(CGPoint(x: x, y: y), at: time))
    }

    /// Presses at (x, y) and moves by (dx, dy) in 2 px steps (the view's coordinates), a frame after each.
    func drag(x: Double = 100, y: Double, dx: Double = 0, dy: Double, release: Bool = true) {
        down(x, y)
        let steps = Int((max(abs(dx), abs(dy)) / 2).rounded(.up))
        for step in 0...steps {
            let p = Double(step) / Double(max(steps, 1))
            move(x + dx * p, y + dy * p)
        }
        list.window.settle(0.02)
        if release { up(x + dx, y + dy) }
    }

    /// The store's items by id, in order.
    var order: [Int] { (0..<list.count).map { list.id(of: list.item(at: $0)) } }

    /// Waits until nothing is lifted, settling or gliding (at most 5 s).
    func rest() -> Bool {
        let rested = list.run {
            reorder.liftedPosition == nil && !animator.isAnimating
                && (0..<list.count).allSatisfy { position in
                    list.row(of: list.item(at: position)).map { gtk_widget_get_opacity($0) == 1 } ?? true
                }
        }
        list.window.settle()
        return rested
    }

    /// Where the colour of item `id` is drawn in the window's image, along column `x` of the view.
    func drawnSpan(of id: Int, x: Double = 100) throws -> ClosedRange<Double>? {
        let image = try #require(WidgetRenderer.image(of: list.window.window))
        let colour = ListFixture.colour(of: id)
        var point = graphene_point_t(x: Float(x), y: 0)
        var inWindow = graphene_point_t(x: 0, y: 0)
        _ = gtk_widget_compute_point(list.view, list.window.window, &point, &inWindow)
        return columnSpans(of: [(colour.red, colour.green, colour.blue)], in: image, x: Int(inWindow.x))[0]
            .map { ($0.lowerBound - Double(inWindow.y))...($0.upperBound - Double(inWindow.y)) }
    }

    func close() { list.close() }
}

extension GtkAdapterTests {
    @MainActor
    @Suite("List view drag to reorder")
    struct ListReorderTests {
        @Test(
            "a drag lifts the row: drawn under the pointer above its neighbours, which glide aside; the drop commits once"
        )
        func dragAndDrop() throws {
            let fixture = try ScriptedList(count: 8)
            defer { fixture.close() }
            let item = fixture.list.item(at: 0)
            // Row 0 pressed at its middle, 90 px down: its top at 90, past rows 1 and 2's midpoints
            // (20 and 60 as if it were taken out), short of row 3's (100).
            fixture.drag(y: 20, dy: 90, release: false)
            #expect(fixture.reorder.liftedPosition == 0)
            #expect(fixture.reorder.targetPosition == 2)
            #expect(
                fixture.list.run {
                    !fixture.animator.isAnimating && fixture.list.drawnBounds(of: fixture.list.item(at: 2))?.minY == 40
                })
            fixture.list.window.settle(0.4)
            // The neighbours passed are drawn a row up; the one after them stays.
            #expect(fixture.list.drawnBounds(of: fixture.list.item(at: 1))?.minY == 0)
            #expect(fixture.list.drawnBounds(of: fixture.list.item(at: 2))?.minY == 40)
            #expect(fixture.list.drawnBounds(of: fixture.list.item(at: 3))?.minY == 120)
            // The lifted row itself is hidden; its capture is drawn under the pointer (scaled 1.03
            // about its centre: 41.2 px tall), over the neighbours.
            let row = try #require(fixture.list.row(of: item))
            #expect(gtk_widget_get_opacity(row) == 0)
            #expect(gtk_widget_has_css_class(row, "unison-lifted") != 0)
            let span = try #require(try fixture.drawnSpan(of: 0))
            let centre = (span.lowerBound + span.upperBound + 1) / 2
            #expect(abs(centre - (90 + 20)) <= 1, "drawn over \(span)")
            #expect(span.upperBound + 1 - span.lowerBound > 36)  // its drawing area, scaled up
            // The drop: reported once, applied to the store, and everything comes to rest in the new order.
            fixture.up(100, 110)
            #expect(fixture.moves == [[0, 2]])
            #expect(fixture.rest())
            #expect(fixture.order == [1, 2, 0, 3, 4, 5, 6, 7])
            #expect(fixture.moves == [[0, 2]])
            #expect(fixture.list.drawnBounds(of: item)?.minY == 80)
            #expect(fixture.list.row(of: item).map { gtk_widget_has_css_class($0, "unison-lifted") } == 0)
            #expect(fixture.animator.leavingCount == 0)
        }

        @Test("with no onMove a GListStore is moved by the interaction: one move, no item enters or leaves")
        func storeMovedWithoutCallback() throws {
            let fixture = try ScriptedList(count: 6, reportsMoves: false)
            defer { fixture.close() }
            var transitions = 0
            fixture.list.window.record { _ in
                if fixture.animator.leavingCount > 0 { transitions += 1 }
                for position in 0..<fixture.list.count
                where fixture.animator.effects(of: fixture.list.item(at: position)) != .identity {
                    transitions += 1
                }
            }
            let item = fixture.list.item(at: 3)
            fixture.drag(y: 140, dy: -140)
            #expect(fixture.rest())
            fixture.list.window.stopRecording()
            #expect(fixture.order == [3, 0, 1, 2, 4, 5])
            #expect(transitions == 0)
            #expect(fixture.list.drawnBounds(of: item)?.minY == 0)
        }

        @Test("Escape or cancel() puts everything back: no move reported, the model unchanged")
        func cancelPutsBack() throws {
            let fixture = try ScriptedList(count: 6)
            defer { fixture.close() }
            fixture.drag(y: 20, dy: 100, release: false)
            #expect(fixture.reorder.targetPosition == 2 || fixture.reorder.targetPosition == 3)
            fixture.list.window.settle(0.1)
            fixture.reorder.cancel()
            #expect(fixture.reorder.liftedPosition == nil)
            fixture.up(100, 120)  // the release after a cancel does nothing
            #expect(fixture.rest())
            #expect(fixture.moves.isEmpty)
            #expect(fixture.order == [0, 1, 2, 3, 4, 5])
            for position in 0..<5 {
                #expect(fixture.list.drawnBounds(of: fixture.list.item(at: position))?.minY == CGFloat(40 * position))
            }
        }

        @Test("in a grid the lifted item follows the pointer both ways; the items between wrap a cell aside")
        func gridDrag() throws {
            let fixture = try ScriptedList(count: 12, kind: .grid, height: 260)
            defer { fixture.close() }
            let cells = try (0..<6).map { try #require(fixture.list.drawnBounds(of: fixture.list.item(at: $0))) }
            let columns = cells.filter { $0.minY == cells[0].minY }.count
            #expect(columns == 3)
            // Item 0 dragged from its centre to the centre of cell 4 (a column right, a line down).
            let (dx, dy) = (cells[4].midX - cells[0].midX, cells[4].midY - cells[0].midY)
            fixture.drag(x: cells[0].midX, y: cells[0].midY, dx: dx, dy: dy, release: false)
            #expect(fixture.reorder.targetPosition == 4)
            #expect(
                fixture.list.run {
                    !fixture.animator.isAnimating
                        && fixture.list.drawnBounds(of: fixture.list.item(at: 3))?.origin == cells[2].origin
                })
            fixture.list.window.settle(0.4)
            // Items 1 to 4 are drawn in the cell before theirs (item 3 wraps back to the first line).
            for position in 1...4 {
                #expect(
                    fixture.list.drawnBounds(of: fixture.list.item(at: position))?.origin == cells[position - 1].origin)
            }
            #expect(fixture.list.drawnBounds(of: fixture.list.item(at: 5))?.origin == cells[5].origin)
            fixture.up(cells[0].midX + dx, cells[0].midY + dy)
            #expect(fixture.rest())
            #expect(fixture.moves == [[0, 4]])
            #expect(fixture.order == [1, 2, 3, 4, 0, 5, 6, 7, 8, 9, 10, 11])
            #expect(fixture.list.drawnBounds(of: fixture.list.item(at: 4))?.origin == cells[4].origin)
        }

        @Test("autoscroll: the lifted item stays the same model item while the view recycles its rows")
        func autoscrollKeepsTheItem() throws {
            let fixture = try ScriptedList(count: 60)
            defer { fixture.close() }
            let item = fixture.list.item(at: 1)
            fixture.drag(y: 60, dy: 130, release: false)  // 190: in the bottom edge zone
            #expect(fixture.reorder.liftedPosition == 1)
            #expect(fixture.list.run { gtk_adjustment_get_value(fixture.list.vadjustment) >= 800 })
            fixture.move(100, 100)  // out of the zone: the scrolling stops
            fixture.list.window.settle(0.1)
            let scrolled = gtk_adjustment_get_value(fixture.list.vadjustment)
            // The item lands where it is drawn: its top at the scroll offset + 100 - 20.
            let expected = Int(((scrolled + 80) / 40).rounded())
            #expect(fixture.reorder.liftedPosition == 1)
            #expect(fixture.reorder.targetPosition == expected)
            #expect(
                try fixture.drawnSpan(of: 1).map { abs(($0.lowerBound + $0.upperBound + 1) / 2 - 100) <= 1 } == true)
            fixture.up(100, 100)
            #expect(fixture.rest())
            #expect(fixture.moves == [[1, expected]])
            #expect(fixture.list.item(at: expected) == item)
            #expect(
                fixture.list.drawnBounds(of: item)?.minY
                    == CGFloat(Double(expected * 40) - gtk_adjustment_get_value(fixture.list.vadjustment)))
        }

        @Test("the model changed mid-drag abandons the drag: nothing reported, everything rests in the model's order")
        func modelChangedMidDrag() throws {
            let fixture = try ScriptedList(count: 6)
            defer { fixture.close() }
            fixture.drag(y: 20, dy: 60, release: false)
            #expect(fixture.reorder.liftedPosition == 0)
            fixture.list.append(ids: [6])
            fixture.move(100, 90)
            #expect(fixture.reorder.liftedPosition == nil)
            fixture.up(100, 90)
            #expect(fixture.rest())
            #expect(fixture.moves.isEmpty)
            #expect(fixture.order == [0, 1, 2, 3, 4, 5, 6])
            for position in 0..<5 {
                #expect(fixture.list.drawnBounds(of: fixture.list.item(at: position))?.minY == CGFloat(40 * position))
            }
            // The next drag works.
            fixture.drag(y: 20, dy: 45)
            #expect(fixture.rest())
            #expect(fixture.moves == [[0, 1]])
        }

        @Test("the lifted item removed mid-drag: the drag ends, nothing reported, no critical")
        func liftedItemRemovedMidDrag() throws {
            let fixture = try ScriptedList(count: 6)
            defer { fixture.close() }
            fixture.drag(y: 60, dy: 50, release: false)
            #expect(fixture.reorder.liftedPosition == 1)
            fixture.list.remove(at: 1)
            fixture.list.window.settle(0.05)  // a frame sees it first
            #expect(fixture.reorder.liftedPosition == nil)
            fixture.up(100, 110)
            #expect(fixture.rest())
            #expect(fixture.moves.isEmpty)
            #expect(fixture.order == [0, 2, 3, 4, 5])
        }

        @Test("the view destroyed mid-drag: no crash, nothing reported, the interaction goes with it")
        func viewDestroyedMidDrag() throws {
            let fixture = try ScriptedList(count: 6)
            defer { fixture.close() }
            fixture.drag(y: 20, dy: 60, release: false)
            #expect(fixture.reorder.liftedPosition == 0)
            gtk_fixed_remove(unison_example_fixed(fixture.list.window.fixed), fixture.list.scrolled)
            fixture.list.window.settle(0.1)
            fixture.up(100, 80)
            #expect(fixture.reorder.liftedPosition == nil)
            #expect(fixture.moves.isEmpty)
        }

        @Test("a drop above the list lands at the top; the pointer across the axis is ignored")
        func dropOutsideTheList() throws {
            let fixture = try ScriptedList(count: 6)
            defer { fixture.close() }
            fixture.drag(x: 100, y: 100, dx: -400, dy: -300)
            #expect(fixture.rest())
            #expect(fixture.moves == [[2, 0]])
            #expect(fixture.order == [2, 0, 1, 3, 4, 5])
        }

        @Test("no items and one item: nothing lifts or nothing moves")
        func noneAndOne() throws {
            let empty = try ScriptedList(count: 0)
            defer { empty.close() }
            empty.drag(y: 20, dy: 60, release: false)
            #expect(empty.reorder.liftedPosition == nil)
            empty.up(100, 80)
            #expect(empty.moves.isEmpty)
            let one = try ScriptedList(count: 1)
            defer { one.close() }
            one.drag(y: 20, dy: 100, release: false)
            #expect(one.reorder.liftedPosition == 0 && one.reorder.targetPosition == 0)
            one.up(100, 120)
            #expect(one.rest())
            #expect(one.moves.isEmpty)
            #expect(one.list.drawnBounds(of: one.list.item(at: 0))?.minY == 0)
        }

        @Test("disabled, or no onMove over a model that is not a GListStore: nothing lifts")
        func notReorderable() throws {
            let fixture = try ScriptedList(count: 4)
            defer { fixture.close() }
            fixture.reorder.isEnabled = false
            fixture.drag(y: 20, dy: 60)
            #expect(fixture.reorder.liftedPosition == nil && fixture.moves.isEmpty)
            #expect(fixture.order == [0, 1, 2, 3])
            fixture.reorder.isEnabled = true
            #expect(fixture.reorder.isReorderable)
            let strings = gtk_string_list_new(nil)!
            let model = gtk_no_selection_new(OpaquePointer(UnsafeMutableRawPointer(strings)))
            gtk_list_view_set_model(OpaquePointer(fixture.list.view), model)
            fixture.reorder.onMove = nil
            #expect(!fixture.reorder.isReorderable)
        }

        @Test("Alt+Down and Alt+Up move the focused row's item a place, the focus following it; a line in a grid")
        func keyboardReorder() throws {
            let fixture = try ScriptedList(count: 6)
            defer { fixture.close() }
            gtk_window_set_title(unison_example_window(fixture.list.window.window), "unison-list-reorder-keys")
            let windowID = try xdotoolWindow(titled: "unison-list-reorder-keys")
            _ = try startXdotool(["windowfocus", "--sync", windowID]).waitUntilExit()
            fixture.list.window.settle()
            let item = fixture.list.item(at: 1)
            let focused = fixture.list.row(of: item)
            #expect(focused != nil)
            gtk_widget_grab_focus(focused)
            let root = try #require(gtk_widget_get_root(fixture.list.window.window))
            func keys(_ names: String...) throws {
                let process = try startXdotool(["key", "--clearmodifiers"] + names)
                GtkRuntime.iterate(timeout: 8) { !process.isRunning }
                #expect(fixture.rest())
            }
            try keys("alt+Down")
            #expect(fixture.moves == [[1, 2]])
            #expect(fixture.order == [0, 2, 1, 3, 4, 5])
            #expect(gtk_root_get_focus(root) == fixture.list.row(of: item))
            #expect(fixture.list.drawnBounds(of: item)?.minY == 80)
            // Alt+Up three times: back to the top, then nowhere to go.
            try keys("alt+Up", "alt+Up", "alt+Up")
            #expect(fixture.moves == [[1, 2], [2, 1], [1, 0]])
            #expect(fixture.order == [1, 0, 2, 3, 4, 5])
            #expect(gtk_root_get_focus(root) == fixture.list.row(of: item))
            // Across a vertical list, Alt+Right is not a move.
            try keys("alt+Right")
            #expect(fixture.moves.count == 3)

            let grid = try ScriptedList(count: 9, kind: .grid, height: 260)
            defer { grid.close() }
            gtk_window_set_title(unison_example_window(grid.list.window.window), "unison-grid-reorder-keys")
            let gridID = try xdotoolWindow(titled: "unison-grid-reorder-keys")
            _ = try startXdotool(["windowfocus", "--sync", gridID]).waitUntilExit()
            grid.list.window.settle()
            let cell = grid.list.item(at: 0)
            let focusedCell = grid.list.row(of: cell)
            #expect(focusedCell != nil)
            gtk_widget_grab_focus(focusedCell)
            let process = try startXdotool(["key", "--clearmodifiers", "alt+Down", "alt+Right"])
            GtkRuntime.iterate(timeout: 8) { !process.isRunning }
            #expect(grid.rest())
            #expect(grid.moves == [[0, 3], [3, 4]])
            #expect(grid.list.item(at: 4) == cell)
            let gridRoot = try #require(gtk_widget_get_root(grid.list.window.window))
            #expect(gtk_root_get_focus(gridRoot) == grid.list.row(of: cell))
        }

        @Test("a real drag under Xvfb (xdotool): the row lifts, the drop lands it where it was dropped")
        func realDrag() throws {
            let fixture = try ScriptedList(count: 8)
            defer { fixture.close() }
            gtk_window_set_title(unison_example_window(fixture.list.window.window), "unison-list-reorder-drag")
            let windowID = try xdotoolWindow(titled: "unison-list-reorder-drag")
            let origin = try #require(layoutOrigin(of: fixture.list.view, in: fixture.list.window.window))
            let (x, y) = (Int(origin.x) + 100, Int(origin.y) + 20)
            var commands = ["mousemove", "--window", windowID, String(x), String(y), "mousedown", "1"]
            for n in 1...30 {
                commands += ["sleep", "0.02", "mousemove", "--window", windowID, String(x), String(y + 3 * n)]
            }
            let process = try startXdotool(commands)
            var lifted = false
            GtkRuntime.iterate(timeout: 8) {
                lifted = lifted || fixture.reorder.liftedPosition == 0
                return !process.isRunning
            }
            fixture.list.window.settle(0.2)
            #expect(lifted)
            #expect(fixture.reorder.targetPosition == 2)  // its top 90 px down
            let release = try startXdotool(["mouseup", "1"])
            GtkRuntime.iterate(timeout: 5) { !release.isRunning }
            #expect(fixture.rest())
            #expect(fixture.moves == [[0, 2]])
            #expect(fixture.order == [1, 2, 0, 3, 4, 5, 6, 7])
            // Escape mid-drag puts the item back: the release after it reports nothing.
            let escape = try startXdotool(commands + ["sleep", "0.1", "key", "Escape", "mouseup", "1"])
            var liftedAgain = false
            GtkRuntime.iterate(timeout: 8) {
                liftedAgain = liftedAgain || fixture.reorder.liftedPosition == 0
                return !escape.isRunning
            }
            #expect(liftedAgain)
            #expect(fixture.rest())
            #expect(fixture.moves == [[0, 2]])
            #expect(fixture.order == [1, 2, 0, 3, 4, 5, 6, 7])
            #expect(fixture.list.drawnBounds(of: fixture.list.item(at: 0))?.minY == 0)
        }

        @Test("a move the app animates with a completion in onMove: the completion runs once, after the glides")
        func completionInOnMoveRunsOnce() throws {
            let fixture = try ScriptedList(count: 6, reportsMoves: false)
            defer { fixture.close() }
            var completions = 0
            var moves = 0
            fixture.reorder.onMove = { [unowned fixture] from, to in
                moves += 1
                Unison.animate(.linear(duration: 0.2)) {
                    fixture.reorder.moveStoreItem(from: from, to: to)
                } completion: {
                    completions += 1
                }
            }
            fixture.drag(y: 20, dy: 50)
            #expect(completions == 0)  // not inside the change, nor inside the drop
            #expect(fixture.rest())
            fixture.list.window.settle(0.3)
            #expect((moves, completions) == (1, 1))
            #expect(fixture.order == [1, 0, 2, 3, 4, 5])
        }

        @Test("the per-frame pass runs no completion inside GTK's layout phase while the drag moves the target")
        func noCompletionInsideLayout() throws {
            let fixture = try ScriptedList(count: 8)
            defer { fixture.close() }
            fixture.drag(y: 20, dy: 10, release: false)
            #expect(fixture.reorder.liftedPosition == 0)
            // At every layout, before the interaction's pass, an unrelated animation ends (as a toolkit
            // signal ends one there, with `finishAnimations(on:)`): its completion waits for the next
            // safe point, which must not come inside the layout phase.
            let clock = try #require(gtk_widget_get_frame_clock(fixture.list.window.window))
            let other = HeadlessClock()
            let value = AnimatableProperty(0.0, clock: other)
            var inLayout = false
            var ran: [Bool] = []
            let before = try GtkSignals.connect(clock, "layout") { _ in
                // (This handler's own transaction is a safe point for what an earlier frame left due.)
                withAnimation(.linear(duration: 0.05)) {
                    value.value += 1
                } completion: {
                    ran.append(inLayout)
                }
                finishAnimations(on: other)
                inLayout = true
            }
            let after = try GtkSignals.connect(clock, "layout", after: true) { _ in inLayout = false }
            defer {
                g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), before)
                g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), after)
            }
            var targets: Set<Int> = []
            for step in 1...40 {
                fixture.move(100, 30 + Double(step) * 3)
                fixture.list.window.settle(0.02)
                if let target = fixture.reorder.targetPosition { targets.insert(target) }
            }
            #expect(targets.count >= 3, "the target moved across \(targets)")
            fixture.up(100, 150)
            #expect(fixture.rest())
            #expect(!ran.isEmpty)
            #expect(!ran.contains(true), "\(ran.filter { $0 }.count) of \(ran.count) completions ran inside layout")
        }

        @Test("Alt+Up on a row at the top edge scrolls the moved item into view; the next lift does not scroll")
        func keyboardMoveRevealsTheItem() throws {
            let fixture = try ScriptedList(count: 60)
            defer { fixture.close() }
            gtk_window_set_title(unison_example_window(fixture.list.window.window), "unison-list-reorder-reveal")
            let windowID = try xdotoolWindow(titled: "unison-list-reorder-reveal")
            _ = try startXdotool(["windowfocus", "--sync", windowID]).waitUntilExit()
            gtk_adjustment_set_value(fixture.list.vadjustment, 400)
            fixture.list.window.settle()
            #expect(gtk_adjustment_get_value(fixture.list.vadjustment) == 400)
            let item = fixture.list.item(at: 10)
            let row = try #require(fixture.list.row(of: item))
            #expect(fixture.list.drawnBounds(of: item)?.minY == 0)
            gtk_widget_grab_focus(row)
            let process = try startXdotool(["key", "--clearmodifiers", "alt+Up"])
            GtkRuntime.iterate(timeout: 8) { !process.isRunning }
            #expect(fixture.rest())
            #expect(fixture.moves == [[10, 9]])
            let bounds = try #require(fixture.list.drawnBounds(of: item))
            #expect(bounds.minY >= 0 && bounds.maxY <= 200, "drawn at \(bounds)")
            // Scrolled away, the next lift leaves the scroll offset where it is (no stale reveal).
            gtk_adjustment_set_value(fixture.list.vadjustment, 1000)
            fixture.list.window.settle()
            let scrolled = gtk_adjustment_get_value(fixture.list.vadjustment)
            #expect(scrolled == 1000)
            fixture.drag(y: 100, dy: 10, release: false)
            #expect(fixture.reorder.liftedPosition != nil)
            fixture.list.window.settle(0.1)
            #expect(gtk_adjustment_get_value(fixture.list.vadjustment) == scrolled)
            fixture.reorder.cancel()
            fixture.up(100, 110)
            #expect(fixture.rest())
        }

        @Test("a second interaction made for the view mid-drag: the first's drawing undone, every row shown in place")
        func replacedMidDrag() throws {
            let list = try ListFixture(count: 6)
            defer { list.close() }
            let animator = list.settledAnimator()
            var first: ListReorderInteraction? = ListReorderInteraction(animator)
            list.window.settle()
            // The references on the window's frame clock while nothing is drawn: the same after.
            let clock = try #require(gtk_widget_get_frame_clock(list.window.window))
            func references() -> UInt32 {
                UnsafeMutableRawPointer(clock).assumingMemoryBound(to: GObject.self).pointee.ref_count
            }
            let idle = references()
            weak let replaced = first
            var time = 1000.0
            let handler = try #require(first?.gestureHandler)
            handler.handle(.down(CGPoint(x: 100, y: 20), at: time))
            for step in 1...40 {
                time += 0.016
                handler.handle(.move(CGPoint(x: 100, y: 20 + Double(step) * 2), at: time))
            }
            list.window.settle(0.3)
            #expect(first?.liftedPosition == 0 && first?.targetPosition == 2)
            first = nil
            let second = ListReorderInteraction(animator)
            #expect(replaced == nil)
            list.window.settle(0.3)
            #expect(second.liftedPosition == nil)
            for position in 0..<5 {  // the rows on screen
                let row = try #require(list.row(of: list.item(at: position)))
                #expect(list.drawnBounds(of: list.item(at: position))?.minY == CGFloat(40 * position))
                #expect(gtk_widget_get_opacity(row) == 1)
                #expect(gtk_widget_has_css_class(row, "unison-lifted") == 0)
            }
            #expect(list.run { !animator.isAnimating })
            list.window.settle(0.1)
            #expect(references() == idle)
        }

        @Test("a column view's rows reorder too (the drag is on the list inside it)")
        func columnView() throws {
            let fixture = try ScriptedList(count: 5, kind: .column, height: 260)
            defer { fixture.close() }
            fixture.drag(y: 20, dy: 50)
            #expect(fixture.rest())
            #expect(fixture.moves == [[0, 1]])
            #expect(fixture.order == [1, 0, 2, 3, 4])
        }
    }
}
