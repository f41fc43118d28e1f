import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// What every page shares: the window's frame clock (one tick callback for the whole demo, and
/// the slow-motion switch scales its time).
@MainActor
public final class DemoContext {
    public let clock: GtkFrameClock
    public init(clock: GtkFrameClock) { self.clock = clock }
}

/// One page of the demo.
@MainActor
public protocol DemoPage: AnyObject {
    var title: String { get }
    var root: UnsafeMutablePointer<GtkWidget> { get }
    /// Starts the page's showcase (what a visitor would click; the headless tour records it).
    func play()
    /// True once every value on the page shows its model value (the page is at its target).
    var isAtTarget: Bool { get }
    /// Stops anything that runs forever (repeatForever), leaving values at their targets.
    func stop()
}

extension DemoPage {
    public func stop() {}
}

/// A page's tour steps run later: each after its delay, counted until it has run, so the page can
/// say it is not at its target while a step is still to come.
///
///     tourSteps.after(0.5) { [weak self] in self?.insert(at: 1) }
@MainActor
final class TourSteps {
    /// Steps scheduled and not yet run.
    private(set) var pending = 0

    /// Runs `step` after `delay` seconds, unless these steps are gone by then (their page was freed).
    func after(_ delay: TimeInterval, _ step: @escaping @MainActor () -> Void) {
        pending += 1
        GtkRuntime.after(delay) { [weak self] in
            guard let self else { return }
            pending -= 1
            step()
        }
    }
}

/// Small builders for the widgets pages use.
@MainActor
enum UI {
    static func box(_ orientation: GtkOrientation, spacing: Int32 = 8, _ children: [UnsafeMutablePointer<GtkWidget>])
        -> UnsafeMutablePointer<GtkWidget>
    {
        let box = gtk_box_new(orientation, spacing)!
        for child in children { gtk_box_append(unison_example_box(box), child) }
        return box
    }

    static func label(_ text: String, bold: Bool = false) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(nil)!
        if bold {
            gtk_label_set_markup(unison_example_label(label), "<b>\(text)</b>")
        } else {
            gtk_label_set_text(unison_example_label(label), text)
        }
        gtk_label_set_xalign(unison_example_label(label), 0)
        if bold {
            // Long captions wrap instead of widening the window (which shrinks every page in the tour).
            gtk_label_set_wrap(unison_example_label(label), 1)
            gtk_label_set_max_width_chars(unison_example_label(label), 100)
        }
        return label
    }

    static func button(_ title: String, _ action: @escaping @MainActor () -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_label(title)!
        GtkSignals.connect(button, "clicked", action)
        return button
    }

    /// `child` in a frame that neither grows with it nor shows scrollbars: a `GtkFixed` measures its
    /// children's transforms, so a card flung far away would otherwise widen the window.
    static func clipped(_ child: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(
            unison_example_scrolled_window(scroller), GTK_POLICY_EXTERNAL, GTK_POLICY_EXTERNAL)
        gtk_scrolled_window_set_propagate_natural_height(unison_example_scrolled_window(scroller), 1)
        gtk_scrolled_window_set_child(unison_example_scrolled_window(scroller), child)
        return scroller
    }

    static func fixed(width: Int32, height: Int32) -> UnsafeMutablePointer<GtkWidget> {
        let fixed = gtk_fixed_new()!
        gtk_widget_set_size_request(fixed, width, height)
        return fixed
    }

    /// A rounded square drawn in `colour` (itself animatable).
    static func tile(size: Int32, height: Int32? = nil, colour: RGBAColor, clock: GtkFrameClock)
        -> (UnsafeMutablePointer<GtkWidget>, AnimatedDrawing<RGBAColor>)
    {
        let area = gtk_drawing_area_new()!
        gtk_drawing_area_set_content_width(unison_example_drawing_area(area), size)
        gtk_drawing_area_set_content_height(unison_example_drawing_area(area), height ?? size)
        let drawing = AnimatedDrawing(area, initial: colour, clock: clock) { cr, width, height, colour in
            roundedRect(cr, 0, 0, Double(width), Double(height), radius: 8)
            cairo_set_source_rgba(cr, colour.red, colour.green, colour.blue, colour.alpha)
            cairo_fill(cr)
        }
        return (area, drawing)
    }

    /// Loads the demo's style sheet for the default display (once): the structural-motion pages'
    /// banner, list rows, sidebar and cards.
    static func loadStyle() {
        guard !styleLoaded, let display = gdk_display_get_default() else { return }
        styleLoaded = true
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }

    private static var styleLoaded = false
    private static let css = """
        .bg-surface { background-color: alpha(@theme_fg_color, 0.07); }
        .bg-accent { background-color: alpha(@theme_selected_bg_color, 0.25); }
        .rounded-md { border-radius: 6px; }
        .rounded-xl { border-radius: 12px; }
        .text-xl { font-size: 20pt; }
        .unison-banner { background: #2f9e55; color: white; border-radius: 8px; padding: 14px 22px; }
        .unison-row { background: #eef1f6; border-radius: 8px; padding: 6px 10px; }
        .unison-sidebar { background: #dfe6f1; padding: 14px; }
        .unison-sidebar label { padding: 6px 4px; }
        .unison-content { background: #fbfbfc; padding: 14px; }
        .unison-rotate-card { background: #f2a626; color: #222; border-radius: 8px; padding: 18px 22px; }
        """

    /// A label with the style class `cssClass`.
    static func styled(_ text: String, _ cssClass: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_widget_add_css_class(label, cssClass)
        return label
    }

    /// A rounded rectangle of `width × height` (its natural size) with corners of `radius`.
    static func card(width: Int32, height: Int32, radius: Double, colour: RGBAColor, clock: GtkFrameClock)
        -> (UnsafeMutablePointer<GtkWidget>, AnimatedDrawing<RGBAColor>)
    {
        let area = gtk_drawing_area_new()!
        gtk_drawing_area_set_content_width(unison_example_drawing_area(area), width)
        gtk_drawing_area_set_content_height(unison_example_drawing_area(area), height)
        let drawing = AnimatedDrawing(area, initial: colour, clock: clock) { cr, width, height, colour in
            roundedRect(cr, 0, 0, Double(width), Double(height), radius: radius)
            cairo_set_source_rgba(cr, colour.red, colour.green, colour.blue, colour.alpha)
            cairo_fill(cr)
        }
        return (area, drawing)
    }

    static func slider(
        from: Double, to: Double, step: Double, value: Double, _ changed: @escaping @MainActor (Double) -> Void
    )
        -> UnsafeMutablePointer<GtkWidget>
    {
        let scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, from, to, step)!
        gtk_range_set_value(unison_example_range(scale), value)
        gtk_scale_set_draw_value(unison_example_scale(scale), unison_example_true)
        gtk_widget_set_size_request(scale, 180, -1)
        GtkSignals.connect(scale, "value-changed") { changed(gtk_range_get_value(unison_example_range(scale))) }
        return scale
    }
}

func roundedRect(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, radius r: Double) {
    cairo_new_sub_path(cr)
    cairo_arc(cr, x + w - r, y + r, r, -Double.pi / 2, 0)
    cairo_arc(cr, x + w - r, y + h - r, r, 0, Double.pi / 2)
    cairo_arc(cr, x + r, y + h - r, r, Double.pi / 2, Double.pi)
    cairo_arc(cr, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(cr)
}

/// Colours used across pages.
extension RGBAColor {
    static let demoBlue = RGBAColor(red: 0.21, green: 0.47, blue: 0.91)
    static let demoRed = RGBAColor(red: 0.88, green: 0.24, blue: 0.22)
    static let demoGreen = RGBAColor(red: 0.18, green: 0.66, blue: 0.42)
    static let demoAmber = RGBAColor(red: 0.95, green: 0.65, blue: 0.15)
}
