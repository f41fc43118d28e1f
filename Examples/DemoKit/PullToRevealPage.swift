import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// Pull to reveal (the gesture guide's pattern): drag the list down; it follows the finger,
/// rubber-banding once past the header's height. Released past the threshold (or flicked
/// towards it) it opens to show the header, and closes by itself a moment later; released
/// short of it, it springs back, starting at the speed the finger left it with.
@MainActor
public final class PullToRevealPage: DemoPage {
    public let title = "Pull to reveal"
    public let root: UnsafeMutablePointer<GtkWidget>
    /// The list that is pulled.
    let list: AnimatedWidget
    /// The header behind it: fades and turns in as the list is pulled.
    let header: AnimatedWidget
    /// How far the list must be pulled to reveal the header (and how far it opens).
    let threshold = 80.0
    /// Whether the header is revealed.
    private(set) var isRevealed = false
    private let status: UnsafeMutablePointer<GtkWidget>
    private var drag: WidgetGesture<DragRecognizer>!
    private let played = GestureHandler(DragRecognizer())
    private let script = GestureScript()
    /// A close is pending (revealed, closing by itself soon); each reveal or pull is a new generation.
    private var closePending = false
    private var generation = 0
    /// Where the list rests when the pull began.
    private var base = 0.0

    public init(context: DemoContext) {
        let fixed = UI.fixed(width: 640, height: 360)
        gtk_widget_set_overflow(fixed, GTK_OVERFLOW_HIDDEN)
        let (arrow, _) = UI.tile(size: 40, colour: .demoAmber, clock: context.clock)
        gtk_fixed_put(unison_example_fixed(fixed), arrow, 300, 20)
        header = AnimatedWidget(arrow, clock: context.clock)
        let rows = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 6, [])
        for (index, colour) in [RGBAColor.demoBlue, .demoGreen, .demoRed, .demoBlue, .demoGreen].enumerated() {
            let (row, _) = UI.tile(size: 400, height: 56, colour: colour, clock: context.clock)
            gtk_widget_set_opacity(row, 1 - 0.12 * Double(index))
            gtk_box_append(unison_example_box(rows), row)
        }
        gtk_fixed_put(unison_example_fixed(fixed), rows, 120, 0)
        list = AnimatedWidget(rows, clock: context.clock)
        status = UI.label("Pull the list down past the amber marker, or not quite")
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label("Pull to reveal: past the threshold it opens, short of it it springs back", bold: true), fixed,
                status,
            ])
        withAnimation(nil) { header.opacity = 0 }
        drag = WidgetGesture(on: fixed, DragRecognizer())
        for handler in [drag.handler, played] {
            handler.onChanged = { [unowned self] value in changed(value) }
            handler.onEnded = { [unowned self] value in ended(value) }
            handler.onCancelled = { [unowned self] in release(velocity: 0, open: false) }
        }
    }

    /// Past `threshold` the list follows the finger less and less (scroll views' rubber band).
    private var band: RubberBand { RubberBand(bounds: 0...threshold, dimension: 360) }

    private func changed(_ value: DragRecognizer.Value) {
        if closePending {  // a pull cancels the pending close
            closePending = false
            generation += 1
        }
        let offset = band.offset(for: base + Double(value.translation.y))
        let progress = min(max(offset / threshold, 0), 1)
        animate(.interactiveSpring) {
            list.translation = CGPoint(x: 0, y: offset)
            header.opacity = progress
            header.rotation = 180 * progress
        }
    }

    private func ended(_ value: DragRecognizer.Value) {
        let pulled = base + Double(value.translation.y)
        // The list moves at the finger's speed times the rubber band's slope where it is.
        let slope = band.offset(for: pulled + 0.5) - band.offset(for: pulled - 0.5)
        let velocity = Double(value.velocity.y) * slope
        // Open when pulled past the threshold, or flicked so that it would coast past it.
        let projected = pulled + 0.2 * Double(value.velocity.y)
        release(velocity: velocity, open: pulled >= threshold || projected >= 1.5 * threshold)
    }

    /// Springs open or back, starting at `velocity` (points per second).
    private func release(velocity: Double, open: Bool) {
        isRevealed = open
        base = open ? threshold : 0
        gtk_label_set_text(
            unison_example_label(status),
            open
                ? "Revealed: closes by itself in a second"
                : String(format: "Threshold not met: springs back at %+.0f pt/s", velocity))
        list.translationProperty.handOff(velocity: CGPoint(x: 0, y: velocity).animatableData)
        animate(.spring(duration: 0.5, bounce: open ? 0.15 : 0.1)) {
            list.translation = CGPoint(x: 0, y: base)
            header.opacity = open ? 1 : 0
            header.rotation = open ? 180 : 0
        }
        guard open else { return }
        closePending = true
        generation += 1
        let current = generation
        GtkRuntime.after(1) { [weak self] in
            guard let self, closePending, generation == current else { return }
            close()
        }
    }

    /// Closes the revealed header (as when a refresh finishes).
    func close() {
        isRevealed = false
        base = 0
        closePending = false
        gtk_label_set_text(unison_example_label(status), "Closed")
        animate(.smooth) {
            list.translation = .zero
            header.opacity = 0
            header.rotation = 0
        }
    }

    /// A pull short of the threshold, which springs back; then one past it, which reveals.
    public func play() {
        let short = GestureScript.drag(from: CGPoint(x: 300, y: 100), to: CGPoint(x: 300, y: 150), duration: 0.25)
        let long = GestureScript.drag(from: CGPoint(x: 300, y: 100), to: CGPoint(x: 300, y: 260), duration: 0.3)
        script.play(short + long.map { GestureEvent($0.input, at: $0.time + 0.9) }, into: played)
    }

    public var isAtTarget: Bool {
        !script.isRunning && !closePending && !list.translationProperty.isAnimating
            && !header.opacityProperty.isAnimating && list.translationProperty.presentationValue == list.translation
    }
}
