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
///   shrinks it into the source's current bounds, or fades and scales it to the centre when the
///   source is gone or off screen. Animations: the caller's transaction, else ``animation``.
/// - **Interaction**: drag a zoomed page anywhere (it follows the finger and shrinks with the
///   distance), or swipe a slid page back from the left; Escape and Alt+Left pop. A drag may
///   start at any time, also mid-push.
/// - **Sheets**: ``present(_:transition:animated:onAppearance:)`` (a push with
///   ``NavigationPresentation/sheet``) shows the page as an inset card over the page below,
///   which stays drawn behind a dimming layer; ``dismiss(animated:)``, Escape or a drag dismisses it.
/// - **Lifecycle**: every page gets `willAppear`, `didAppear`, `willDisappear`, `didDisappear`
///   in order, once per visit, by Unison's ``NavigationModel`` (whose rules say what happens
///   when transitions interrupt each other: nothing is cancelled, every visit is closed).
///
/// Pages are the app's widgets: each is put in a `UnisonMotionBin` (drawn with render
/// transforms and a rounded clip: nothing is relaid out while it moves) inside a `GtkOverlay`;
/// pages covered by the top one are hidden. A page is drawn over the one below, so it should
/// paint its own background (the `view` style class does). A popped page is removed from the stack's widget
/// once it has disappeared (the stack holds no reference to it after that). Closing the window,
/// even mid-drag, ends every transition and drag at once with their callbacks.
@MainActor
public final class NavigationStack {
    /// The container: put it in a window or any other container.
    public var widget: UnsafeMutablePointer<GtkWidget> { unison_gtk_widget(overlay) }
    /// The frame clock the transitions run on (the container's).
    public let clock: GtkFrameClock
    /// The lifecycle model the stack draws.
    let model: NavigationModel<Page>

    /// Each page's appearance events (besides the callback given to ``push(_:transition:animated:onAppearance:)``).
    public var onAppearance: (@MainActor (UnsafeMutablePointer<GtkWidget>, AppearanceEvent) -> Void)?
    /// When a released drag pops (nil: a zoomed page pops when its drag projects a quarter of the
    /// stack's smaller side away; a slid page when its swipe projects past half the width).
    public var dismissal: InteractiveDismissal?
    /// How far a drag must move before it takes the page (GTK's and libadwaita's 16 px).
    public var dragThreshold = 16.0

    /// The animation of transitions started outside an animated transaction.
    public var animation: Animation {
        get { model.animation }
        set { model.animation = newValue }
    }

    private let overlay: UnsafeMutableRawPointer
    private var isDisposed = false
    private var pages: [UnsafeMutableRawPointer: Page] = [:]
    /// The page being pushed (see `pushing`).
    private var arriving: Page?

    // The drag in progress.
    private enum DragPhase { case idle, pending, active, ignored }
    private var dragPhase = DragPhase.idle
    private var dragCancelled = false
    /// Where the gesture was when it took the page (the threshold's worth of motion is not applied).
    private var dragOrigin = CGPoint.zero
    private var dragPage: Page?
    private var dragBase = CGPoint.zero
    private var dragBaseProgress = 1.0
    private var tracker = VelocityTracker<CGPoint.AnimatableData>()
    private var dragController: OpaquePointer?
    /// The velocity a release hands to the page's drag offset (pixels per second).
    private var releaseVelocity = CGPoint.zero

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
        model.onChange = { [weak self] in self?.render() }
        connectSignal(overlay, "destroy") { [weak self] in self?.disposed() }
        connectSignal(overlay, "unmap") { [weak self] in self?.model.finishTransitions() }
        connectSignal(overlay, "map") { [weak self] in self?.mapped() }
        connectSignal(overlay, "unrealize") { [weak self] in self?.unrealized() }
        installDrag()
        installShortcuts()
        push(root, animated: false)
    }

    isolated deinit {
        // The overlay is still realized (it is ours until the unref below): its clock is alive.
        if let clock = layoutClock { g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), layoutHandler) }
        for page in pages.values {
            g_object_unref(page.bin)
            if let dim = page.dim { g_object_unref(dim) }
        }
        g_object_unref(overlay)
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
        guard !isDisposed else { return false }
        let content = page.gObjectAddress
        if let existing = pages[content] {
            // Still animating out after a pop: it comes back, with its new transition.
            guard !model.stack.contains(existing) else { return false }
            existing.transition = transition
            existing.onAppearance = onAppearance
            setPresentation(presentation, of: existing)
            if let dim = existing.dim { gtk_widget_insert_before(dim, unison_gtk_widget(overlay), nil) }
            gtk_widget_insert_before(unison_gtk_widget(existing.bin), unison_gtk_widget(overlay), nil)
            return pushing(existing, animated: animated)
        }
        guard gtk_widget_get_parent(unison_gtk_widget(content)) == nil else { return false }
        let entry = Page(content: content, transition: transition, clock: clock)
        entry.onAppearance = onAppearance
        entry.drag = AnimatableProperty(CGPoint.zero, clock: clock) { [weak self] _ in self?.render() }
        pages[content] = entry
        setPresentation(presentation, of: entry)
        let bin = unison_gtk_widget(entry.bin)
        gtk_widget_set_visible(bin, unison_gtk_false)
        gtk_overlay_add_overlay(OpaquePointer(overlay), bin)
        gtk_overlay_set_measure_overlay(OpaquePointer(overlay), bin, unison_gtk_true)
        return pushing(entry, animated: animated)
    }

    /// Presents `page` as a sheet: a push with ``NavigationPresentation/sheet`` (see there).
    @discardableResult
    public func present(
        _ page: some GObjectPointer, transition: NavigationTransition, animated: Bool = true,
        onAppearance: (@MainActor (AppearanceEvent) -> Void)? = nil
    ) -> Bool {
        push(page, transition: transition, presentation: .sheet, animated: animated, onAppearance: onAppearance)
    }

    /// Dismisses the top page when it is a sheet (as Escape or a drag down does). Returns false,
    /// changing nothing, when the top page is not a sheet.
    @discardableResult
    public func dismiss(animated: Bool = true) -> Bool {
        guard model.top?.isSheet == true else { return false }
        return pop(animated: animated)
    }

    /// How far a sheet's card is inset from the stack's edges (pixels, rounded; read when a
    /// sheet is presented and while it is drawn).
    public var sheetInset = 24.0
    /// The corner radius of a sheet's card.
    public var sheetCornerRadius = 12.0

    /// Gives `page` its presentation: a sheet's bin is inset (so the page is laid out at the
    /// sheet's size) and has a dimming layer below it.
    private func setPresentation(_ presentation: NavigationPresentation, of page: Page) {
        page.isSheet = presentation == .sheet
        let bin = unison_gtk_widget(page.bin)
        let inset = Int32(page.isSheet ? sheetInset.rounded() : 0)
        gtk_widget_set_margin_start(bin, inset)
        gtk_widget_set_margin_end(bin, inset)
        gtk_widget_set_margin_top(bin, inset)
        gtk_widget_set_margin_bottom(bin, inset)
        if page.isSheet, page.dim == nil {
            let dim = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            g_object_ref_sink(dim)
            installDimStyle()
            gtk_widget_add_css_class(dim, "unison-sheet-dim")
            gtk_widget_set_visible(dim, unison_gtk_false)
            gtk_overlay_add_overlay(OpaquePointer(overlay), dim)
            page.dim = dim
        } else if !page.isSheet, let dim = page.dim {
            gtk_overlay_remove_overlay(OpaquePointer(overlay), dim)
            g_object_unref(dim)
            page.dim = nil
        }
    }

    private static var dimStyleInstalled = false

    private func installDimStyle() {
        guard !Self.dimStyleInstalled, let display = gdk_display_get_default() else { return }
        Self.dimStyleInstalled = true
        let provider = gtk_css_provider_new()!
        let css = ".unison-sheet-dim { background-color: black; }"
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// The model's push, during which `page` is kept even before the model knows it (a drag
    /// settled back first draws before the page is on the stack).
    private func pushing(_ page: Page, animated: Bool) -> Bool {
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
        case .push, .pop, .finishInteractivePop:
            page.needsSourceFrame = true
        case .interactivePop, .cancelInteractivePop:
            break
        }
        guard context.kind != .interactivePop, let drag = page.drag else { return }
        if releaseVelocity != .zero { drag.handOff(velocity: releaseVelocity.animatableData) }
        releaseVelocity = .zero
        drag.value = .zero
    }

    // MARK: Drawing

    private func size() -> CGSize? {
        guard !isDisposed else { return nil }
        let w = gtk_widget_get_width(widget)
        let h = gtk_widget_get_height(widget)
        guard w > 0, h > 0 else { return nil }
        return CGSize(width: Double(w), height: Double(h))
    }

    /// Shows the visible pages, hides the others, draws each where its transition has it, and
    /// lets go of pages the model no longer knows.
    /// - Complexity: O(pages); a few multiplications and one `gtk_widget_compute_bounds` per
    ///   zooming page per call (once per animated value per frame).
    private func render() {
        guard !isDisposed else { return }
        var visible = Set(model.visiblePages.map(ObjectIdentifier.init))
        // A sheet shown keeps the page below it drawn (behind its dimming layer).
        for (below, above) in zip(model.stack, model.stack.dropFirst()).reversed()
        where above.isSheet && visible.contains(ObjectIdentifier(above)) {
            visible.insert(ObjectIdentifier(below))
        }
        let size = size()
        var gone: [UnsafeMutableRawPointer] = []
        for (key, page) in pages {
            let shown = visible.contains(ObjectIdentifier(page))
            let bin = unison_gtk_widget(page.bin)
            if (gtk_widget_get_visible(bin) != 0) != shown {
                gtk_widget_set_visible(bin, shown ? unison_gtk_true : unison_gtk_false)
            }
            if let dim = page.dim, (gtk_widget_get_visible(dim) != 0) != shown {
                gtk_widget_set_visible(dim, shown ? unison_gtk_true : unison_gtk_false)
            }
            if shown, let size {
                draw(page, width: size.width, height: size.height)
            } else if !shown && page !== arriving && !model.stack.contains(page) && !model.isMoving(page) {
                gone.append(key)
            }
        }
        for key in gone {
            guard let page = pages.removeValue(forKey: key) else { continue }
            gtk_overlay_remove_overlay(OpaquePointer(overlay), unison_gtk_widget(page.bin))
            g_object_unref(page.bin)
            if let dim = page.dim {
                gtk_overlay_remove_overlay(OpaquePointer(overlay), dim)
                g_object_unref(dim)
            }
        }
    }

    /// Where a page is drawn: the rectangle it fills (its clip), how much it is scaled, its
    /// opacity and corner radius.
    private struct Layout {
        var frame: CGRect
        var scale: Double
        var opacity: Double
        var radius: Double
        var isIdentity: Bool
    }

    /// Where `page` rests, in the stack's coordinates: the whole stack, or a sheet's inset card.
    private func home(of page: Page, width: Double, height: Double) -> CGRect {
        let full = CGRect(x: 0, y: 0, width: width, height: height)
        guard page.isSheet else { return full }
        let inset = sheetInset.rounded()
        return full.insetBy(dx: min(inset, width / 2), dy: min(inset, height / 2))
    }

    private func layout(_ page: Page, width: Double, height: Double) -> Layout {
        let full = home(of: page, width: width, height: height)
        let p = model.progress(of: page)
        var style = page.transition.style
        // A sheet always zooms (out of nothing, when its transition is a slide: the centre fallback).
        if page.isSheet, case .slide = style { style = .zoom(source: { nil }, cornerRadius: sheetCornerRadius) }
        switch style {
        case .slide:
            // Only the page's own drag progress moves it: the finger or the transition.
            let x = (1 - p) * width
            return Layout(
                frame: full.offsetBy(dx: x, dy: 0), scale: 1, opacity: 1, radius: 0, isIdentity: abs(x) < 1e-9)
        case let .zoom(_, cornerRadius):
            let settled = min(max(p, 0), 1)
            var frame: CGRect
            var opacity = 1.0
            var radius = cornerRadius * (1 - settled) + (page.isSheet ? sheetCornerRadius * settled : 0)
            if let source = page.sourceFrame {
                frame = interpolate(source, full, p)
            } else {
                // No source on screen: fade and scale towards the centre.
                frame = scaled(full, by: 0.6 + 0.4 * p)
                opacity = settled
            }
            let offset = page.drag?.presentationValue ?? .zero
            let distance = (offset.x * offset.x + offset.y * offset.y).squareRoot()
            if distance > 0 {
                // Follows the finger, shrinking with the distance (to half at the stack's height).
                let shrink = 1 - 0.5 * min(distance / height, 1)
                frame = scaled(frame, by: shrink).offsetBy(dx: offset.x, dy: offset.y)
                radius = max(radius, cornerRadius * min(distance / 40, 1))
            }
            let identity = frame == full && opacity == 1
            // Aspect fill, one pixel beyond the frame on each side in the direction that fits, so
            // the clip alone makes the edge (a scaled texture's own edge is filtered soft).
            let scale = max((frame.width + 2) / full.width, (frame.height + 2) / full.height)
            return Layout(frame: frame, scale: scale, opacity: opacity, radius: radius, isIdentity: identity)
        }
    }

    private func draw(_ page: Page, width: Double, height: Double) {
        if page.isZoomLike, page.needsSourceFrame || model.isMoving(page) {
            if page.needsSourceFrame { page.resolvesAfterLayout = true }
            refreshSourceFrame(page, start: page.needsSourceFrame)
        }
        let bin = OpaquePointer(page.bin)
        let layout = layout(page, width: width, height: height)
        // The bin's own rectangle in the stack (a sheet's bin is inset by its margins).
        let home = home(of: page, width: width, height: height)
        if let dim = page.dim {
            let offset = page.drag?.presentationValue ?? .zero
            let distance = (offset.x * offset.x + offset.y * offset.y).squareRoot()
            let shown = min(max(model.progress(of: page), 0), 1) * (1 - min(distance / height, 1))
            gtk_widget_set_opacity(dim, 0.4 * shown)
        }
        guard !layout.isIdentity else {
            unison_motion_bin_set_render(bin, 0, 0, 1, 1, 0, 0.5, 0.5, 1)
            if page.isSheet {
                unison_motion_bin_set_clip(bin, 0, 0, home.width, home.height, sheetCornerRadius)
            } else {
                unison_motion_bin_set_clip(bin, 0, 0, -1, -1, 0)
            }
            return
        }
        let frame = layout.frame
        // The page scaled uniformly (aspect fill) about its centre, centred on the frame, clipped to it.
        unison_motion_bin_set_render(
            bin, frame.midX - home.midX, frame.midY - home.midY, layout.scale, layout.scale, 0, 0.5, 0.5,
            layout.opacity)
        if page.transition.isZoom || page.isSheet {
            unison_motion_bin_set_clip(
                bin, frame.minX - home.minX, frame.minY - home.minY, frame.width, frame.height, layout.radius)
        } else {
            unison_motion_bin_set_clip(bin, 0, 0, -1, -1, 0)
        }
    }

    /// After each layout of the window: a transition that started since reads its source again,
    /// now that the page holding it is laid out (it may have been hidden, and scrolled or moved
    /// meanwhile), before the first frame is painted. Nothing happens in other layouts.
    private func layoutDone() {
        guard !isDisposed, let size = size() else { return }
        for page in pages.values where page.resolvesAfterLayout {
            page.resolvesAfterLayout = false
            refreshSourceFrame(page, start: true)
            if model.appearanceState(of: page).isVisible { draw(page, width: size.width, height: size.height) }
        }
    }

    private var layoutClock: OpaquePointer?
    private var layoutHandler: gulong = 0

    private func mapped() {
        if layoutClock == nil, let clock = gtk_widget_get_frame_clock(widget) {
            layoutClock = clock
            layoutHandler = connectSignal(UnsafeMutableRawPointer(clock), "layout", after: true) { [weak self] in
                self?.layoutDone()
            }
        }
        render()
    }

    private func unrealized() {
        if let clock = layoutClock { g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), layoutHandler) }
        layoutClock = nil
    }

    /// Reads the zoom source's bounds in the stack. At the start of a transition a source that is
    /// gone or off screen means the centre fallback; while it runs, the last known bounds stay
    /// when the source goes (so a destroyed source never makes the page jump).
    private func refreshSourceFrame(_ page: Page, start: Bool) {
        page.needsSourceFrame = false
        guard case let .zoom(source, _) = page.transition.style else { return }
        if let widget = source(), let frame = visibleFrame(of: unison_gtk_widget(widget)) {
            page.sourceFrame = frame
        } else if start {
            page.sourceFrame = nil
        }
    }

    /// `widget`'s bounds in the stack when at least half of it is on screen: mapped, in this
    /// window, not clipped away by a scrolled view (or any ancestor that clips) nor by the stack.
    private func visibleFrame(of widget: UnsafeMutablePointer<GtkWidget>) -> CGRect? {
        let stack = self.widget
        guard gtk_widget_get_mapped(widget) != 0, gtk_widget_is_ancestor(widget, stack) != 0 else { return nil }
        guard let bounds = bounds(of: widget, in: stack), bounds.width > 0, bounds.height > 0 else { return nil }
        var visible = bounds
        var ancestor = gtk_widget_get_parent(widget)
        while let current = ancestor, current != stack {
            if gtk_widget_get_overflow(current) == GTK_OVERFLOW_HIDDEN, let clip = self.bounds(of: current, in: stack) {
                visible = visible.intersection(clip)
            }
            ancestor = gtk_widget_get_parent(current)
        }
        if let size = size() { visible = visible.intersection(CGRect(origin: .zero, size: size)) }
        guard !visible.isNull, visible.width * visible.height >= 0.5 * bounds.width * bounds.height else { return nil }
        return bounds
    }

    private func bounds(of widget: UnsafeMutablePointer<GtkWidget>, in target: UnsafeMutablePointer<GtkWidget>)
        -> CGRect?
    {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, target, &rect) != 0 else { return nil }
        return CGRect(
            x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width),
            height: Double(rect.size.height))
    }

    // MARK: Dragging

    private func installDrag() {
        let gesture = UnsafeMutableRawPointer(gtk_gesture_drag_new()!)
        let controller = OpaquePointer(gesture)
        dragController = controller
        connectPointSignal(gesture, "drag-begin") { [weak self] _, _ in self?.dragBegan() }
        connectPointSignal(gesture, "drag-update") { [weak self] x, y in self?.dragChanged(x, y, gesture: gesture) }
        connectPointSignal(gesture, "drag-end") { [weak self] x, y in self?.dragEnded(x, y) }
        connectSequenceSignal(gesture, "cancel") { [weak self] _ in self?.dragCancelled = true }
        gtk_widget_add_controller(widget, controller)
    }

    /// The event's own time (the X server's milliseconds), as ``DragGesture`` does.
    private func eventTime() -> TimeInterval {
        let milliseconds = dragController.map { gtk_event_controller_get_current_event_time($0) } ?? 0
        return milliseconds == 0 ? Double(g_get_monotonic_time()) / 1_000_000 : Double(milliseconds) / 1000
    }

    private func dragBegan() {
        dragPhase = .pending
        dragCancelled = false
    }

    private func dragChanged(_ dx: Double, _ dy: Double, gesture: UnsafeMutableRawPointer) {
        switch dragPhase {
        case .idle, .ignored:
            return
        case .pending:
            guard (dx * dx + dy * dy).squareRoot() >= dragThreshold else { return }
            // A slid page is swiped back from left to right only (the platform's back swipe).
            if let top = model.top, !top.isZoomLike && (dx <= 0 || abs(dy) > abs(dx)) {
                deny(gesture)
                return
            }
            guard beginDrag() else {
                deny(gesture)
                return
            }
            gtk_gesture_set_state(OpaquePointer(gesture), GTK_EVENT_SEQUENCE_CLAIMED)
            dragPhase = .active
            // From here the page follows the finger's further motion from where it is drawn.
            dragOrigin = CGPoint(x: dx, y: dy)
            tracker.reset()
            tracker.record(CGPoint.zero.animatableData, at: eventTime())
        case .active:
            let translation = CGPoint(x: dx - dragOrigin.x, y: dy - dragOrigin.y)
            tracker.record(translation.animatableData, at: eventTime())
            if !updateDrag(translation: translation) { dragPhase = .ignored }
        }
    }

    private func deny(_ gesture: UnsafeMutableRawPointer) {
        dragPhase = .ignored
        gtk_gesture_set_state(OpaquePointer(gesture), GTK_EVENT_SEQUENCE_DENIED)
    }

    private func dragEnded(_ dx: Double, _ dy: Double) {
        defer { dragPhase = .idle }
        guard dragPhase == .active else { return }
        let now = eventTime()
        let translation = CGPoint(x: dx - dragOrigin.x, y: dy - dragOrigin.y)
        tracker.record(translation.animatableData, at: now)
        _ = updateDrag(translation: translation)
        let v = tracker.velocity(at: now)
        if dragCancelled {
            cancelDrag()
        } else {
            endDrag(velocity: CGPoint(x: v.first, y: v.second))
        }
    }

    // MARK: Interactive dismissal (the built-in drag uses these; so can an app's own gesture)

    /// Takes hold of the top page, as a drag does: its pop starts and it stops where it is drawn.
    /// Returns false with only the root left, during another drag, or after the widget is gone.
    @discardableResult
    public func beginDrag() -> Bool {
        guard !isDisposed, let top = model.top, model.canPop, !model.isInteractive else { return false }
        guard model.beginInteractivePop() else { return false }
        dragPage = top
        dragBase = top.drag?.presentationValue ?? .zero
        dragBaseProgress = model.progress(of: top)
        return true
    }

    /// Moves the held page by `translation` (pixels since ``beginDrag()``): a zoomed page follows
    /// it in any direction, shrinking with the distance; a slid page follows its horizontal part.
    /// Returns false, doing nothing, when no drag holds the page any more (a pop or push ended it).
    @discardableResult
    public func updateDrag(translation: CGPoint) -> Bool {
        guard let page = dragPage, model.isInteractive, model.top === page else {
            dragPage = nil
            return false
        }
        guard translation.x.isFinite, translation.y.isFinite else { return true }
        if page.isZoomLike {
            let offset = CGPoint(x: dragBase.x + translation.x, y: dragBase.y + translation.y)
            withTransaction(Transaction()) { page.drag?.value = offset }
        } else if let size = size() {
            model.updateInteractivePop(progress: dragBaseProgress - translation.x / size.width)
        }
        return true
    }

    /// Releases the held page with the finger's `velocity` (pixels per second): it pops if
    /// ``dismissal`` says so, else settles back, the finishing spring starting with that
    /// velocity. Returns whether it pops (false too when no drag held it).
    @discardableResult
    public func endDrag(velocity: CGPoint) -> Bool {
        guard let page = dragPage, model.isInteractive, model.top === page else {
            dragPage = nil
            return false
        }
        dragPage = nil
        let velocity = velocity.x.isFinite && velocity.y.isFinite ? velocity : .zero
        let size = size() ?? CGSize(width: 1, height: 1)
        let pops: Bool
        if page.isZoomLike {
            let offset = page.drag?.value ?? .zero
            let rule = dismissal ?? InteractiveDismissal(distance: 0.25 * min(size.width, size.height))
            pops = rule.dismisses(offset: offset, velocity: velocity)
            releaseVelocity = velocity
            lastReleaseVelocity = velocity
            model.endInteractivePop(pops: pops, velocity: 0)
        } else {
            let travelled = (1 - model.progress(of: page)) * size.width
            let rule = dismissal ?? InteractiveDismissal(distance: 0.5 * size.width)
            pops = rule.dismisses(offset: travelled, velocity: Double(velocity.x))
            lastReleaseVelocity = velocity
            model.endInteractivePop(pops: pops, velocity: -Double(velocity.x) / size.width)
        }
        releaseVelocity = .zero
        return pops
    }

    /// Lets go of the held page without a fling: it settles back where it was (a cancelled
    /// gesture, a grab broken by the window system).
    public func cancelDrag() {
        guard let page = dragPage else { return }
        dragPage = nil
        guard model.isInteractive, model.top === page else { return }
        model.endInteractivePop(pops: false, velocity: 0)
    }

    /// The velocity of the last release (pixels per second), as the drag measured it from its
    /// events' own timestamps.
    @_spi(Testing) public private(set) var lastReleaseVelocity = CGPoint.zero

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
        dragPhase = .idle
        dragPage = nil
    }
}

/// How a pushed page is shown.
public enum NavigationPresentation: Sendable {
    /// The page covers the whole stack; the page below is hidden once it has disappeared.
    case page
    /// An inset card (``NavigationStack/sheetInset`` from every edge, corners of
    /// ``NavigationStack/sheetCornerRadius``) over the page below, which stays drawn behind a
    /// dimming layer. It zooms out of its transition's source into the card and back into it
    /// when dismissed (a slide transition: out of the centre); it can be dragged down (or any
    /// way) to dismiss at any time, like a zoomed page; Escape and ``NavigationStack/dismiss(animated:)``
    /// dismiss it. Appearance callbacks are those of a push: the page below receives
    /// `willDisappear`/`didDisappear` although it stays drawn (it is no longer the top page).
    case sheet
}

/// One pushed widget: its motion bin and what its transition needs.
@MainActor
final class Page: Hashable {
    let content: UnsafeMutablePointer<GtkWidget>
    /// The UnisonMotionBin holding it (+1).
    let bin: UnsafeMutableRawPointer
    var transition: NavigationTransition
    var onAppearance: (@MainActor (AppearanceEvent) -> Void)?
    /// Where the finger has dragged the page (zoom).
    var drag: AnimatableProperty<CGPoint>?
    /// The zoom source's bounds in the stack (nil: the centre fallback).
    var sourceFrame: CGRect?
    var needsSourceFrame = false
    /// The source is read again after the next layout (see `NavigationStack.layoutDone`).
    var resolvesAfterLayout = false
    /// Presented as a sheet (see ``NavigationPresentation/sheet``).
    var isSheet = false
    /// A sheet's dimming layer over the page below (+1).
    var dim: UnsafeMutablePointer<GtkWidget>?
    /// Drawn and dragged as a zoom: a zoom transition, or any sheet.
    var isZoomLike: Bool { isSheet || transition.isZoom }

    init(content: UnsafeMutableRawPointer, transition: NavigationTransition, clock: GtkFrameClock) {
        self.content = unison_gtk_widget(content)
        self.transition = transition
        let bin = UnsafeMutableRawPointer(unison_motion_bin_new()!)
        g_object_ref_sink(bin)
        self.bin = bin
        unison_motion_bin_set_child(OpaquePointer(bin), self.content)
    }

    nonisolated static func == (a: Page, b: Page) -> Bool { a === b }
    nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// `a` moved `t` of the way to `b`, per edge (t outside 0...1 extrapolates: a spring's overshoot).
func interpolate(_ a: CGRect, _ b: CGRect, _ t: Double) -> CGRect {
    CGRect(
        x: a.minX + (b.minX - a.minX) * t, y: a.minY + (b.minY - a.minY) * t,
        width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
}

/// `rect` scaled by `k` about its centre.
func scaled(_ rect: CGRect, by k: Double) -> CGRect {
    CGRect(
        x: rect.midX - rect.width * k / 2, y: rect.midY - rect.height * k / 2, width: rect.width * k,
        height: rect.height * k)
}
