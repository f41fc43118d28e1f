import CUnisonGtkExamples
import Foundation
import Testing
import Unison
import UnisonGtk
import UnisonTestSupport

@testable import UnisonDemoKit

/// Pixels that differ by more than `tolerance` in any channel.
func differingPixels(_ a: WidgetRenderer.Image, _ b: WidgetRenderer.Image, tolerance: UInt8 = 8) -> Int {
    guard a.width == b.width, a.height == b.height else { return Int.max }
    var count = 0
    var i = 0
    while i < a.bytes.count {
        for c in 0..<3 where abs(Int(a.bytes[i + c]) - Int(b.bytes[i + c])) > Int(tolerance) {
            count += 1
            break
        }
        i += 4
    }
    return count
}

/// Distinct colours (quantised) in an image: a blank render has one or two.
func distinctColours(_ image: WidgetRenderer.Image) -> Int {
    var seen = Set<UInt32>()
    var i = 0
    while i < image.bytes.count {
        seen.insert(
            UInt32(image.bytes[i] >> 4) << 8 | UInt32(image.bytes[i + 1] >> 4) << 4 | UInt32(image.bytes[i + 2] >> 4))
        i += 16
    }
    return seen.count
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Demo pages")
    struct DemoPageTests {
        @Test("every demo page renders, moves mid-animation and ends at its target")
        func demoPages() throws {
            guard GtkRuntime.initialize() else { throw NoDisplay() }
            let demo = DemoWindow(window: gtk_window_new())
            gtk_window_present(unison_example_window(demo.window))
            GtkRuntime.iterate(timeout: 3) { gtk_widget_get_mapped(demo.window) != 0 }
            defer { gtk_window_destroy(unison_example_window(demo.window)) }
            func capture() throws -> WidgetRenderer.Image {
                var image: WidgetRenderer.Image?
                WidgetRenderer.afterNextPaint(of: demo.window) { image = WidgetRenderer.image(of: demo.window) }
                GtkRuntime.iterate(timeout: 1) { image != nil }
                return try #require(image)
            }
            for page in demo.pages {
                demo.show(page)
                GtkRuntime.iterate(timeout: 0.6)  // the stack's crossfade
                let start = try capture()
                page.play()
                GtkRuntime.iterate(timeout: 0.25)
                let mid = try capture()
                page.stop()
                #expect(GtkRuntime.iterate(timeout: 4) { page.isAtTarget }, "\(page.title) did not reach its target")
                GtkRuntime.iterate(timeout: 0.3)
                let end = try capture()
                let endAgain = try capture()
                // Non-blank: text, widgets and colour, not a flat fill.
                #expect(distinctColours(start) > 20, "\(page.title) looks blank")
                // Mid-animation pixels differ from both the start and the end (more than stray pixels:
                // at least a 10 × 10 patch).
                #expect(differingPixels(start, mid) > 100, "\(page.title): nothing moved by 0.25 s")
                #expect(differingPixels(mid, end) > 100, "\(page.title): already at the end at 0.25 s")
                // At the target it stays put: a later frame is the same picture.
                #expect(differingPixels(end, endAgain) < 50, "\(page.title) still changes after reaching its target")
            }
            #expect(demo.pages.count == demoPageCount)
        }

        /// The item at `position` of the grid page's model (the model holds it).
        private func item(_ page: GridViewPage, at position: Int) -> UnsafeMutableRawPointer {
            let item = g_list_model_get_item(page.store, guint(position))!
            g_object_unref(item)
            return item
        }

        /// The model's numbers, in order.
        private func numbers(_ page: GridViewPage) -> [Int] {
            (0..<Int(g_list_model_get_n_items(page.store))).map { GridViewPage.number(of: item(page, at: $0)) }
        }

        /// Where each tile on screen is drawn (its transform included) in the view, by number.
        private func drawnTiles(_ page: GridViewPage) -> [Int: CGPoint] {
            var tiles: [Int: CGPoint] = [:]
            for position in page.positionsOnScreen() {
                tiles[GridViewPage.number(of: item(page, at: position))] = .zero
            }
            var row = gtk_widget_get_first_child(page.view)
            while let widget = row {
                row = gtk_widget_get_next_sibling(widget)
                var bounds = graphene_rect_t()
                guard gtk_widget_get_mapped(widget) != 0, let label = gtk_widget_get_first_child(widget),
                    let text = gtk_label_get_text(unison_example_label(label)), let number = Int(String(cString: text)),
                    tiles[number] != nil, gtk_widget_compute_bounds(widget, page.view, &bounds) != 0
                else { continue }
                tiles[number] = CGPoint(x: Double(bounds.origin.x), y: Double(bounds.origin.y))
            }
            return tiles
        }

        @Test("the grid view page: a shuffle glides the tiles on screen, which settle; sort, add and remove animate")
        func gridViewPage() throws {
            let shown = try PageWindow(title: "unison-grid-page") { GridViewPage(context: $0) }
            defer { shown.close() }
            let page = shown.page
            let onScreen = page.positionsOnScreen()
            #expect(onScreen.count >= 24, "several lines of tiles on screen: \(onScreen)")
            #expect(Array(numbers(page).prefix(5)) == [1, 2, 3, 4, 5])
            let items = onScreen.map { item(page, at: $0) }
            let start = drawnTiles(page)

            /// Runs `change`, then records every frame until the animator rests: the largest offset the
            /// animator reports for `items`, the first item's, and the largest distance a tile on screen
            /// was drawn from where it is drawn at the end.
            func glide(_ change: () -> Void) -> (largest: Double, first: Double, drawnAway: Double, frames: Int) {
                var (largest, first, frames) = (0.0, 0.0, 0)
                var drawn: [[Int: CGPoint]] = []
                let id = shown.everyFrame {
                    frames += 1
                    for (index, item) in items.enumerated() {
                        let offset = page.animator.offset(of: item)
                        largest = max(largest, hypot(offset.x, offset.y))
                        if index == 0 { first = max(first, hypot(offset.x, offset.y)) }
                    }
                    drawn.append(drawnTiles(page))
                }
                change()
                GtkRuntime.iterate(timeout: 5) { frames > 1 && page.isAtTarget }
                GtkRuntime.iterate(timeout: 0.1)
                shown.stopFrames(id)
                let end = drawnTiles(page)
                var drawnAway = 0.0
                for frame in drawn {
                    for (number, point) in frame {
                        guard let final = end[number] else { continue }
                        drawnAway = max(drawnAway, hypot(point.x - final.x, point.y - final.y))
                    }
                }
                return (largest, first, drawnAway, frames)
            }

            let shuffled = glide { page.shuffle() }
            let afterShuffle = numbers(page)
            #expect(afterShuffle.count == 3_000 && afterShuffle != Array(1...3_000))
            #expect(Set(onScreen.dropFirst().map { afterShuffle[$0] }) == Set(onScreen.dropFirst().map { $0 + 1 }))
            #expect(shuffled.largest > 30, "tiles glided (the animator's offsets)")
            #expect(shuffled.drawnAway > 30, "tiles were drawn away from their places mid-glide")
            #expect(shuffled.first == 0, "the first tile stays")
            #expect(!page.animator.isAnimating)
            #expect(items.allSatisfy { page.animator.offset(of: $0) == .zero })
            let settled = drawnTiles(page)
            #expect(settled[1] == start[1])
            #expect(
                Set(settled.values.map { [$0.x, $0.y] }) == Set(start.values.map { [$0.x, $0.y] }),
                "the tiles settled on the grid's places")

            let sorted = glide { page.sort() }
            #expect(numbers(page) == Array(1...3_000))
            #expect(sorted.largest > 30 && sorted.drawnAway > 30, "the sort glided tiles back")
            #expect(drawnTiles(page) == start)

            page.remove()
            #expect(page.animator.leavingCount == 1)
            #expect(GtkRuntime.iterate(timeout: 5) { page.isAtTarget })
            #expect(page.animator.leavingCount == 0 && numbers(page).count == 2_999)

            page.add()
            let added = item(page, at: try #require(numbers(page).firstIndex(of: 3_001)))
            var entering = 1.0
            let id = shown.everyFrame { entering = min(entering, page.animator.effects(of: added).opacity) }
            #expect(GtkRuntime.iterate(timeout: 5) { entering < 1 && page.isAtTarget })
            shown.stopFrames(id)
            #expect(entering < 0.5, "the added tile faded in")
            #expect(page.animator.effects(of: added) == .identity)
        }

        @Test("a whole-model sort leaves an item that does not move at full opacity")
        func sortKeepsUnmovedOpaque() throws {
            let shown = try PageWindow(title: "unison-grid-sort") { GridViewPage(context: $0) }
            defer { shown.close() }
            let page = shown.page
            let first = g_list_model_get_item(page.store, 0)!
            g_object_unref(first)
            var (lowest, frames) = (1.0, 0)
            let id = shown.everyFrame {
                frames += 1
                lowest = min(lowest, page.animator.effects(of: first).opacity)
            }
            page.sort()  // items-changed(0, 3000, 3000); nothing moves
            _ = GtkRuntime.iterate(timeout: 5) { frames > 1 && page.isAtTarget }
            shown.stopFrames(id)
            #expect(lowest == 1)
        }
    }
}

/// How many pages the demo has (DemoWindow's list).
let demoPageCount = 27

@Suite("Demo tour")
struct DemoTourTests {
    @Test("the headless demo path writes each page's frames, a contact sheet and an animated image")
    func tourWritesImages() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unison-tour-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (output, status) = try runPackageExecutable("unison-demo", arguments: ["--tour", directory.path])
        #expect(status == 0, "\(output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let frames = files.filter { $0.hasSuffix(".png") && $0.contains("frame") }
        // One line per page ("<title>: 10 frames in <dir>/"), and every page wrote every frame.
        let pageLines = output.split(separator: "\n").filter { $0.hasSuffix(" frames in \(directory.path)/") }
        #expect(pageLines.count == demoPageCount)
        #expect(frames.count == pageLines.count * DemoTour.times.count)
        for title in [
            "Carousel", "Phases", "Keyframes", "Keyframe timeline", "Transitions: banner", "Layout: list",
            "Interaction states", "Zoom transition", "Layout: list view", "Layout: grid view",
        ] {
            #expect(pageLines.contains { $0.hasPrefix("\(title): \(DemoTour.times.count) frames") }, "\(title)")
        }
        let sheet = directory.appendingPathComponent("contact-sheet.png").path
        let size = (try FileManager.default.attributesOfItem(atPath: sheet)[.size] as? Int) ?? 0
        #expect(size > 50_000)  // a row of real thumbnails per page, not an empty canvas
        #expect(output.contains("contact sheet: \(sheet)"))
        _ = try installedProgram("/usr/bin/convert", package: "imagemagick")
        #expect(files.contains("retargeting.gif"))
    }
}
