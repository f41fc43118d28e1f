import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// Interaction states in class strings, on real GTK buttons: the reference's dropdown items
/// (`"dropdown-item active:opacity-80 animate-spring duration-150"`: hover nudges, press fades, with
/// the spring both ways) and its card (a computed class string with the `motion-card` recipe and the
/// custom `settle` preset). Hover, press, Tab through them, or untick "Delete allowed".
@MainActor
public final class StatesPage: DemoPage {
    public let title = "Interaction states"
    public let root: UnsafeMutablePointer<GtkWidget>

    /// The reference's rules: `dropdown-item` and `card` are recipes of ours (the reference's own
    /// styling is padding and colours; here they style what a MotionBin draws).
    static let rules = AnimationClassRules(
        named: [
            "dropdown-item": "hover:translate-x-1 focus-visible:scale-105",
            "card": "hover:-translate-y-1 active:scale-95",
            "motion-card": "card animate-settle duration-250",
        ],
        animations: [
            "settle": AnimationPreset { duration in .spring(duration: duration, bounce: 0.15) },
            "press": AnimationPreset(.interactiveSpring(response: 0.25, dampingFraction: 0.8)),
        ])

    private var items: [(bin: MotionBin, button: UnsafeMutablePointer<GtkWidget>)] = []
    private let card: MotionBin
    private let cardButton: UnsafeMutablePointer<GtkWidget>
    private var expanded = false

    public init(context: DemoContext) {
        let menu = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 2, [])
        gtk_widget_set_size_request(menu, 220, -1)
        let entries = [
            ("Rename", "dropdown-item active:opacity-80 animate-spring duration-150"),
            ("Duplicate", "dropdown-item active:opacity-80 animate-spring duration-150"),
            ("Rename (press preset)", "dropdown-item animate-press active:opacity-80"),
            ("Delete", "dropdown-item active:opacity-80 disabled:opacity-40 animate-spring duration-150"),
        ]
        for (label, classes) in entries {
            let button = gtk_button_new_with_label(label)!
            gtk_widget_add_css_class(button, "flat")
            gtk_widget_set_halign(gtk_button_get_child(UnsafeMutablePointer(OpaquePointer(button))), GTK_ALIGN_START)
            let bin = MotionBin(child: button, clock: context.clock)
            try! bin.setAnimationClasses(classes, rules: Self.rules)  // literals: tested to resolve
            gtk_box_append(unison_example_box(menu), bin.widget)
            items.append((bin, button))
        }
        let delete = items[3].button
        let allow = gtk_check_button_new_with_label("Delete allowed")!
        gtk_check_button_set_active(unison_example_check_button(allow), unison_example_true)
        GtkSignals.connect(allow, "toggled") {
            gtk_widget_set_sensitive(delete, gtk_check_button_get_active(unison_example_check_button(allow)))
        }
        cardButton = gtk_button_new_with_label("Details: click to expand")!
        gtk_widget_set_size_request(cardButton, 240, 110)
        card = MotionBin(child: cardButton, clock: context.clock)
        let cardHolder = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0, [card.widget])
        gtk_widget_set_size_request(cardHolder, 300, 170)
        gtk_box_set_homogeneous(unison_example_box(cardHolder), unison_example_true)
        gtk_widget_set_halign(card.widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(card.widget, GTK_ALIGN_CENTER)
        let columns = UI.box(
            GTK_ORIENTATION_HORIZONTAL, spacing: 40,
            [
                UI.box(GTK_ORIENTATION_VERTICAL, spacing: 8, [UI.label("Dropdown items", bold: true), menu, allow]),
                UI.box(GTK_ORIENTATION_VERTICAL, spacing: 8, [UI.label("Card", bold: true), cardHolder]),
            ])
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label("Interaction states: hover, press, focus and disabled in class strings", bold: true),
                UI.label(
                    "\"dropdown-item active:opacity-80 animate-spring duration-150\" — the destination state picks "
                        + "the animation,\nso the spring runs on press and on release. Tab moves the focus "
                        + "(focus-visible:scale-105)."),
                columns,
            ])
        setCardClasses()
        GtkSignals.connect(cardButton, "clicked") { [unowned self] in
            expanded.toggle()
            setCardClasses()
        }
    }

    /// The reference's computed class string: the card's scale follows `expanded`, the recipe
    /// brings hover, press and the settle preset.
    private func setCardClasses() {
        try! card.setAnimationClasses("\(expanded ? "scale-110" : "scale-100") motion-card", rules: Self.rules)
    }

    /// The tour has no pointer: GTK's own state flags are set as a pointer would (hover, press,
    /// release), and the card is clicked.
    public func play() {
        let rename = items[0].button
        gtk_widget_set_state_flags(rename, GTK_STATE_FLAG_PRELIGHT, unison_example_false)
        gtk_widget_set_state_flags(rename, GTK_STATE_FLAG_ACTIVE, unison_example_false)
        GtkRuntime.after(0.15) { [weak self] in
            guard let self else { return }
            expanded.toggle()
            setCardClasses()
        }
        GtkRuntime.after(0.3) { [weak self] in
            self?.release()
        }
    }

    public func stop() { release() }

    private func release() {
        let rename = items[0].button
        gtk_widget_unset_state_flags(rename, GTK_STATE_FLAG_ACTIVE)
        gtk_widget_unset_state_flags(rename, GTK_STATE_FLAG_PRELIGHT)
    }

    public var isAtTarget: Bool {
        !card.isAnimating && items.allSatisfy { !$0.bin.isAnimating }
    }
}
