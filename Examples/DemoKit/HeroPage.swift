import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// The gesture guide's hero card (`matchedGeometryEffect`): a 100 × 100 card and a 300-tall one
/// share an id; tapping either swaps them in one spring, and the one that appears is drawn from
/// the other's frame to its own while they cross-fade.
///
/// SwiftUI's original:
/// ```swift
/// if isExpanded {
///     RoundedRectangle(cornerRadius: 20).fill(.blue)
///         .matchedGeometryEffect(id: "card", in: animation).frame(height: 300)
/// } else {
///     RoundedRectangle(cornerRadius: 10).fill(.blue)
///         .matchedGeometryEffect(id: "card", in: animation).frame(width: 100, height: 100)
/// }
/// ```
@MainActor
public final class HeroPage: DemoPage {
    public let title = "Matched geometry"
    public let root: UnsafeMutablePointer<GtkWidget>
    private let animation = GeometryNamespace()
    private let small: MotionBin
    private let large: MotionBin
    private var drawings: [AnyObject] = []
    private var isExpanded = false

    public init(context: DemoContext) {
        let (smallCard, smallDrawing) = UI.card(
            width: 100, height: 100, radius: 10, colour: .demoBlue, clock: context.clock)
        let (largeCard, largeDrawing) = UI.card(
            width: 560, height: 300, radius: 20, colour: .demoBlue, clock: context.clock)
        drawings = [smallDrawing, largeDrawing]
        small = MotionBin(child: smallCard, clock: context.clock)
        large = MotionBin(child: largeCard, isPresent: false, clock: context.clock)
        small.matchedGeometry(id: "card", in: animation)
        large.matchedGeometry(id: "card", in: animation)
        gtk_widget_set_halign(small.widget, GTK_ALIGN_CENTER)
        let stage = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0, [small.widget, large.widget])
        gtk_widget_set_size_request(stage, 600, 340)
        gtk_widget_set_valign(stage, GTK_ALIGN_START)
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label("Matched geometry: the guide's hero card (matchedGeometryEffect), tap the card", bold: true),
                stage,
                UI.label("withAnimation(.spring(response: 0.4, dampingFraction: 0.8)) { isExpanded.toggle() }"),
            ])
        for card in [smallCard, largeCard] {
            let click = gtk_gesture_click_new()!
            GtkSignals.connectPressed(click, "released") { [unowned self] _, _, _ in play() }
            gtk_widget_add_controller(card, click)
        }
    }

    /// Taps the card: the two swap, morphing.
    public func play() {
        isExpanded.toggle()
        withAnimation(.spring(response: 0.4, dampingFraction: 0.8)) {
            small.isPresent = !isExpanded
            large.isPresent = isExpanded
        }
    }

    public var isAtTarget: Bool { !small.isAnimating && !large.isAnimating }
}
