import CUnisonGtkExamples
import Foundation
import Unison
// The tour plays its drag into the interaction's recognizer host, a demo and test hook.
@_spi(Testing) import UnisonGtk

/// Drag to reorder in a real list (SwiftUI's `onMove` feel), with UnisonGtk's ``ReorderableBox``:
/// a vertical `GtkBox` of `MotionBin` rows. Press a row: it lifts (scale 1.03) and follows
/// the pointer, drawn over the others; when its centre passes a neighbour's, the neighbour glides
/// into the slot it left (layout animation); on release it springs into its slot at the pointer's
/// velocity, and `onMove` reports the move for the page's data. Alt+Up and Alt+Down move the
/// focused row (the rows take the focus); Escape during a drag puts the row back.
@MainActor
public final class ReorderPage: DemoPage {
    public let title = "Drag to reorder"
    public let root: UnsafeMutablePointer<GtkWidget>
    /// The list: the rows' container, and the widget the drag is on.
    public let list: UnsafeMutablePointer<GtkWidget>
    /// The rows in the order they were made (row `n` shows `Item n + 1` in `rowColours[n]`).
    public let bins: [MotionBin]
    /// The tiles' colours, one per row (distinct, for pixel read-back).
    public static let rowColours: [RGBAColor] = [
        .demoBlue, .demoRed, .demoGreen, .demoAmber, RGBAColor(red: 0.55, green: 0.3, blue: 0.85),
    ]
    /// The page's data: the rows in the list's order, as indices into ``bins`` (kept by `onMove`).
    public private(set) var order: [Int]
    /// How far the drag has moved the lifted row's place (nil when no drag is in progress).
    public var fingerTranslation: CGPoint? { reorderable.interaction.dragTranslation.map { CGPoint(x: 0, y: $0) } }

    /// Lifts at the press (the tour's scripted drag and a visitor's alike).
    private let reorderable = ReorderableBox(orientation: GTK_ORIENTATION_VERTICAL, minimumDistance: 0)
    private let status: UnsafeMutablePointer<GtkWidget>
    private let script = GestureScript()

    public init(context: DemoContext) {
        UI.loadStyle()
        list = reorderable.widget!
        gtk_widget_set_size_request(list, 320, -1)
        gtk_widget_set_halign(list, GTK_ALIGN_START)
        gtk_widget_set_valign(list, GTK_ALIGN_START)
        // No spacing: the gap between rows is each row's margin, inside its bin. (The status line
        // stays narrower than the list: the wrapped caption's height does not change with it.)
        bins = Self.rowColours.enumerated().map { index, colour in
            let (tile, _) = UI.tile(size: 28, colour: colour, clock: context.clock)
            let row = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [tile, UI.label("Item \(index + 1)")])
            gtk_widget_add_css_class(row, "unison-row")
            gtk_widget_set_focusable(row, 1)  // for Alt+Up and Alt+Down
            gtk_widget_set_margin_bottom(row, 6)
            return MotionBin(child: row, clock: context.clock)
        }
        for bin in bins { reorderable.append(bin) }
        order = Array(bins.indices)
        status = UI.label("Drag a row up or down")
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label(
                    "Drag to reorder (or Alt+Up, Alt+Down): the row follows the pointer, the others glide aside",
                    bold: true),
                list, status,
            ])
        reorderable.onMove = { [weak self] from, to in
            guard let self else { return }
            order.insert(order.remove(at: from), at: to)
            gtk_label_set_text(unison_example_label(status), "Item \(order[to] + 1) to place \(to + 1)")
        }
    }

    /// The tour: the top row dragged down past two rows (2.2 rows' travel in 0.5 s), then released.
    public func play() {
        let pitch = Double(gtk_widget_get_height(bins[0].widget))
        let start = CGPoint(x: 60, y: pitch / 2)
        let end = CGPoint(x: 60, y: start.y + 2.2 * pitch)
        script.play(
            GestureScript.drag(from: start, to: end, duration: 0.5, steps: 20),
            into: reorderable.interaction.gestureHandler)
    }

    public var isAtTarget: Bool {
        !script.isRunning && reorderable.interaction.liftedIndex == nil && bins.allSatisfy { !$0.isAnimating }
    }
}
