import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// Swipe to dismiss (the gesture guide's pattern): drag the card; it follows the finger with an
/// interactive spring and rubber-bands vertically; released, it either flies off in the direction
/// of the fling (velocity handed to the spring) or springs back.
@MainActor
public final class GesturePage: DemoPage {
    public let title = "Gestures"
    public let root: UnsafeMutablePointer<GtkWidget>
    private let card: AnimatedWidget
    private let status: UnsafeMutablePointer<GtkWidget>
    private let width = 640.0
    private var drag: DragGesture!

    public init(context: DemoContext) {
        let fixed = UI.fixed(width: 640, height: 360)
        let (tile, _) = UI.tile(size: 160, colour: .demoBlue, clock: context.clock)
        gtk_fixed_put(unison_example_fixed(fixed), tile, 240, 100)
        card = AnimatedWidget(tile, clock: context.clock)
        status = UI.label("Drag the card; fling it to dismiss")
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label("Gestures: swipe to dismiss, velocity handed to the spring", bold: true),
                UI.clipped(fixed), status,
            ])
        drag = DragGesture(on: fixed)
        drag.onChanged = { [unowned self] value in changed(value) }
        drag.onEnded = { [unowned self] value in ended(value) }
    }

    private func changed(_ value: DragGesture.Value) {
        // Horizontal follows the finger; vertical is rubber-banded around the resting place.
        let band = RubberBand(bounds: 0...0, dimension: 360)
        animate(.interactiveSpring) {
            card.translation = CGPoint(x: value.translation.x, y: band.offset(for: Double(value.translation.y)))
            card.rotation = Double(value.translation.x) / 20
        }
    }

    private func ended(_ value: DragGesture.Value) {
        // Project where a free flick would end (0.2 s of its velocity): past half the width, dismiss.
        let projected = Double(value.translation.x) + 0.2 * Double(value.velocity.x)
        let dismissed = abs(projected) > width / 2
        gtk_label_set_text(
            unison_example_label(status),
            String(
                format: "released at %.0f px/s: %@", Double(value.velocity.x), dismissed ? "dismissed" : "back to rest")
        )
        animate(.spring(duration: 0.5, bounce: dismissed ? 0 : 0.25)) {
            card.translation = CGPoint(x: dismissed ? (projected > 0 ? 1.5 : -1.5) * width : 0, y: 0)
            card.rotation = dismissed ? (projected > 0 ? 25 : -25) : 0
            card.opacity = dismissed ? 0 : 1
        } completion: { [weak self] in
            guard let self, dismissed else { return }
            // A new card: back in place, faded in.
            withAnimation(nil) {
                card.translation = .zero
                card.rotation = 0
            }
            animate(.smooth) { card.opacity = 1 }
        }
    }

    /// The tour has no pointer: a synthetic drag (the same handlers, the velocity a finger would have).
    public func play() {
        var x = 0.0
        for step in 1...8 {
            GtkRuntime.after(0.03 * Double(step)) { [weak self] in
                guard let self else { return }
                x = 30 * Double(step)
                changed(
                    DragGesture.Value(
                        startLocation: .zero, translation: CGPoint(x: x, y: 6), velocity: CGPoint(x: 1000, y: 0)))
            }
        }
        GtkRuntime.after(0.27) { [weak self] in
            self?.ended(
                DragGesture.Value(
                    startLocation: .zero, translation: CGPoint(x: 240, y: 6), velocity: CGPoint(x: 1000, y: 0)))
        }
    }

    public var isAtTarget: Bool {
        [card.translationProperty.isAnimating, card.rotationProperty.isAnimating, card.opacityProperty.isAnimating]
            .allSatisfy { !$0 } && card.opacityProperty.presentationValue == card.opacity
    }
}
