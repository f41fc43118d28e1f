import CUnisonBench
import Foundation
import Unison
import UnisonGtk

/// `unison-bench lists`: a `GtkListView` over a `GListStore` of N items (1 000, 10 000, 100 000) in
/// a 400 px scrolled window, 100 random changes a second (inserts, removes and moves near the rows
/// on screen, each in `withAnimation(.smooth)`) while the rows glide, with a `ListAnimator` and,
/// interleaved, without one (GTK alone). Main-thread CPU of every frame: the update phase (Unison's
/// engine and the rows put back before layout) and the whole frame (GTK's layout with the animator's
/// pass after it, snapshot, render). Prints a table; writes nothing.
@MainActor
enum ListsBenchmark {
    struct Side {
        var frames = 0
        var framesPerSecond = Double.nan
        var updateCPU = Stats([])
        var frameCPU = Stats([])
    }

    static func run(counts: [Int] = [1_000, 10_000, 100_000], seconds: Double = 10) {
        print("| items | side | frames | fps | update CPU ms (median, p75, max) | frame CPU ms (median, p75, max) |")
        print("| --- | --- | --- | --- | --- | --- |")
        for count in counts {
            for animated in [true, false] {
                let side = measure(count: count, animated: animated, seconds: seconds)
                func row(_ stats: Stats) -> String {
                    String(format: "%.3f, %.3f, %.3f", stats.median, stats.p75, stats.max)
                }
                print(
                    "| \(count) | \(animated ? "ListAnimator" : "GTK alone") | \(side.frames) | "
                        + String(format: "%.1f", side.framesPerSecond)
                        + " | \(row(side.updateCPU)) | \(row(side.frameCPU)) |")
            }
        }
    }

    private static func measure(count: Int, animated: Bool, seconds: Double) -> Side {
        let window = gtk_window_new()!
        gtk_window_set_default_size(unison_bench_window(window), 360, 440)
        let store = g_list_store_new(gtk_string_object_get_type())!
        let items = (0..<count).map { gtk_string_object_new("Item \($0)").map { UnsafeMutableRawPointer($0) } }
        var buffer: [gpointer?] = items
        buffer.withUnsafeMutableBufferPointer {
            g_list_store_splice(store, 0, 0, $0.baseAddress, guint(count))
        }
        for item in items { g_object_unref(item) }
        let factory = gtk_signal_list_item_factory_new()!
        _ = try? GtkSignals.connect(factory, "setup") { arguments in
            guard let listItem = arguments.object(at: 0) else { return }
            let label = gtk_label_new(nil)!
            gtk_widget_set_size_request(label, -1, 32)
            gtk_list_item_set_child(OpaquePointer(listItem), label)
        }
        _ = try? GtkSignals.connect(factory, "bind") { arguments in
            guard let listItem = arguments.object(at: 0), let label = gtk_list_item_get_child(OpaquePointer(listItem)),
                let item = gtk_list_item_get_item(OpaquePointer(listItem))
            else { return }
            gtk_label_set_text(OpaquePointer(label), gtk_string_object_get_string(OpaquePointer(item)))
        }
        let selection = gtk_no_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(store))))
        let view = gtk_list_view_new(selection, factory)!
        let animator = animated ? ListAnimator(view) : nil
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), view)
        gtk_window_set_child(unison_bench_window(window), scrolled)
        gtk_window_present(unison_bench_window(window))
        GtkRuntime.iterate(timeout: 2) { gtk_widget_get_mapped(window) != 0 }
        GtkRuntime.iterate(timeout: 0.4)

        let probe = FrameProbe(window: window)
        let changer = Changer(store: store)
        probe.recording = true
        let start = Date()
        changer.step()
        GtkRuntime.iterate(timeout: seconds)
        let elapsed = Date().timeIntervalSince(start)
        probe.recording = false
        changer.isRunning = false
        probe.disconnect()
        var side = Side()
        side.frames = probe.frames.count
        side.framesPerSecond = Double(probe.frames.count) / elapsed
        side.updateCPU = Stats(probe.frames.map(\.updateCPU))
        side.frameCPU = Stats(probe.frames.map(\.frameCPU))
        _ = animator
        gtk_window_destroy(unison_bench_window(window))
        g_object_unref(UnsafeMutableRawPointer(store))
        GtkRuntime.iterate(timeout: 0.2)
        return side
    }

    /// Makes 100 changes a second, near the rows on screen (positions 0 ... 30), one in ten anywhere.
    @MainActor
    private final class Changer {
        let store: OpaquePointer
        var isRunning = true
        var changes = 0
        var random = SystemRandomNumberGenerator()

        init(store: OpaquePointer) { self.store = store }

        func step() {
            guard isRunning else { return }
            change()
            GtkRuntime.after(0.01) { [self] in step() }
        }

        private func change() {
            let size = Int(g_list_model_get_n_items(store))
            guard size > 40 else { return }
            let near = Int.random(in: 0..<30, using: &random)
            let position = Int.random(in: 0..<10, using: &random) == 0 ? Int.random(in: 0..<size, using: &random) : near
            withAnimation(.smooth) {
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    let item = gtk_string_object_new("New \(changes)")!
                    g_list_store_insert(store, guint(position), UnsafeMutableRawPointer(item))
                    g_object_unref(UnsafeMutableRawPointer(item))
                case 1:
                    g_list_store_remove(store, guint(position))
                default:
                    let to = min(size - 1, position + Int.random(in: 1..<8, using: &random))
                    guard let item = g_list_model_get_item(store, guint(position)) else { return }
                    g_list_store_remove(store, guint(position))
                    g_list_store_insert(store, guint(to), item)
                    g_object_unref(item)
                }
            }
            changes += 1
        }
    }
}
