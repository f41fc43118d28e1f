import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

/// A navigation stack of GTK pages with the zoom transition: a page pushed out of a widget (the
/// card you clicked) grows from that widget's frame to the whole stack, and can be grabbed and
/// dragged at any time, during the push or after it; released, it pops back into its source or
/// settles, by distance and velocity, the finishing spring starting with the finger's velocity.
///
/// ```swift
/// let stack = NavigationStack(root: grid)
/// gtk_window_set_child(window, stack.widget)
/// GtkSignals.connect(card, "clicked") {
///     stack.push(BraceletEditor(bracelet).widget, transition: .zoom(from: card)) { event in
///         if event == .didDisappear { editor.save() }
///     }
/// }
/// ```
///
/// - **Transitions**: ``NavigationTransition/slide`` (the default) or
///   ``NavigationTransition/zoom(cornerRadius:source:)``. A zoom push grows the page from the
///   source's bounds (read from GTK with `gtk_widget_compute_bounds`) to its own, clipped with
///   the source's corner radius and scaled uniformly so its content never stretches; a pop
///   shrinks it into the source's current bounds, cross-fading it into the source over the last
///   third of the way (nothing snaps when it is removed), or fades and scales it to the centre
///   when the source is gone or off screen. Animations: the caller's transaction, else ``animation``.
/// - **Reduced motion** (`MotionPreferences`, GTK's `gtk-interface-reduced-motion`): pushes and
///   pops of every kind cross-fade the page in place instead of sliding or zooming, unless the
///   change is essential (`Transaction.isEssential`); a drag still follows the finger.
/// - **Interaction**: drag a zoomed page anywhere (it follows the finger and shrinks with the
///   distance), or swipe a slid page back from its leading edge (``isBackSwipeEnabled``);
///   Escape and Alt+Left pop. A drag may start at any time, also mid-push.
/// - **Seeking**: an app's own gesture drives the pop with ``seekPop(to:)`` (or a push with
///   ``seekPush(_:transition:presentation:to:onAppearance:)``) and ends it with
///   ``finishSeeking(velocity:animation:)`` or ``cancelSeeking(velocity:animation:)``.
/// - **Sheets**: ``present(_:transition:animated:onAppearance:)`` (a push with
///   ``NavigationPresentation/sheet``) shows the page as an inset card over the page below,
///   which stays drawn behind a dimming layer; ``dismiss(animated:)``, Escape or a drag dismisses it.
/// - **Focus**: only the top page is live. The pages below it (and a page on its way out) are
///   out of the focus chain, take no pointer input and are hidden from assistive technologies,
///   and lose any hover they had. When the top page changes while the focus is in the stack, the
///   focus goes where `GtkStack` puts it: into the pushed page; after a pop, back to the zoom's
///   source, else to the widget that had it when the page was covered, else to the page's first
///   focusable widget.
/// - **Lifecycle**: every page gets `willAppear`, `didAppear`, `willDisappear`, `didDisappear`
///   in order, once per visit, by Unison's `NavigationModel` (whose rules say what happens
///   when transitions interrupt each other: nothing is cancelled, every visit is closed).
///
/// Pages are the app's widgets: each is put in a `UnisonMotionBin` (drawn with render
/// transforms and a rounded clip: nothing is relaid out while it moves) inside a `GtkOverlay`;
/// pages covered by the top one are hidden once it has appeared. A page is drawn over the one
/// below, so it should paint its own background (the `view` style class does). A popped page is
/// removed from the stack's widget once it has disappeared (the stack holds no reference to it after that). Closing the window,
/// even mid-drag, ends every transition and drag at once with their callbacks.
///
/// Ownership: the stack's widget keeps its `NavigationStack` while the widget is in a container
/// (or held by anyone else), so a stack the app stops referencing keeps its drags, shortcuts and
/// transitions; once nothing but this object holds the widget (its window was destroyed, it was
/// removed from its container), the widget lets it go at the next turn of the main loop.
@MainActor
public final class NavigationStack {
    /// The container: put it in a window or any other container.
    public var widget: UnsafeMutablePointer<GtkWidget> { unison_gtk_widget(overlay) }
    /// The frame clock the transitions run on (the container's).
    public let clock: GtkFrameClock
    /// The lifecycle model the stack draws.
    let model: NavigationModel<Page>

    /// Each page's appearance events (besides the callback given to ``push(_:transition:presentation:animated:onAppearance:)``).
    public var onAppearance: (@MainActor (UnsafeMutablePointer<GtkWidget>, AppearanceEvent) -> Void)?
    /// When a released drag pops (nil: a zoomed page pops when its drag projects a quarter of the
    /// stack's smaller side away; a slid page by the back swipe's rule, see ``backSwipeVelocity``).
    public var dismissal: InteractiveDismissal?
    /// Whether a slid page can be swiped back from its leading edge (default true): a press within
    /// ``backSwipeEdgeWidth`` of the page's leading edge (the left one; the right one in
    /// right-to-left text direction) dragged towards the trailing edge seeks the pop
    /// (``seekPop(to:)``), the page following the pointer 1:1 once the drag has moved
    /// ``dragThreshold``. Zoomed pages and sheets keep their own drag.
    ///
    /// ```swift
    /// stack.isBackSwipeEnabled = false   // a page with its own horizontal gestures at the edge
    /// ```
    public var isBackSwipeEnabled = true
    /// How close to a slid page's leading edge a press must be to start the back swipe (pixels,
    /// default 24). A press inside a horizontally scrolling `GtkScrolledWindow` never starts it.
    public var backSwipeEdgeWidth = 24.0
    /// How fast a released back swipe must move to decide by its velocity alone (pixels per
    /// second, default 500): at least this fast towards the trailing edge pops, at least this
    /// fast back settles back, anything slower pops once the page has travelled half the
    /// stack's width. ``dismissal``, when set, decides instead.
    public var backSwipeVelocity = 500.0
    /// How far a drag must move before it takes the page (16 px, as libadwaita's swipes).
    public var dragThreshold = 16.0
    /// The velocity of the last release (pixels per second), as the drag measured it from its
    /// events' own timestamps.
    @_spi(Testing) public internal(set) var lastReleaseVelocity = CGPoint.zero

    /// The animation of transitions started outside an animated transaction.
    public var animation: Animation {
        get { model.animation }
        set { model.animation = newValue }
    }

    let overlay: UnsafeMutableRawPointer
    var isDisposed = false
    /// Every page the stack holds (on the stack, or still animating out), by its content widget.
    var pages: [UnsafeMutableRawPointer: Page] = [:]
    /// The page being pushed (see `pushing`).
    var arriving: Page?
    /// The drag in progress (NavigationStack+Dismissal.swift).
    var dismissalDrag = NavigationDismissalDrag()
    /// The page a seek holds (NavigationStack+Seeking.swift); stale once the model's interactive
    /// pop has ended (see ``isSeeking``).
    var seeking: Page?
    /// The page the last pop sent away, while it may still be leaving (a seek grabs it back).
    weak var leaving: Page?
    /// The top page when the covered pages were last updated (NavigationStack+Focus.swift).
    weak var coveringTop: Page?
    /// Draws the stack once per frame (NavigationStackDrawing.swift).
    let drawing = Drawing()
    /// Reads zoom sources again after each layout of the window (NavigationStackDrawing.swift).
    var layoutHook: FrameClockLayoutHook?
    /// This object's reference to the overlay, as its share of the overlay's toggle reference (see
    /// `WidgetAttachment.holdToggled(by:_:adopting:)`): the overlay keeps this object while anyone
    /// else holds it.
    private var toggle: WidgetAttachment.Toggle?

    /// A stack showing `root`; `onAppearance` (also settable later) receives every page's
    /// appearance events, the root's first ones included.
    public init(
        root: some GObjectPointer, clock: GtkFrameClock? = nil,
        onAppearance: (@MainActor (UnsafeMutablePointer<GtkWidget>, AppearanceEvent) -> Void)? = nil
    ) {
        self.onAppearance = onAppearance
        let overlay = UnsafeMutableRawPointer(gtk_overlay_new()!)
        g_object_ref_sink(overlay)
        self.overlay = overlay
        let w: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(overlay)
        gtk_widget_set_overflow(w, GTK_OVERFLOW_HIDDEN)
        self.clock = clock ?? GtkFrameClock.for(w)
        model = NavigationModel(clock: self.clock, animation: .spring(duration: 0.5))
        model.onAppearance = { [weak self] page, event in self?.appearance(page, event) }
        model.onTransition = { [weak self] context in self?.transitionStarted(context) }
        model.onChange = { [weak self] in self?.drawing.changed() }
        connectSignal(overlay, "destroy") { [weak self] in self?.disposed() }
        connectSignal(overlay, "unmap") { [weak self] in self?.model.finishTransitions() }
        connectSignal(overlay, "map") { [weak self] in self?.mapped() }
        connectSignal(overlay, "unrealize") { [weak self] in self?.unrealized() }
        drawing.stack = self
        installDrag()
        installShortcuts()
        push(root, animated: false)
        // The reference taken above becomes this object's share of the overlay's toggle reference.
        toggle = WidgetAttachment.holdToggled(by: self, overlay, adopting: true)
    }

    isolated deinit {
        for page in pages.values {
            g_object_unref(page.bin)
            if let dim = page.dim { g_object_unref(dim) }
        }
        toggle?.release()  // the last share: the overlay is freed unless someone else holds it
    }

    // MARK: Navigation

    /// The pages, root first.
    public var stack: [UnsafeMutablePointer<GtkWidget>] { model.stack.map(\.content) }
    /// The top page.
    public var top: UnsafeMutablePointer<GtkWidget>? { model.top?.content }
    /// Whether a transition is in flight.
    public var isTransitioning: Bool { model.isTransitioning }
    /// Whether a drag holds the top page.
    public var isDragging: Bool { model.isInteractive }

    /// Pushes `page` with `transition`; `onAppearance` receives its appearance events. Returns
    /// false, changing nothing, when `page` is already on the stack or has a parent elsewhere.
    @discardableResult
    public func push(
        _ page: some GObjectPointer, transition: NavigationTransition = .slide,
        presentation: NavigationPresentation = .page, animated: Bool = true,
        onAppearance: (@MainActor (AppearanceEvent) -> Void)? = nil
    ) -> Bool {
        guard let entry = entering(page, transition: transition, presentation: presentation, onAppearance: onAppearance)
        else { return false }
        return pushing(entry, animated: animated)
    }

    /// The page `page` pushes, its bin on top of the overlay: a new one, or one still animating
    /// out after a pop, which comes back with its new transition. Nil when `page` is on the
    /// stack, has a parent elsewhere, or the stack is gone.
    func entering(
        _ page: some GObjectPointer, transition: NavigationTransition, presentation: NavigationPresentation,
        onAppearance: (@MainActor (AppearanceEvent) -> Void)?
    ) -> Page? {
        guard !isDisposed else { return nil }
        let content = page.gObjectAddress
        if let existing = pages[content] {
            guard !model.stack.contains(existing) else { return nil }
            existing.transition = transition
            existing.onAppearance = onAppearance
            setPresentation(presentation, of: existing)
            if let dim = existing.dim { gtk_widget_insert_before(dim, unison_gtk_widget(overlay), nil) }
            gtk_widget_insert_before(unison_gtk_widget(existing.bin), unison_gtk_widget(overlay), nil)
            return existing
        }
        guard gtk_widget_get_parent(unison_gtk_widget(content)) == nil else { return nil }
        let entry = Page(content: content, transition: transition, clock: clock) { [weak self] _ in
            self?.drawing.changed()
        }
        entry.onAppearance = onAppearance
        pages[content] = entry
        setPresentation(presentation, of: entry)
        let bin = unison_gtk_widget(entry.bin)
        gtk_widget_set_visible(bin, unison_gtk_false)
        gtk_overlay_add_overlay(OpaquePointer(overlay), bin)
        gtk_overlay_set_measure_overlay(OpaquePointer(overlay), bin, unison_gtk_true)
        return entry
    }

    /// How far a sheet's card is inset from the stack's edges (pixels, rounded; read when a
    /// sheet is presented and while it is drawn).
    public var sheetInset = 24.0
    /// The corner radius of a sheet's card.
    public var sheetCornerRadius = 12.0
    /// The model's push, during which `page` is kept even before the model knows it (a drag
    /// settled back first draws before the page is on the stack).
    func pushing(_ page: Page, animated: Bool) -> Bool {
        arriving = page
        defer {
            arriving = nil
            render()
        }
        return model.push(page, animated: animated)
    }

    /// Pops the top page (during a drag: finishes it). Returns false with only the root left.
    @discardableResult
    public func pop(animated: Bool = true) -> Bool {
        model.pop(animated: animated) != nil
    }

    /// Pops every page above the root; only the top one is seen leaving.
    @discardableResult
    public func popToRoot(animated: Bool = true) -> Bool {
        !model.popToRoot(animated: animated).isEmpty
    }

    /// Where `page` stands in its visit.
    public func appearanceState(of page: some GObjectPointer) -> AppearanceState {
        pages[page.gObjectAddress].map { model.appearanceState(of: $0) } ?? .disappeared
    }

    /// The rectangle `page` is drawn in now, in the stack's coordinates (its clip while it
    /// zooms; nil when it is not shown).
    public func drawnFrame(of page: some GObjectPointer) -> CGRect? {
        guard let entry = pages[page.gObjectAddress], model.appearanceState(of: entry).isVisible,
            let size = size()
        else { return nil }
        return layout(entry, width: size.width, height: size.height).frame
    }

    // MARK: Model callbacks

    private func appearance(_ page: Page, _ event: AppearanceEvent) {
        page.onAppearance?(event)
        onAppearance?(page.content, event)
    }

    /// A transition starts (inside its transaction): the moving page reads its source again,
    /// and a drag offset left by a finger goes back to zero with the transition, starting with
    /// the finger's velocity.
    private func transitionStarted(_ context: NavigationTransitionContext<Page>) {
        let page = context.movingPage
        switch context.kind {
        case .push, .pop, .interactivePop:
            page.reducesMotion = ReducedMotion.applies(to: Transaction.current.environment, over: clock.environment)
        case .finishInteractivePop, .cancelInteractivePop:
            // Released: it ends as it was drawn under the finger (a slide never turns into a fade).
            break
        }
        switch context.kind {
        case .push, .pop, .finishInteractivePop:
            page.needsSourceFrame = true
        case .interactivePop, .cancelInteractivePop:
            break
        }
        switch context.kind {
        case .pop, .finishInteractivePop:
            // A zoom close fades the page into its source over its last frames.
            page.fadesIntoSource = page.isZoomLike
            leaving = page
        case .push, .interactivePop, .cancelInteractivePop:
            // Coming back: stops fading once past the fade (NavigationStackDrawing.swift's `draw`).
            break
        }
        guard context.kind != .interactivePop else { return }
        let drag = page.drag
        if dismissalDrag.releaseVelocity != .zero {
            drag.handOff(velocity: dismissalDrag.releaseVelocity.animatableData)
        }
        dismissalDrag.releaseVelocity = .zero
        drag.value = .zero
    }

    // MARK: Keys

    private func installShortcuts() {
        let controller = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_set_scope(controller, GTK_SHORTCUT_SCOPE_MANAGED)
        let trigger = gtk_shortcut_trigger_parse_string("Escape|<Alt>Left")
        let action = callbackAction { [weak self] in
            guard let self, !self.isDisposed, self.model.canPop || self.model.isInteractive else { return false }
            return self.pop()
        }
        gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(trigger, action))
        gtk_widget_add_controller(widget, controller)
    }

    // MARK: Going away

    private func disposed() {
        guard !isDisposed else { return }
        model.finishTransitions()
        isDisposed = true
        dismissalDrag.phase = .idle
        dismissalDrag.page = nil
        seeking = nil
    }
}
