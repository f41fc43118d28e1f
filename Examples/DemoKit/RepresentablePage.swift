import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// The bead box of Apple's "Unifying your app's animations": a representable whose lid opens through an animated binding.
@MainActor
public final class BeadBox {
    let lid: AnimatedWidget
    init(lid: AnimatedWidget) { self.lid = lid }
}

struct BeadBoxWrapper: WidgetRepresentable {
    @Binding var isOpen: Bool
    let make: @MainActor () -> BeadBox

    func makeWidget(context: RepresentableContext) -> BeadBox { make() }

    func updateWidget(_ box: BeadBox, context: RepresentableContext) {
        context.animate {
            box.lid.translation = CGPoint(x: 0, y: isOpen ? -80 : 0)
            box.lid.rotation = isOpen ? -12 : 0
        }
    }
}

@MainActor
public final class RepresentablePage: DemoPage {
    public let title = "Representable"
    public let root: UnsafeMutablePointer<GtkWidget>
    private let isOpen = State(false)
    private var host: RepresentableHost<BeadBoxWrapper>!

    public init(context: DemoContext) {
        let scene = UI.fixed(width: 640, height: 340)
        let (body, _) = UI.tile(size: 160, colour: .demoAmber, clock: context.clock)
        gtk_fixed_put(unison_example_fixed(scene), body, 240, 170)
        let (lid, _) = UI.tile(size: 180, height: 28, colour: .demoRed, clock: context.clock)
        gtk_fixed_put(unison_example_fixed(scene), lid, 230, 144)
        let clock = context.clock
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label("Representable: BeadBoxWrapper($isOpen.animated()) with context.animate", bold: true), scene,
            ])
        host = RepresentableHost(
            BeadBoxWrapper(
                isOpen: isOpen.binding.animated(.bouncy), make: { BeadBox(lid: AnimatedWidget(lid, clock: clock)) }),
            observing: isOpen)
        gtk_box_append(unison_example_box(root), UI.button("Open / close the lid") { [unowned self] in play() })
    }

    /// The tap: toggled through the animated binding.
    public func play() {
        host.representable.isOpen.toggle()
    }

    public var isAtTarget: Bool {
        !host.widget.lid.translationProperty.isAnimating
            && host.widget.lid.translationProperty.presentationValue == host.widget.lid.translation
    }
}
