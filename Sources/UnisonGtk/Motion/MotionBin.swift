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
/// This object holds a reference to the bin (so ``widget`` stays valid after a removal), and the
/// bin holds its child; a container holds the bin as usual. Releasing this object ends its
/// animations where they would end (completions still run once, at the next safe point) and
/// leaves the widgets to GTK.
@MainActor
public final class MotionBin {
    /// What to do with the bin once a removal transition has finished.
    private enum Removal { case hide, removeFromParent }

    /// Which directions the space of an appearing or disappearing bin grows and shrinks in.
    public enum Collapse: Sendable {
        /// Its size does not change: the space stays until it is hidden or removed.
        case none
        case horizontal
        case vertical
        case both
    }

    /// The bin: the widget to put in a container.
    public var widget: UnsafeMutablePointer<GtkWidget> { unison_gtk_widget(bin) }
    /// The frame clock its animations run on.
    public let clock: GtkFrameClock

    private let bin: UnsafeMutableRawPointer
    /// The bin as UnisonMotionBin's C API takes it; nil once GTK disposed of it (its window was
    /// destroyed), after which nothing is written to it.
    private var motionBin: OpaquePointer? { render.current.bin }
    private var isDisposed: Bool { render.current.bin == nil }

    // Model values of the render properties.
    private lazy var translationProperty = renderProperty(CGPoint.zero) { $0.translation = $1 }
    private lazy var scaleProperty = renderProperty(CGSize(width: 1, height: 1)) { $0.scale = $1 }
    private lazy var rotationProperty = renderProperty(0.0) { $0.rotation = $1 }
    private lazy var opacityProperty = renderProperty(1.0) { $0.opacity = $1 }
    /// The render properties' and `layoutOrigin`'s presented values, kept by their apply closures:
    /// the render update reads them here every frame (through the generic properties, from this
    /// module, each read would look up type metadata).
    private var presented: Presented { render.current.presented }

    private struct Presented {
        var translation = CGPoint.zero
        var scale = CGSize(width: 1, height: 1)
        var rotation = 0.0
        var opacity = 1.0
        var layoutOrigin = CGPoint.zero
    }

    /// What the render update reads, and its end-of-frame mark (held strongly by the apply closures).
    private let render = RenderWriter()

    /// A bin's render state, kept by the apply closures of the values it is drawn from, and the
    /// end-of-frame flush that hands it to the C bin once per frame (as `TransformWriter` is an
    /// `AnimatedWidget`'s). Per frame and bin the engine reaches only this object and its state:
    /// the closures hold it strongly (no weak reference to load) and it holds no one's weak
    /// references (its retains by the end-of-frame queue take the fast path).
    @MainActor
    private final class RenderWriter: FrameEndFlushing {
        struct State {
            /// The C bin; nil once GTK disposed of it (its window was destroyed).
            var bin: OpaquePointer?
            var presented = Presented()
            /// The transition's effects as last presented (kept: computing them costs more than the frame).
            var effects = TransitionEffects.identity
            /// The bin's ``MotionBin/anchor``.
            var anchor = UnitPoint.center
            /// Where layout put the bin, in its window's coordinates (nil: not known).
            var allocatedOrigin: CGPoint?
            /// Whether the child is drawn at a matched-geometry frame instead of where layout puts it.
            var isMorphing = false
            /// Whether the render update waits for the end of the current frame.
            var isMarked = false
            /// Whether the C bin has a clip set (only a morph sets one).
            var isClipped = false

            /// How far the bin is drawn from where layout put it, because it is gliding there.
            var layoutOffset: CGPoint {
                guard let allocated = allocatedOrigin else { return .zero }
                return CGPoint(x: presented.layoutOrigin.x - allocated.x, y: presented.layoutOrigin.y - allocated.y)
            }
        }

        /// In the writer itself (one allocation the frame path touches, not two), without the
        /// run-time exclusivity check a class's stored property pays on every access: only the
        /// main actor touches it, and no access overlaps another.
        @exclusivity(unchecked) var current = State()
        /// The bin, set once its init has made its presence and cleared by its deinit (so never
        /// dangling; nothing is drawn without it). Neither weak nor strong: the frame path never
        /// loads a weak reference or retains it (a `MotionBin` is weakly referenced, so its retains
        /// take the runtime's slow path).
        @exclusivity(unchecked) var owner: Unmanaged<MotionBin>?

        /// A value the render depends on changed. Inside a frame the render is handed to the bin
        /// once, when the frame's values are all presented (a bin whose translation, scale, opacity
        /// and layout glide all move then makes one update, not four); outside a frame, at once.
        func changed() {
            if !flushAtEndOfFrame(self, isMarked: &current.isMarked) { push() }
        }

        func flushFrame() {
            current.isMarked = false
            push()
        }

        /// Hands the render state to the C bin: from here in the usual case, without reaching the
        /// `MotionBin` at all (what is read per frame is in `state`); through the bin's
        /// `pushRender()` while it morphs, or while a transition's anchor may be the one drawn about.
        private func push() {
            guard let owner, let w = current.bin else { return }
            if current.isMorphing || current.effects.anchor != current.anchor {
                owner.takeUnretainedValue().pushRender()
            } else {
                write(w, anchor: current.anchor)
            }
        }

        /// Hands the drawn transform, composed of the render properties, the transition's effects
        /// and the layout glide, scaled and rotated about `anchor`, to the bin (it redraws only when
        /// something changed), and removes a morph's clip.
        func write(_ w: OpaquePointer, anchor: UnitPoint) {
            if current.isClipped {
                current.isClipped = false
                unison_motion_bin_set_clip(w, 0, 0, -1, -1, 0)
            }
            let presented = current.presented
            let effects = current.effects
            let offset = current.layoutOffset
            unison_motion_bin_set_render(
                w, Double(presented.translation.x + effects.offset.width + offset.x),
                Double(presented.translation.y + effects.offset.height + offset.y),
                Double(presented.scale.width * effects.scale.width),
                Double(presented.scale.height * effects.scale.height),
                presented.rotation + effects.rotation, anchor.x, anchor.y, presented.opacity * effects.opacity)
        }
    }

    /// Padding inside the bin, around the child (a size: relaid out while it animates).
    private lazy var paddingProperty = AnimatableProperty(EdgeInsets(), clock: clock) { [weak self] _ in
        self?.pushPadding()
    }
    /// The size the bin asks for while a change of its child's size animates (nil: measured).
    private lazy var sizeProperty = AnimatableProperty(CGSize.zero, clock: clock) { [weak self] _ in
        self?.pushSize()
    }
    private var isResizing = false
    /// Where the bin is drawn, in its window's coordinates (presented) and where layout put it (`allocated`).
    private lazy var layoutOrigin = AnimatableProperty(CGPoint.zero, clock: clock) { [render] origin in
        render.current.presented.layoutOrigin = origin
        render.changed()
    }
    private var allocatedOrigin: CGPoint? {
        get { render.current.allocatedOrigin }
        set { render.current.allocatedOrigin = newValue }
    }
    /// 0 (no space) ... 1 (its natural size) while appearing or disappearing.
    private lazy var reveal = AnimatableProperty(1.0, clock: clock) { [weak self] _ in
        self?.pushReveal()
        self?.finishRemovalIfDone()
    }
    /// The transition reported the widget gone; it is hidden or removed once its space has closed too.
    private var isRemoving = false
    /// The animation of the change that started the removal (nil: it was not animated).
    private var removalAnimation: Animation?

    // Matched geometry (see `matchedGeometry(id:in:)`).
    private var match: (id: AnyHashable, namespace: GeometryNamespace)?
    /// The frame (window coordinates) the child is drawn at while it morphs.
    private lazy var geometry = AnimatableProperty(CGRect.zero, clock: clock) { [weak self] _ in
        self?.renderChanged()
        self?.endMorphIfDone()
    }
    /// Whether the child is drawn at `geometry` instead of where layout puts it.
    private var isMorphing: Bool {
        get { render.current.isMorphing }
        set {
            render.current.isMorphing = newValue
            if newValue { noteGliding() }
        }
    }
    /// `isPresent` changed in an animated transaction: the morph starts after the next layout.
    private var awaitsMorph = false {
        didSet { if awaitsMorph { noteGliding() } }
    }
    /// Where the bin was drawn when the current animated transaction began (window coordinates).
    private var firstFrame: CGRect?
    private var presence: Presence!
    /// The transition's effects as last presented (kept: computing them costs more than the frame).
    private var effects: TransitionEffects { render.current.effects }
    private var removal = Removal.hide

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
        let render = render
        presence = Presence(
            isPresent: isPresent, transition: transition, clock: self.clock,
            apply: { effects in
                render.current.effects = effects
                render.changed()
            },
            visibilityChanged: { [weak self] visible in self?.visibilityChanged(visible) })
        render.current.effects = presence.effects
        render.owner = Unmanaged.passUnretained(self)
        if !isPresent {
            gtk_widget_set_visible(unison_gtk_widget(bin), unison_gtk_false)
            reveal.value = 0
        }
        connectAllocation()
        connectRealization()
        connectSignal(bin, "destroy") { [render] in render.current.bin = nil }
    }

    isolated deinit {
        render.owner = nil  // before the properties go (their last values are not drawn)
        if let clock = realizedClock { MotionLayout.remove(ObjectIdentifier(self), clock: clock) }
        g_object_unref(bin)
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

    /// Opacity, 0...1 (multiplied with a transition's).
    public var opacity: Double {
        get { opacityProperty.value }
        set { surfaceChange { styled { opacityProperty.value = newValue } } }
    }

    /// Padding inside the bin around the child, in pixels (0 or more). Set in an animated
    /// transaction, the bin's size animates (a relayout per frame) and the child stays aligned
    /// inside it. The `p-*` classes set it.
    public var padding: EdgeInsets {
        get { paddingProperty.value }
        set { layoutChange { styled { paddingProperty.value = newValue } } }
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

    // MARK: Classes and interaction states

    /// The classes styling the bin (nil: none): the seed's button is
    /// `"dropdown-item active:opacity-80 animate-spring duration-150"`.
    ///
    /// - Value utilities (`opacity-*`, `scale-*`, `translate-*`, `rotate-*`) own their property: it
    ///   takes the classes' value for the *child's* current GTK states (a button's hover, press,
    ///   focus and sensitivity: see ``ClassStyle``) and moves when they change, drawn without
    ///   relayout like any render property, so a button in a `GtkBox` presses in place.
    /// - The state being entered chooses the animation: `animate-*` without a variant animates
    ///   press and release alike; `active:animate-*` alone animates the press and lets the release
    ///   jump. A release mid-press reverses from where the value is, with its velocity.
    /// - With an `animate-*` class, your own changes of the render properties animate that way too,
    ///   even outside `animate { }`. Setting an owned property yourself lasts until the next state change.
    /// - Reduced motion (the rules' `reducesMotion`), `gtk-enable-animations` off and transactions that
    ///   disable animations make the changes jump.
    public var animationClasses: String? { styler.classes }
    /// The animation the classes choose in the child's current states.
    public var animationStyle: AnimationStyle { styler.current.animation }

    /// Sets ``animationClasses``, resolving them with `rules`; throws (changing nothing) when they
    /// do not resolve, naming the token. The styled values move to those of the current states,
    /// animated with their classes.
    ///
    /// ```swift
    /// let item = MotionBin(child: gtk_button_new_with_label("Rename"))
    /// try item.setAnimationClasses("hover:translate-x-1 active:opacity-80 animate-spring duration-150")
    /// gtk_box_append(menu, item.widget)
    /// ```
    public func setAnimationClasses(_ classes: String?, rules: AnimationClassRules = .standard) throws {
        let style = try rules.resolveStyle(classes ?? "")  // validated before anything changes
        styler.usesOwnAnimation = true
        styler.setStyle(style, classes: classes)
    }

    private lazy var styler = ClassStyler(watching: childReference) { [weak self] values, properties in
        guard let self else { return }
        values.write(
            properties, opacity: opacityProperty, scale: scaleProperty, translation: translationProperty,
            rotation: rotationProperty, padding: paddingProperty, surface: { self.surfaceChange($0) },
            layout: { self.layoutChange($0) })
        if properties.contains(.styleClasses), let bin = motionBin {
            // Type is inherited by the child from the bin; what is drawn behind it goes on the surface.
            let widget: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(UnsafeMutableRawPointer(bin))
            styleClasses.apply(values.styleClasses) { name in
                StyleClasses.isTypography(name) ? widget : unison_motion_bin_get_surface(bin)
            }
        }
    }
    private var styleClasses = StyleClasses()
    private var watched = WatchedValue()
    /// The bin, weakly, as a watched preset's styled element.
    private lazy var binReference = ObjectReference(bin)

    /// Sets ``animationClasses`` with a watched value (the reference's `.tw(_:value:animationScope:)`):
    /// the classes style the bin as above, and when `value` differs from the one given last time,
    /// their `animate-*` preset also animates `changes` (and the bin's own restyling) within
    /// `scope`. Otherwise everything happens in the caller's transaction.
    ///
    /// ```swift
    /// expanded.toggle()
    /// try details.setAnimationClasses(
    ///     "\(expanded ? "p-6 rounded-xl" : "p-3 rounded-md") bg-surface animate-smooth duration-300",
    ///     value: expanded
    /// ) {
    ///     more.isPresent = expanded            // a descendant: inserted with its transition
    /// }
    /// ```
    ///
    /// - Scopes (``AnimationScope``; nil, the default, is the reference's compatible `.all`, which
    ///   also keeps animating the bin's own styling whenever its classes change, as without a value;
    ///   an explicit scope, `.all` included, watches only `value`): `.surface` animates the bin's drawn values; `.layout` its size
    ///   and place (padding, a child's size change, its glide) and where its descendants are put;
    ///   `.content` what is inside (descendant bins' glides, insertions and removals, labels'
    ///   content transitions) while the bin's own changes happen at once; `.all` (the default) all
    ///   of it. Widgets outside the bin's subtree keep the caller's transaction.
    /// - With `.surface` and `.layout` the labels inside change their content at once (identity),
    ///   unless one has its own ``ContentLabel/contentTransition``.
    /// - Only `value` enables the preset; the first call only records it. Reduced motion, animations
    ///   turned off in GTK and a caller's transaction that disables animations make everything jump.
    /// - `completion` runs once when everything the call animated has finished (inline if nothing did).
    public func setAnimationClasses<Value: Equatable>(
        _ classes: String?, value: Value, scope: AnimationScope? = nil, rules: AnimationClassRules = .standard,
        changes: () -> Void = {}, completion: (@MainActor () -> Void)? = nil
    ) throws {
        let style = try rules.resolveStyle(classes ?? "")  // validated before anything changes
        let changed = watched.changes(to: value)
        // The reference's compatible default (no scope: `.all`) keeps animating owned styling
        // changes; an explicit scope, `.all` included, watches only the value.
        styler.usesOwnAnimation = scope == nil
        runWatched(
            style: changed ? style.resolved(for: []).animation : nil, scope: scope ?? .all, root: binReference,
            changes: {
                styler.setStyle(style, classes: classes)
                changes()
            }, completion: completion)
    }

    /// Runs a change of the bin's drawn values: the watched preset's surface (or a descendant's content).
    private func surfaceChange(_ body: () -> Void) {
        withScopedChange(of: scopeWidget, own: .surface, inside: .content, body)
    }

    /// Runs a change of the bin's size or place: the watched preset's layout (or child layout).
    private func layoutChange(_ body: () -> Void) {
        withScopedChange(of: scopeWidget, own: .layout, inside: .childLayout, body)
    }

    /// Runs `body` with the C bin (nil, without running it, once GTK disposed of it).
    @discardableResult
    package func withMotionBin<Result>(_ body: (OpaquePointer) -> Result) -> Result? {
        motionBin.map(body)
    }

    private var scopeWidget: UnsafeMutablePointer<GtkWidget>? {
        motionBin.map { unison_gtk_widget(UnsafeMutableRawPointer($0)) }
    }
    /// The child, whose states the classes follow (held weakly: the bin holds it).
    private let childReference: ObjectReference

    private func styled(_ change: () -> Void) {
        withAnimationStyle(styler.ownAnimation, change)
    }

    /// The point of the widget that scaling and rotation keep in place (not animated).
    public var anchor: UnitPoint {
        get { render.current.anchor }
        set {
            render.current.anchor = newValue
            pushRender()
        }
    }

    // MARK: Transitions

    /// The transition used when ``isPresent`` changes (from the next change on).
    public var transition: AnyTransition {
        get { presence.transition }
        set { presence.transition = newValue }
    }

    /// Whether the widget is (or is becoming) present. Set in an animated transaction, the
    /// transition runs; otherwise it appears or disappears at once.
    public var isPresent: Bool {
        get { presence.isPresent }
        set {
            guard newValue != presence.isPresent else { return }
            withScopedChange(of: scopeWidget, own: .layout, inside: .content) { setPresent(newValue) }
        }
    }

    private func setPresent(_ newValue: Bool) {
        if !newValue {
            removalAnimation = Transaction.current.isAnimated ? Transaction.current.animation : nil
            moveFocusAway()
        }
        if newValue {
            removal = .hide
            isRemoving = false
            // Shown first, so it is mapped (its clock animates) when the transition starts.
            if let w = motionBin { gtk_widget_set_visible(unison_gtk_widget(UnsafeMutableRawPointer(w)), 1) }
        }
        if match != nil, morphs(in: Transaction.current) {
            // The space is taken or freed at once: where the widget is drawn is the morph's
            // business (a frame in the window), so layout may jump underneath it.
            awaitsMorph = true
            withTransaction(Transaction()) { reveal.value = newValue ? 1 : 0 }
        } else {
            reveal.value = newValue ? 1 : 0
        }
        presence.isPresent = newValue
        if let w = motionBin {
            gtk_widget_set_can_target(unison_gtk_widget(UnsafeMutableRawPointer(w)), newValue ? 1 : 0)
        }
    }

    /// Moves the focus out of a bin that starts going away, to the next row that can take it,
    /// else the previous one, as a list moves its cursor (the row: the bin, or the list-box row or
    /// flow-box child holding it). Otherwise GTK, once the focused widget is hidden or removed,
    /// focuses the window's first widget, and a scrolled list scrolls to its top.
    private func moveFocusAway() {
        guard let w = scopeWidget, let root = gtk_widget_get_root(w),
            let focus = gtk_root_get_focus(root), focus == w || gtk_widget_is_ancestor(focus, w) != 0
        else { return }
        var row = w
        if let parent = gtk_widget_get_parent(w),
            unison_gtk_is_a(parent, gtk_list_box_row_get_type()) != 0
                || unison_gtk_is_a(parent, gtk_flow_box_child_get_type()) != 0
        {
            row = parent
        }
        /// Whether `candidate` is going away too (a bin on its way out ignores input).
        func isLeaving(_ candidate: UnsafeMutablePointer<GtkWidget>) -> Bool {
            if gtk_widget_get_can_target(candidate) == 0 { return true }
            guard let child = gtk_widget_get_first_child(candidate) else { return false }
            return unison_is_motion_bin(child) != 0 && gtk_widget_get_can_target(child) == 0
        }
        for step in [gtk_widget_get_next_sibling, gtk_widget_get_prev_sibling] {
            var candidate = step(row)
            while let sibling = candidate {
                if !isLeaving(sibling), gtk_widget_child_focus(sibling, GTK_DIR_TAB_FORWARD) != 0 { return }
                candidate = step(sibling)
            }
        }
    }

    /// Whether the widget is on screen: from its insertion until its removal has finished.
    public var isVisible: Bool { presence.isVisible }

    /// How the space it takes grows and shrinks while it appears and disappears (default: both).
    public var collapse = Collapse.both {
        didSet { pushReveal() }
    }

    /// Removes the bin from its container after a removal transition (at once outside an animated
    /// transaction). A second call, or a call on a bin already gone, does nothing.
    public func removeFromParent() {
        removal = .removeFromParent
        if presence.isPresent {
            isPresent = false
        } else if !presence.isVisible {
            detach()
        }
    }

    // MARK: Layout animation

    /// Whether the bin glides to a new place after an animated transaction (default true).
    public var animatesLayout = true

    // MARK: Matched geometry

    /// Links this bin with others that share `id` in `namespace` (SwiftUI's
    /// `matchedGeometryEffect(id:in:)`). When, in one animated transaction, one of them stops being
    /// present and another becomes present, the appearing one is drawn from the other's frame to
    /// its own and the disappearing one from its frame to the appearing one's, wherever in the
    /// window either is (different containers included); their transitions (``transition``,
    /// `.opacity` by default) cross-fade them. Reversing mid-way continues from where each is
    /// drawn, with its velocity. Frames are read from GTK (`gtk_widget_compute_bounds` against
    /// the window) once layout has placed the appearing bin, before the first frame is painted.
    ///
    /// ```swift
    /// let hero = GeometryNamespace()
    /// small.matchedGeometry(id: "card", in: hero)
    /// large.matchedGeometry(id: "card", in: hero)     // large starts with isPresent: false
    /// animate(.spring(response: 0.4, dampingFraction: 0.8)) {
    ///     small.isPresent = false
    ///     large.isPresent = true
    /// }
    /// ```
    ///
    /// The size morph is a scale of what the child draws (a render transform), not an animated
    /// size: nothing is relaid out per frame, content never reflows half-way (a label does not
    /// rewrap at every intermediate width), and it works in any container; the cross-fade hides
    /// most of the stretching. While the morph runs, the space each bin takes changes at once
    /// (the appearing one takes its own, the disappearing one collapses), and the transition's
    /// opacity applies but not its offset, scale or rotation. `id: nil` unlinks the bin.
    public func matchedGeometry(id: (any Hashable & Sendable)?, in namespace: GeometryNamespace) {
        if let match { match.namespace.remove(self, id: match.id) }
        guard let id else {
            match = nil
            if let w = motionBin { unison_motion_bin_set_reveal_clips(w, unison_gtk_true) }
            return
        }
        let key = AnyHashable(id)
        match = (key, namespace)
        namespace.add(self, id: key)
        // Its space changes at once; a collapsed bin still draws where it morphs.
        if let w = motionBin { unison_motion_bin_set_reveal_clips(w, unison_gtk_false) }
    }

    /// Whether the bin is drawn at a matched-geometry frame now (morphing, or waiting to be hidden
    /// at the end of one).
    public var isMorphingGeometry: Bool { isMorphing }

    /// The frame the bin is drawn at, in its window's coordinates: the morph's while one runs,
    /// else where layout put it (nil while it has no window).
    public var drawnFrame: CGRect? {
        if isMorphing { return geometry.presentationValue }
        guard let frame = layoutFrame() else { return nil }
        let offset = layoutOffset
        return frame.offsetBy(dx: offset.x, dy: offset.y)
    }

    // MARK: Presented values

    /// The render transform and transition effects drawn now.
    public var presentedTranslation: CGPoint { presented.translation }
    public var presentedOpacity: Double { presented.opacity * effects.opacity }
    /// How far the bin is drawn from where layout put it, because it is gliding there.
    public var layoutOffset: CGPoint { render.current.layoutOffset }
    /// Whether any of its animations runs.
    public var isAnimating: Bool {
        translationProperty.isAnimating || scaleProperty.isAnimating || rotationProperty.isAnimating
            || opacityProperty.isAnimating || layoutOrigin.isAnimating || reveal.isAnimating || presence.isAnimating
            || paddingProperty.isAnimating || sizeProperty.isAnimating
            || (match != nil && geometry.isAnimating)
    }

    // MARK: Plumbing

    private func renderProperty<Value: Animatable>(
        _ initial: Value, keep: @escaping @MainActor (inout Presented, Value) -> Void
    ) -> AnimatableProperty<Value> {
        AnimatableProperty(initial, clock: clock, target: RenderPart(render, keep: keep))
    }

    /// A render property's target: keeps each value in the writer's presented state, which the
    /// writer hands to the bin once at the end of the frame. A target, not a closure: frames call
    /// it without reference counting (`AnimationTarget`), and it reaches the writer through a
    /// constant of its own.
    private final class RenderPart<Value: Animatable>: AnimationTarget<Value> {
        let render: RenderWriter
        let keep: @MainActor (inout Presented, Value) -> Void

        init(_ render: RenderWriter, keep: @escaping @MainActor (inout Presented, Value) -> Void) {
            self.render = render
            self.keep = keep
        }

        override func apply(_ value: Value) {
            keep(&render.current.presented, value)
            render.changed()
        }
    }

    /// A value the render depends on changed (see `RenderWriter.changed()`).
    private func renderChanged() { render.changed() }

    /// Hands the drawn transform to the bin (it redraws only when something changed). The frame
    /// path (`RenderWriter.push()`) comes here only while a morph runs or a transition's anchor differs.
    /// - Complexity: O(1); a few multiplications per frame while anything animates.
    private func pushRender() {
        guard let w = motionBin, presence != nil else { return }
        if isMorphing, pushMorphRender(w) { return }
        render.write(w, anchor: presence.isAnimating ? effects.anchor : anchor)
    }

    /// Draws the child at the morph's frame: scaled from its own allocation, moved from the bin's
    /// place in the window, with the transition's opacity (and the user's translation added).
    /// Returns false when there is nothing to map from yet.
    private func pushMorphRender(_ w: OpaquePointer) -> Bool {
        guard let child = unison_motion_bin_get_child(w), let origin = currentOrigin() else { return false }
        let width = Double(gtk_widget_get_width(child))
        let height = Double(gtk_widget_get_height(child))
        guard width > 0, height > 0 else { return false }
        let translation = presented.translation
        let frame = geometry.presentationValue.offsetBy(
            dx: translation.x - origin.x, dy: translation.y - origin.y)
        // Scaled one pixel beyond the frame on each side and clipped to it: the clip alone makes
        // the edges (a scaled texture's own edges are filtered soft).
        let bleed = frame.insetBy(dx: -1, dy: -1)
        unison_motion_bin_set_render(
            w, Double(bleed.minX), Double(bleed.minY), Double(bleed.width) / width, Double(bleed.height) / height, 0,
            0, 0, presented.opacity * presence.effects.opacity)
        render.current.isClipped = true
        unison_motion_bin_set_clip(
            w, Double(frame.minX), Double(frame.minY), Double(max(frame.width, 0)), Double(max(frame.height, 0)), 0)
        return true
    }

    /// Whether an `isPresent` change in `transaction` morphs (it animates).
    private func morphs(in transaction: Transaction) -> Bool {
        transaction.isAnimated && clock.animationsEnabled
    }

    /// The bin's own bounds in its window (nil while it has no window).
    private func layoutFrame() -> CGRect? {
        guard let bin = motionBin else { return nil }
        let w: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(UnsafeMutableRawPointer(bin))
        guard gtk_widget_get_mapped(w) != 0, let root = gtk_widget_get_root(w) else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(w, unison_gtk_widget(UnsafeMutableRawPointer(root)), &bounds) != 0 else {
            return nil
        }
        return CGRect(
            x: Double(bounds.origin.x), y: Double(bounds.origin.y), width: Double(bounds.size.width),
            height: Double(bounds.size.height))
    }

    /// Starts (or retargets) the morph after the layout pass that follows the change: an
    /// appearing bin from its partner's drawn frame to its own, a disappearing one from where it
    /// is drawn to its partner's. Runs inside GTK's layout phase (no completion runs here).
    private func startMorph(in transaction: DeferredTransaction?) {
        guard let match, let partner = match.namespace.partner(of: self, id: match.id) else { return }
        let target: CGRect?
        let start: CGRect?
        if presence.isPresent {
            target = layoutFrame()
            start = isMorphing ? geometry.presentationValue : partner.drawnFrameAtStart
        } else {
            target = partner.layoutFrame()
            start = isMorphing ? geometry.presentationValue : firstFrame
        }
        guard let target, let start, target.width > 0, target.height > 0 else { return }
        withoutSafePoints {
            if !isMorphing { withTransaction(Transaction()) { geometry.value = start } }
            isMorphing = true
            if let transaction {
                transaction.perform { geometry.value = target }
            } else {
                withTransaction(Transaction()) { geometry.value = target }
            }
        }
        pushRender()
    }

    /// Whether the bin is on screen for a partner's morph: shown, or kept shown for its own morph.
    var isShownForMorph: Bool { presence.isVisible || isRemoving }

    /// Where a partner starts a morph from: where it is drawn now if it morphs, else where it was
    /// when the transaction began.
    var drawnFrameAtStart: CGRect? { isMorphing ? geometry.presentationValue : firstFrame ?? drawnFrame }

    /// A morph whose animation has finished leaves a present bin to layout again, and lets a
    /// disappearing one be hidden (once its transition has finished too).
    private func endMorphIfDone() {
        guard isMorphing, !geometry.isAnimating else { return }
        guard presence.isPresent else {
            finishRemovalIfDone()
            return
        }
        isMorphing = false
        if let origin = currentOrigin() {
            allocatedOrigin = origin
            withTransaction(Transaction()) { layoutOrigin.value = origin }
        }
        pushRender()
    }

    private func pushPadding() {
        guard let w = motionBin else { return }
        let padding = paddingProperty.presentationValue
        unison_motion_bin_set_padding(w, padding.top, padding.trailing, padding.bottom, padding.leading)
        unison_motion_bin_set_resizing(
            w, paddingProperty.isAnimating || (isResizing && sizeProperty.isAnimating) ? 1 : 0)
    }

    private func pushSize() {
        guard let w = motionBin else { return }
        if isResizing, sizeProperty.isAnimating {
            let size = sizeProperty.presentationValue
            unison_motion_bin_set_size(w, max(size.width, 0), max(size.height, 0))
        } else {
            isResizing = false
            unison_motion_bin_set_size(w, -1, -1)
        }
        unison_motion_bin_set_resizing(w, paddingProperty.isAnimating || isResizing ? 1 : 0)
    }

    /// Runs `change` (of the child's content, say a label's text) and, when it changes the size the
    /// bin measures, animates the bin from its size before to the new one with the transaction of
    /// the bin's layout (see ``setAnimationClasses(_:value:scope:rules:changes:completion:)``), the
    /// child centred in it. Outside an animated transaction, or while the bin is not shown, the size
    /// changes at once.
    package func resizing(_ change: () -> Void) {
        guard let w = motionBin, let child = unison_motion_bin_get_child(w) else { return change() }
        let widget: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(UnsafeMutableRawPointer(w))
        /// The child's natural size (its box inside the padding).
        func natural() -> CGSize {
            var minimum: Int32 = 0
            var width: Int32 = 0
            var height: Int32 = 0
            gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &width, nil, nil)
            gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, -1, &minimum, &height, nil, nil)
            return CGSize(width: Double(width), height: Double(height))
        }
        let before = isResizing ? sizeProperty.presentationValue : natural()
        change()
        guard gtk_widget_get_mapped(widget) != 0 else { return }
        let after = natural()
        layoutChange {
            guard Transaction.current.isAnimated, clock.animationsEnabled, after != before else {
                if isResizing { withTransaction(Transaction()) { sizeProperty.value = after } }
                pushSize()
                return
            }
            if !isResizing { withTransaction(Transaction()) { sizeProperty.value = before } }
            isResizing = true
            sizeProperty.value = after
            pushSize()
        }
    }

    private func pushReveal() {
        guard let w = motionBin else { return }
        let fraction = reveal.isAnimating || reveal.presentationValue < 1 ? max(reveal.presentationValue, 0) : -1
        unison_motion_bin_set_reveal(
            w, collapse == .horizontal || collapse == .both ? fraction : -1,
            collapse == .vertical || collapse == .both ? fraction : -1)
    }

    private func visibilityChanged(_ visible: Bool) {
        guard let w = motionBin else { return }
        if visible {
            isRemoving = false
            gtk_widget_set_visible(unison_gtk_widget(UnsafeMutableRawPointer(w)), unison_gtk_true)
        } else {
            isRemoving = true
            finishRemovalIfDone()
        }
    }

    /// Hides or removes the bin once both its transition and its collapse have finished (once).
    private func finishRemovalIfDone() {
        guard isRemoving, !presence.isPresent, !reveal.isAnimating || collapse == .none, !awaitsMorph,
            !(isMorphing && geometry.isAnimating), let w = motionBin
        else {
            return
        }
        isRemoving = false
        // Inside a GTK signal or a layout pass (an unmap that finished the removal early), the
        // container is changed at the next turn of the main loop instead.
        guard !areSafePointsSuspended else {
            GtkRuntime.after(0) { [weak self] in
                guard let self, !self.presence.isPresent else { return }  // shown again meanwhile
                self.hideOrDetach(w)
            }
            return
        }
        hideOrDetach(w)
    }

    private func hideOrDetach(_ w: OpaquePointer) {
        guard !isDisposed else { return }
        isMorphing = false
        // What the container still gives it (the spacing next to it in a GtkBox, say) closes when it
        // goes: with the removal's animation, so the neighbours glide those last pixels too.
        withTransaction(Transaction(animation: removalAnimation)) {
            if removal == .removeFromParent {
                detach()
            } else {
                gtk_widget_set_visible(unison_gtk_widget(UnsafeMutableRawPointer(w)), unison_gtk_false)
            }
        }
    }

    /// Removes the bin from whatever holds it, with that container's own call.
    private func detach() {
        guard let bin = motionBin else { return }
        allocatedOrigin = nil
        let w: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(UnsafeMutableRawPointer(bin))
        removeFromContainer(w)
    }

    /// Whether a layout glide is running (``MotionLayout`` then checks the bin after every layout).
    var isGliding: Bool { layoutOrigin.isAnimating || isMorphing || awaitsMorph }

    /// A glide may have started: ``MotionLayout`` checks the bin after every layout until it rests.
    private func noteGliding() {
        if let clock = realizedClock { MotionLayout.noteGliding(self, clock: clock) }
    }

    /// Where layout puts the bin now, in its window's coordinates (nil while it has no window).
    private func currentOrigin() -> CGPoint? {
        guard let bin = motionBin else { return nil }
        let w: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(UnsafeMutableRawPointer(bin))
        guard gtk_widget_get_mapped(w) != 0, let root = gtk_widget_get_root(w) else { return nil }
        var zero = graphene_point_t(x: 0, y: 0)
        var point = graphene_point_t(x: 0, y: 0)
        guard gtk_widget_compute_point(w, unison_gtk_widget(UnsafeMutableRawPointer(root)), &zero, &point) != 0
        else { return nil }
        return CGPoint(x: Double(point.x), y: Double(point.y))
    }

    /// FLIP's *first*: an animated transaction begins, layout may follow. Records where layout has
    /// the bin now (a bin at rest is drawn there; a gliding one keeps gliding from where it is).
    func recordFirst() {
        if match != nil { firstFrame = drawnFrame }
        guard let origin = currentOrigin() else {
            allocatedOrigin = nil  // not on screen: where it was last is no start for a glide
            return
        }
        allocatedOrigin = origin
        if !layoutOrigin.isAnimating, layoutOrigin.value != origin {
            withoutSafePoints { withTransaction(Transaction()) { layoutOrigin.value = origin } }
        }
    }

    /// FLIP's *last*, *invert* and *play*, after a layout pass of the bin's window: if layout put
    /// the bin somewhere new, it is drawn from where it was, gliding with `transaction` (or moved at
    /// once without one). Runs inside GTK's layout phase, so no completion runs here.
    func layoutDidChange(in transaction: DeferredTransaction?) {
        if awaitsMorph {
            awaitsMorph = false
            startMorph(in: transaction)
            if !isMorphing && isRemoving {
                // No partner to morph with: an ordinary removal, finished outside the layout phase.
                GtkRuntime.after(0) { [weak self] in self?.finishRemovalIfDone() }
            }
        } else if isMorphing {
            withoutSafePoints { endMorphIfDone() }
            if isMorphing {
                // Drawn at the morph's frame: only the bin's place under it changed.
                allocatedOrigin = currentOrigin()
                pushRender()
                return
            }
        }
        guard let origin = currentOrigin() else {
            allocatedOrigin = nil
            return
        }
        if isMorphing {
            // The morph supersedes the layout glide: layout's place is taken as is.
            allocatedOrigin = origin
            withoutSafePoints { withTransaction(Transaction()) { layoutOrigin.value = origin } }
            pushRender()
            return
        }
        let previous = allocatedOrigin
        allocatedOrigin = origin
        guard origin != previous || layoutOrigin.value != origin else { return }
        // Moved by an ancestor bin whose padding or size animates: it is carried along frame by
        // frame, aligned with that surface; a glide of its own would lag behind it.
        let carried =
            unison_motion_bin_has_resizing_ancestor(unison_gtk_widget(UnsafeMutableRawPointer(motionBin!))) != 0
        withoutSafePoints {
            if previous != nil, animatesLayout, !carried, let transaction {
                transaction.perform { layoutChange { layoutOrigin.value = origin } }
                noteGliding()
            } else {
                withTransaction(Transaction()) { layoutOrigin.value = origin }
            }
        }
        pushRender()  // this frame paints from the old place (the glide starts next frame)
    }

    /// After every allocation: the transition's element size.
    private func allocated(width: Int, height: Int) {
        allocations &+= 1
        let size = CGSize(width: Double(width), height: Double(height))
        if presence.size != size { withoutSafePoints { presence.size = size } }
        if let afterAllocation { withoutSafePoints(afterAllocation) }
    }

    /// How many times the bin has been allocated (a change made since the last one is not laid out yet).
    package private(set) var allocations = 0
    /// Called after each allocation (inside GTK's layout phase: nothing may run completions).
    package var afterAllocation: (@MainActor () -> Void)?

    private func connectAllocation() {
        typealias Allocated = @MainActor (Int, Int) -> Void
        let body: Allocated = { [weak self] width, height in self?.allocated(width: width, height: height) }
        let thunk: UnisonMotionBinAllocated = { data, width, height in
            CallbackBox<Allocated>.call(data) { $0(Int(width), Int(height)) }
        }
        unison_motion_bin_set_allocated_func(OpaquePointer(bin), thunk, CallbackBox.retained(body), releaseCallbackBox)
    }

    /// Tells ``MotionLayout`` which window's frame clock the bin paints with.
    private func connectRealization() {
        let w: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(bin)
        connectSignal(bin, "realize") { [weak self] in self?.realized(w) }
        connectSignal(bin, "unrealize") { [weak self] in self?.unrealized() }
        if gtk_widget_get_realized(w) != 0 { realized(w) }
    }

    private var realizedClock: OpaquePointer?

    private func realized(_ w: UnsafeMutablePointer<GtkWidget>) {
        guard realizedClock == nil, let clock = gtk_widget_get_frame_clock(w) else { return }
        realizedClock = clock
        MotionLayout.add(self, clock: clock)
    }

    private func unrealized() {
        // `allocatedOrigin` stays: a bin moved to another container in an animated transaction
        // (unrealized, then realized there) glides from where it was.
        guard let clock = realizedClock else { return }
        realizedClock = nil
        MotionLayout.remove(ObjectIdentifier(self), clock: clock)
    }
}

/// Removes `widget` from its parent with the parent's own API (GTK has no generic "remove").
/// Rows and flow-box children are removed from their list; an unknown container hides it.
@MainActor
func removeFromContainer(_ widget: UnsafeMutablePointer<GtkWidget>) {
    guard let parent = gtk_widget_get_parent(widget) else { return }
    let p = UnsafeMutableRawPointer(parent)
    if unison_gtk_is_a(p, gtk_box_get_type()) != 0 {
        gtk_box_remove(p.assumingMemoryBound(to: GtkBox.self), widget)
    } else if unison_gtk_is_a(p, gtk_grid_get_type()) != 0 {
        gtk_grid_remove(p.assumingMemoryBound(to: GtkGrid.self), widget)
    } else if unison_gtk_is_a(p, gtk_fixed_get_type()) != 0 {
        gtk_fixed_remove(p.assumingMemoryBound(to: GtkFixed.self), widget)
    } else if unison_gtk_is_a(p, gtk_overlay_get_type()) != 0 {
        gtk_overlay_remove_overlay(OpaquePointer(p), widget)
    } else if unison_gtk_is_a(p, gtk_center_box_get_type()) != 0 {
        let box = OpaquePointer(p)
        if gtk_center_box_get_start_widget(box) == widget { gtk_center_box_set_start_widget(box, nil) }
        if gtk_center_box_get_center_widget(box) == widget { gtk_center_box_set_center_widget(box, nil) }
        if gtk_center_box_get_end_widget(box) == widget { gtk_center_box_set_end_widget(box, nil) }
    } else if unison_gtk_is_a(p, gtk_list_box_row_get_type()) != 0, let list = gtk_widget_get_parent(parent) {
        gtk_list_box_remove(OpaquePointer(UnsafeMutableRawPointer(list)), parent)
    } else if unison_gtk_is_a(p, gtk_flow_box_child_get_type()) != 0, let flow = gtk_widget_get_parent(parent) {
        gtk_flow_box_remove(OpaquePointer(UnsafeMutableRawPointer(flow)), parent)
    } else {
        gtk_widget_set_visible(widget, unison_gtk_false)
    }
}
