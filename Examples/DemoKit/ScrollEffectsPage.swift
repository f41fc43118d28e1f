import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// Scroll-linked effects: cards in a `GtkScrolledWindow` fade and shrink as they enter and leave
/// the viewport (`MotionBin.scrollTransition`), every fourth card tilts with its distance from the
/// viewport's centre (`MotionBin.visualEffect`), and a label follows the scroll phase and velocity
/// (`ScrollPhaseObserver`). Scroll with the wheel or touchpad; "Scroll" animates the offset.
@MainActor
public final class ScrollEffectsPage: DemoPage {
    public let title = "Scroll effects"
    public let root: UnsafeMutablePointer<GtkWidget>
    /// The scrolled window of cards.
    public let scrolled: UnsafeMutablePointer<GtkWidget>
    /// The cards' bins, top to bottom.
    public private(set) var cards: [MotionBin] = []
    /// The scroll offset "Scroll" animates (applied to the vertical adjustment).
    public private(set) var offset: AnimatableProperty<Double>!
    /// The scroll phase and velocity of `scrolled`.
    public let observer: ScrollPhaseObserver

    private static let cardCount = 40
    private var drawings: [AnimatedDrawing<RGBAColor>] = []
    private let phaseLabel: UnsafeMutablePointer<GtkWidget>

    public init(context: DemoContext) {
        let colours: [RGBAColor] = [.demoBlue, .demoGreen, .demoAmber, .demoRed]
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_set_margin_top(column, 12)
        gtk_widget_set_margin_bottom(column, 12)
        for index in 0..<Self.cardCount {
            let (card, drawing) = UI.card(
                width: 420, height: 64, radius: 12, colour: colours[index % colours.count], clock: context.clock)
            gtk_widget_set_halign(card, GTK_ALIGN_CENTER)
            let bin = MotionBin(child: card, clock: context.clock)
            if index % 4 == 3 {
                bin.visualEffect { effects, geometry in
                    // Tilted by up to 8° with the distance from the viewport's centre.
                    let half = max(geometry.viewportSize.height / 2, 1)
                    let fromCentre = (geometry.frame.midY - half) / half
                    return effects.rotation(8 * max(min(fromCentre, 1), -1))
                }
            } else {
                bin.scrollTransition { effects, phase in
                    effects.opacity(1 - 0.7 * abs(phase.value)).scale(1 - 0.25 * abs(phase.value))
                }
            }
            gtk_box_append(unison_example_box(column), bin.widget)
            cards.append(bin)
            drawings.append(drawing)
        }
        scrolled = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(unison_example_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(unison_example_scrolled_window(scrolled), column)
        gtk_widget_set_size_request(scrolled, 640, 300)
        observer = ScrollPhaseObserver(scrolled)
        phaseLabel = UI.label("Phase: idle")
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label(
                    "Scroll effects: scrollTransition fades and shrinks cards at the edges; every fourth tilts (visualEffect)",
                    bold: true),
                scrolled,
            ])
        gtk_box_append(
            unison_example_box(root),
            UI.box(GTK_ORIENTATION_HORIZONTAL, [UI.button("Scroll") { [unowned self] in play() }, phaseLabel]))
        offset = AnimatableProperty(0.0, clock: context.clock) { [unowned self] value in
            gtk_adjustment_set_value(adjustment, value)
        }
        observer.onPhaseChange = { [unowned self] _, phase, observer in
            let text = "Phase: \(phase), \(Int(observer.velocity.y.rounded())) px/s"
            gtk_label_set_text(unison_example_label(phaseLabel), text)
        }
    }

    private var adjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_vadjustment(unison_example_scrolled_window(scrolled))
    }

    /// Scrolls 900 px down (or back to the top from there) over a second.
    public func play() {
        let current = gtk_adjustment_get_value(adjustment)
        withTransaction(Transaction()) { offset.value = current }
        animate(.easeInOut(duration: 1)) { offset.value = current < 450 ? 900 : 0 }
    }

    public var isAtTarget: Bool { !offset.isAnimating }
}
