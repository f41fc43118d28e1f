import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// Timing curves side by side, and the modifiers: delay, speed, repeatCount, repeatForever.
@MainActor
public final class CurvesPage: DemoPage {
    public let title = "Curves & modifiers"
    public let root: UnsafeMutablePointer<GtkWidget>
    private var rows: [(widget: AnimatedWidget, animation: Animation)] = []
    private var forever: AnimatedWidget!
    private var outward = false

    public init(context: DemoContext) {
        let lane = UI.fixed(width: 640, height: 420)
        let table: [(String, Animation)] = [
            ("linear", .linear(duration: 0.8)), ("easeIn", .easeIn(duration: 0.8)),
            ("easeOut", .easeOut(duration: 0.8)),
            ("easeInOut", .easeInOut(duration: 0.8)),
            ("circularEaseInOut", .timingCurve(.circularEaseInOut, duration: 0.8)),
            ("timingCurve(0.2, 1.4, 0.6, 1)", .timingCurve(0.2, 1.4, 0.6, 1, duration: 0.8)),
            ("easeInOut.delay(0.3)", .easeInOut(duration: 0.8).delay(0.3)),
            ("easeInOut.speed(2)", .easeInOut(duration: 0.8).speed(2)),
            ("easeInOut.repeatCount(3)", .easeInOut(duration: 0.4).repeatCount(3)),
        ]
        for (index, row) in table.enumerated() {
            let y = Double(index * 42 + 4)
            gtk_fixed_put(unison_example_fixed(lane), UI.label(row.0), 0, y + 6)
            let (tile, _) = UI.tile(size: 30, colour: .demoGreen, clock: context.clock)
            gtk_fixed_put(unison_example_fixed(lane), tile, 230, y)
            rows.append((AnimatedWidget(tile, clock: context.clock), row.1))
        }
        let y = Double(table.count * 42 + 4)
        gtk_fixed_put(unison_example_fixed(lane), UI.label("repeatForever"), 0, y + 6)
        let (tile, _) = UI.tile(size: 30, colour: .demoAmber, clock: context.clock)
        gtk_fixed_put(unison_example_fixed(lane), tile, 230, y)
        forever = AnimatedWidget(tile, clock: context.clock)
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10, [UI.label("Timing curves and modifiers", bold: true), lane])
        gtk_box_append(
            unison_example_box(root),
            UI.box(
                GTK_ORIENTATION_HORIZONTAL,
                [
                    UI.button("Animate") { [unowned self] in play() },
                    UI.button("Start / stop repeatForever") { [unowned self] in toggleForever() },
                ]))
    }

    public func play() {
        outward.toggle()
        for row in rows {
            withAnimation(row.animation) { row.widget.translation = CGPoint(x: outward ? 360 : 0, y: 0) }
        }
        if !forever.translationProperty.isAnimating { toggleForever() }
    }

    private func toggleForever() {
        if forever.translationProperty.isAnimating {
            stop()
        } else {
            withAnimation(.easeInOut(duration: 0.6).repeatForever()) { forever.translation = CGPoint(x: 360, y: 0) }
        }
    }

    public func stop() {
        forever.translationProperty.finishAnimations()
    }

    public var isAtTarget: Bool {
        (rows.map(\.widget) + [forever]).allSatisfy {
            !$0.translationProperty.isAnimating && $0.translationProperty.presentationValue == $0.translation
        }
    }
}
