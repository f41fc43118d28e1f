import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// A sidebar that springs open and closed: a `MotionBin` with `collapse = .horizontal`, so the
/// width it takes grows from nothing to its natural width and back with the spring, while it
/// slides in from the leading edge. The content beside it is laid out at every frame: its text
/// rewraps and its chart stretches, with no size hard-coded anywhere.
@MainActor
public final class SidebarPage: DemoPage {
    public let title = "Layout: sidebar"
    public let root: UnsafeMutablePointer<GtkWidget>
    private let sidebar: MotionBin
    private var pendingSteps = 0

    private static let animation = Animation.spring(duration: 0.55, bounce: 0.2)

    public init(context: DemoContext) {
        UI.loadStyle()
        let items = ["Inbox", "Drafts", "Sent", "Archive", "Spam", "Trash"].map { UI.label($0) }
        let list = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0, [UI.label("Mailboxes", bold: true)] + items)
        gtk_widget_add_css_class(list, "unison-sidebar")
        gtk_widget_set_size_request(list, 170, -1)
        sidebar = MotionBin(child: list, transition: .move(edge: .leading), clock: context.clock)
        sidebar.collapse = .horizontal

        let text = UI.label(
            "The content beside the sidebar is laid out again at every frame while the sidebar's width "
                + "springs: this paragraph rewraps and the chart below stretches to the width it is given. "
                + "Nothing here has a hard-coded width; the sidebar asks for a fraction of its natural width, "
                + "and GTK's box does the rest.")
        gtk_label_set_wrap(unison_example_label(text), unison_example_true)
        gtk_label_set_max_width_chars(unison_example_label(text), 40)
        let chart = gtk_drawing_area_new()!
        gtk_widget_set_size_request(chart, 120, 150)
        gtk_widget_set_hexpand(chart, unison_example_true)
        let draw: GtkDrawingAreaDrawFunc = { _, cr, width, height, _ in
            // Bars that share the width they are given.
            let values = [0.45, 0.8, 0.6, 0.95, 0.35, 0.7, 0.55, 0.85]
            let slot = Double(width) / Double(values.count)
            for (index, value) in values.enumerated() {
                let barHeight = value * Double(height - 8)
                roundedRect(cr!, Double(index) * slot + 4, Double(height) - barHeight, slot - 8, barHeight, radius: 4)
                cairo_set_source_rgb(cr, 0.21, 0.47, 0.91)
                cairo_fill(cr)
            }
        }
        gtk_drawing_area_set_draw_func(unison_example_drawing_area(chart), draw, nil, nil)
        let content = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 10, [UI.label("Inbox", bold: true), text, chart])
        gtk_widget_add_css_class(content, "unison-content")
        gtk_widget_set_hexpand(content, unison_example_true)

        let split = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 0, [sidebar.widget, content])
        gtk_widget_set_size_request(split, -1, 330)
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label("Layout animation: a sidebar springs open and closed (collapse = .horizontal)", bold: true),
                split,
            ])
        gtk_box_append(unison_example_box(root), UI.button("Toggle sidebar") { [unowned self] in toggle() })
    }

    /// Opens or closes the sidebar with a spring.
    func toggle() {
        withAnimation(Self.animation) { sidebar.isPresent.toggle() }
    }

    /// The tour: closes the sidebar, then springs it open again while it is still settling.
    public func play() {
        toggle()
        pendingSteps += 1
        GtkRuntime.after(0.8) { [weak self] in
            guard let self else { return }
            pendingSteps -= 1
            toggle()
        }
    }

    public var isAtTarget: Bool { pendingSteps == 0 && !sidebar.isAnimating }
}
