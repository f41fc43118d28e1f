import CDownstreamGtk
import Foundation
import Unison
import UnisonGtk

/// The app's window: a card in a `GtkFixed` that springs between two slots when the button is
/// pressed (pressing again mid-flight retargets it, velocity and all), and a status line that
/// says where the card landed and clears itself a moment later.
@MainActor
final class CardWindow {
    /// Where the card rests, in the `GtkFixed`.
    static let slots = [CGPoint(x: 24, y: 32), CGPoint(x: 316, y: 32)]

    let window: UnsafeMutablePointer<GtkWidget>
    let fixed: UnsafeMutablePointer<GtkWidget>
    let cardWidget: UnsafeMutablePointer<GtkWidget>
    let button: UnsafeMutablePointer<GtkWidget>
    let status: UnsafeMutablePointer<GtkWidget>
    /// The card's animatable properties (Unison writes them to the widget on every frame).
    let card: AnimatedWidget

    /// The slot the card is moving to or resting in.
    private(set) var slot = 0
    /// Counts moves, so that the completion of a move that a newer one retargeted stays quiet.
    private var moves = 0
    /// Counts status messages, so that only the newest one clears itself.
    private var messages = 0
    /// How long "Landed at ..." stays up.
    var statusSeconds: TimeInterval = 2

    /// Called with the card's place as GTK laid it out, once a move has settled and been painted.
    var onLanded: ((CGPoint) -> Void)?
    /// Called when the status line has cleared itself.
    var onStatusCleared: (() -> Void)?

    init(app: UnsafeMutablePointer<GtkApplication>) {
        loadStyle(
            """
            .unison-card { background: #3584e4; color: white; border-radius: 12px; font-weight: bold; }
            """)
        window = gtk_application_window_new(app)
        gtk_window_set_title(gtkCast(window), "Unison downstream")
        gtk_window_set_default_size(gtkCast(window), 480, 240)

        fixed = gtk_fixed_new()
        gtk_widget_set_size_request(fixed, 480, 160)
        gtk_widget_set_vexpand(fixed, 1)
        cardWidget = gtk_label_new("Card")
        gtk_widget_add_css_class(cardWidget, "unison-card")
        gtk_widget_set_size_request(cardWidget, 140, 96)
        gtk_fixed_put(gtkCast(fixed), cardWidget, Self.slots[0].x, Self.slots[0].y)

        button = gtk_button_new_with_label("Move card")
        status = gtk_label_new("Press the button; press it again mid-flight.")
        gtk_widget_set_hexpand(status, 1)
        gtk_label_set_xalign(gtkCast(status), 0)
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        for widget in [button, status] { gtk_box_append(gtkCast(row), widget) }
        gtk_widget_set_margin_start(row, 12)
        gtk_widget_set_margin_end(row, 12)
        gtk_widget_set_margin_bottom(row, 12)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        for widget in [fixed, row] { gtk_box_append(gtkCast(column), widget) }
        gtk_window_set_child(gtkCast(window), column)

        card = AnimatedWidget(cardWidget)
        GtkSignals.connect(button, "clicked") { [weak self] in self?.move() }
    }

    /// Sends the card to the other slot with a bouncy spring; reports where it landed.
    func move() {
        slot = 1 - slot
        moves += 1
        let move = moves
        let target = Self.slots[slot]
        showStatus("Moving to slot \(slot + 1)…")
        // `.removed`: the completion runs once the spring has settled on the target (or was
        // replaced by a newer move), not at its nominal duration.
        withAnimation(.spring(duration: 0.6, bounce: 0.3), completionCriteria: .removed) {
            card.position = target
        } completion: { [weak self] in
            guard let self, move == self.moves else { return }  // a newer move took over
            // The completion runs in the frame that presents the final value; GTK lays the card
            // out and paints it in that same frame: read its place back once that is done.
            WidgetRenderer.afterNextPaint(of: self.window) { self.landed() }
        }
    }

    /// Reads the card's place back from GTK's layout and says it.
    private func landed() {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(cardWidget, fixed, &bounds) != 0 else { return }
        let place = CGPoint(x: Double(bounds.origin.x), y: Double(bounds.origin.y))
        showStatus("Landed at (\(Int(place.x.rounded())), \(Int(place.y.rounded()))).", clearingAfter: statusSeconds)
        onLanded?(place)
    }

    /// Shows `text` in the status line; with `seconds`, clears it that long after, unless a newer
    /// message replaced it by then.
    func showStatus(_ text: String, clearingAfter seconds: TimeInterval? = nil) {
        messages += 1
        gtk_label_set_text(gtkCast(status), text)
        guard let seconds else { return }
        let message = messages
        GtkRuntime.after(seconds) { [weak self] in
            guard let self, message == self.messages else { return }
            gtk_label_set_text(gtkCast(self.status), "")
            self.onStatusCleared?()
        }
    }

    /// The status line's text, read from the `GtkLabel`.
    var statusText: String { String(cString: gtk_label_get_text(gtkCast(status))) }
}
