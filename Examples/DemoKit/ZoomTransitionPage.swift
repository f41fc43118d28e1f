import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// A bracelet grid: each card zooms into its editor page, which can be grabbed and dragged at any
/// time, during the zoom or after it; released, it shrinks back into its card or settles, by
/// distance and velocity. The editor's "Care ›" pushes a slid page that is swiped back from its
/// leading edge (``NavigationStack/isBackSwipeEnabled``, switched by the check box under the stack).
///
/// SwiftUI's original:
/// ```swift
/// NavigationLink {
///     BraceletEditor(bracelet)
///         .navigationTransitionStyle(.zoom(sourceID: bracelet.id, in: braceletList))
/// } label: {
///     BraceletPreview(bracelet)
/// }
/// .matchedTransitionSource(id: bracelet.id, in: braceletList)
/// ```
@MainActor
public final class ZoomTransitionPage: DemoPage {
    public let title = "Zoom transition"
    public let root: UnsafeMutablePointer<GtkWidget>
    private let stack: NavigationStack
    private let braceletList = GeometryNamespace()
    private let bracelets = Bracelet.samples
    private let clock: GtkFrameClock
    private let status: UnsafeMutablePointer<GtkWidget>
    private var drawings: [AnyObject] = []
    /// Counts plays: scheduled steps of an older play (or of one stopped) do nothing.
    private var generation = 0

    public init(context: DemoContext) {
        clock = context.clock
        let grid = gtk_grid_new()!
        let gridPointer = UnsafeMutablePointer<GtkGrid>(OpaquePointer(grid))
        gtk_grid_set_row_spacing(gridPointer, 16)
        gtk_grid_set_column_spacing(gridPointer, 16)
        let list = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [UI.label("Bracelets", bold: true), grid])
        gtk_widget_set_margin_start(list, 20)
        gtk_widget_set_margin_top(list, 16)
        status = UI.label("Click a bracelet; drag its editor anywhere to dismiss it, at any time")
        stack = NavigationStack(root: list, clock: context.clock)
        gtk_widget_set_size_request(stack.widget, 640, 380)
        let swipe = gtk_check_button_new_with_label("Back swipe from the leading edge (slid pages)")!
        gtk_check_button_set_active(unison_example_check_button(swipe), unison_example_true)
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label(
                    "Zoom transition: NavigationLink … .navigationTransitionStyle(.zoom(sourceID:in:))", bold: true),
                stack.widget, status, swipe,
            ])
        GtkSignals.connect(swipe, "toggled") { [unowned self] in
            stack.isBackSwipeEnabled = gtk_check_button_get_active(unison_example_check_button(swipe)) != 0
        }
        for (index, bracelet) in bracelets.enumerated() {
            let preview = braceletView(bracelet, width: 180, height: 150)
            let click = gtk_gesture_click_new()!
            GtkSignals.connectPressed(click, "released") { [unowned self] _, _, _ in showEditor(for: bracelet) }
            gtk_widget_add_controller(preview, click)
            // .matchedTransitionSource(id: bracelet.id, in: braceletList)
            braceletList.matchedTransitionSource(id: bracelet.id, preview)
            gtk_grid_attach(gridPointer, preview, Int32(index % 3), Int32(index / 3), 1, 1)
        }
    }

    /// Pushes the bracelet's editor, zooming out of its preview.
    private func showEditor(for bracelet: Bracelet) {
        let editor = braceletEditor(bracelet)
        stack.push(editor, transition: .zoom(sourceID: bracelet.id, in: braceletList, cornerRadius: 14)) {
            [weak self] event in
            self.map { gtk_label_set_text(unison_example_label($0.status), "\(bracelet.name): \(event)") }
        }
    }

    /// The editor page: a header with a back button, the bracelet large, a hint. Opaque (the
    /// `view` style class), as a page over another must be.
    private func braceletEditor(_ bracelet: Bracelet) -> UnsafeMutablePointer<GtkWidget> {
        let back = UI.button("‹ Bracelets") { [weak self] in self?.stack.pop() }
        let care = UI.button("Care ›") { [weak self] in self?.showCare(for: bracelet) }
        let header = UI.box(
            GTK_ORIENTATION_HORIZONTAL, spacing: 12, [back, UI.label(bracelet.name, bold: true), care])
        let large = braceletView(bracelet, width: 300, height: 220)
        gtk_widget_set_hexpand(large, unison_example_true)
        gtk_widget_set_vexpand(large, unison_example_true)
        let hint = UI.label("Drag anywhere to dismiss (also mid-zoom); Escape or Alt+← pops")
        let page = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [header, large, hint])
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top] {
            side(header, 12)
        }
        gtk_widget_set_margin_bottom(hint, 12)
        gtk_widget_set_margin_start(hint, 12)
        gtk_widget_add_css_class(page, "view")
        return page
    }

    /// Pushes a care page with the platform's slide: swiped back from its leading edge, the page
    /// follows the pointer; released past half the width or flicked, it pops, else springs back.
    private func showCare(for bracelet: Bracelet) {
        let back = UI.button("‹ \(bracelet.name)") { [weak self] in self?.stack.pop() }
        let content = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 12,
            [
                UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [back, UI.label("Care", bold: true)]),
                UI.label("Keep \(bracelet.name) dry; polish the beads with a soft cloth."),
                UI.label("Swipe from the leading edge to go back: the page follows the pointer, and the"),
                UI.label("release pops it past half the width or when flicked, else it springs back."),
            ])
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top] {
            side(content, 12)
        }
        // Opaque over its margins too: the page below shows only where the swipe uncovers it.
        let page = UI.box(GTK_ORIENTATION_VERTICAL, [content])
        gtk_widget_add_css_class(page, "view")
        stack.push(page) { [weak self] event in
            self.map { gtk_label_set_text(unison_example_label($0.status), "Care: \(event)") }
        }
    }

    /// A bracelet drawn on its card: beads around an ellipse.
    private func braceletView(_ bracelet: Bracelet, width: Int32, height: Int32) -> UnsafeMutablePointer<GtkWidget> {
        let area = gtk_drawing_area_new()!
        gtk_drawing_area_set_content_width(unison_example_drawing_area(area), width)
        gtk_drawing_area_set_content_height(unison_example_drawing_area(area), height)
        let beads = bracelet.beads
        let drawing = AnimatedDrawing(area, initial: bracelet.card, clock: clock) { cr, width, height, card in
            let (w, h) = (Double(width), Double(height))
            roundedRect(cr, 0, 0, w, h, radius: 14)
            cairo_set_source_rgba(cr, card.red, card.green, card.blue, 1)
            cairo_fill(cr)
            let radius = min(w, h) * 0.06
            for (index, bead) in beads.enumerated() {
                let angle = 2 * Double.pi * Double(index) / Double(beads.count)
                let x = w / 2 + (w * 0.34) * cos(angle)
                let y = h / 2 + (h * 0.32) * sin(angle)
                cairo_arc(cr, x, y, radius, 0, 2 * Double.pi)
                cairo_set_source_rgba(cr, bead.red, bead.green, bead.blue, 1)
                cairo_fill(cr)
            }
        }
        drawings.append(drawing)
        return area
    }

    /// The tour: open the fifth bracelet, grab its editor while it still zooms, and fling it down.
    public func play() {
        generation += 1
        let play = generation
        stack.popToRoot(animated: false)
        showEditor(for: bracelets[4])
        GtkRuntime.after(0.3) { [weak self] in
            guard let self, generation == play, stack.beginDrag() else { return }
            for step in 1...6 {
                GtkRuntime.after(0.03 * Double(step)) { [weak self] in
                    guard let self, generation == play else { return }
                    stack.updateDrag(translation: CGPoint(x: 6 * Double(step), y: 22 * Double(step)))
                }
            }
            GtkRuntime.after(0.2) { [weak self] in
                guard let self, generation == play else { return }
                stack.endDrag(velocity: CGPoint(x: 150, y: 700))
            }
        }
    }

    public func stop() {
        generation += 1
        stack.cancelDrag()
    }

    public var isAtTarget: Bool { !stack.isTransitioning && !stack.isDragging }
}

/// A bracelet of the demo: a name, a card colour and its beads.
struct Bracelet: Sendable {
    let id: Int
    let name: String
    let card: RGBAColor
    let beads: [RGBAColor]

    static let samples: [Bracelet] = {
        let palette: [RGBAColor] = [
            .demoBlue, .demoRed, .demoGreen, .demoAmber, RGBAColor(red: 0.6, green: 0.3, blue: 0.8),
        ]
        let cards = [
            (0.93, 0.95, 1.0), (1.0, 0.94, 0.92), (0.92, 0.98, 0.94), (1.0, 0.97, 0.88), (0.96, 0.93, 1.0),
            (0.94, 0.94, 0.94),
        ]
        let names = ["Ocean", "Coral", "Meadow", "Amber", "Lilac", "Pebble"]
        return names.indices.map { index in
            Bracelet(
                id: index, name: names[index],
                card: RGBAColor(red: cards[index].0, green: cards[index].1, blue: cards[index].2),
                beads: (0..<14).map { palette[($0 * (index + 1) + index) % palette.count] })
        }
    }()
}
