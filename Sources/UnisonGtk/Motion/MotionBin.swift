import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

/// A widget that moves, scales, rotates and fades in any container, comes and goes through
/// transitions, and glides to its new place when layout changes in an animated transaction.
///
/// It wraps one child in a small container of Unison's (`UnisonMotionBin`) that draws the child
/// with render transforms: nothing is relaid out and no size request is touched while it moves,
/// so it works in a `GtkBox`, `GtkGrid`, `GtkCenterBox`, `GtkOverlay`, `GtkFixed` or a list row
/// alike. Put ``widget`` in your container in place of the child.
///
/// ```swift
/// let card = MotionBin(child: label)
/// gtk_box_append(box, card.widget)
/// animate(.bouncy) { card.scale = CGSize(width: 1.1, height: 1.1) }          // drawn, no relayout
///
/// let banner = MotionBin(child: toast, transition: .move(edge: .top).combined(with: .opacity),
///                        isPresent: false)
/// animate(.spring) { banner.isPresent = true }     // slides in; the space it takes opens smoothly
/// animate(.spring) { banner.isPresent = false }    // slides out, then is hidden
/// ```
///
/// - **Transforms** are drawn about ``anchor`` (the centre by default) and are render-only: the
///   pointer still hits the widget where layout put it.
/// - **Transitions.** ``isPresent`` set in an animated transaction runs ``transition``
///   (`Presence`'s rules): an appearing widget is shown and drawn at the transition's start on
///   its first frame; a disappearing one ignores input and stays until its removal has finished,
///   then is hidden (or, after ``removeFromParent()``, removed from its container). Meanwhile
///   the space it takes grows from or shrinks to nothing (``collapse``), so siblings move with it
///   instead of jumping. Reversing mid-way continues from where it is, with its velocity.
/// - **Layout animation.** When the bin's place in the window changes during the layout pass that
///   follows an animated transaction (a sibling inserted, removed, shown, hidden, reordered or
///   resized, a window resized), it is drawn from its old place to its new one with the
///   transaction's animation (FLIP), and the transaction's completions wait for it. Outside an
///   animated transaction it moves at once. See ``animatesLayout``.
///
/// Ownership: the bin widget keeps its `MotionBin` while the bin is in a container (or held by
/// anyone else), so a bin the app stops referencing (made in a function, put in a box, its Swift
/// reference dropped) finishes its running animations, transitions and removal, and its classes
/// keep following its child's states. Once nothing but this object holds the bin (its window was
/// destroyed, it was removed from its container), the bin lets it go at the next turn of the main
/// loop, and the bin is freed with it unless the app still holds this object (then ``widget``
/// stays valid, to be put in a container again). The bin holds its child. Releasing this object
/// ends its animations where they would end (completions still run once, at the next safe point).
@MainActor
public final class MotionBin {
    // This file is the facade: the public API of what every feature shares, and the bin's state.
    // The features are extensions in files of their own: MotionBin+Presence (transitions,
    // collapse, removal), +Layout (FLIP glides), +MatchedGeometry (morphs), +Size (padding and
    // a child's size change), +Classes (animation classes and watched scopes); RenderWriter.swift
    // hands the drawn transform to the C bin once per frame. (Over 400 lines: the state every
    // feature shares, and the clock it animates on, must be stored here.)

    /// What to do with the bin once a removal transition has finished.
    enum Removal { case hide, removeFromParent }

    /// Which directions the space of an appearing, disappearing or collapsing bin grows and
    /// shrinks in.
    public enum Collapse: Sendable {
        /// Its size does not change: the space stays until it is hidden or removed (and
        /// ``MotionBin/isCollapsed`` changes nothing).
        case none
        /// Its width grows from 0 as it appears (or expands) and shrinks to 0 as it leaves (or
        /// collapses).
        case horizontal
        /// Its height grows from 0 as it appears (or expands) and shrinks to 0 as it leaves (or
        /// collapses).
        case vertical
        /// Both its width and its height grow and shrink.
        case both
    }

    /// The bin: the widget to put in a container.
    public var widget: UnsafeMutablePointer<GtkWidget> { unison_gtk_widget(bin) }
    /// The frame clock its animations run on: the one given when it was made (by default the
    /// child's own). A bin made by the C library (`unison_motion_bin_new`) moves to the clock of
    /// the window it is realized in, so that a window's bins share one.
    public private(set) var clock: GtkFrameClock

    let bin: UnsafeMutableRawPointer
    /// The bin as UnisonMotionBin's C API takes it; nil once GTK disposed of it (its window was
    /// destroyed), after which nothing is written to it.
    var motionBin: OpaquePointer? { render.current.bin }
    var isDisposed: Bool { render.current.bin == nil }

    // MARK: State

    /// What the bin is doing besides drawing its render properties: three explicit parts, not
    /// one enum of modes, because they overlap. A disappearing bin's transition can be over
    /// (`exit`) while its morph is still awaited or running (`morph`), and a change of its child's
    /// size can animate (`sizing`) whatever it is drawn at; an enum of modes would have to spell
    /// out every combination.
    struct Mode {
        /// Where the child is drawn: where layout puts it, or at a matched-geometry frame.
        enum Morph: Equatable {
            /// Drawn where layout puts it (gliding there after a move).
            case none
            /// `isPresent` changed in an animated transaction: the morph starts (or, when
            /// `drawnAtMorph`, a running one is retargeted) after the next layout.
            case awaiting(drawnAtMorph: Bool)
            /// Drawn at `geometry` instead of where layout puts it.
            case running

            /// Whether the child is drawn at `geometry` now.
            var isDrawnAtMorph: Bool { self == .running || self == .awaiting(drawnAtMorph: true) }
            /// Whether a morph starts after the next layout.
            var isAwaiting: Bool { if case .awaiting = self { true } else { false } }
            /// Drawn where layout puts it again (a morph still awaited stays awaited).
            var drawnAtLayout: Morph { isAwaiting ? .awaiting(drawnAtMorph: false) : .none }
        }

        /// Where a disappearing bin is in its removal.
        enum Exit {
            /// Present, or its transition still runs.
            case none
            /// The transition reported the widget gone; it is hidden or removed once its space
            /// has closed and its morph has ended too.
            case waitingToHide
        }

        /// What sizes the bin.
        enum Sizing {
            /// What it measures (its child and padding).
            case measured
            /// `sizeProperty`: a change of its child's size animates.
            case animated
        }

        var morph = Morph.none
        var exit = Exit.none
        var sizing = Sizing.measured
    }

    /// The bin's state (see ``Mode``). The render writer keeps whether the child is drawn at the
    /// morph's frame (its frame path reads it), and a bin that may start gliding or morphing is
    /// checked by ``MotionLayout`` after every layout.
    var mode = Mode() {
        didSet {
            if mode.exit != oldValue.exit { noteRevealMatters() }
            guard mode.morph != oldValue.morph else { return }
            render.current.isMorphing = mode.morph.isDrawnAtMorph
            if !mode.morph.isDrawnAtMorph { detachMorphLayer() }
            if mode.morph != .none { noteGliding() }
        }
    }
    /// Whether the child is drawn at `geometry` instead of where layout puts it.
    var isMorphing: Bool { mode.morph.isDrawnAtMorph }

    /// What the render update reads, and its frame-end writer (held strongly by the render properties' targets
    /// and the apply closures of the other values it is drawn from).
    let render = RenderWriter()
    /// The render properties' and `layoutOrigin`'s presented values (see ``RenderWriter``).
    var presented: Presented { render.current.presented }
    /// The transition's effects as last presented (kept: computing them costs more than the frame).
    var effects: TransitionEffects { render.current.effects }

    /// Everything of the bin's that animates, registered as it is made: ``isAnimating`` asks them.
    var activities: [any MotionActivity] = []
    /// How to make each clock-bound value made so far again on another clock (``moveAnimations(to:)``).
    private var remakes: [@MainActor (MotionBin) -> Void] = []

    // Model values of the render properties.
    lazy var translationProperty: AnimatableProperty<CGPoint> = renderProperty(\.translationProperty, CGPoint.zero) {
        $0.current.presented.translation = $1
    }
    lazy var scaleProperty: AnimatableProperty<CGSize> = renderProperty(\.scaleProperty, CGSize(width: 1, height: 1)) {
        $0.current.presented.scale = $1
    }
    lazy var rotationProperty: AnimatableProperty<Double> = renderProperty(\.rotationProperty, 0.0) {
        $0.current.presented.rotation = $1
    }
    lazy var opacityProperty: AnimatableProperty<Double> = renderProperty(\.opacityProperty, 1.0) {
        $0.current.presented.opacity = $1
    }

    /// Padding inside the bin, around the child (a size: relaid out while it animates).
    lazy var paddingProperty: AnimatableProperty<EdgeInsets> = clockBound(\.paddingProperty, EdgeInsets()) {
        bin, value in AnimatableProperty(value, clock: bin.clock) { [weak bin] _ in bin?.pushPadding() }
    }
    /// The size the bin asks for while a change of its child's size animates (`mode.sizing`).
    lazy var sizeProperty: AnimatableProperty<CGSize> = clockBound(\.sizeProperty, CGSize.zero) { bin, value in
        AnimatableProperty(value, clock: bin.clock) { [weak bin] _ in bin?.pushSize() }
    }
    /// Where the bin is drawn, in its window's coordinates (presented) and where layout put it (`allocated`).
    lazy var layoutOrigin: AnimatableProperty<CGPoint> = clockBound(\.layoutOrigin, CGPoint.zero) { bin, value in
        AnimatableProperty(value, clock: bin.clock) { [render = bin.render] origin in
            render.current.presented.layoutOrigin = origin
            render.changed()
        }
    }
    var allocatedOrigin: CGPoint? {
        get { render.current.allocatedOrigin }
        set { render.current.allocatedOrigin = newValue }
    }
    /// 0 (no space) ... 1 (its natural size) while appearing or disappearing.
    lazy var reveal: AnimatableProperty<Double> = clockBound(\.reveal, 1.0) { bin, value in
        AnimatableProperty(value, clock: bin.clock) { [weak bin, render = bin.render] revealed in
            // Nothing to do for a bin whose space stays (`.none`) and whose removal waits for
            // nothing: the frame does not load the bin (a weak reference) at all.
            guard render.revealMatters else { return }
            guard let bin else { return }
            bin.pushReveal(revealed: revealed)
            bin.finishRemovalIfDone()
        }
    }
    /// 0 (collapsed: no space) ... 1 (its natural size), following ``isCollapsed``; the space the
    /// bin takes is its natural size times this and `reveal`.
    lazy var expansion: AnimatableProperty<Double> = clockBound(\.expansion, 1.0) { bin, value in
        AnimatableProperty(value, clock: bin.clock) { [weak bin] _ in bin?.pushReveal() }
    }
    /// ``isCollapsed`` as set; nil until it is first set (`expansion` is made then).
    var collapsedModel: Bool?
    /// The animation of the change that started the removal (nil: it was not animated).
    var removalAnimation: Animation?
    var removal = Removal.hide
    var presence: Presence!

    // Matched geometry (see `matchedGeometry(id:in:)`).
    var match: (id: AnyHashable, namespace: GeometryNamespace)?
    /// The frame (window coordinates) the child is drawn at while it morphs.
    lazy var geometry: AnimatableProperty<CGRect> = clockBound(\.geometry, CGRect.zero) { bin, value in
        AnimatableProperty(value, clock: bin.clock) { [weak bin] _ in
            bin?.renderChanged()
            bin?.endMorphIfDone()
        }
    }
    /// Where the bin was drawn when the current animated transaction began (window coordinates).
    var firstFrame: CGRect?
    /// The window's layer that draws the morph while a container clipping its children would cut
    /// its path (nil: the bin draws it itself). Held by the bin (a reference of its own).
    var morphLayer: UnsafeMutablePointer<GtkWidget>?

    // Classes (see `MotionBin+Classes.swift`).
    lazy var styler = makeStyler()
    var styleClasses = StyleClasses()
    var watched = WatchedValue()
    /// The bin, weakly, as a watched preset's styled element.
    lazy var binReference = ObjectReference(bin)
    /// The child, whose states the classes follow (held weakly: the bin holds it).
    let childReference: ObjectReference

    /// The window frame clock the bin is realized with (``MotionLayout`` follows its layouts).
    var realizedClock: OpaquePointer?
    /// How many times the bin has been allocated (a change made since the last one is not laid out
    /// yet). Kept by the render writer, where a `ContentLabel`'s frame path reads it.
    package internal(set) var allocations: Int {
        get { render.allocations }
        set { render.allocations = newValue }
    }
    /// Called after each allocation (inside GTK's layout phase: nothing may run completions).
    package var afterAllocation: (@MainActor () -> Void)?
    /// This object's reference to the bin, as its share of the bin's toggle reference (see
    /// `WidgetAttachment.holdToggled(by:_:adopting:)`): the bin keeps this object while anyone
    /// else holds the bin.
    private var toggle: WidgetAttachment.Toggle?

    /// Wraps `child` (any widget, from any binding). `isPresent: false` starts hidden, to appear
    /// later through `transition`.
    public init(
        child: some GObjectPointer, transition: AnyTransition = .opacity, isPresent: Bool = true,
        clock: GtkFrameClock? = nil
    ) {
        MotionLayout.observe()
        let bin = UnsafeMutableRawPointer(unison_motion_bin_new()!)
        g_object_ref_sink(bin)
        self.bin = bin
        render.current.bin = OpaquePointer(bin)
        unison_motion_bin_set_child(OpaquePointer(bin), child.widgetPointer)
        childReference = ObjectReference(child.widgetPointer)
        self.clock = clock ?? GtkFrameClock.for(child)
        presence = makePresence(isPresent: isPresent, transition: transition)
        render.current.effects = presence.effects
        render.owner = Unmanaged.passUnretained(self)
        if !isPresent {
            gtk_widget_set_visible(unison_gtk_widget(bin), unison_gtk_false)
            reveal.value = 0
        }
        connectAllocation()
        connectRealization()
        connectSignal(bin, "destroy") { [render] in render.current.bin = nil }
        // The reference taken above becomes this object's share of the bin's toggle reference.
        toggle = WidgetAttachment.holdToggled(by: self, bin, adopting: true)
    }

    isolated deinit {
        render.owner = nil  // before the properties go (their last values are not drawn)
        detachMorphLayer()
        if let clock = realizedClock { MotionLayout.remove(ObjectIdentifier(self), clock: clock) }
        toggle?.release()  // the last share: the bin is freed unless someone else holds it
    }

    /// The wrapped widget.
    public var child: UnsafeMutablePointer<GtkWidget>? {
        motionBin.flatMap { unison_motion_bin_get_child($0) }
    }

    // MARK: Render properties (set inside `animate` to animate)

    /// Offset from where layout puts it, in pixels.
    public var translation: CGPoint {
        get { translationProperty.value }
        set { surfaceChange { styled { translationProperty.value = newValue } } }
    }

    /// Scale about ``anchor`` (1 is natural size).
    public var scale: CGSize {
        get { scaleProperty.value }
        set { surfaceChange { styled { scaleProperty.value = newValue } } }
    }

    /// Clockwise rotation about ``anchor``, in degrees.
    public var rotation: Double {
        get { rotationProperty.value }
        set { surfaceChange { styled { rotationProperty.value = newValue } } }
    }

    /// Opacity, 0...1 (multiplied with a transition's). A value outside 0...1 is kept as the
    /// model value (an animation from it starts there) but drawn and presented within 0...1
    /// (`GtkLimits.opacity`; NaN, which the property ignores anyway, would be drawn as 1).
    public var opacity: Double {
        get { opacityProperty.value }
        set { surfaceChange { styled { opacityProperty.value = newValue } } }
    }

    /// Hands ``translation`` a velocity (pixels per second, a drag's release velocity, say): the
    /// next spring started on it begins with that velocity, whether from rest or taking over.
    ///
    /// ```swift
    /// drag.onEnded = { value in
    ///     row.handOff(translationVelocity: value.velocity)
    ///     animate(.smooth) { row.translation = .zero }   // into its slot at the finger's speed
    /// }
    /// ```
    public func handOff(translationVelocity velocity: CGPoint) {
        translationProperty.handOff(velocity: velocity.animatableData)
    }

    /// The point of the widget that scaling and rotation keep in place (not animated).
    public var anchor: UnitPoint {
        get { render.current.anchor }
        set {
            render.current.anchor = newValue
            pushRender()
        }
    }

    /// Runs `body` with the C bin (nil, without running it, once GTK disposed of it).
    @discardableResult
    package func withMotionBin<Result>(_ body: (OpaquePointer) -> Result) -> Result? {
        motionBin.map(body)
    }

    /// How the space it takes grows and shrinks while it appears, disappears, collapses and
    /// expands (``isCollapsed``); default: both.
    public var collapse = Collapse.both {
        didSet {
            pushReveal()
            noteRevealMatters()
        }
    }

    /// Keeps `render.revealMatters` (see there) up to date with ``collapse`` and `mode.exit`.
    func noteRevealMatters() {
        render.revealMatters = collapse != .none || mode.exit == .waitingToHide
    }

    // MARK: Layout animation

    /// Whether the bin glides to a new place after an animated transaction (default true).
    public var animatesLayout = true

    // MARK: Presented values

    /// The render transform and transition effects drawn now.
    public var presentedTranslation: CGPoint { presented.translation }
    /// The opacity drawn now: ``opacity`` as presented, within 0...1, times the transition's.
    public var presentedOpacity: Double { GtkLimits.opacity(presented.opacity) * effects.opacity }
    /// How far the bin is drawn from where layout put it, because it is gliding there.
    public var layoutOffset: CGPoint { render.current.layoutOffset }
    /// Whether any of its animations runs (its render properties, padding, size, layout glide,
    /// reveal, transition or morph).
    public var isAnimating: Bool { activities.contains { $0.isAnimating } }

    // MARK: Plumbing

    /// `activity`, registered for ``isAnimating``.
    func registered<Activity: MotionActivity>(_ activity: Activity) -> Activity {
        activities.append(activity)
        return activity
    }

    /// A render property: its target keeps each value in the writer's presented state.
    private func renderProperty<Value: Animatable>(
        _ key: ReferenceWritableKeyPath<MotionBin, AnimatableProperty<Value>>, _ initial: Value,
        keep: @escaping @MainActor (RenderWriter, Value) -> Void
    ) -> AnimatableProperty<Value> {
        clockBound(key, initial) { bin, value in
            AnimatableProperty(value, clock: bin.clock, target: FrameEndPart(bin.render, keep: keep))
        }
    }

    /// A value animating on ``clock``: `make(self, initial)`, registered for ``isAnimating``, and
    /// made again with its model value on the new clock by ``moveAnimations(to:)``.
    private func clockBound<Value: Animatable>(
        _ key: ReferenceWritableKeyPath<MotionBin, AnimatableProperty<Value>>, _ initial: Value,
        _ make: @escaping @MainActor (MotionBin, Value) -> AnimatableProperty<Value>
    ) -> AnimatableProperty<Value> {
        remakes.append { bin in bin[keyPath: key] = bin.registered(make(bin, bin[keyPath: key].value)) }
        return registered(make(self, initial))
    }

    /// Moves the bin's animations to `newClock` (a window's clock the bin is shown in, shared by
    /// its other bins, instead of one clock per bin): only while nothing of the bin's animates, so
    /// nothing jumps. The values made so far are made again on the new clock with their model
    /// values; a velocity handed off (``handOff(translationVelocity:)``) and not yet used is
    /// dropped. Returns whether the bin is on `newClock` now (false: something animates, try later).
    package func moveAnimations(to newClock: GtkFrameClock) -> Bool {
        guard newClock !== clock else { return true }
        guard !isAnimating, presence != nil else { return false }
        clock = newClock
        activities.removeAll(keepingCapacity: true)
        let old = presence!
        presence = makePresence(isPresent: old.isPresent, transition: old.transition)
        presence.size = old.size
        presence.environment = old.environment
        render.current.effects = presence.effects
        for remake in remakes { remake(self) }
        return true
    }

    /// A value the render depends on changed (see `FrameEndWriter.changed()`).
    func renderChanged() { render.changed() }

    /// Hands the drawn transform to the bin (it redraws only when something changed). The frame
    /// path (`RenderWriter.write()`) comes here only while a morph runs or a transition's anchor differs.
    /// - Complexity: O(1); a few multiplications per frame while anything animates.
    func pushRender() {
        guard let w = motionBin, presence != nil else { return }
        if isMorphing, pushMorphRender(w) { return }
        render.draw(w, anchor: presence.isAnimating ? effects.anchor : anchor)
    }
}

/// Something of a ``MotionBin``'s that animates (a property, its presence), for
/// ``MotionBin/isAnimating``.
@MainActor
protocol MotionActivity: AnyObject {
    var isAnimating: Bool { get }
}

extension AnimatableProperty: MotionActivity {}
extension Presence: MotionActivity {}
