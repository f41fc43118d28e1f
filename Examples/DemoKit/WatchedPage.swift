import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// The second half of the animation-class reference: watched values, scopes and content
/// transitions. Its three examples, ported: the expandable details (`.all`: the card's padding,
/// the inserted row with its opacity transition and the layout around it), the padded label
/// (`.layout`: its size and place animate, its content would change at once) and the counter
/// (`.content` with `.numericText()`: the digits roll, the surface around them changes at once).
@MainActor
public final class WatchedPage: DemoPage {
    public let title = "Watched values and content"
    public let root: UnsafeMutablePointer<GtkWidget>

    private let details: MotionBin
    private let more: MotionBin
    private let steady: ContentLabel
    private let counter: ContentLabel
    private var expanded = false
    private var count = 0

    public init(context: DemoContext) {
        UI.loadStyle()  // the reference's colour, corner and type classes, as CSS
        // 1. Details: `.tw("\(expanded ? "p-6 rounded-xl" : "p-3 rounded-md") bg-surface animate-smooth
        //    duration-300", value: expanded)` over a VStack whose second row has `.transition(.opacity)`.
        let toggle = gtk_button_new_with_label("Toggle")!
        more = MotionBin(
            child: UI.label("More details: the row fades in, the card grows around it"),
            transition: .opacity, isPresent: false, clock: context.clock)
        let stack = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 6, [UI.label("Details", bold: true), more.widget, toggle])
        details = MotionBin(child: stack, clock: context.clock)
        gtk_widget_set_halign(details.widget, GTK_ALIGN_START)
        // 2. A steady label: `.tw("p-[\(expanded ? 32 : 12)] rounded-xl bg-accent animate-spring",
        //    value: expanded, animationScope: .layout)`.
        steady = ContentLabel(text: "A steady label", clock: context.clock)
        gtk_widget_set_halign(steady.widget, GTK_ALIGN_START)
        // 3. The counter: `Text("\(count)").contentTransition(.numericText()).tw("text-xl animate-smooth",
        //    value: count, animationScope: .content)`.
        counter = ContentLabel(text: "0", contentTransition: .numericText(), clock: context.clock)
        gtk_widget_set_halign(counter.widget, GTK_ALIGN_START)
        let minus = gtk_button_new_with_label("−")!
        let plus = gtk_button_new_with_label("+")!
        let plusTen = gtk_button_new_with_label("+10")!
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 12,
            [
                UI.label("Watched values, scopes and content transitions", bold: true),
                UI.label(
                    "Only the watched value enables a preset; .layout animates size and place, .content what is "
                        + "inside (digits roll with .numericText()), .all everything."),
                UI.box(
                    GTK_ORIENTATION_HORIZONTAL, spacing: 40,
                    [
                        UI.box(
                            GTK_ORIENTATION_VERTICAL, spacing: 8,
                            [UI.label(".all (default)", bold: true), details.widget]),
                        UI.box(GTK_ORIENTATION_VERTICAL, spacing: 8, [UI.label(".layout", bold: true), steady.widget]),
                        UI.box(
                            GTK_ORIENTATION_VERTICAL, spacing: 8,
                            [
                                UI.label(".content + .numericText()", bold: true), counter.widget,
                                UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4, [minus, plus, plusTen]),
                            ]),
                    ]),
            ])
        restyle()
        GtkSignals.connect(toggle, "clicked") { [unowned self] in toggleExpanded() }
        GtkSignals.connect(minus, "clicked") { [unowned self] in changeCount(by: -1) }
        GtkSignals.connect(plus, "clicked") { [unowned self] in changeCount(by: 1) }
        GtkSignals.connect(plusTen, "clicked") { [unowned self] in changeCount(by: 10) }
    }

    private func toggleExpanded() {
        expanded.toggle()
        restyle()
    }

    private func changeCount(by step: Int) {
        count += step
        restyle()
    }

    /// The three `.tw` calls: literals tested to resolve (a wrong one would throw here, on start).
    private func restyle() {
        let expanded = self.expanded
        try! details.setAnimationClasses(
            "\(expanded ? "p-6 rounded-xl" : "p-3 rounded-md") bg-surface animate-smooth duration-300",
            value: expanded
        ) {
            more.isPresent = expanded
        }
        try! steady.setAnimationClasses(
            "p-[\(CGFloat(expanded ? 32 : 12))] rounded-xl bg-accent animate-spring", value: expanded, scope: .layout
        ) {
            steady.text = expanded ? "A steady label, expanded" : "A steady label"  // content: at once
        }
        let count = self.count
        try! counter.setAnimationClasses(
            "p-2 rounded-md bg-surface text-xl animate-smooth", value: count, scope: .content
        ) {
            counter.text = "\(count)"
        }
    }

    /// Expands the details and the label, and counts 0 → 1 → 9 → 10 (the tens digit arrives).
    public func play() {
        toggleExpanded()
        changeCount(by: 1)
        GtkRuntime.after(0.45) { [weak self] in self?.changeCount(by: 8) }
        GtkRuntime.after(0.9) { [weak self] in self?.changeCount(by: 1) }
    }

    public var isAtTarget: Bool {
        !details.isAnimating && !more.isAnimating && !steady.bin.isAnimating && !steady.isTransitioning
            && !counter.bin.isAnimating && !counter.isTransitioning
    }
}
