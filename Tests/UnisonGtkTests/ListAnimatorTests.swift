import CUnisonGtkExamples
import Foundation
import Testing
import Unison
import UnisonGtk
import UnisonTestSupport

// A file over 400 lines: one fixture and the list animator's tests, which share it.

/// A `GtkListView` (or `GtkGridView`) in a scrolled window of a real window, over a `GListStore` of
/// `GtkStringObject`s named by number; each row is a drawing area of one colour per number, so a
/// row's item is known from its widget (the bind handler records it) and from its pixels.
@MainActor
final class ListFixture {
    /// A row's size: its drawing area and the 2 px of padding GTK's theme gives list rows.
    static let rowHeight = 40.0
    static let width: Int32 = 200
    static let padding: Int32 = 2
    let window: TestWindow
    let store: OpaquePointer
    let view: UnsafeMutablePointer<GtkWidget>
    let scrolled: UnsafeMutablePointer<GtkWidget>
    /// Which item each drawing area shows, and its colour buffer.
    private(set) var shown: [UnsafeMutableRawPointer: UnsafeMutableRawPointer] = [:]
    private var colours: [UnsafeMutableRawPointer: UnsafeMutablePointer<Double>] = [:]

    /// The width of an item's drawing area (a grid of 60 px items has three columns).
    let itemWidth: Int32

    /// Which view shows the model.
    enum Kind { case list, grid, column }
    let kind: Kind

    init(count: Int, kind: Kind = .list, height: Int32 = 200) throws {
        self.kind = kind
        itemWidth = kind == .grid ? 60 : Self.width - 2 * Self.padding
        window = try TestWindow(width: 320, height: 260)
        store = g_list_store_new(gtk_string_object_get_type())!
        let factory = gtk_signal_list_item_factory_new()!
        scrolled = gtk_scrolled_window_new()!
        let model = gtk_no_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(store))))!
        switch kind {
        case .list: view = gtk_list_view_new(model, factory)!
        case .grid: view = gtk_grid_view_new(model, factory)!
        case .column:
            view = gtk_column_view_new(model)!
            let column = gtk_column_view_column_new("Item", factory)!
            gtk_column_view_append_column(OpaquePointer(view), column)
            g_object_unref(UnsafeMutableRawPointer(column))
        }
        append(ids: Array(0..<count))
        _ = try GtkSignals.connect(factory, "setup") { [unowned self] arguments in
            guard let listItem = arguments.object(at: 0) else { return }
            self.setUp(OpaquePointer(listItem))
        }
        _ = try GtkSignals.connect(factory, "bind") { [unowned self] arguments in
            guard let listItem = arguments.object(at: 0) else { return }
            self.bind(OpaquePointer(listItem))
        }
        gtk_scrolled_window_set_child(unison_example_scrolled_window(scrolled), view)
        gtk_scrolled_window_set_policy(unison_example_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_EXTERNAL)
        gtk_widget_set_size_request(scrolled, Self.width, height)
        gtk_fixed_put(unison_example_fixed(window.fixed), scrolled, 0, 0)
        window.settle()
    }

    func close() {
        window.close()
        for buffer in colours.values { buffer.deallocate() }
        g_object_unref(UnsafeMutableRawPointer(store))
    }

    private func setUp(_ listItem: OpaquePointer) {
        let area = gtk_drawing_area_new()!
        gtk_drawing_area_set_content_width(unison_example_drawing_area(area), itemWidth)
        gtk_drawing_area_set_content_height(unison_example_drawing_area(area), Int32(Self.rowHeight) - 2 * Self.padding)
        let colour = UnsafeMutablePointer<Double>.allocate(capacity: 3)
        colour.initialize(repeating: 0, count: 3)
        colours[UnsafeMutableRawPointer(area)] = colour
        let draw: GtkDrawingAreaDrawFunc = { _, cr, _, _, data in
            let c = data!.assumingMemoryBound(to: Double.self)
            cairo_set_source_rgb(cr, c[0], c[1], c[2])
            cairo_paint(cr)
        }
        gtk_drawing_area_set_draw_func(unison_example_drawing_area(area), draw, colour, nil)
        gtk_list_item_set_child(listItem, area)
        GtkSignals.connect(area, "destroy") { [unowned self] in
            let key = UnsafeMutableRawPointer(area)
            self.shown[key] = nil
            self.colours.removeValue(forKey: key)?.deallocate()
        }
    }

    private func bind(_ listItem: OpaquePointer) {
        guard let child = gtk_list_item_get_child(listItem), let item = gtk_list_item_get_item(listItem),
            let colour = colours[UnsafeMutableRawPointer(child)]
        else { return }
        shown[UnsafeMutableRawPointer(child)] = item
        let rgb = Self.colour(of: id(of: item))
        colour[0] = rgb.red
        colour[1] = rgb.green
        colour[2] = rgb.blue
        gtk_widget_queue_draw(child)
    }

    /// A colour of its own for each number (distinct for the first few hundred).
    static func colour(of id: Int) -> (red: Double, green: Double, blue: Double) {
        (Double(id % 5 + 1) / 6, Double(id / 5 % 5 + 1) / 6, Double(id / 25 % 5 + 1) / 6)
    }

    func id(of item: UnsafeMutableRawPointer) -> Int {
        Int(String(cString: gtk_string_object_get_string(OpaquePointer(item)))) ?? -1
    }

    // MARK: The model

    var count: Int { Int(g_list_model_get_n_items(store)) }

    /// The item at `position` (the store holds it).
    func item(at position: Int) -> UnsafeMutableRawPointer {
        let item = g_list_model_get_item(store, guint(position))!
        g_object_unref(item)
        return item
    }

    func append(ids: [Int]) {
        for id in ids {
            let object = gtk_string_object_new("\(id)")!
            g_list_store_append(store, UnsafeMutableRawPointer(object))
            g_object_unref(UnsafeMutableRawPointer(object))
        }
    }

    func insert(id: Int, at position: Int) {
        let object = gtk_string_object_new("\(id)")!
        g_list_store_insert(store, guint(position), UnsafeMutableRawPointer(object))
        g_object_unref(UnsafeMutableRawPointer(object))
    }

    func remove(at position: Int) { g_list_store_remove(store, guint(position)) }

    /// Moves the item at `from` to `to` in one `items-changed` (a splice replacing the range between).
    func move(from: Int, to: Int) {
        let low = min(from, to)
        let high = max(from, to)
        var items: [gpointer?] = (low...high).map { g_list_model_get_item(store, guint($0)) }
        let moved = items.remove(at: from - low)
        items.insert(moved, at: to - low)
        items.withUnsafeMutableBufferPointer { buffer in
            g_list_store_splice(store, guint(low), guint(high - low + 1), buffer.baseAddress, guint(buffer.count))
        }
        for item in items { g_object_unref(item) }
    }

    // MARK: Rows, read from GTK

    /// The row widget showing `item` now, if any.
    func row(of item: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GtkWidget>? {
        for (area, shownItem) in shown where shownItem == item {
            let widget = area.assumingMemoryBound(to: GtkWidget.self)
            // (GTK 4.8 keeps up to 200 rows, most of them unmapped: not shown.)
            // A column view's rows are in a list inside it, and hold a cell per column.
            let cellOrRow = kind == .column ? gtk_widget_get_parent(widget) : widget
            guard let cellOrRow, let row = gtk_widget_get_parent(cellOrRow) as UnsafeMutablePointer<GtkWidget>?,
                gtk_widget_get_mapped(row) != 0
            else { continue }
            let holder = gtk_widget_get_parent(row)
            if holder == view || (kind == .column && holder.flatMap { gtk_widget_get_parent($0) } == view) {
                return row
            }
        }
        return nil
    }

    /// Where `item`'s row is drawn (its transformed bounds in the view's coordinates).
    func drawnBounds(of item: UnsafeMutableRawPointer) -> CGRect? {
        guard let row = row(of: item) else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(row, view, &bounds) != 0 else { return nil }
        return CGRect(
            x: Double(bounds.origin.x), y: Double(bounds.origin.y), width: Double(bounds.size.width),
            height: Double(bounds.size.height))
    }

    /// The pixel of the window's image at (x, y) of the view.
    func pixel(of image: WidgetRenderer.Image, x: Double, y: Double) -> (red: Double, green: Double, blue: Double) {
        var point = graphene_point_t(x: Float(x), y: Float(y))
        var inWindow = graphene_point_t(x: 0, y: 0)
        _ = gtk_widget_compute_point(view, window.window, &point, &inWindow)
        let pixel = image.pixel(x: Int(inWindow.x), y: Int(inWindow.y))
        return (pixel.red, pixel.green, pixel.blue)
    }

    var vadjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrollable_get_vadjustment(OpaquePointer(view))!
    }

    /// Runs the main loop until `condition` (at most 5 s).
    @discardableResult
    func run(until condition: () -> Bool) -> Bool { GtkRuntime.iterate(timeout: 5, until: condition) }
}

// MARK: Animating the fixture's view

extension ListFixture {
    /// How many times a transaction's completion has run.
    final class Completions {
        var count = 0
    }

    /// A list animator attached to the view, the window settled after it (with `transition`, if given).
    @discardableResult
    func settledAnimator(transition: AnyTransition? = nil) -> ListAnimator {
        let animator = ListAnimator(view)
        if let transition { animator.transition = transition }
        window.settle()
        return animator
    }

    /// Makes `changes` in a transaction animated with `animation`, counting its completions.
    func animate(_ animation: Animation, _ changes: () -> Void) -> Completions {
        let completions = Completions()
        Unison.animate(animation, changes: changes) { completions.count += 1 }
        return completions
    }

    /// Animates `changes` while recording where `item` is drawn after each painted frame, until the
    /// transaction completes; `started` runs once the changes are made, before any frame. Returns the
    /// frames' times and bounds, and how many times the completion ran.
    func recordGlide(
        of item: UnsafeMutableRawPointer, _ animation: Animation, started: () -> Void = {}, _ changes: () -> Void
    ) -> (frames: [(time: TimeInterval, bounds: CGRect)], completions: Int) {
        var frames: [(time: TimeInterval, bounds: CGRect)] = []
        window.record { [unowned self] time in
            if let bounds = drawnBounds(of: item) { frames.append((time, bounds)) }
        }
        let completions = animate(animation, changes)
        started()
        run { completions.count > 0 }
        window.stopRecording()
        return (frames, completions.count)
    }
}

extension GtkAdapterTests {
    @MainActor
    @Suite("List animator")
    struct ListAnimatorTests {
        /// What GTK stores of an opacity, a transform's float components, and the scale of 0.8 read
        /// back through float bounds.
        static let opacity = Tolerance.opacityQuantum
        static let pixel = Tolerance.pixelChannel

        @Test("an inserted item's first painted frame shows the transition's start")
        func insertionStartsAtTransitionStart() throws {
            let list = try ListFixture(count: 8)
            defer { list.close() }
            let animator = list.settledAnimator()
            var first: (opacity: Double, bounds: CGRect, centre: (red: Double, green: Double, blue: Double))?
            var newItem: UnsafeMutableRawPointer?
            list.window.record { _ in
                guard first == nil, let item = newItem, let row = list.row(of: item),
                    let bounds = list.drawnBounds(of: item), let image = WidgetRenderer.image(of: list.window.window)
                else { return }
                first = (gtk_widget_get_opacity(row), bounds, list.pixel(of: image, x: bounds.midX, y: bounds.midY))
            }
            let completions = list.animate(.linear(duration: 0.3)) {
                list.insert(id: 100, at: 1)
                newItem = list.item(at: 1)
            }
            list.run { completions.count > 0 }
            list.window.stopRecording()
            let frame = try #require(first)
            #expect(frame.opacity <= Self.opacity.value)
            // Scaled by 0.8 about its centre: 160 × 32 at (20, 44) of a 200 × 40 row at (0, 40).
            #expect(frame.bounds.width.isApproximatelyEqual(to: 160, within: .wholePixel))
            #expect(frame.bounds.minY.isApproximatelyEqual(to: 44, within: .wholePixel))
            // Nothing of it is painted: its place shows the item that was there (gliding away from it).
            let was = ListFixture.colour(of: 1)
            #expect(frame.centre.red.isApproximatelyEqual(to: was.red, within: Self.pixel))
            #expect(frame.centre.green.isApproximatelyEqual(to: was.green, within: Self.pixel))
            #expect(completions.count == 1)
            let row = try #require(list.row(of: newItem!))
            #expect(gtk_widget_get_opacity(row) == 1)
            #expect(list.drawnBounds(of: newItem!) == CGRect(x: 0, y: 40, width: 200, height: 40))
            #expect(!animator.isAnimating)
        }

        @Test("a removed item stays drawn until its removal's last frame, then its space is gone")
        func removalStaysUntilItsLastFrame() throws {
            let list = try ListFixture(count: 4)
            defer { list.close() }
            let animator = list.settledAnimator(transition: .opacity)
            let removed = list.item(at: 2)
            let below = list.item(at: 3)
            // Four rows fill 160 of the view's 200 px: below them, the view's own background.
            let background = list.pixel(of: try #require(WidgetRenderer.image(of: list.window.window)), x: 100, y: 190)
            var leavingFrames = 0
            var checked = 0
            list.window.record { _ in
                guard animator.leavingCount == 1, let image = WidgetRenderer.image(of: list.window.window),
                    let belowBounds = list.drawnBounds(of: below)
                else { return }
                leavingFrames += 1
                // The removed row's place (100, 110): its capture at the presented opacity over what is
                // under it there, the row below gliding up into the space or the window's background.
                guard abs(belowBounds.minY - 110) > 1.5 else { return }  // (its antialiased edge)
                let alpha = animator.effects(of: removed).opacity
                let under = belowBounds.minY < 110 ? ListFixture.colour(of: 3).red : background.red
                let pixel = list.pixel(of: image, x: 100, y: 110)
                #expect(
                    pixel.red.isApproximatelyEqual(
                        to: ListFixture.colour(of: 2).red * alpha + under * (1 - alpha),
                        within: Self.pixel), "opacity \(alpha)")
                checked += 1
            }
            let completions = list.animate(.linear(duration: 0.3)) {
                list.remove(at: 2)
            }
            #expect(animator.leavingCount == 1)
            list.run { completions.count > 0 }
            list.window.settle()
            list.window.stopRecording()
            #expect(completions.count == 1)
            #expect(leavingFrames >= 5 && checked >= leavingFrames - 2)
            #expect(animator.leavingCount == 0)
            // Its space is gone: the next item sits where it was, drawn as it is.
            #expect(list.drawnBounds(of: below) == CGRect(x: 0, y: 80, width: 200, height: 40))
            let end = list.pixel(of: try #require(WidgetRenderer.image(of: list.window.window)), x: 100, y: 100)
            #expect(end.red.isApproximatelyEqual(to: ListFixture.colour(of: 3).red, within: Self.pixel))
        }

        @Test("neighbours of an insertion move continuously, never faster than the curve allows")
        func neighboursMoveContinuously() throws {
            let list = try ListFixture(count: 8)
            defer { list.close() }
            list.settledAnimator()
            let neighbour = list.item(at: 1)
            let samples = list.recordGlide(of: neighbour, .linear(duration: 0.4)) {
                list.insert(id: 100, at: 1)
            }.frames.map { (time: $0.time, y: $0.bounds.minY) }
            #expect(samples.count >= 8)
            #expect(samples.first?.y == 40)  // the first frame draws it where it was
            #expect(samples.last?.y == 80)
            for (a, b) in zip(samples, samples.dropFirst()) {
                // Linear over 0.4 s: 100 px/s at most, plus GTK's whole-pixel placement.
                #expect(b.y >= a.y - Tolerance.wholePixel.value)
                #expect(b.y - a.y <= 100 * (b.time - a.time) + Tolerance.wholePixel.value, "\(a) → \(b)")
            }
        }

        @Test("an insertion above the row the view keeps in place moves nothing on screen")
        func insertionAboveTheAnchorMovesNothing() throws {
            let list = try ListFixture(count: 8)
            defer { list.close() }
            list.settledAnimator()
            let top = list.item(at: 0)
            // GTK scrolls by a row to keep the top item where it is; the new item is above the view.
            let drawn = list.recordGlide(of: top, .linear(duration: 0.3)) {
                list.insert(id: 100, at: 0)
            }.frames.map(\.bounds.minY)
            #expect(gtk_adjustment_get_value(list.vadjustment) == ListFixture.rowHeight)
            #expect(!drawn.isEmpty && drawn.allSatisfy { $0 == 0 }, "\(drawn)")
        }

        @Test("a second move mid-glide retargets from where the item is drawn, keeping its velocity")
        func moveRetargetsMidGlide() throws {
            let list = try ListFixture(count: 8)
            defer { list.close() }
            let animator = list.settledAnimator()
            let moving = list.item(at: 0)
            var samples: [(time: Double, y: Double)] = []
            var retargetedAt: Int?
            var completions = 0
            list.window.record { time in
                guard let bounds = list.drawnBounds(of: moving) else { return }
                samples.append((time, bounds.minY))
                if retargetedAt == nil, samples.count == 6 {
                    retargetedAt = samples.count
                    // Back to the top with a soft spring: it takes over the glide's place and velocity.
                    animate(.spring(duration: 1.0)) {
                        list.move(from: 4, to: 0)
                    } completion: {
                        completions += 1
                    }
                }
            }
            animate(.linear(duration: 0.6)) {
                list.move(from: 0, to: 4)
            } completion: {
                completions += 1
            }
            list.run { completions == 2 }
            list.window.stopRecording()
            let switchIndex = try #require(retargetedAt)
            #expect(samples.count > switchIndex + 3)
            // Continuous: no frame jumps (the glide's 267 px/s, about four times over at most, + a pixel).
            for (a, b) in zip(samples, samples.dropFirst()) {
                #expect(abs(b.y - a.y) <= 1_000 * (b.time - a.time) + Tolerance.wholePixel.value, "\(a) → \(b)")
            }
            // Velocity kept: after the retarget it first goes on down, as the glide did, then turns back
            // (a glide restarted from rest would head up at once).
            let atSwitch = samples[switchIndex - 1].y
            let furthest = samples[switchIndex...].map(\.y).max() ?? atSwitch
            #expect(furthest > atSwitch + 2, "\(samples.map { Int($0.y) })")
            list.run { !animator.isAnimating }
            #expect(list.drawnBounds(of: moving)?.minY == 0)
        }

        @Test("scrolling during a glide adds no motion: positions are in content coordinates")
        func scrollingDuringGlideAddsNoMotion() throws {
            let list = try ListFixture(count: 50)
            defer { list.close() }
            list.settledAnimator()
            let tracked = list.item(at: 3)  // content y 120, then 160 (an insertion at 1: above it, below the anchor)
            var samples: [(time: Double, content: Double)] = []
            var scrolled = false
            list.window.record { time in
                guard let bounds = list.drawnBounds(of: tracked) else { return }
                samples.append((time, bounds.minY + gtk_adjustment_get_value(list.vadjustment)))
                if !scrolled, samples.count == 4 {
                    scrolled = true
                    gtk_adjustment_set_value(list.vadjustment, 60)
                }
            }
            let completions = list.animate(.linear(duration: 0.5)) {
                list.insert(id: 100, at: 1)
            }
            list.run { completions.count > 0 }
            list.window.settle()
            list.window.stopRecording()
            #expect(scrolled && gtk_adjustment_get_value(list.vadjustment) == 60)
            #expect(samples.count >= 8)
            #expect(samples.first?.content == 120)
            for (a, b) in zip(samples, samples.dropFirst()) {
                // Linear over 0.5 s: 80 px/s; the 60 px scroll shows up nowhere.
                #expect(b.content >= a.content - Tolerance.wholePixel.value)
                #expect(b.content - a.content <= 80 * (b.time - a.time) + Tolerance.wholePixel.value, "\(a) → \(b)")
            }
            #expect(samples.last?.content == 160)
        }

        @Test("recycled rows never show another item's animation")
        func recycledRowsFollowTheirItems() throws {
            let list = try ListFixture(count: 200)
            defer { list.close() }
            let animator = list.settledAnimator()
            var checkedRows = 0
            var scrolled = false
            var frames = 0
            list.window.record { _ in
                frames += 1
                if !scrolled, frames == 3 {
                    scrolled = true
                    gtk_adjustment_set_value(list.vadjustment, 4_000)  // rows rebound to items 100...
                    return
                }
                guard scrolled else { return }
                let scroll = gtk_adjustment_get_value(list.vadjustment)
                for (_, item) in list.shown {
                    let id = list.id(of: item)
                    guard id >= 10, let row = list.row(of: item), let bounds = list.drawnBounds(of: item) else {
                        continue
                    }
                    // Not touched by the change: drawn exactly where layout has it, fully opaque.
                    #expect(bounds.minY + scroll == Double(id) * ListFixture.rowHeight, "item \(id)")
                    #expect(gtk_widget_get_opacity(row) == 1)
                    checkedRows += 1
                }
            }
            let completions = list.animate(.linear(duration: 0.5)) {
                list.move(from: 0, to: 3)
                list.insert(id: 1_000, at: 1)
                list.remove(at: 6)
            }
            list.run { completions.count > 0 }
            list.window.stopRecording()
            #expect(completions.count == 1)
            #expect(checkedRows > 20)
            #expect(!animator.isAnimating)
        }

        @Test("a grid view's items glide in two dimensions")
        func gridViewGlides() throws {
            let list = try ListFixture(count: 12, kind: .grid)
            defer { list.close() }
            let animator = list.settledAnimator()
            let moving = list.item(at: 2)  // the last of the first line; an insertion at 1 wraps it to the next
            let start = try #require(list.drawnBounds(of: moving))
            let glide = list.recordGlide(of: moving, .linear(duration: 0.3)) { list.insert(id: 100, at: 1) }
            let drawn = glide.frames.map(\.bounds)
            let end = try #require(list.drawnBounds(of: moving))
            #expect(end.minX < start.minX && end.minY > start.minY)
            #expect(drawn.first == start)  // drawn where it was on the first frame
            // And in between meanwhile, on the straight line between the two places.
            let between = drawn.filter { $0 != start && $0 != end }
            #expect(between.count >= 3)
            for frame in between {
                let p = (frame.minY - start.minY) / (end.minY - start.minY)
                #expect(
                    frame.minX.isApproximatelyEqual(to: start.minX + p * (end.minX - start.minX), within: .wholePixel))
            }
            #expect(glide.completions == 1 && !animator.isAnimating)
        }

        @Test("a column view's rows glide too")
        func columnViewGlides() throws {
            let list = try ListFixture(count: 8, kind: .column)
            defer { list.close() }
            let animator = list.settledAnimator()
            let moving = list.item(at: 1)
            let start = try #require(list.drawnBounds(of: moving))
            let glide = list.recordGlide(of: moving, .linear(duration: 0.3)) { list.insert(id: 100, at: 1) }
            let drawn = glide.frames.map(\.bounds)
            let end = try #require(list.drawnBounds(of: moving))
            #expect(end.minY > start.minY)
            #expect(drawn.first == start)
            #expect(drawn.contains { $0.minY > start.minY && $0.minY < end.minY })
            #expect(!animator.isAnimating)
        }

        @Test("a change far off screen starts nothing: no item animates, no frame is asked for")
        func farChangeCostsNothing() throws {
            let list = try ListFixture(count: 10_000)
            defer { list.close() }
            let animator = list.settledAnimator()
            let completions = list.animate(.linear(duration: 0.3)) {
                list.remove(at: 9_000)
                list.insert(id: 20_000, at: 8_000)
                list.move(from: 7_000, to: 7_010)
            }
            #expect(animator.leavingCount == 0)
            list.window.settle(0.05)
            #expect(!animator.isAnimating)
            list.run { completions.count > 0 }
            #expect(completions.count == 1)
        }

        @Test("a change that does not move a gliding row leaves its glide alone: no frame drawn twice")
        func unrelatedChangeKeepsGlide() throws {
            let list = try ListFixture(count: 50)
            defer { list.close() }
            let animator = list.settledAnimator()
            let tracked = list.item(at: 2)  // content y 80, then 120 (an insertion at 1)
            var samples: [(time: Double, offset: Double)] = []
            var far: ListFixture.Completions?
            list.window.record { time in
                samples.append((time, animator.offset(of: tracked).y))
                if far == nil, samples.count == 4 {
                    // Far below the rows on screen (a row GTK keeps bound, hidden): moves nothing shown.
                    far = list.animate(.linear(duration: 0.3)) { list.remove(at: 45) }
                }
            }
            let completions = list.animate(.linear(duration: 0.6)) { list.insert(id: 100, at: 1) }
            list.run { completions.count > 0 && (far?.count ?? 0) > 0 }
            list.window.stopRecording()
            #expect(samples.count >= 8)
            // Linear from -40 to 0 (its first frame draws the start): every frame after is further on,
            // also those after the far change (which took the item back to where it was at the change).
            for (a, b) in zip(samples, samples.dropFirst()) where b.time > a.time && a.offset > -39.9 && a.offset < -1 {
                #expect(b.offset > a.offset, "\(samples.map { ($0.time, $0.offset) })")
            }
            #expect(completions.count == 1 && far?.count == 1)
        }

        @Test("an item removed and added back in one change moves: nothing leaves")
        func removeAndAddInOneChangeIsAMove() throws {
            let list = try ListFixture(count: 8)
            defer { list.close() }
            let animator = list.settledAnimator()
            let moving = list.item(at: 1)
            let drawn = list.recordGlide(
                of: moving, .linear(duration: 0.3), started: { #expect(animator.leavingCount == 0) }
            ) {
                list.move(from: 1, to: 4)
            }.frames.map(\.bounds.minY)
            #expect(drawn.first == 40 && drawn.last == 160)
            #expect(drawn.contains { $0 > 40 && $0 < 160 })
            // Drawn at full opacity all the way: moved, not removed and inserted.
            #expect(animator.effects(of: moving) == .identity)
        }

        @Test("items moved across the view's edge glide out and in; none of them fades")
        func movesAcrossTheEdge() throws {
            let list = try ListFixture(count: 20)  // 200 px: rows 0...4 on screen
            defer { list.close() }
            let animator = list.settledAnimator()
            let leavingView = list.item(at: 1)  // to position 7, off screen
            let enteringView = list.item(at: 7)  // to position 1, from off screen
            var entering: [(y: Double, opacity: Double)] = []
            var captureSeen = false
            list.window.record { _ in
                if let row = list.row(of: enteringView), let bounds = list.drawnBounds(of: enteringView) {
                    entering.append((bounds.minY, gtk_widget_get_opacity(row)))
                }
                // Item 1 has no row now: its capture is drawn gliding down, between its old place and the edge.
                guard !captureSeen, list.row(of: leavingView) == nil,
                    let image = WidgetRenderer.image(of: list.window.window)
                else { return }
                let colour = ListFixture.colour(of: 1)
                for y in stride(from: 50.0, through: 190, by: 2) {
                    let pixel = list.pixel(of: image, x: 100, y: y)
                    if pixel.red.isApproximatelyEqual(to: colour.red, within: Self.pixel)
                        && pixel.green.isApproximatelyEqual(to: colour.green, within: Self.pixel)
                    {
                        captureSeen = true
                    }
                }
            }
            let completions = list.animate(.linear(duration: 0.4)) {
                var items: [gpointer?] = (1...7).map { g_list_model_get_item(list.store, guint($0)) }
                items.reverse()
                items.withUnsafeMutableBufferPointer { buffer in
                    g_list_store_splice(list.store, 1, 7, buffer.baseAddress, 7)
                }
                for item in items { g_object_unref(item) }
            }
            #expect(animator.leavingCount == 0)
            list.run { completions.count > 0 && !animator.isAnimating }
            list.window.stopRecording()
            #expect(captureSeen)
            #expect(entering.count >= 5)
            #expect(entering.first?.y == 7 * ListFixture.rowHeight)  // from where it was, off screen
            #expect(entering.last?.y == ListFixture.rowHeight)
            #expect(entering.allSatisfy { $0.opacity == 1 })
            #expect(animator.leavingCount == 0 && animator.effects(of: enteringView) == .identity)
        }

        @Test("in a grid view, items moved across the view's edge glide out and in along the grid")
        func gridMovesAcrossTheEdge() throws {
            let list = try ListFixture(count: 60, kind: .grid)  // 3 columns of 66 × 42 cells; lines 0...4 on screen
            defer { list.close() }
            let animator = list.settledAnimator()
            let leavingView = list.item(at: 1)  // to position 40: line 13, off screen
            let enteringView = list.item(at: 15)  // line 5 (off screen) to position 14: line 4, column 2
            let cell = try #require(list.drawnBounds(of: list.item(at: 0)))
            var entering: [(bounds: CGRect, opacity: Double)] = []
            var captureSeen = false
            list.window.record { _ in
                if let row = list.row(of: enteringView), let bounds = list.drawnBounds(of: enteringView) {
                    entering.append((bounds, gtk_widget_get_opacity(row)))
                }
                guard !captureSeen, list.row(of: leavingView) == nil,
                    let image = WidgetRenderer.image(of: list.window.window)
                else { return }
                let colour = ListFixture.colour(of: 1)
                for y in stride(from: cell.height + 4, through: 196, by: 2) {
                    let pixel = list.pixel(of: image, x: cell.width * 1.5, y: y)
                    if pixel.red.isApproximatelyEqual(to: colour.red, within: Self.pixel)
                        && pixel.green.isApproximatelyEqual(to: colour.green, within: Self.pixel)
                    {
                        captureSeen = true
                    }
                }
            }
            let completions = list.animate(.linear(duration: 0.4)) {
                list.move(from: 1, to: 40)
            }
            list.run { completions.count > 0 && !animator.isAnimating }
            list.window.stopRecording()
            #expect(captureSeen)
            let first = try #require(entering.first?.bounds)
            let last = try #require(entering.last?.bounds)
            #expect(first.minX == 0 && first.minY == 5 * cell.height, "\(first)")
            #expect(last.minX == 2 * cell.width && last.minY == 4 * cell.height, "\(last)")
            #expect(entering.allSatisfy { $0.opacity == 1 })
        }

        // MARK: Bad input

        @Test("a model that changes inside its own items-changed handler: one completion, nothing left drawn away")
        func modelChangingInsideItsHandler() throws {
            let list = try ListFixture(count: 10)
            defer { list.close() }
            let animator = list.settledAnimator()
            var nested = false
            _ = try GtkSignals.connect(UnsafeMutableRawPointer(list.store), "items-changed") { _ in
                guard !nested else { return }
                nested = true
                list.remove(at: 5)  // inside the emission of the insertion
                list.insert(id: 200, at: 0)
            }
            let completions = list.animate(.smooth) {
                list.insert(id: 100, at: 2)
            }
            list.run { completions.count > 0 && !animator.isAnimating }
            list.window.settle()
            #expect(completions.count == 1)
            #expect(animator.leavingCount == 0)
            for (_, item) in list.shown {
                guard let row = list.row(of: item) else { continue }
                #expect(gtk_widget_get_opacity(row) == 1)
            }
        }

        @Test("an item removed mid-insertion leaves from where its insertion was; each completion once")
        func removedMidInsertion() throws {
            let list = try ListFixture(count: 8)
            defer { list.close() }
            let animator = list.settledAnimator()
            var inserted = 0
            var removed = 0
            var frames = 0
            list.window.record { _ in
                frames += 1
                guard frames == 3 else { return }
                animate(.linear(duration: 0.2)) {
                    list.remove(at: 1)
                } completion: {
                    removed += 1
                }
            }
            animate(.linear(duration: 0.4)) {
                list.insert(id: 100, at: 1)
            } completion: {
                inserted += 1
            }
            list.run { inserted > 0 && removed > 0 && !animator.isAnimating }
            list.window.settle()
            list.window.stopRecording()
            #expect(inserted == 1 && removed == 1)
            #expect(animator.leavingCount == 0)
        }

        @Test("a list view destroyed mid-glide: its transaction completes once, nothing is drawn for it")
        func viewDestroyedMidGlide() throws {
            let list = try ListFixture(count: 8)
            defer { list.close() }
            let animator = list.settledAnimator()
            var frames = 0
            list.window.record { _ in
                frames += 1
                if frames == 3 { gtk_fixed_remove(unison_example_fixed(list.window.fixed), list.scrolled) }
            }
            let completions = list.animate(.linear(duration: 0.4)) {
                list.insert(id: 100, at: 0)
                list.remove(at: 4)
            }
            list.run { completions.count > 0 }
            list.window.settle(0.3)
            list.window.stopRecording()
            #expect(completions.count == 1)
            #expect(animator.view == nil && !animator.isAnimating)
        }

        @Test("a model replaced mid-glide: the old change completes once, the new model's changes animate")
        func modelReplaced() throws {
            let list = try ListFixture(count: 8)
            defer { list.close() }
            let animator = list.settledAnimator()
            let other = g_list_store_new(gtk_string_object_get_type())!
            defer { g_object_unref(UnsafeMutableRawPointer(other)) }
            for id in 50..<58 {
                let object = gtk_string_object_new("\(id)")!
                g_list_store_append(other, UnsafeMutableRawPointer(object))
                g_object_unref(UnsafeMutableRawPointer(object))
            }
            var frames = 0
            list.window.record { _ in
                frames += 1
                guard frames == 3 else { return }
                let model = gtk_no_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(other))))!
                gtk_list_view_set_model(OpaquePointer(list.view), model)
                g_object_unref(UnsafeMutableRawPointer(model))
            }
            let completions = list.animate(.linear(duration: 0.4)) {
                list.insert(id: 100, at: 0)
            }
            list.run { completions.count > 0 && frames > 3 }
            list.window.settle()
            list.window.stopRecording()
            #expect(completions.count == 1)
            #expect(!animator.isAnimating)
            // Changes of the new model animate.
            var second = 0
            let object = gtk_string_object_new("300")!
            animate(.linear(duration: 0.2)) {
                g_list_store_insert(other, 0, UnsafeMutableRawPointer(object))
            } completion: {
                second += 1
            }
            g_object_unref(UnsafeMutableRawPointer(object))
            #expect(animator.isAnimating == false)  // (its insertion starts at the layout pass)
            list.window.settle(0.05)
            #expect(animator.isAnimating)
            list.run { second > 0 }
            #expect(second == 1)
        }

        @Test("a whole model spliced in a new order: kept items only glide, a removed one leaves")
        func wholeModelReordered() throws {
            let list = try ListFixture(count: 5_000)  // 200 px of 40 px rows: positions 0...4 on screen
            defer { list.close() }
            let animator = list.settledAnimator()
            let old = (0..<5_000).map { list.item(at: $0) }
            let (staying, down, away, removed, up) = (old[0], old[1], old[2], old[3], old[4])
            g_object_ref(removed)  // read after the store lets it go
            defer { g_object_unref(removed) }
            // 0 stays; 4 moves up to 1; 4 999 comes into view at 2; 1 moves down to 3; 2 moves off
            // screen to 4 000; 3 is removed; the rest is reversed.
            var order: [UnsafeMutableRawPointer] = [staying, up, old[4_999], down] + old[5..<4_999].reversed()
            order.insert(away, at: 4_000)
            // (4 999 had no row before the change: nothing tells it from a new item, so it enters.)
            var kept: [UnsafeMutableRawPointer] = [staying, up, down, away]
            kept += (5..<12).map { old[$0] }  // rows GTK may keep beyond the view's edge
            var (frames, lowestKept, lowestRemoved, largestOffset) = (0, 1.0, 1.0, 0.0)
            var unchanged = true
            list.window.record { _ in
                frames += 1
                for item in kept where animator.effects(of: item) != .identity { unchanged = false }
                lowestKept = min(lowestKept, kept.map { animator.effects(of: $0).opacity }.min()!)
                lowestRemoved = min(lowestRemoved, animator.effects(of: removed).opacity)
                largestOffset = max(largestOffset, abs(animator.offset(of: down).y))
            }
            let completions = list.animate(.linear(duration: 0.3)) {
                var items: [gpointer?] = order.map { g_object_ref($0) }  // (the splice lets the old ones go first)
                items.withUnsafeMutableBufferPointer { buffer in
                    g_list_store_splice(list.store, 0, 5_000, buffer.baseAddress, guint(buffer.count))
                }
                for item in items { g_object_unref(item) }
            }
            #expect(animator.leavingCount == 1, "only the removed item leaves")
            #expect(list.count == 4_999 && list.item(at: 4_000) == away)
            list.run { completions.count > 0 && !animator.isAnimating }
            list.window.stopRecording()
            #expect(frames > 2)
            #expect(unchanged && lowestKept == 1, "no kept item shows removal effects")
            #expect(lowestRemoved < 0.5, "the removed item faded out")
            #expect(largestOffset > 40, "the item moved down glided")
            #expect(completions.count == 1 && animator.leavingCount == 0)
            let downY = try #require(list.drawnBounds(of: down)?.minY)
            #expect(downY.isApproximatelyEqual(to: 3 * ListFixture.rowHeight, within: Tolerance.floatTransform))
            #expect(list.drawnBounds(of: staying)?.minY == 0)
        }

        @Test("10,000 items removed at once: only rows on screen leave, one completion")
        func tenThousandRemoved() throws {
            let list = try ListFixture(count: 10_000)
            defer { list.close() }
            let animator = list.settledAnimator()
            let completions = list.animate(.linear(duration: 0.3)) {
                g_list_store_splice(list.store, 0, 10_000, nil, 0)
            }
            // The rows on screen (200 px of 40 px rows, and the few GTK keeps beyond) leave.
            #expect(animator.leavingCount > 0 && animator.leavingCount <= 12)
            list.run { completions.count > 0 }
            list.window.settle()
            #expect(completions.count == 1)
            #expect(animator.leavingCount == 0 && list.count == 0)
        }
    }
}
