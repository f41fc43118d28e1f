import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

/// A `GtkLabel` whose text changes through a content transition (SwiftUI's
/// `.contentTransition(_:)` on a `Text`): a cross-fade, digits that roll like a counter's
/// (`ContentTransition.numericText(countsDown:)`), or at once.
///
/// ```swift
/// let counter = ContentLabel(text: "41", contentTransition: .numericText())
/// gtk_box_append(box, counter.widget)
/// animate(.smooth) { counter.text = "42" }        // the 4 stays, the 1 rolls up and out, the 2 in
/// ```
///
/// - The label sits in a ``MotionBin`` (``bin``, whose ``MotionBin/widget`` is ``widget``): put that
///   in your container. The bin draws the transition (render nodes: the old text as it was drawn,
///   the new as the label draws it, each in bands moved and faded), so the label keeps its font,
///   colour and CSS, and nothing is relaid out per frame for the text itself.
/// - `.numericText` lines the old and new text up at their last character and rolls only the
///   characters that differ; counting up the old leave upwards and the new rise from below,
///   counting down the other way (from the numbers in the text, `countsDown:`, or `value:`).
/// - When the text's size changes, the bin's size animates with the change's layout (the label is
///   centred in it), so the surface around a counter grows with it.
/// - The transition runs when the text is set in an animated transaction, the label is on screen
///   and animations are on in GTK; otherwise the text changes at once. Setting the text again
///   mid-way finishes the running transition at once and starts the next from there.
/// - Without an explicit ``contentTransition`` the label cross-fades; inside a watched `.surface`
///   or `.layout` scope (``MotionBin/setAnimationClasses(_:value:scope:rules:changes:completion:)``)
///   it changes at once.
/// - A gesture can drive the change instead of a clock: ``seek(to:toward:)``, then
///   ``finishSeeking(velocity:animation:)`` (the new text) or ``cancelSeeking(velocity:animation:)``
///   (the old one), springing on from the progress and velocity at release.
/// - Numbers it hands the bin are kept within GTK's bounds (offsets within ±32 767 px, opacities
///   in 0...1), whatever `numericText(value:)` or the label's layout gives.
///
/// Ownership: the bin widget keeps its `ContentLabel` while the bin is in a container (or held
/// by anyone else), so a label the app stops referencing finishes its transitions and keeps
/// its classes; once nothing but this object holds the bin (its window was destroyed, it was
/// removed from its container), the bin lets it go at the next turn of the main loop, and the
/// bin is freed with it unless the app still holds this object (or its ``bin``). This object
/// shares the bin's GLib toggle reference with its ``MotionBin``.
@MainActor
public final class ContentLabel {
    /// The bin holding the label: styling, transitions and layout animation as any ``MotionBin``.
    public let bin: MotionBin
    /// The `GtkLabel`.
    public let label: UnsafeMutablePointer<GtkWidget>
    /// The widget to put in a container (the bin's).
    public var widget: UnsafeMutablePointer<GtkWidget> { bin.widget }

    /// The label's own content transition; nil inherits (a cross-fade, or identity inside a watched
    /// `.surface`/`.layout` scope).
    public var contentTransition: ContentTransition?

    private var gtkLabel: OpaquePointer { OpaquePointer(label) }
    /// The change being drawn, its progress and seeking; each presented progress is handed to
    /// `frame` as it comes. Made at the first transition (on the bin's clock then).
    @exclusivity(unchecked) private(set) var state: ContentTransitionState?
    /// The frame path: the change drawn, where its texts are, the bands handed to the bin (see
    /// ``ContentFrame``).
    private let frame: ContentFrame
    /// The value the last `.numericText(value:)` change showed.
    var lastValue: Double?
    /// The bin's allocation count when this object last gave the label a text (equal to it now:
    /// the label has not been laid out since, and GTK cannot draw it to be captured).
    private var allocationsAtChange = -1
    /// The bin's allocation count when a cancelled seek last gave the label its old text back.
    private var allocationsAtRevert = -1

    /// The bin's reference as a toggle reference (see ``WidgetAttachment/holdToggled(by:_:adopting:)``).
    private var toggle: WidgetAttachment.Toggle?

    /// Wraps `label` (a `GtkLabel`, from any binding; anything else is a programming error and
    /// stops the program with a message). The label is held (a reference) as long as this object.
    public init(label: some GObjectPointer, contentTransition: ContentTransition? = nil, clock: GtkFrameClock? = nil) {
        precondition(
            unison_gtk_is_a(UnsafeMutableRawPointer(label.widgetPointer), gtk_label_get_type()) != 0,
            "ContentLabel wraps a GtkLabel")
        self.label = label.widgetPointer
        g_object_ref(UnsafeMutableRawPointer(self.label))
        self.contentTransition = contentTransition
        bin = MotionBin(child: label, clock: clock)
        frame = ContentFrame(label: self.label, render: bin.render)
        // The bands follow the label's allocation in the frame it changes (a size animation moves it).
        bin.afterAllocation = { [weak self] in self?.pushPieces() }
        // The bin keeps this object while anyone else holds the bin (a share of the toggle
        // reference the MotionBin holds the bin by).
        toggle = WidgetAttachment.holdToggled(by: self, UnsafeMutableRawPointer(bin.widget))
    }

    isolated deinit {
        frame.isLive = false
        toggle?.release()  // the MotionBin's share keeps the bin until it goes too
        g_object_unref(UnsafeMutableRawPointer(label))
    }

    /// A new `GtkLabel` showing `text`.
    public convenience init(text: String, contentTransition: ContentTransition? = nil, clock: GtkFrameClock? = nil) {
        self.init(label: gtk_label_new(text)!, contentTransition: contentTransition, clock: clock)
    }

    /// The label's text. Set inside `animate` to run the content transition.
    ///
    /// While a seek is under way (``seek(to:toward:)``) it is the text the seek started from, and
    /// once a seek is finished or cancelled, the text it ends at, although the `GtkLabel` shows the
    /// change's new text until the change is over (the bin draws the old one over it). Set
    /// while seeking to one of the change's two texts, it ends the seek there with the caller's
    /// transaction, as finishing or cancelling with no velocity.
    public var text: String {
        get {
            if let state, state.change != nil { return state.text }
            return String(cString: gtk_label_get_text(gtkLabel))
        }
        set { setText(newValue) }
    }

    /// Whether a content transition is being drawn (animated or sought).
    public var isTransitioning: Bool { state?.change != nil }

    /// How far the running transition has got as drawn (0 ... 1; nil when none runs).
    @_spi(Testing) public var transitionProgress: Double? {
        guard let state, state.change != nil else { return nil }
        return state.progress
    }

    /// The state, made on the bin's clock if there is none yet (with the text shown now).
    func transitionState() -> ContentTransitionState {
        if let state { return state }
        let made = ContentTransitionState(
            text: String(cString: gtk_label_get_text(gtkLabel)), clock: bin.clock,
            begin: { [weak self] change in self?.beginSeek(change) ?? false }, drawer: frame,
            end: { [weak self] text in self?.transitionEnded(showing: text) })
        state = made
        return made
    }

    /// ``MotionBin/setAnimationClasses(_:value:scope:rules:changes:completion:)`` on ``bin``.
    ///
    /// ```swift
    /// try counter.setAnimationClasses("animate-smooth", value: count, scope: .content) { counter.text = "\(count)" }
    /// ```
    public func setAnimationClasses<Value: Equatable>(
        _ classes: String?, value: Value, scope: AnimationScope? = nil, rules: AnimationClassRules = .standard,
        changes: () -> Void = {}, completion: (@MainActor () -> Void)? = nil
    ) throws {
        try bin.setAnimationClasses(
            classes, value: value, scope: scope, rules: rules, changes: changes, completion: completion)
    }

    // MARK: Changing the text

    private func setText(_ new: String) {
        if let state, state.endSeek(at: new) { return }
        let old = text
        guard new != old else { return }
        let explicit = contentTransition
        switch ScopePosition.of(widget) {
        case .outside?: withRoutedTransaction(nil) { run(from: old, to: new, with: explicit ?? .opacity) }
        case nil: run(from: old, to: new, with: explicit ?? .opacity)
        case .root?, .inside?:
            if let explicit {
                run(from: old, to: new, with: explicit)  // the label's own: with the preset
            } else if let inherited = Transaction.current.scoping?.scope.inheritedContentTransition {
                run(from: old, to: new, with: inherited)
            } else {
                withRoutedTransaction(.content) { run(from: old, to: new, with: .opacity) }
            }
        }
    }

    /// Sets the text with `transition` in the current transaction.
    private func run(from old: String, to new: String, with transition: ContentTransition) {
        let animates =
            Transaction.current.isAnimated && bin.clock.animationsEnabled && !transition.isIdentity
            && gtk_widget_get_mapped(label) != 0
        let previousValue = lastValue
        if let value = transition.value { lastValue = value }
        // Reduced motion: the digits fade in place instead of rolling (ReducedMotion.swift).
        let transition = animates && reducesMotion() ? transition.reducingMotion : transition
        // Changed again before GTK laid the last change out (nothing of it painted yet): the screen
        // still shows the capture, which stays the old side (a label that is not laid out cannot
        // be captured again).
        if animates, let state, let running = state.change, !state.isSeeking, bin.allocations == allocationsAtChange {
            bin.resizing { gtk_label_set_text(gtkLabel, new) }
            let change = ContentChange(from: running.old, to: new, transition: transition, previousValue: previousValue)
            began(change)
            state.run(change)
            return
        }
        finishTransition()
        // A cancelled seek ended just now gave the label its old text back: GTK has not laid it
        // out since, so it cannot be drawn to be captured, and the change is made at once.
        let captured =
            animates && bin.allocations != allocationsAtRevert
            && bin.withMotionBin({ unison_motion_bin_capture_child($0) != 0 }) == true
        if captured { frame.oldGeometry.measure(gtkLabel, text: old) }
        let current = captured ? transitionState() : state
        bin.resizing { gtk_label_set_text(gtkLabel, new) }
        allocationsAtChange = bin.allocations
        guard captured, let current else {
            current?.jump(to: new)
            return
        }
        let change = ContentChange(from: old, to: new, transition: transition, previousValue: previousValue)
        began(change)
        current.run(change)
        pushPieces()
    }

    /// A seek starts a change (``seek(to:toward:)``): the old text is kept as drawn, the label is
    /// given the new one (its size changes at once). False when the label is not on screen, or
    /// has not been laid out since its text last changed (a later seek starts it).
    private func beginSeek(_ change: ContentChange) -> Bool {
        guard gtk_widget_get_mapped(label) != 0, bin.allocations != allocationsAtChange,
            bin.withMotionBin({ unison_motion_bin_capture_child($0) != 0 }) == true
        else { return false }
        frame.oldGeometry.measure(gtkLabel, text: change.old)
        withTransaction(Transaction()) { bin.resizing { gtk_label_set_text(gtkLabel, change.new) } }
        allocationsAtChange = bin.allocations
        began(change)
        return true
    }

    /// `change` is the one drawn from now on (before the state is given it: it may end at once).
    private func began(_ change: ContentChange) {
        frame.began(change)
    }

    /// Ends a running transition (or seek) at once, where ``text`` says: the label drawn as it is.
    private func finishTransition() {
        state?.finish()
    }

    /// The change drawn is over: the label shows `text` as it draws it (after a cancelled seek,
    /// the text the change started from: the label is given it back).
    private func transitionEnded(showing text: String) {
        frame.ended()
        bin.withMotionBin { unison_motion_bin_set_pieces($0, nil, 0) }
        if String(cString: gtk_label_get_text(gtkLabel)) != text {
            bin.resizing { gtk_label_set_text(gtkLabel, text) }
            allocationsAtChange = bin.allocations
            allocationsAtRevert = bin.allocations
        }
    }

    /// Hands the bin the bands of the progress as presented now.
    private func pushPieces() {
        guard frame.isDrawing, let state else { return }
        frame.push(at: state.progress)
    }
}
