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

/// The elastic ease-in-out, aware of where it runs: when `context.environment` says the user asked
/// for less motion (GTK's `gtk-enable-animations` off, or a value the app set on the widget or
/// around it), it is a short ease-out without the elastic overshoot instead. It adapts to reduced
/// motion, so GTK runs it where its setting makes the other animations jump.
public struct MotionAwareElasticAnimation: CustomAnimation {
    public let duration: TimeInterval
    /// How long it runs when motion is reduced (or `duration`, if that is shorter).
    public static let reducedDuration: TimeInterval = 0.2

    public init(duration: TimeInterval) { self.duration = duration }

    public var adaptsToReducedMotion: Bool { true }

    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard context.environment.accessibilityReduceMotion else {
            return ElasticEaseInEaseOutAnimation(duration: duration).animate(
                value: value, time: time, context: &context)
        }
        let length = min(duration, Self.reducedDuration)
        if time >= length { return nil }
        let rest = 1 - time / length
        return value.scaled(by: 1 - rest * rest * rest)  // a cubic ease-out: no overshoot
    }
}

extension Animation {
    public static func motionAwareElastic(duration: TimeInterval) -> Animation {
        Animation(MotionAwareElasticAnimation(duration: duration))
    }
}

/// A circle moving from one edge to the other with the elastic ease-in-out; below, the same motion
/// aware of its environment (reduced motion, right to left) and a card pushed in from the leading
/// edge, with switches that set the environment for this page.
@MainActor
public final class CustomPage: DemoPage {
    public let title = "Custom animation"
    public let root: UnsafeMutablePointer<GtkWidget>
    private let circle: AnimatedWidget
    private let awareCircle: AnimatedWidget
    private var card: Presence!
    private let status: UnsafeMutablePointer<GtkWidget>
    private var isActive = false

    public init(context: DemoContext) {
        let lane = UI.fixed(width: 640, height: 160)
        let area = Self.circle(red: 0.21, green: 0.47, blue: 0.91)
        gtk_fixed_put(unison_example_fixed(lane), area, 70, 30)
        circle = AnimatedWidget(area, clock: context.clock)

        let awareLane = UI.fixed(width: 640, height: 120)
        let awareArea = Self.circle(red: 0.18, green: 0.66, blue: 0.42, size: 80)
        gtk_fixed_put(unison_example_fixed(awareLane), awareArea, 70, 20)
        // On the window's clock like every page, yet its animations see this widget's environment.
        awareCircle = AnimatedWidget(awareArea, clock: context.clock)
        let (cardArea, _) = UI.tile(size: 90, height: 56, colour: .demoAmber, clock: context.clock)
        let cardOrigin = CGPoint(x: 530, y: 32)
        gtk_fixed_put(unison_example_fixed(awareLane), cardArea, cardOrigin.x, cardOrigin.y)
        status = UI.label("")
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label("Custom animation: ElasticEaseInEaseOutAnimation (the CustomAnimation reference)", bold: true),
                lane,
                UI.label(
                    "Aware of its environment: MotionAwareElasticAnimation reads context.environment (reduced "
                        + "motion: a 0.2 s ease-out); the card's .push(from: .leading) follows the text direction",
                    bold: true),
                awareLane,
            ])
        // The lane's clock: mapped whenever the page is shown, so the card can come back from hidden.
        card = Presence(
            isPresent: true, transition: .push(from: .leading), size: CGSize(width: 90, height: 56),
            clock: GtkFrameClock.for(awareLane),
            apply: { effects in
                gtk_fixed_move(
                    unison_example_fixed(awareLane), cardArea, cardOrigin.x + effects.offset.width,
                    cardOrigin.y + effects.offset.height)
                gtk_widget_set_opacity(cardArea, effects.opacity)
            },
            visibilityChanged: { gtk_widget_set_visible(cardArea, $0 ? unison_example_true : unison_example_false) })
        let reduce = gtk_check_button_new_with_label("Reduce motion on this page")!
        let rightToLeft = gtk_check_button_new_with_label("Right to left on this page")!
        let root = root
        GtkSignals.connect(reduce, "toggled") { [unowned self] in
            let on = gtk_check_button_get_active(unison_example_check_button(reduce)) != 0
            WidgetEnvironment.set(\.accessibilityReduceMotion, on, on: root)
            showEnvironment()
        }
        GtkSignals.connect(rightToLeft, "toggled") { [unowned self] in
            let on = gtk_check_button_get_active(unison_example_check_button(rightToLeft)) != 0
            WidgetEnvironment.set(\.layoutDirection, on ? .rightToLeft : .leftToRight, on: root)
            showEnvironment()
        }
        let controls = UI.box(
            GTK_ORIENTATION_HORIZONTAL, spacing: 16,
            [UI.button("Animate") { [unowned self] in play() }, reduce, rightToLeft, status])
        gtk_box_append(unison_example_box(root), controls)
        showEnvironment()
    }

    private static func circle(red: Double, green: Double, blue: Double, size: Int32 = 100)
        -> UnsafeMutablePointer<GtkWidget>
    {
        let area = gtk_drawing_area_new()!
        gtk_widget_set_size_request(area, size, size)
        let colour = UnsafeMutablePointer<Double>.allocate(capacity: 3)
        (colour[0], colour[1], colour[2]) = (red, green, blue)
        let draw: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
            let c = data!.assumingMemoryBound(to: Double.self)
            cairo_arc(cr, Double(width) / 2, Double(height) / 2, Double(min(width, height)) / 2, 0, 2 * .pi)
            cairo_set_source_rgb(cr, c[0], c[1], c[2])
            cairo_fill(cr)
        }
        let free: GDestroyNotify = { data in data!.assumingMemoryBound(to: Double.self).deallocate() }
        gtk_drawing_area_set_draw_func(unison_example_drawing_area(area), draw, colour, free)
        return area
    }

    /// What an animation of the aware circle sees now.
    private func showEnvironment() {
        guard let widget = awareCircle.widget else { return }
        let environment = WidgetEnvironment.resolved(for: widget)
        let direction = environment.layoutDirection == .rightToLeft ? "right to left" : "left to right"
        gtk_label_set_text(
            unison_example_label(status),
            "environment: \(direction), reduce motion \(environment.accessibilityReduceMotion ? "on" : "off")")
    }

    public func play() {
        isActive.toggle()
        showEnvironment()
        withAnimation(.elasticEaseInEaseOut(duration: 1.5)) {
            circle.translation = CGPoint(x: isActive ? 400 : 0, y: 0)
        }
        withAnimation(.motionAwareElastic(duration: 1.5)) {
            awareCircle.translation = CGPoint(x: isActive ? 360 : 0, y: 0)
        }
        withAnimation(.smooth(duration: 0.6)) { card.isPresent.toggle() }
    }

    public var isAtTarget: Bool {
        !circle.translationProperty.isAnimating && circle.translationProperty.presentationValue == circle.translation
            && !awareCircle.translationProperty.isAnimating
            && awareCircle.translationProperty.presentationValue == awareCircle.translation && !card.isAnimating
    }
}
