import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// The completion example of Apple's "Unifying your app's animations": move with `.smooth`, turn red when the animation completes.
@MainActor
public final class CompletionPage: DemoPage {
    public let title = "Completions"
    public let root: UnsafeMutablePointer<GtkWidget>
    private let view: AnimatedWidget
    private let colour: AnimatedDrawing<RGBAColor>
    private let status: UnsafeMutablePointer<GtkWidget>

    public init(context: DemoContext) {
        let scene = UI.fixed(width: 640, height: 320)
        let (tile, drawing) = UI.tile(size: 100, colour: .demoBlue, clock: context.clock)
        gtk_fixed_put(unison_example_fixed(scene), tile, 200, 200)
        view = AnimatedWidget(tile, clock: context.clock)
        colour = drawing
        status = UI.label("")
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label(
                    "Completions: UIView.animate(.smooth) { … } completion: { backgroundColor = .systemRed }",
                    bold: true),
                scene, status,
            ])
        gtk_box_append(unison_example_box(root), UI.button("Animate") { [unowned self] in play() })
    }

    public func play() {
        let there = view.position == CGPoint(x: 100, y: 100)
        colour.value.value = .demoBlue
        gtk_label_set_text(unison_example_label(status), "moving…")
        animate(.smooth) {
            view.position = there ? CGPoint(x: 200, y: 200) : CGPoint(x: 100, y: 100)
        } completion: { [weak self] in
            guard let self else { return }
            // When the animation completes, change the colour of the view.
            colour.value.value = .demoRed
            gtk_label_set_text(unison_example_label(status), "completed: red")
        }
    }

    public var isAtTarget: Bool {
        !view.positionProperty.isAnimating && view.positionProperty.presentationValue == view.position
    }
}
