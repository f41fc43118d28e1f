import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

// Drags scripted through the interaction's own recognizer host (the one the box's GtkGestureDrag
// feeds), with scripted timestamps: the same code path as a pointer, without xdotool's timing.
// Each feature keeps one real-pointer test in ReorderInteractionTests / ReorderListBoxTests.

/// A window holding a ``ReorderableBox`` of 36 px rows, and scripted pointer events for it.
@MainActor
final class ScriptedBox {
    let window: TestWindow
    let list: ReorderableBox
    var bins: [MotionBin] = []
    var moves: [[Int]] = []
    /// The scrolled window around the list (when made with `scrollerHeight`).
    let scroller: UnsafeMutablePointer<GtkWidget>?
    /// The scripted events' clock (seconds; only its differences matter to the recognizer).
    private var time = 1000.0

    init(
        rows: Int, spacing: Int32 = 4, scrollerHeight: Int32? = nil, reportsMoves: Bool = true,
        prepare: (ReorderableBox) -> Void = { _ in }
    ) throws {
        window = try TestWindow(width: 260, height: 460)
        list = ReorderableBox(orientation: GTK_ORIENTATION_VERTICAL, spacing: spacing)
        prepare(list)
        for index in 0..<rows {
            let area = colouredArea(red: 0.1 * Double(index % 10), green: 0.5, blue: 0.5, width: 160, height: 36)
            let bin = MotionBin(child: area)
            list.append(bin)
            bins.append(bin)
        }
        scroller = placeReorderable(list, in: window, scrollerHeight: scrollerHeight)
        if reportsMoves { list.onMove = { [weak self] from, to in self?.moves.append([from, to]) } }
        window.settle(0.2)
    }

    private var handler: GestureHandler<DragRecognizer> { list.interaction.gestureHandler }

    func down(_ y: Double) {
        time += 0.016
        handler.handle(.down(CGPoint(x: 80, y: y), at: time))
    }

    func move(_ y: Double) {
        time += 0.016
        handler.handle(.move(CGPoint(x: 80, y: y), at: time))
    }

    func up(_ y: Double) {
        time += 0.016
        handler.handle(.up(CGPoint(x: 80, y: y), at: time))
    }

    /// Presses at `y` and moves to `y + distance` in 2 px steps (the box's coordinates).
    func drag(from y: Double, by distance: Double, release: Bool = true) {
        down(y)
        let steps = Int((abs(distance) / 2).rounded(.up))
        for step in 0...steps { move(y + distance * Double(step) / Double(max(steps, 1))) }
        if release { up(y + distance) }
    }

    /// Where layout has `bin`'s top, in the box's coordinates.
    func layoutTop(of bin: MotionBin) -> Double {
        var bounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(bin.widget, list.widget, &bounds)
        return Double(bounds.origin.y)
    }

    /// Waits until every row rests (at most 3 s).
    func settleRows() -> Bool { restRows(of: list.interaction, bins, in: window) }

    var order: [Int] { rowOrder(of: list.orderedRows, in: bins) }
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Reorderable box, scripted drags")
    struct ReorderScriptedTests {
        @Test("one row beside a hidden zero-size child, spacing 0: the drag neither hangs nor moves")
        func zeroLengthNeighbourDoesNotHang() throws {
            let fixture = try ScriptedBox(rows: 1, spacing: 0)
            defer { fixture.window.close() }
            let hidden = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_set_visible(hidden, 0)
            gtk_box_append(unison_example_box(fixture.list.widget), hidden)
            fixture.window.settle()
            fixture.drag(from: 18, by: 80, release: false)
            #expect(fixture.list.interaction.liftedIndex != nil)
            fixture.move(-40)
            fixture.up(-40)
            #expect(fixture.settleRows())
            #expect(fixture.moves.isEmpty)
            #expect(fixture.order == [0])
        }

        @Test("slots follow GtkBox's layout: hidden children and CSS border-spacing; the row stays under the pointer")
        func hiddenChildAndBorderSpacing() throws {
            let fixture = try ScriptedBox(rows: 4, spacing: 4) { list in
                gtk_widget_add_css_class(list.widget, "reorder-spaced")
            }
            defer { fixture.window.close() }
            let provider = gtk_css_provider_new()!
            gtk_css_provider_load_from_data(provider, "box.reorder-spaced { border-spacing: 6px; }", -1)
            gtk_style_context_add_provider_for_display(
                gdk_display_get_default(), OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            defer {
                gtk_style_context_remove_provider_for_display(gdk_display_get_default(), OpaquePointer(provider))
                g_object_unref(provider)
            }
            // A label between rows 1 and 2, laid out once (a stale allocation), then hidden.
            let label = gtk_label_new("hidden")!
            gtk_box_insert_child_after(
                unison_example_box(fixture.list.widget), label, fixture.bins[0].widget)
            fixture.window.settle()
            gtk_widget_set_visible(label, 0)
            fixture.window.settle()
            let rest = fixture.bins.map(fixture.layoutTop)
            let pitch = rest[2] - rest[1]
            #expect(pitch == 36 + 4 + 6)  // the rows, the spacing and the CSS border-spacing
            #expect(rest[1] - rest[0] == pitch)
            // Row 1 dragged 60 px down: past the hidden label (no length) and row 2's midpoint (at
            // half a pitch, 23 px), short of row 3's (69 px).
            fixture.drag(from: rest[0] + 18, by: 60, release: false)
            fixture.window.settle()
            #expect(fixture.list.interaction.liftedIndex == 2)  // children: label, row 2, row 1, …
            let bin = fixture.bins[0]
            let drawn = fixture.layoutTop(of: bin) + Double(bin.translation.y)
            #expect(abs(drawn - (rest[0] + 60)) < 1e-9, "drawn at \(drawn), pointer at \(rest[0] + 60)")
            fixture.up(rest[0] + 18 + 60)
            #expect(fixture.settleRows())
            #expect(fixture.moves == [[0, 2]])
            #expect(fixture.layoutTop(of: bin) == rest[1])
        }

        @Test("a drag abandoned at its release leaves the next drag working")
        func dragAfterAbandonAtRelease() throws {
            let fixture = try ScriptedBox(rows: 4)
            defer { fixture.window.close() }
            fixture.drag(from: 18, by: 30, release: false)
            #expect(fixture.list.interaction.liftedIndex == 1)
            // The app removes the last row; the next event the interaction sees is the release.
            gtk_box_remove(unison_example_box(fixture.list.widget), fixture.bins[3].widget)
            fixture.up(48)
            #expect(fixture.list.interaction.liftedIndex == nil)
            #expect(fixture.settleRows())
            #expect(fixture.moves.isEmpty)
            let top = fixture.layoutTop(of: fixture.bins[2])
            fixture.drag(from: top + 18, by: -30, release: false)
            #expect(fixture.list.interaction.liftedIndex != nil)
            fixture.up(top + 18 - 30)
            #expect(fixture.settleRows())
            #expect(fixture.moves.count == 1)
        }

        @Test("insert(_:at:) past the end of an empty box appends")
        func insertPastTheEndOfAnEmptyBox() throws {
            let fixture = try ScriptedBox(rows: 0)
            defer { fixture.window.close() }
            let bin = MotionBin(child: gtk_label_new("row")!)
            fixture.list.insert(bin, at: 3)
            let other = MotionBin(child: gtk_label_new("row")!)
            fixture.list.insert(other, at: -2)
            #expect(fixture.list.orderedRows.count == 2)
            #expect(fixture.list.orderedRows.first === other && fixture.list.orderedRows.last === bin)
        }

        @Test("without onMove nothing lifts: reordering is off")
        func noCallbackNoReordering() throws {
            let fixture = try ScriptedBox(rows: 3, reportsMoves: false)
            defer { fixture.window.close() }
            fixture.drag(from: 18, by: 50, release: false)
            #expect(fixture.list.interaction.liftedIndex == nil)
            fixture.up(68)
            #expect(fixture.settleRows())
            #expect(fixture.order == [0, 1, 2])
        }

        @Test("an invalid liftedClass is refused; the class used at the lift is the one taken off")
        func liftedClassValidatedAndRemembered() throws {
            let fixture = try ScriptedBox(rows: 3)
            defer { fixture.window.close() }
            let interaction = fixture.list.interaction
            interaction.liftedClass = ""
            #expect(interaction.liftedClass == "unison-lifted")
            interaction.liftedClass = ".shadowed"
            #expect(interaction.liftedClass == "unison-lifted")
            interaction.liftedClass = "shadowed"
            #expect(interaction.liftedClass == "shadowed")
            fixture.drag(from: 18, by: 10, release: false)
            let bin = fixture.bins[0]
            #expect(gtk_widget_has_css_class(bin.widget, "shadowed") != 0)
            interaction.liftedClass = "other"
            fixture.up(28)
            #expect(fixture.settleRows())
            #expect(gtk_widget_has_css_class(bin.widget, "shadowed") == 0)
            #expect(gtk_widget_has_css_class(bin.widget, "other") == 0)
        }

        @Test("the lift gives back the row's own animatesLayout and scale when it has settled")
        func liftRestoresTheAppsSettings() throws {
            let fixture = try ScriptedBox(rows: 3)
            defer { fixture.window.close() }
            let bin = fixture.bins[0]
            bin.animatesLayout = false
            bin.scale = CGSize(width: 0.9, height: 0.9)
            fixture.drag(from: 18, by: 50)
            #expect(fixture.settleRows())
            #expect(fixture.moves == [[0, 1]])
            #expect(bin.animatesLayout == false)
            #expect(bin.scale == CGSize(width: 0.9, height: 0.9))
            #expect(bin.translation == .zero)
        }

        @Test("NaN and infinite pointer positions neither move rows nor put NaN in a translation")
        func nonFiniteEvents() throws {
            let fixture = try ScriptedBox(rows: 3)
            defer { fixture.window.close() }
            fixture.drag(from: 18, by: 10, release: false)
            #expect(fixture.list.interaction.liftedIndex == 0)
            for y in [Double.nan, .infinity, -.infinity, 1e300] {
                fixture.move(y)
                let translation = fixture.bins[0].translation
                #expect(translation.x.isFinite && translation.y.isFinite, "after \(y): \(translation)")
            }
            fixture.up(.nan)
            #expect(fixture.settleRows())
            #expect(fixture.bins.allSatisfy { $0.translation == .zero })
            #expect(Set(fixture.order) == [0, 1, 2])
        }

        @Test("re-entering the autoscroll zone starts scrolling from rest: no step for the time spent outside it")
        func autoscrollReentry() throws {
            let fixture = try ScriptedBox(rows: 20, scrollerHeight: 200)
            defer { fixture.window.close() }
            let scroller = try #require(fixture.scroller)
            let adjustment = try #require(gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller)))
            // Frames all along (a tick of the test's own), so every step has a painted frame before it.
            let keepTicking = gtk_widget_add_tick_callback(fixture.window.window, { _, _, _ in 1 }, nil, nil)
            defer { gtk_widget_remove_tick_callback(fixture.window.window, keepTicking) }
            /// The box's coordinate of the scroller's `y` now.
            func inList(_ y: Double) -> Double {
                var from = graphene_point_t(x: 80, y: Float(y))
                var to = graphene_point_t(x: 0, y: 0)
                _ = gtk_widget_compute_point(scroller, fixture.list.widget, &from, &to)
                return Double(to.y)
            }
            fixture.drag(from: 18, by: 30, release: false)
            fixture.move(inList(176))  // half way into the bottom zone (152..200): 600 px/s
            GtkRuntime.iterate(timeout: 0.2)
            #expect(gtk_adjustment_get_value(adjustment) > 0)
            fixture.move(inList(100))  // out of the zone: the scrolling stops
            GtkRuntime.iterate(timeout: 0.3)
            var values: [(t: TimeInterval, value: Double)] = []
            fixture.window.record { t in values.append((t, gtk_adjustment_get_value(adjustment))) }
            GtkRuntime.iterate(timeout: 0.1)
            #expect(values.count >= 2 && values.first?.value == values.last?.value)
            fixture.move(inList(176))
            GtkRuntime.iterate(timeout: 0.3)
            fixture.window.stopRecording()
            fixture.up(inList(176))
            #expect(fixture.settleRows())
            // Each frame's step is the speed times the frame time since the one before (both read
            // from the same frame clock, so exact up to rounding): 600 px/s here, never more.
            let steps = zip(values, values.dropFirst()).filter { $0.1.value != $0.0.value }
            #expect(steps.count >= 5)
            for (a, b) in steps {
                let speed = (b.value - a.value) / (b.t - a.t)
                #expect(speed <= 600 * (1 + 1e-9), "\(b.value - a.value) px in \(b.t - a.t) s")
            }
        }

        @Test("the box's widget finalized mid-drag ends the drag: nothing lifted, Escape's controller off the window")
        func widgetFinalizedMidDrag() throws {
            let fixture = try ScriptedBox(rows: 3)
            defer { fixture.window.close() }
            let window = fixture.window.window
            func controllers() -> UInt32 {
                let list = gtk_widget_observe_controllers(window)!
                defer { g_object_unref(UnsafeMutableRawPointer(list)) }
                return g_list_model_get_n_items(list)
            }
            let before = controllers()
            fixture.drag(from: 18, by: 30, release: false)
            #expect(fixture.list.interaction.liftedIndex == 1)
            #expect(controllers() == before + 1)  // Escape's
            gtk_fixed_remove(unison_example_fixed(fixture.window.fixed), fixture.list.widget)
            fixture.window.settle()
            #expect(fixture.list.widget == nil)
            #expect(fixture.list.interaction.liftedIndex == nil)
            #expect(fixture.list.interaction.dragTranslation == nil)
            #expect(controllers() == before)
            fixture.move(80)  // a late event does nothing
            fixture.up(80)
            #expect(fixture.moves.isEmpty)
        }

        @Test("a box of one row: the drag lifts it, and puts it back with no move")
        func oneRowScripted() throws {
            let fixture = try ScriptedBox(rows: 1)
            defer { fixture.window.close() }
            fixture.drag(from: 18, by: 60, release: false)
            #expect(fixture.list.interaction.liftedIndex == 0)
            fixture.up(78)
            #expect(fixture.settleRows())
            #expect(fixture.moves.isEmpty)
        }

        @Test("a negative spacing is clamped to 0 (GtkBox's range)")
        func negativeSpacing() throws {
            let fixture = try ScriptedBox(rows: 2, spacing: -5)
            defer { fixture.window.close() }
            let box = UnsafeMutableRawPointer(fixture.list.widget!).assumingMemoryBound(to: GtkBox.self)
            #expect(gtk_box_get_spacing(box) == 0)
            #expect(fixture.layoutTop(of: fixture.bins[1]) - fixture.layoutTop(of: fixture.bins[0]) == 36)
        }

        @Test("the box freed while a dropped row settles: the row is given back at rest, the lift's class off")
        func boxFreedWhileSettling() throws {
            let window = try TestWindow(width: 260, height: 300)
            defer { window.close() }
            let bins = (0..<2).map { _ in
                MotionBin(child: colouredArea(red: 0.5, green: 0.5, blue: 0.5, width: 160, height: 36))
            }
            weak var freed: ReorderableBox?
            do {
                let list = ReorderableBox(orientation: GTK_ORIENTATION_VERTICAL, spacing: 4)
                for bin in bins { list.append(bin) }
                list.onMove = { _, _ in }
                gtk_fixed_put(unison_example_fixed(window.fixed), list.widget, 0, 20)
                freed = list
            }
            window.settle(0.2)
            let handler = try #require(freed).interaction.gestureHandler
            handler.handle(.down(CGPoint(x: 80, y: 18), at: 1000))
            for step in 1...10 {
                handler.handle(.move(CGPoint(x: 80, y: 18 + 6 * Double(step)), at: 1000 + 0.016 * Double(step)))
            }
            handler.handle(.up(CGPoint(x: 80, y: 78), at: 1000.2))
            #expect(bins[0].isAnimating)  // settling
            #expect(gtk_widget_has_css_class(bins[0].widget, "unison-lifted") != 0)
            gtk_fixed_remove(unison_example_fixed(window.fixed), try #require(freed?.widget))
            window.settle()
            #expect(freed == nil)
            #expect(bins[0].animatesLayout)
            #expect(gtk_widget_has_css_class(bins[0].widget, "unison-lifted") == 0)
            #expect(bins[0].translation == .zero && bins[0].scale == CGSize(width: 1, height: 1))
        }

        @Test("a neighbour moves once the dragged row passes its midpoint (half a row), not a whole row")
        func halfRowThreshold() throws {
            let fixture = try ScriptedBox(rows: 3)
            defer { fixture.window.close() }
            // Pitch 40 (36 + 4): row 2's midpoint is passed 20 px down.
            fixture.drag(from: 18, by: 19, release: false)
            #expect(fixture.list.interaction.liftedIndex == 0)
            fixture.move(18 + 21)
            #expect(fixture.list.interaction.liftedIndex == 1)
            fixture.move(18 + 59)
            #expect(fixture.list.interaction.liftedIndex == 1)
            fixture.move(18 + 61)
            #expect(fixture.list.interaction.liftedIndex == 2)
            fixture.move(18 + 41)  // back up: above row 3's midpoint again (60 − 20)
            #expect(fixture.list.interaction.liftedIndex == 1)
            fixture.up(18 + 41)
            #expect(fixture.settleRows())
            #expect(fixture.moves == [[0, 1]])
        }
    }
}
