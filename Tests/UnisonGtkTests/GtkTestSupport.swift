import CUnisonGtkExamples
import Foundation
import Testing
import Unison
import UnisonGtk
import UnisonTestSupport

/// A program a test runs is not installed; the message names the Debian package that has it
/// (the Makefile's APT_PACKAGES installs every one of them).
struct MissingProgram: Error, CustomStringConvertible {
    let path: String
    let package: String
    var description: String { "\(path) is missing: install the Debian package '\(package)' (make test does)" }
}

/// The URL of `path`, or an error naming `package` when it is not installed.
func installedProgram(_ path: String, package: String) throws -> URL {
    guard FileManager.default.isExecutableFile(atPath: path) else { throw MissingProgram(path: path, package: package) }
    return URL(fileURLWithPath: path)
}

struct NoDisplay: Error, CustomStringConvertible {
    var description: String { "GTK could not open a display: run the GTK tests under Xvfb (make test does)" }
}

/// A real toplevel window with a GtkFixed, shown and mapped.
@MainActor
final class TestWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let fixed: UnsafeMutablePointer<GtkWidget>
    private var recorders: [gulong] = []

    init(width: Int32 = 320, height: Int32 = 240) throws {
        guard GtkRuntime.initialize() else { throw NoDisplay() }
        // A GTK-CRITICAL is a bug (a value GTK does not accept, a dead object): make it abort
        // the test run, with GLib's message, instead of scrolling by in the log.
        _ = g_log_set_always_fatal(GLogLevelFlags(rawValue: G_LOG_LEVEL_CRITICAL.rawValue))
        window = gtk_window_new()
        fixed = gtk_fixed_new()
        gtk_window_set_default_size(unison_example_window(window), width, height)
        gtk_window_set_child(unison_example_window(window), fixed)
        gtk_window_present(unison_example_window(window))
        let window = self.window
        GtkRuntime.iterate(timeout: 5) { gtk_widget_get_mapped(window) != 0 && gtk_widget_get_width(window) > 0 }
        settle()
    }

    /// A solid-colour drawing area of `size` placed at `at` in the fixed.
    func colouredBox(red: Double, green: Double, blue: Double, size: Int32 = 60, at point: CGPoint = .zero)
        -> UnsafeMutablePointer<GtkWidget>
    {
        let area = colouredArea(red: red, green: green, blue: blue, width: size, height: size)
        gtk_fixed_put(unison_example_fixed(fixed), area, point.x, point.y)
        settle()
        return area
    }

    /// Calls `body(frameTime)` after every painted frame of this window until `stopRecording`:
    /// GDK's frame time, or under a fixed frame rate (`withFixedFrameRate`) the time Unison's
    /// clocks presented on that frame.
    func record(_ body: @escaping @MainActor (TimeInterval) -> Void) {
        let frameClock = gtk_widget_get_frame_clock(window)!
        let clock = GtkFrameClock.for(window)
        recorders.append(
            GtkSignals.connect(frameClock, "after-paint") {
                body(
                    GtkFrameClock.fixedFrameRate == nil
                        ? Double(gdk_frame_clock_get_frame_time(frameClock)) / 1_000_000 : clock.now)
            })
    }

    func stopRecording() {
        guard let frameClock = gtk_widget_get_frame_clock(window) else { return }
        for id in recorders { g_signal_handler_disconnect(UnsafeMutableRawPointer(frameClock), id) }
        recorders = []
    }

    /// Lets pending layout and paint happen.
    func settle(_ seconds: TimeInterval = 0.1) { GtkRuntime.iterate(timeout: seconds) }

    func close() {
        stopRecording()
        gtk_window_destroy(unison_example_window(window))
        settle(0.05)
    }

}

/// A drawing area of `width × height` painted in one colour.
@MainActor
func colouredArea(red: Double, green: Double, blue: Double, width: Int32, height: Int32)
    -> UnsafeMutablePointer<GtkWidget>
{
    let area = gtk_drawing_area_new()!
    gtk_drawing_area_set_content_width(unison_example_drawing_area(area), width)
    gtk_drawing_area_set_content_height(unison_example_drawing_area(area), height)
    let colour = UnsafeMutablePointer<Double>.allocate(capacity: 3)
    colour[0] = red
    colour[1] = green
    colour[2] = blue
    let draw: GtkDrawingAreaDrawFunc = { _, cr, _, _, data in
        let c = data!.assumingMemoryBound(to: Double.self)
        cairo_set_source_rgb(cr, c[0], c[1], c[2])
        cairo_paint(cr)
    }
    let free: GDestroyNotify = { data in data!.assumingMemoryBound(to: Double.self).deallocate() }
    gtk_drawing_area_set_draw_func(unison_example_drawing_area(area), draw, colour, free)
    return area
}

/// Runs the GTK loop until `property` stops animating (at most `timeout` seconds).
@MainActor
@discardableResult
func runUntilIdle<V>(_ property: AnimatableProperty<V>, timeout: TimeInterval = 5) -> Bool {
    GtkRuntime.iterate(timeout: timeout) { !property.isAnimating }
}

/// Runs one of the package's executables (built next to the test bundle) under the current
/// display, returning its standard output and exit status.
func runPackageExecutable(_ name: String, arguments: [String] = []) throws -> (output: String, status: Int32) {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var executable = directory.appendingPathComponent(name)
    if !FileManager.default.fileExists(atPath: executable.path) {
        executable = directory.deletingLastPathComponent().appendingPathComponent(name)
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GTK_A11Y"] = "none"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (output, process.terminationStatus)
}

// MARK: Tolerances of what GTK stores

extension Tolerance {
    /// GTK stores opacity in 8 bits: a value read back is within half a step (0.5/255) of the one
    /// set, plus rounding.
    static let opacityQuantum = Tolerance(0.5 / 255) + .accumulatedRounding
    /// An opacity change of 0.5 read back as progress: half an 8-bit step (0.5/255) of opacity over
    /// a change of 0.5 is 1/255 of the progress, plus rounding.
    static let opacityProgress = Tolerance(1.0 / 255) + .accumulatedRounding
    /// A rendered pixel's channel, blended and stored in 8 bits, against the blend computed in
    /// doubles from the opacity read back: two steps of an 8-bit channel.
    static let pixelChannel = Tolerance(2.0 / 255)
    /// GTK sizes and margins are whole pixels: rounding moves a value by at most half a pixel.
    static let wholePixel = Tolerance(0.5) + .accumulatedRounding
    /// GskTransform stores floats (a 24-bit mantissa): positions up to 256 px are kept to
    /// 256 / 2²⁴ ≈ 1.5e-5 px; 1e-4 leaves margin for composing translations.
    static let floatTransform = Tolerance(1e-4)
    /// A float scale up to 4 read back from a GskTransform: 4 / 2²⁴ ≈ 2.4e-7 of rounding; 1e-6.
    static let floatScale = Tolerance(1e-6)
    /// Float positions up to 2000 px, or composed from a translation and a scale: each of the two
    /// numbers carries up to 1.2e-4 px of rounding, so 1e-3 px.
    static let floatTransformLarge = Tolerance(1e-3)
    /// A float matrix entry near 1 after a rotation and scale: cos 90° in floats is about 4e-8 and
    /// each product rounds to 6e-8 of its size, so 1e-5.
    static let floatMatrixEntry = Tolerance(1e-5)
}

/// GTK's value widgets in a column of a test window, laid out and settled: a scrolled window over a
/// 2000 px tall drawing area (its vertical adjustment scrolls), a 0...100 scale, a progress bar, a
/// 0...10 level bar, then `extra` widgets.
@MainActor
struct ValueWidgetColumn {
    let column: UnsafeMutablePointer<GtkWidget>
    let scroller: UnsafeMutablePointer<GtkWidget>
    let scale: UnsafeMutablePointer<GtkWidget>
    let progress: UnsafeMutablePointer<GtkWidget>
    let level: UnsafeMutablePointer<GtkWidget>

    init(in window: TestWindow, scrollerHeight: Int32, extra: [UnsafeMutablePointer<GtkWidget>] = []) {
        column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_fixed_put(unison_example_fixed(window.fixed), column, 0, 0)
        scroller = gtk_scrolled_window_new()!
        gtk_widget_set_size_request(scroller, 200, scrollerHeight)
        let tall = gtk_drawing_area_new()!
        gtk_drawing_area_set_content_height(unison_example_drawing_area(tall), 2000)
        gtk_scrolled_window_set_child(unison_example_scrolled_window(scroller), tall)
        scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 100, 1)!
        gtk_widget_set_size_request(scale, 200, -1)
        progress = gtk_progress_bar_new()!
        level = gtk_level_bar_new_for_interval(0, 10)!
        for child in [scroller, scale, progress, level] + extra { gtk_box_append(unison_example_box(column), child) }
        window.settle(0.3)
    }
}

/// The darkness-weighted mean row of the ink in `columns` of `image` (dark text on a light window),
/// nil when the columns hold (almost) no ink.
func inkCentroid(_ image: WidgetRenderer.Image, _ columns: Range<Int>) -> Double? {
    var weight = 0.0
    var sum = 0.0
    for y in 0..<image.height {
        for x in columns where x < image.width {
            let p = image.pixel(x: x, y: y)
            let ink = p.alpha * (1 - (p.red + p.green + p.blue) / 3)
            weight += ink
            sum += ink * Double(y)
        }
    }
    return weight > 1 ? sum / weight : nil
}

/// Runs `body` with every GTK clock at a fixed frame rate (`GtkFrameClock.fixedFrameRate`): each
/// painted frame advances animations by 1/`rate` s however long the machine took to paint it, so a
/// test that counts the frames of an animation, or reads each one back, does not race the clock.
@MainActor
func withFixedFrameRate<Result>(_ rate: Double = 60, _ body: () throws -> Result) rethrows -> Result {
    GtkFrameClock.fixedFrameRate = rate
    defer { GtkFrameClock.fixedFrameRate = nil }
    return try body()
}

/// Whether `a` and `b` agree in `columns` (every channel within `tolerance`).
@MainActor
func columnsMatch(
    _ a: WidgetRenderer.Image, _ b: WidgetRenderer.Image, _ columns: Range<Int>, tolerance: Double
) -> Bool {
    guard a.width == b.width, a.height == b.height else { return false }
    for y in 0..<a.height {
        for x in columns {
            let p = a.pixel(x: x, y: y)
            let q = b.pixel(x: x, y: y)
            if abs(p.red - q.red) > tolerance || abs(p.green - q.green) > tolerance
                || abs(p.blue - q.blue) > tolerance || abs(p.alpha - q.alpha) > tolerance
            {
                return false
            }
        }
    }
    return true
}
