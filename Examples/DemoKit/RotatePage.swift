import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

extension AnyTransition {
    /// The guide's custom transition: a quarter turn about the top-leading corner, faded out
    /// (SwiftUI's `.modifier(active: RotateTransition(angle: -90, anchor: .topLeading),
    /// identity: RotateTransition(angle: 0, anchor: .topLeading))`).
    static var rotate: AnyTransition {
        .modifier(
            active: TransitionEffects(opacity: 0, rotation: -90, anchor: .topLeading),
            identity: TransitionEffects(anchor: .topLeading))
    }
}

/// `Text("Rotating in!").transition(.rotate)`: three cards that turn out about their top-leading
/// corners and back in, a little apart. They sit in a `GtkFixed` so that a card hidden after its
/// exit moves none of the others.
@MainActor
public final class RotatePage: DemoPage {
    public let title = "Transitions: custom"
    public let root: UnsafeMutablePointer<GtkWidget>
    private let cards: [MotionBin]
    private var pendingSteps = 0

    public init(context: DemoContext) {
        UI.loadStyle()
        let stage = UI.fixed(width: 640, height: 330)
        var cards: [MotionBin] = []
        for index in 0..<3 {
            let card = MotionBin(
                child: UI.styled("Rotating in!", "unison-rotate-card"), transition: .rotate, clock: context.clock)
            card.collapse = .none  // the card's place stays while it turns
            gtk_fixed_put(unison_example_fixed(stage), card.widget, 40 + 200 * Double(index), 190)
            cards.append(card)
        }
        self.cards = cards
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label("Custom transition: .modifier(active:identity:), −90° about .topLeading, faded", bold: true),
                stage,
            ])
        gtk_box_append(unison_example_box(root), UI.button("Toggle") { [unowned self] in toggle() })
    }

    /// Turns every card out (or in), each 0.1 s after the one before it.
    func toggle() {
        let present = !(cards.first?.isPresent ?? true)
        for (index, card) in cards.enumerated() {
            withAnimation(.spring(duration: 0.6).delay(0.1 * Double(index))) { card.isPresent = present }
        }
    }

    /// The tour: the cards turn out, then back in.
    public func play() {
        toggle()
        pendingSteps += 1
        GtkRuntime.after(0.8) { [weak self] in
            guard let self else { return }
            pendingSteps -= 1
            toggle()
        }
    }

    public var isAtTarget: Bool { pendingSteps == 0 && cards.allSatisfy { !$0.isAnimating } }
}
