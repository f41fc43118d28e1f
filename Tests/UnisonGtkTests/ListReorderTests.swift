import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
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
            reorder.liftedPosition == nil && !animator.isAnimating && (0..<list.count).allSatisfy { position in
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
        @Test("a drag lifts the row: drawn under the pointer above its neighbours, which glide aside; the drop commits once")
        func dragAndDrop() throws {
            let fixture = try ScriptedList(count: 8)
            defer { fixture.close() }
            let item = fixture.list.item(at: 0)
            // Row 0 pressed at its middle, 90 px down: its top at 90, past rows 1 and 2's midpoints
            // (20 and 60 as if it were taken out), short of row 3's (100).
            fixture.drag(y: 20, dy: 90, release: false)
            #expect(fixture.reorder.liftedPosition == 0)
            #expect(fixture.reorder.targetPosition == 2)
            #expect(fixture.list.run { !fixture.animator.isAnimating && fixture.list.drawnBounds(of: fixture.list.item(at: 2))?.minY == 40 })
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
    }
}
