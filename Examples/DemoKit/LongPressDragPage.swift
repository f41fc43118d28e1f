import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// A long press, then a drag (SwiftUI's `LongPressGesture().sequenced(before: DragGesture())`):
/// press and hold the card; it gives a little while pressed, lifts once the press is
/// recognised, then follows the pointer. Released, it springs to the slot nearest where it
/// would coast to, starting at the pointer's speed. A press released early, or a drag
/// without the press, leaves it where it is.
@MainActor
public final class LongPressDragPage: DemoPage {
    public let title = "Long press, then drag"
    public let root: UnsafeMutablePointer<GtkWidget>
    /// The card.
    let card: AnimatedWidget
    /// The slots' origins (in the page's drawing area); the card rests in one of them.
    let slots = [CGPoint(x: 60, y: 130), CGPoint(x: 250, y: 130), CGPoint(x: 440, y: 130)]
    let cardSize = CGSize(width: 140, height: 90)
    /// The slot the card rests in.
    private(set) var slot = 0
    private var lifted = false
    private let status: UnsafeMutablePointer<GtkWidget>
    typealias PressThenDrag = SequenceRecognizer<LongPressRecognizer, DragRecognizer>
    private var gesture: WidgetGesture<PressThenDrag>!
    private let played = GestureHandler(PressThenDrag.page)
    private let script = GestureScript()

    public init(context: DemoContext) {
        let fixed = UI.fixed(width: 640, height: 360)
        for origin in slots {
            let outline = gtk_drawing_area_new()!
            gtk_drawing_area_set_content_width(unison_example_drawing_area(outline), Int32(cardSize.width))
            gtk_drawing_area_set_content_height(unison_example_drawing_area(outline), Int32(cardSize.height))
            let draw: GtkDrawingAreaDrawFunc = { _, cr, width, height, _ in
                roundedRect(cr!, 1, 1, Double(width) - 2, Double(height) - 2, radius: 8)
                cairo_set_source_rgba(cr, 0.5, 0.5, 0.5, 0.5)
                cairo_set_line_width(cr, 2)
                cairo_stroke(cr)
            }
            gtk_drawing_area_set_draw_func(unison_example_drawing_area(outline), draw, nil, nil)
            gtk_fixed_put(unison_example_fixed(fixed), outline, origin.x, origin.y)
        }
        let (tile, _) = UI.tile(
            size: Int32(cardSize.width), height: Int32(cardSize.height), colour: .demoRed, clock: context.clock)
        gtk_fixed_put(unison_example_fixed(fixed), tile, slots[0].x, slots[0].y)
        card = AnimatedWidget(tile, clock: context.clock)
        status = UI.label("Press and hold the card, then drag it to another slot")
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [UI.label("Long press, then drag: sequenced gestures", bold: true), fixed, status])
        gesture = WidgetGesture(on: fixed, PressThenDrag.page)
        for handler in [gesture.handler, played] {
            handler.onChanged = { [unowned self, unowned handler] value in
                changed(value, pressedAt: handler.recognizer.first.location)
            }
            handler.onEnded = { [unowned self] value in ended(value) }
            handler.onCancelled = { [unowned self] in putDown(velocity: .zero, to: slot, note: "released too early") }
        }
    }

    /// Where the card rests in `slot`, as a translation from slot 0.
    private func offset(of slot: Int) -> CGPoint {
        CGPoint(x: slots[slot].x - slots[0].x, y: slots[slot].y - slots[0].y)
    }

    /// Whether `point` is on the card where it rests.
    private func isOnCard(_ point: CGPoint?) -> Bool {
        guard let point else { return false }
        let origin = slots[slot]
        return point.x >= origin.x && point.x <= origin.x + cardSize.width && point.y >= origin.y
            && point.y <= origin.y + cardSize.height
    }

    private func changed(_ value: PressThenDrag.Value, pressedAt press: CGPoint?) {
        guard isOnCard(press) else { return }
        switch value {
        case .first:
            // Pressing: the card gives a little over the press's duration.
            animate(.easeOut(duration: 0.4)) { card.scale = CGSize(width: 0.95, height: 0.95) }
        case .second(_, let drag):
            if !lifted {
                lifted = true
                gtk_label_set_text(unison_example_label(status), "Lifted: drag it")
                animate(.bouncy) {
                    card.scale = CGSize(width: 1.1, height: 1.1)
                    card.opacity = 0.9
                }
            }
            guard let drag else { return }
            let home = offset(of: slot)
            animate(.interactiveSpring) {
                card.translation = CGPoint(x: home.x + drag.translation.x, y: home.y + drag.translation.y)
            }
        }
    }

    private func ended(_ value: PressThenDrag.Value) {
        guard lifted, case .second(_, let drag) = value else { return }
        guard let drag else {
            putDown(velocity: .zero, to: slot, note: "put down where it was")
            return
        }
        // The slot nearest where the card would coast to under UIKit's fast friction (0.99 per ms:
        // a tenth of a second's travel), so a fling carries it one slot on, not off the page.
        let home = offset(of: slot)
        let coast = project(drag.translation.animatableData, velocity: drag.velocity.animatableData, rate: .fast)
        let target = CGPoint(x: home.x + coast.first, y: home.y + coast.second)
        let nearest = slots.indices.min { a, b in
            hypot(offset(of: a).x - target.x, offset(of: a).y - target.y)
                < hypot(offset(of: b).x - target.x, offset(of: b).y - target.y)
        }!
        putDown(
            velocity: drag.velocity, to: nearest,
            note: String(format: "released at %.0f pt/s: slot %d", Double(drag.velocity.x), nearest + 1))
    }

    /// Springs the card into `slot`, starting at `velocity`.
    private func putDown(velocity: CGPoint, to slot: Int, note: String) {
        lifted = false
        self.slot = slot
        gtk_label_set_text(unison_example_label(status), note)
        card.translationProperty.handOff(velocity: velocity.animatableData)
        animate(.spring(duration: 0.5, bounce: 0.2)) {
            card.translation = offset(of: slot)
            card.scale = CGSize(width: 1, height: 1)
            card.opacity = 1
        }
    }

    /// Press the card, hold, and fling it one slot to the right (or back to the first).
    public func play() {
        let start = CGPoint(x: slots[slot].x + 70, y: slots[slot].y + 45)
        let next = slot == slots.count - 1 ? 0 : slot + 1
        let end = CGPoint(x: start.x + offset(of: next).x - offset(of: slot).x, y: start.y)
        script.play(GestureScript.drag(from: start, to: end, hold: 0.45, duration: 0.3), into: played)
    }

    public var isAtTarget: Bool {
        !script.isRunning && !card.translationProperty.isAnimating && !card.scaleProperty.isAnimating
            && !card.opacityProperty.isAnimating && card.translationProperty.presentationValue == card.translation
    }
}

extension SequenceRecognizer<LongPressRecognizer, DragRecognizer> {
    /// The page's gesture: a 0.4 s press, then a drag from where the press was recognised.
    static var page: Self {
        LongPressRecognizer(minimumDuration: 0.4).sequenced(before: DragRecognizer(minimumDistance: 0))
    }
}
