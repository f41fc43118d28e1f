import CUnisonGtkExamples
import Foundation
import Testing
import Unison
import UnisonDemoKit
import UnisonGtk
import UnisonTestSupport

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
        }
    }
}

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
        #expect(pageLines.count == 25)
        #expect(frames.count == pageLines.count * DemoTour.times.count)
        for title in [
            "Carousel", "Phases", "Keyframes", "Keyframe timeline", "Transitions: banner", "Layout: list",
            "Interaction states", "Zoom transition",
        ] {
            #expect(pageLines.contains { $0.hasPrefix("\(title): \(DemoTour.times.count) frames") }, "\(title)")
        }
        let sheet = directory.appendingPathComponent("contact-sheet.png").path
        let size = (try FileManager.default.attributesOfItem(atPath: sheet)[.size] as? Int) ?? 0
        #expect(size > 50_000)  // twenty-three rows of real thumbnails, not an empty canvas
        #expect(output.contains("contact sheet: \(sheet)"))
        _ = try installedProgram("/usr/bin/convert", package: "imagemagick")
        #expect(files.contains("retargeting.gif"))
    }
}
