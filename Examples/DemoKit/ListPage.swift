import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// A list in a plain `GtkBox`, each row a `MotionBin`: inserted rows slide in while the space
/// they take opens, removed rows slide out while it closes, and a shuffle in `withAnimation`
/// glides every row from its old place to its new one (layout animation: the box lays out once,
/// each bin is drawn from where it was).
@MainActor
public final class ListPage: DemoPage {
    public let title = "Layout: list"
    public let root: UnsafeMutablePointer<GtkWidget>
    private let context: DemoContext
    private let list: UnsafeMutablePointer<GtkWidget>
    /// The rows on the list, in order.
    private var rows: [MotionBin] = []
    /// Rows on their way out: held until their removal has finished (releasing a `MotionBin`
    /// ends its animations at once).
    private var leaving: [MotionBin] = []
    private var nextNumber = 1
    private var random = SeededRandom(seed: 12)
    /// The tour's steps, scheduled and not yet run.
    private let tourSteps = TourSteps()

    private static let colours: [RGBAColor] = [.demoBlue, .demoRed, .demoGreen, .demoAmber]
    private static let animation = Animation.spring(duration: 0.5, bounce: 0.15)

    public init(context: DemoContext) {
        UI.loadStyle()
        self.context = context
        // No spacing: a removed row's space closes to nothing before it leaves the box (the gap
        // between rows is each row's margin, inside its bin, so it collapses with the row).
        list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_size_request(list, 320, -1)
        gtk_widget_set_halign(list, GTK_ALIGN_START)
        let frame = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0, [list])
        gtk_widget_set_size_request(frame, -1, 390)  // room for seven rows: the page keeps its height
        let buttons = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [])
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label("Layout animation: a GtkBox of MotionBin rows (insert, remove, shuffle)", bold: true),
                buttons, frame,
            ])
        for button in [
            UI.button("Insert") { [unowned self] in insert(at: Int.random(in: 0...rows.count)) },
            UI.button("Remove") { [unowned self] in if !rows.isEmpty { remove(at: Int.random(in: rows.indices)) } },
            UI.button("Shuffle") { [unowned self] in shuffle() },
        ] {
            gtk_box_append(unison_example_box(buttons), button)
        }
        for _ in 0..<5 { append(makeRow()) }
    }

    /// A row: a coloured tile and a label, on a rounded background, wrapped in a `MotionBin` that
    /// slides in from the leading edge and fades.
    private func makeRow() -> MotionBin {
        let number = nextNumber
        nextNumber += 1
        let (tile, _) = UI.tile(
            size: 28, colour: Self.colours[(number - 1) % Self.colours.count], clock: context.clock)
        let row = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [tile, UI.label("Item \(number)")])
        gtk_widget_add_css_class(row, "unison-row")
        gtk_widget_set_margin_bottom(row, 6)
        let bin = MotionBin(
            child: row, transition: .move(edge: .leading).combined(with: .opacity), isPresent: false,
            clock: context.clock)
        bin.collapse = .vertical  // rows below move down as it opens, up as it closes
        return bin
    }

    private func append(_ bin: MotionBin) {
        gtk_box_append(unison_example_box(list), bin.widget)
        bin.isPresent = true  // outside a transaction: there at once
        rows.append(bin)
    }

    /// Inserts a new row at `index`: it slides in while the rows below glide down.
    func insert(at index: Int) {
        let index = min(max(index, 0), rows.count)
        let bin = makeRow()
        gtk_box_insert_child_after(unison_example_box(list), bin.widget, index == 0 ? nil : rows[index - 1].widget)
        rows.insert(bin, at: index)
        withAnimation(Self.animation) { bin.isPresent = true }
    }

    /// Removes the row at `index`: it slides out, the rows below glide up, then it leaves the box.
    func remove(at index: Int) {
        guard rows.indices.contains(index) else { return }
        let bin = rows.remove(at: index)
        leaving.append(bin)
        withAnimation(Self.animation, completionCriteria: .removed) {
            bin.removeFromParent()
        } completion: { [weak self] in
            self?.leaving.removeAll { $0 === bin }
        }
    }

    /// Reorders the box's children in an animated transaction: GTK lays the box out once, and
    /// each row is drawn gliding from where it was (FLIP).
    func shuffle() {
        var order = rows
        while rows.count > 1, order.map(ObjectIdentifier.init) == rows.map(ObjectIdentifier.init) {
            order.shuffle(using: &random)
        }
        rows = order
        withAnimation(Self.animation) {
            var previous: UnsafeMutablePointer<GtkWidget>?
            for bin in rows {
                gtk_box_reorder_child_after(unison_example_box(list), bin.widget, previous)
                previous = bin.widget
            }
        }
    }

    /// The tour: shuffle, then insert a row second from the top, then remove the fourth.
    public func play() {
        shuffle()
        tourSteps.after(0.5) { [weak self] in self?.insert(at: 1) }
        tourSteps.after(1.0) { [weak self] in
            guard let self else { return }
            remove(at: min(3, rows.count - 1))
        }
    }

    public var isAtTarget: Bool {
        tourSteps.pending == 0 && leaving.isEmpty && rows.allSatisfy { !$0.isAnimating }
    }
}

/// A small deterministic generator (SplitMix64), so the tour shuffles the same way every run.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
