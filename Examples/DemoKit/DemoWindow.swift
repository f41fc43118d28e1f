import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// The demo: pages in a stack with a sidebar, a slow-motion switch, the motion controls (reduce
/// motion, a frame readout), and whether GTK's `gtk-enable-animations` lets anything move.
@MainActor
public final class DemoWindow {
    public let window: UnsafeMutablePointer<GtkWidget>
    public let stack: UnsafeMutablePointer<GtkWidget>
    public let context: DemoContext
    public private(set) var pages: [any DemoPage] = []

    /// Builds the demo inside `window` (an application window, or a plain one for the tour).
    public init(window: UnsafeMutablePointer<GtkWidget>) {
        self.window = window
        context = DemoContext(clock: GtkFrameClock.for(window))
        stack = gtk_stack_new()!
        gtk_stack_set_transition_type(unison_example_stack(stack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        let sidebar = gtk_stack_sidebar_new()!
        gtk_stack_sidebar_set_stack(unison_example_stack_sidebar(sidebar), unison_example_stack(stack))
        gtk_widget_set_size_request(sidebar, 170, -1)
        pages = [
            SpringsPage(context: context), CurvesPage(context: context), RetargetPage(context: context),
            GesturePage(context: context), SyncPage(context: context), CustomPage(context: context),
            RepresentablePage(context: context), CompletionPage(context: context), BannerPage(context: context),
            ListPage(context: context), SidebarPage(context: context), RotatePage(context: context),
            CarouselPage(context: context), HeartPage(context: context), JumpPage(context: context),
            TimelinePlotPage(context: context), ZoomPage(context: context), PullToRevealPage(context: context),
            LongPressDragPage(context: context),
            StatesPage(context: context), ReorderPage(context: context),
            HeroPage(context: context), ZoomTransitionPage(context: context), WatchedPage(context: context),
            ListViewPage(context: context), GridViewPage(context: context), ScrollEffectsPage(context: context),
        ]
        for (index, page) in pages.enumerated() {
            gtk_widget_set_margin_start(page.root, 16)
            gtk_widget_set_margin_top(page.root, 12)
            gtk_stack_add_titled(unison_example_stack(stack), page.root, "page\(index)", page.title)
        }
        let slow = gtk_check_button_new_with_label("Slow motion (¼ speed)")!
        let clock = context.clock
        GtkSignals.connect(slow, "toggled") {
            clock.timeScale = gtk_check_button_get_active(unison_example_check_button(slow)) != 0 ? 0.25 : 1
        }
        let setting = UI.label(
            GtkRuntime.animationsEnabled
                ? "gtk-enable-animations: on" : "gtk-enable-animations: off (changes jump, completions fire)")
        let debug = DebugControls()  // (its switches hold what they need; the widgets keep them)
        let side = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 8, [sidebar, slow, debug.widget, setting])
        gtk_widget_set_vexpand(sidebar, unison_example_true)
        gtk_widget_set_margin_start(slow, 8)
        gtk_widget_set_margin_start(setting, 8)
        gtk_widget_set_margin_bottom(setting, 8)
        let content = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 0, [side, stack])
        gtk_window_set_title(unison_example_window(window), "Unison: one animation system, on GTK 4")
        gtk_window_set_default_size(unison_example_window(window), 900, 640)
        gtk_window_set_child(unison_example_window(window), content)
    }

    public func show(_ page: any DemoPage) {
        gtk_stack_set_visible_child(unison_example_stack(stack), page.root)
    }
}

/// The headless tour: each page's showcase recorded frame by frame under Xvfb, a contact sheet of
/// all pages, and an animated image.
@MainActor
public enum DemoTour {
    public struct Output {
        public var frames: [String: [String]] = [:]  // page title → frame PNGs
        public var contactSheet: String?
        public var animation: String?
    }

    /// Frame times recorded after each page's `play()`, in seconds.
    public nonisolated static let times: [Double] = [0, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1.0, 1.3, 1.7]

    public static func run(demo: DemoWindow, into directory: String) -> Output {
        var output = Output()
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        gtk_window_present(unison_example_window(demo.window))
        GtkRuntime.iterate(timeout: 3) { gtk_widget_get_mapped(demo.window) != 0 }
        GtkRuntime.iterate(timeout: 0.5)
        for (index, page) in demo.pages.enumerated() {
            demo.show(page)
            GtkRuntime.iterate(timeout: 0.6)  // the stack's crossfade
            let start = g_get_monotonic_time()
            page.play()
            var paths: [String] = []
            for (frame, time) in times.enumerated() {
                GtkRuntime.iterate(timeout: max(0, time - Double(g_get_monotonic_time() - start) / 1e6))
                let path = "\(directory)/page\(index)-frame\(frame).png"
                if capture(demo.window, to: path) { paths.append(path) }
            }
            page.stop()
            GtkRuntime.iterate(timeout: 1.5) { page.isAtTarget }
            output.frames[page.title] = paths
        }
        output.contactSheet = contactSheet(
            demo.pages.map { ($0.title, output.frames[$0.title] ?? []) }, to: "\(directory)/contact-sheet.png")
        output.animation = animatedImage(output.frames[demo.pages[2].title] ?? [], to: "\(directory)/retargeting.gif")
        return output
    }

    /// Saves the window as it is painted next (a render from a clean layout).
    public static func capture(_ window: UnsafeMutablePointer<GtkWidget>, to path: String) -> Bool {
        var saved: Bool?
        WidgetRenderer.afterNextPaint(of: window) { saved = WidgetRenderer.savePNG(of: window, to: path) }
        GtkRuntime.iterate(timeout: 1) { saved != nil }
        return saved ?? false
    }

    /// All pages' frames as rows of thumbnails, titled, composed with cairo.
    static func contactSheet(_ pages: [(String, [String])], to path: String) -> String? {
        let scale = 0.22
        let (thumbWidth, thumbHeight) = (900 * scale, 640 * scale)
        let columns = times.count
        let width = 20 + Double(columns) * (thumbWidth + 6)
        let rowHeight = thumbHeight + 28
        let surface = cairo_image_surface_create(
            CAIRO_FORMAT_RGB24, Int32(width), Int32(20 + Double(pages.count) * rowHeight))
        let cr = cairo_create(surface)
        defer {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_set_font_size(cr, 13)
        for (row, (title, frames)) in pages.enumerated() {
            let y = 10 + Double(row) * rowHeight
            cairo_set_source_rgb(cr, 0.15, 0.15, 0.15)
            cairo_move_to(cr, 12, y + 14)
            cairo_show_text(
                cr, "\(title)   (t = " + times.map { String(format: "%.2g", $0) }.joined(separator: ", ") + " s)")
            for (column, framePath) in frames.enumerated() {
                let image = cairo_image_surface_create_from_png(framePath)
                defer { cairo_surface_destroy(image) }
                guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else { continue }
                // Each frame fits its cell whatever size the window had (a page may widen it).
                let frameWidth = Double(cairo_image_surface_get_width(image))
                let frameHeight = Double(cairo_image_surface_get_height(image))
                let fit = min(thumbWidth / max(frameWidth, 1), thumbHeight / max(frameHeight, 1))
                cairo_save(cr)
                cairo_translate(cr, 12 + Double(column) * (thumbWidth + 6), y + 22)
                cairo_rectangle(cr, 0, 0, thumbWidth, thumbHeight)
                cairo_clip(cr)
                cairo_scale(cr, fit, fit)
                cairo_set_source_surface(cr, image, 0, 0)
                cairo_paint(cr)
                cairo_restore(cr)
            }
        }
        return cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS ? path : nil
    }

    /// An animated GIF of `frames` (ImageMagick's convert), if it is installed.
    static func animatedImage(_ frames: [String], to path: String) -> String? {
        let convert = "/usr/bin/convert"
        guard !frames.isEmpty, FileManager.default.isExecutableFile(atPath: convert) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: convert)
        process.arguments = ["-delay", "12", "-loop", "0"] + frames + ["-resize", "50%", path]
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? path : nil
    }
}
