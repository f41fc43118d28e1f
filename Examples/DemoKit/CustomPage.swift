import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// The elastic ease-in-out of Apple's `CustomAnimation` documentation, written as a `CustomAnimation` exactly as in SwiftUI.
public struct ElasticEaseInEaseOutAnimation: CustomAnimation {
    public let duration: TimeInterval

    public init(duration: TimeInterval) { self.duration = duration }

    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        if time > duration { return nil }  // The animation has finished.
        let p = time / duration
        let s = sin((20 * p - 11.125) * ((2 * Double.pi) / 4.5))
        if p < 0.5 {
            return value.scaled(by: -(pow(2, 20 * p - 10) * s) / 2)
        } else {
            return value.scaled(by: (pow(2, -20 * p + 10) * s) / 2 + 1)
        }
    }
}

extension Animation {
    public static var elasticEaseInEaseOut: Animation { elasticEaseInEaseOut(duration: 0.35) }
    public static func elasticEaseInEaseOut(duration: TimeInterval) -> Animation {
        Animation(ElasticEaseInEaseOutAnimation(duration: duration))
    }
}

/// A circle moving from one edge to the other with the elastic ease-in-out.
@MainActor
public final class CustomPage: DemoPage {
    public let title = "Custom animation"
    public let root: UnsafeMutablePointer<GtkWidget>
    private let circle: AnimatedWidget
    private var isActive = false

    public init(context: DemoContext) {
        let lane = UI.fixed(width: 640, height: 160)
        let area = gtk_drawing_area_new()!
        gtk_widget_set_size_request(area, 100, 100)
        let draw: GtkDrawingAreaDrawFunc = { _, cr, width, height, _ in
            cairo_arc(cr, Double(width) / 2, Double(height) / 2, Double(min(width, height)) / 2, 0, 2 * .pi)
            cairo_set_source_rgb(cr, 0.21, 0.47, 0.91)
            cairo_fill(cr)
        }
        gtk_drawing_area_set_draw_func(unison_example_drawing_area(area), draw, nil, nil)
        gtk_fixed_put(unison_example_fixed(lane), area, 70, 30)
        circle = AnimatedWidget(area, clock: context.clock)
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label("Custom animation: ElasticEaseInEaseOutAnimation (the CustomAnimation reference)", bold: true),
                lane,
            ])
        gtk_box_append(unison_example_box(root), UI.button("Animate") { [unowned self] in play() })
    }

    public func play() {
        isActive.toggle()
        withAnimation(.elasticEaseInEaseOut(duration: 1.5)) {
            circle.translation = CGPoint(x: isActive ? 400 : 0, y: 0)
        }
    }

    public var isAtTarget: Bool {
        !circle.translationProperty.isAnimating && circle.translationProperty.presentationValue == circle.translation
    }
}
