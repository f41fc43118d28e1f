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

    init(count: Int, grid: Bool = false, height: Int32 = 200) throws {
        window = try TestWindow(width: 320, height: 260)
        store = g_list_store_new(gtk_string_object_get_type())!
        let factory = gtk_signal_list_item_factory_new()!
        scrolled = gtk_scrolled_window_new()!
        let model = gtk_no_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(store))))!
        view = grid ? gtk_grid_view_new(model, factory)! : gtk_list_view_new(model, factory)!
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
        gtk_drawing_area_set_content_width(unison_example_drawing_area(area), Self.width - 2 * Self.padding)
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
            if let row = gtk_widget_get_parent(widget), gtk_widget_get_parent(row) == view { return row }
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

    var vadjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrollable_get_vadjustment(OpaquePointer(view))!
    }

    /// Runs the main loop until `condition` (at most 5 s).
    @discardableResult
    func run(until condition: () -> Bool) -> Bool { GtkRuntime.iterate(timeout: 5, until: condition) }
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
            let animator = ListAnimator(list.view)
            list.window.settle()
            var first: (opacity: Double, bounds: CGRect, centre: (red: Double, green: Double, blue: Double))?
            var newItem: UnsafeMutableRawPointer?
            list.window.record { _ in
                guard first == nil, let item = newItem, let row = list.row(of: item),
                    let bounds = list.drawnBounds(of: item), let image = WidgetRenderer.image(of: list.window.window)
                else { return }
                let centre = image.pixel(x: Int(bounds.midX), y: Int(bounds.midY))
                first = (gtk_widget_get_opacity(row), bounds, (centre.red, centre.green, centre.blue))
            }
            var completions = 0
            animate(.linear(duration: 0.3)) {
                list.insert(id: 100, at: 1)
                newItem = list.item(at: 1)
            } completion: {
                completions += 1
            }
            list.run { completions > 0 }
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
            #expect(completions == 1)
            let row = try #require(list.row(of: newItem!))
            #expect(gtk_widget_get_opacity(row) == 1)
            #expect(list.drawnBounds(of: newItem!) == CGRect(x: 0, y: 40, width: 200, height: 40))
            #expect(!animator.isAnimating)
        }
    }
}
