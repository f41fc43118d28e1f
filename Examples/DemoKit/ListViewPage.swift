import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// A `GtkListView` over a model of 3 000 items, animated by a `ListAnimator`: inserted items fade
/// and grow in, removed ones fade and shrink out although the view dropped their row, and a shuffle
/// glides every row on screen to its new place. Rows are reordered by dragging them (the list
/// scrolls near its edges) or with Alt+Up and Alt+Down: a `ListReorderInteraction` moves the item
/// in the `GListStore`. The view recycles a few row widgets; the animator and the interaction
/// follow the model items.
@MainActor
public final class ListViewPage: DemoPage {
    public let title = "Layout: list view"
    public let root: UnsafeMutablePointer<GtkWidget>
    private let store: OpaquePointer
    private let view: UnsafeMutablePointer<GtkWidget>
    private let animator: ListAnimator
    /// Drag to reorder: with no `onMove`, it moves the items in the store itself.
    private let reorder: ListReorderInteraction
    private var nextNumber = 1
    private var random = SeededRandom(seed: 31)
    /// The tour's steps, scheduled and not yet run.
    private let tourSteps = TourSteps()
    /// The labels of the rows, by the list item that owns them (set up once per row widget).
    private var labels: [UnsafeMutableRawPointer: UnsafeMutablePointer<GtkWidget>] = [:]

    private static let animation = Animation.spring(duration: 0.5, bounce: 0.15)
    private static let count = 3_000

    public init(context: DemoContext) {
        UI.loadStyle()
        store = g_list_store_new(gtk_string_object_get_type())!
        let factory = gtk_signal_list_item_factory_new()!  // (the view takes it, and the selection model)
        view = gtk_list_view_new(
            gtk_no_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(store)))), factory)!
        animator = ListAnimator(view)  // before the view shows rows
        reorder = ListReorderInteraction(animator)
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(unison_example_scrolled_window(scrolled), view)
        gtk_widget_set_size_request(scrolled, 320, 390)
        gtk_widget_set_halign(scrolled, GTK_ALIGN_START)
        let buttons = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [])
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label("A GtkListView of 3 000 items with a ListAnimator (insert, remove, shuffle)", bold: true),
                UI.label(
                    "Drag a row to move it (near an edge the list scrolls), or Alt+Up / Alt+Down on the focused row"),
                buttons, scrolled,
            ])
        _ = try? GtkSignals.connect(factory, "setup") { [unowned self] arguments in
            guard let listItem = arguments.object(at: 0) else { return }
            let label = gtk_label_new(nil)!
            gtk_widget_set_halign(label, GTK_ALIGN_START)
            gtk_widget_add_css_class(label, "unison-row")
            gtk_widget_set_margin_bottom(label, 6)
            gtk_list_item_set_child(OpaquePointer(listItem), label)
            labels[listItem] = label
        }
        _ = try? GtkSignals.connect(factory, "bind") { [unowned self] arguments in
            guard let listItem = arguments.object(at: 0), let label = labels[listItem],
                let item = gtk_list_item_get_item(OpaquePointer(listItem))
            else { return }
            gtk_label_set_text(unison_example_label(label), gtk_string_object_get_string(OpaquePointer(item)))
        }
        _ = try? GtkSignals.connect(factory, "teardown") { [unowned self] arguments in
            if let listItem = arguments.object(at: 0) { labels[listItem] = nil }
        }
        for button in [
            UI.button("Insert") { [unowned self] in insert(at: Int.random(in: 0...6)) },
            UI.button("Remove") { [unowned self] in remove(at: Int.random(in: 0...6)) },
            UI.button("Shuffle") { [unowned self] in shuffle() },
        ] {
            gtk_box_append(unison_example_box(buttons), button)
        }
        for _ in 0..<Self.count { append() }
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(store)) }

    private func makeItem() -> OpaquePointer {
        defer { nextNumber += 1 }
        return gtk_string_object_new("Item \(nextNumber)")!
    }

    private func append() {
        let item = makeItem()
        g_list_store_append(store, UnsafeMutableRawPointer(item))
        g_object_unref(UnsafeMutableRawPointer(item))
    }

    /// Inserts a new item at `position`: it fades and grows in while the rows below glide down.
    func insert(at position: Int) {
        let item = makeItem()
        withAnimation(Self.animation) { g_list_store_insert(store, guint(position), UnsafeMutableRawPointer(item)) }
        g_object_unref(UnsafeMutableRawPointer(item))
    }

    /// Removes the item at `position`: its row leaves while the rows below glide up.
    func remove(at position: Int) {
        guard position < Int(g_list_model_get_n_items(store)) else { return }
        withAnimation(Self.animation) { g_list_store_remove(store, guint(position)) }
    }

    /// Shuffles the items shown below the first (positions 1 to 7) in one change (a splice): each
    /// row glides to its new place. (The first stays: the view keeps its top item in place, and
    /// would scroll to wherever a shuffle moved it.)
    func shuffle() {
        let count = min(7, Int(g_list_model_get_n_items(store)) - 1)
        guard count > 1 else { return }
        var items: [gpointer?] = (1...count).map { g_list_model_get_item(store, guint($0)) }
        let before = items
        while items == before { items.shuffle(using: &random) }
        withAnimation(Self.animation) {
            items.withUnsafeMutableBufferPointer { buffer in
                g_list_store_splice(store, 1, guint(count), buffer.baseAddress, guint(count))
            }
        }
        for item in items { g_object_unref(item) }
    }

    /// The tour: shuffle, then insert an item second from the top, then remove the fourth.
    public func play() {
        shuffle()
        tourSteps.after(0.5) { [weak self] in self?.insert(at: 1) }
        tourSteps.after(1.0) { [weak self] in self?.remove(at: 3) }
    }

    public var isAtTarget: Bool { tourSteps.pending == 0 && !animator.isAnimating }
}
