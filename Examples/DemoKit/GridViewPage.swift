import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// A `GtkGridView` over a model of 3 000 numbered colour tiles, animated by a `ListAnimator`: an
/// added tile fades and grows in, a removed one fades and shrinks out, and a shuffle or a sort
/// glides every tile on screen to its new place. The view recycles a few tile widgets; the animator
/// follows the model items, and each tile's colour follows its number. (A sort changes the whole
/// model at once: the animator finds where each tile that was on screen went, so those tiles only
/// glide, and a tile that stays in place stays still.)
@MainActor
public final class GridViewPage: DemoPage {
    public let title = "Layout: grid view"
    public let root: UnsafeMutablePointer<GtkWidget>
    /// The model: `GtkStringObject`s holding the tiles' numbers.
    let store: OpaquePointer
    let view: UnsafeMutablePointer<GtkWidget>
    let animator: ListAnimator
    private let scrolled: UnsafeMutablePointer<GtkWidget>
    private var nextNumber = 1
    private var random = SeededRandom(seed: 32)
    /// The tour's steps, scheduled and not yet run.
    private let tourSteps = TourSteps()
    /// The label of each tile widget, by the list item that owns it (set up once per tile widget),
    /// and the colour class it shows now.
    private var labels: [UnsafeMutableRawPointer: (label: UnsafeMutablePointer<GtkWidget>, hue: Int)] = [:]

    private static let animation = Animation.spring(duration: 0.55, bounce: 0.15)
    private static let count = 3_000
    /// How many colours the tiles cycle through, number by number.
    nonisolated static let hues = 24

    public init(context: DemoContext) {
        UI.loadStyle()
        Self.loadTileStyle()
        store = g_list_store_new(gtk_string_object_get_type())!
        let factory = gtk_signal_list_item_factory_new()!  // (the view takes it, and the selection model)
        view = gtk_grid_view_new(
            gtk_no_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(store)))), factory)!
        gtk_grid_view_set_max_columns(OpaquePointer(view), 12)
        animator = ListAnimator(view)  // before the view shows tiles
        scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(unison_example_scrolled_window(scrolled), view)
        gtk_scrolled_window_set_policy(unison_example_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_size_request(scrolled, 480, 390)
        gtk_widget_set_halign(scrolled, GTK_ALIGN_START)
        let buttons = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [])
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label(
                    "A GtkGridView of 3 000 tiles with a ListAnimator (add, remove or shuffle the tiles on screen; sort them all)",
                    bold: true),
                buttons, scrolled,
            ])
        _ = try? GtkSignals.connect(factory, "setup") { [unowned self] arguments in
            guard let listItem = arguments.object(at: 0) else { return }
            let label = gtk_label_new(nil)!
            gtk_widget_add_css_class(label, "unison-tile")
            gtk_widget_add_css_class(label, "unison-tile-0")
            gtk_list_item_set_child(OpaquePointer(listItem), label)
            labels[listItem] = (label, 0)
        }
        _ = try? GtkSignals.connect(factory, "bind") { [unowned self] arguments in
            guard let listItem = arguments.object(at: 0), let tile = labels[listItem],
                let item = gtk_list_item_get_item(OpaquePointer(listItem))
            else { return }
            let text = gtk_string_object_get_string(OpaquePointer(item))
            gtk_label_set_text(unison_example_label(tile.label), text)
            let hue = Self.hue(of: UnsafeMutableRawPointer(item))
            guard hue != tile.hue else { return }
            gtk_widget_remove_css_class(tile.label, "unison-tile-\(tile.hue)")
            gtk_widget_add_css_class(tile.label, "unison-tile-\(hue)")
            labels[listItem] = (tile.label, hue)
        }
        _ = try? GtkSignals.connect(factory, "teardown") { [unowned self] arguments in
            if let listItem = arguments.object(at: 0) { labels[listItem] = nil }
        }
        for button in [
            UI.button("Add") { [unowned self] in add() },
            UI.button("Remove") { [unowned self] in remove() },
            UI.button("Shuffle") { [unowned self] in shuffle() },
            UI.button("Sort") { [unowned self] in sort() },
        ] {
            gtk_box_append(unison_example_box(buttons), button)
        }
        for _ in 0..<Self.count { append() }
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(store)) }

    /// The number a tile shows.
    nonisolated static func number(of item: UnsafeRawPointer) -> Int {
        Int(atoi(gtk_string_object_get_string(OpaquePointer(item))))
    }

    /// The colour class of a tile: consecutive numbers step round the colour wheel.
    nonisolated static func hue(of item: UnsafeRawPointer) -> Int { number(of: item) % hues }

    private func makeItem() -> OpaquePointer {
        defer { nextNumber += 1 }
        return gtk_string_object_new("\(nextNumber)")!
    }

    private func append() {
        let item = makeItem()
        g_list_store_append(store, UnsafeMutableRawPointer(item))
        g_object_unref(UnsafeMutableRawPointer(item))
    }

    /// The model positions of the tiles on screen, in order (from the tile widgets the view shows).
    func positionsOnScreen() -> [Int] {
        let height = Float(gtk_widget_get_height(scrolled))
        var positions: [Int] = []
        for (listItem, tile) in labels where gtk_widget_get_mapped(tile.label) != 0 {
            var bounds = graphene_rect_t()
            guard gtk_list_item_get_item(OpaquePointer(listItem)) != nil,
                gtk_widget_compute_bounds(tile.label, scrolled, &bounds) != 0,
                bounds.origin.y + bounds.size.height > 0, bounds.origin.y < height
            else { continue }
            positions.append(Int(gtk_list_item_get_position(OpaquePointer(listItem))))
        }
        return positions.sorted()
    }

    /// The positions on screen a change may touch: all but the first, which the view keeps in
    /// place (it would scroll to wherever a change moved it).
    private func changeablePositions() -> ClosedRange<Int>? {
        let positions = positionsOnScreen()
        guard let first = positions.first, let last = positions.last, last > first else { return nil }
        return (first + 1)...last
    }

    /// Adds a new tile at a random place on screen: it fades and grows in while those after it
    /// glide on.
    func add() {
        guard let range = changeablePositions() else { return }
        let item = makeItem()
        let position = Int.random(in: range, using: &random)
        withAnimation(Self.animation) { g_list_store_insert(store, guint(position), UnsafeMutableRawPointer(item)) }
        g_object_unref(UnsafeMutableRawPointer(item))
    }

    /// Removes a random tile on screen: it leaves while those after it glide back.
    func remove() {
        guard let range = changeablePositions() else { return }
        let position = Int.random(in: range, using: &random)
        withAnimation(Self.animation) { g_list_store_remove(store, guint(position)) }
    }

    /// Shuffles the tiles on screen (all but the first) in one change (a splice): each glides to
    /// its new place.
    func shuffle() {
        guard let range = changeablePositions() else { return }
        var items: [gpointer?] = range.map { g_list_model_get_item(store, guint($0)) }
        let before = items
        while items == before { items.shuffle(using: &random) }
        let (position, count) = (guint(range.lowerBound), guint(items.count))
        withAnimation(Self.animation) {
            items.withUnsafeMutableBufferPointer { buffer in
                g_list_store_splice(store, position, count, buffer.baseAddress, count)
            }
        }
        for item in items { g_object_unref(item) }
    }

    /// Sorts the whole model by number in one change: the tiles on screen glide to their places,
    /// tiles that come into view enter. (The first tile, the smallest number, stays first.)
    func sort() {
        withAnimation(Self.animation) {
            g_list_store_sort(
                store,
                { a, b, _ in
                    guard let a, let b else { return 0 }
                    let (left, right) = (GridViewPage.number(of: a), GridViewPage.number(of: b))
                    return left < right ? -1 : left > right ? 1 : 0
                }, nil)
        }
    }

    /// The tour: shuffle, add a tile, remove one, then sort them back.
    public func play() {
        shuffle()
        tourSteps.after(0.6) { [weak self] in self?.add() }
        tourSteps.after(1.0) { [weak self] in self?.remove() }
        tourSteps.after(1.4) { [weak self] in self?.sort() }
    }

    public var isAtTarget: Bool { tourSteps.pending == 0 && !animator.isAnimating }

    /// Loads the tiles' style for the default display (once): a rounded square per tile, coloured
    /// by its class `unison-tile-<hue>`.
    private static func loadTileStyle() {
        guard !tileStyleLoaded, let display = gdk_display_get_default() else { return }
        tileStyleLoaded = true
        var css = """
            .unison-tile { min-width: 52px; min-height: 52px; margin: 3px; border-radius: 10px;
              color: white; font-weight: bold; }

            """
        for hue in 0..<hues {
            css += ".unison-tile-\(hue) { background: \(colour(hue: Double(hue) / Double(hues))); }\n"
        }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }

    private static var tileStyleLoaded = false

    /// A CSS colour (`#rrggbb`) of `hue` (0 to 1 round the wheel), fairly saturated and bright
    /// enough under white text.
    private static func colour(hue: Double) -> String {
        let (saturation, value) = (0.6, 0.82)
        let sector = hue * 6
        let f = sector - floor(sector)
        let (p, q, t) = (value * (1 - saturation), value * (1 - saturation * f), value * (1 - saturation * (1 - f)))
        let (r, g, b): (Double, Double, Double)
        switch Int(sector) % 6 {
        case 0: (r, g, b) = (value, t, p)
        case 1: (r, g, b) = (q, value, p)
        case 2: (r, g, b) = (p, value, t)
        case 3: (r, g, b) = (p, q, value)
        case 4: (r, g, b) = (t, p, value)
        default: (r, g, b) = (value, p, q)
        }
        return String(format: "#%02x%02x%02x", Int(r * 255), Int(g * 255), Int(b * 255))
    }
}
