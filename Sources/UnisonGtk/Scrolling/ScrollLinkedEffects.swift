import CUnisonGtk
import Foundation
import Unison

/// A ``MotionBin``'s scroll-linked closure (``MotionBin/scrollTransition(axis:_:)``,
/// ``MotionBin/visualEffect(_:)``) and its membership in the ``ScrollEffectsCoordinator`` of the
/// scrolled window it is in. The bin widget holds it (it lives as long as the widget); it holds the
/// `MotionBin` weakly. It joins the nearest scrolled window's coordinator while the bin is mapped.
@MainActor
final class ScrollLink {
    typealias Effect = @MainActor (ScrollGeometry) -> RenderEffects

    private static let key = "unison-scroll-link"

    weak var bin: MotionBin?
    /// The bin widget (valid while this link is alive: the widget holds it).
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The closure; nil: none (the bin is drawn without scroll-linked effects).
    var effect: Effect? {
        didSet {
            if effect == nil {
                leave()
            } else if coordinator == nil {
                join()
            } else {
                coordinator?.setNeedsUpdate()
            }
        }
    }
    /// The coordinator of the scrolled window the bin is in, while it is mapped there.
    private(set) weak var coordinator: ScrollEffectsCoordinator?
    /// Where the bin starts along the coordinator's axis in the scrolled content's coordinates
    /// (the viewport's plus the scroll offset), and its length: the coordinator's bookkeeping,
    /// valid while its order is.
    var contentStart = 0.0
    var length = 0.0

    private init(bin: MotionBin, widget: UnsafeMutablePointer<GtkWidget>) {
        self.bin = bin
        self.widget = widget
    }

    /// `bin`'s link, made (and attached to its widget) on first use.
    static func of(_ bin: MotionBin) -> ScrollLink {
        let object = unison_gtk_object(bin.bin)
        if let existing = g_object_get_data(object, key) {
            return Unmanaged<ScrollLink>.fromOpaque(existing).takeUnretainedValue()
        }
        let link = ScrollLink(bin: bin, widget: bin.widget)
        WidgetAttachment.attach(link, to: bin.bin, key: key)
        g_object_set_data(object, key, Unmanaged.passUnretained(link).toOpaque())
        connectSignal(bin.bin, "map") { [weak link] in link?.join() }
        connectSignal(bin.bin, "unmap") { [weak link] in link?.leave() }
        return link
    }

    /// Joins the coordinator of the nearest scrolled window the mapped bin is in.
    private func join() {
        guard effect != nil, coordinator == nil, gtk_widget_get_mapped(widget) != 0,
            let scrolled = gtk_widget_get_ancestor(widget, gtk_scrolled_window_get_type())
        else { return }
        let coordinator = ScrollEffectsCoordinator.of(scrolled)
        self.coordinator = coordinator
        coordinator.add(self)
    }

    /// Leaves its coordinator (unmapped, or the closure removed): drawn without the effects.
    private func leave() {
        coordinator?.remove(self)
        coordinator = nil
        bin?.setScrollEffects(.identity)
    }
}

/// Computes the scroll-linked effects of the bins in one `GtkScrolledWindow`, after the layout
/// phase of its frame clock: once in each frame in which the window lays out (a change of the
/// scroll offset requests one), again within a frame only if the offset, the viewport's size or
/// a closure changed since. The bins are kept ordered along the axis by where they start in the scrolled content
/// (which scrolling does not change), so the bins in or near the viewport are found by binary
/// search; a pass measures only those, and if one of them moved in the content (a relayout), the
/// order is rebuilt from every bin once. Attached to the scrolled window (lives as long as it).
@MainActor
final class ScrollEffectsCoordinator {
    private static let key = "unison-scroll-effects"

    /// The scrolled window (valid while this is alive: the window holds it).
    let scrolled: UnsafeMutablePointer<GtkWidget>
    /// The bins' links, ordered by `contentStart` unless `needsOrder`.
    private var links: [ScrollLink] = []
    private var needsOrder = true
    /// The longest bin along the axis (how far before the viewport a visible bin may start).
    private var longest = 0.0
    private var axis = ScrollAxis.vertical
    /// The scroll offset and viewport size of the last pass (a change needs a pass).
    private var lastOffset = CGPoint(x: Double.nan, y: Double.nan)
    private var lastViewport = CGSize.zero
    /// Whether a pass is needed whatever the offset (a bin joined, a closure changed).
    private var isDirty = true
    private var lastFrame: gint64 = -1
    private var layoutHook: FrameClockLayoutHook?
    /// The adjustments followed (a reference of ours each) and their `value-changed` handlers.
    private var adjustmentHandlers: [(adjustment: UnsafeMutableRawPointer, handler: gulong)] = []

    private init(_ scrolled: UnsafeMutablePointer<GtkWidget>) {
        self.scrolled = scrolled
        let window = OpaquePointer(scrolled)
        for adjustment in [gtk_scrolled_window_get_hadjustment(window), gtk_scrolled_window_get_vadjustment(window)] {
            guard let adjustment else { continue }
            let raw = UnsafeMutableRawPointer(adjustment)
            g_object_ref(raw)
            let handler = connectSignal(raw, "value-changed") { [weak self] in self?.scrolledByValue() }
            adjustmentHandlers.append((raw, handler))
        }
        connectSignal(scrolled, "unrealize") { [weak self] in self?.layoutHook = nil }
    }

    isolated deinit {
        for (adjustment, handler) in adjustmentHandlers {
            g_signal_handler_disconnect(adjustment, handler)
            g_object_unref(adjustment)
        }
    }

    /// The coordinator of `scrolled`, made (and attached to it) on first use.
    static func of(_ scrolled: UnsafeMutablePointer<GtkWidget>) -> ScrollEffectsCoordinator {
        let object = unison_gtk_object(scrolled)
        if let existing = g_object_get_data(object, key) {
            return Unmanaged<ScrollEffectsCoordinator>.fromOpaque(existing).takeUnretainedValue()
        }
        let coordinator = ScrollEffectsCoordinator(scrolled)
        WidgetAttachment.attach(coordinator, to: scrolled, key: key)
        g_object_set_data(object, key, Unmanaged.passUnretained(coordinator).toOpaque())
        return coordinator
    }

    /// How many bins follow this scrolled window now.
    var count: Int { links.count }

    func add(_ link: ScrollLink) {
        links.append(link)
        needsOrder = true
        if layoutHook == nil, let clock = gtk_widget_get_frame_clock(scrolled) {
            layoutHook = FrameClockLayoutHook(clock) { [weak self] in self?.layoutDone() }
        }
        setNeedsUpdate()
    }

    func remove(_ link: ScrollLink) {
        guard let index = links.firstIndex(where: { $0 === link }) else { return }
        links.remove(at: index)  // the order of the rest stays
    }

    /// A pass runs after the next layout phase.
    func setNeedsUpdate() {
        isDirty = true
        requestLayoutPhase()
    }

    private func scrolledByValue() { requestLayoutPhase() }

    private func requestLayoutPhase() {
        guard let clock = layoutHook?.clock else { return }
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_LAYOUT)
    }

    // MARK: The pass

    private func layoutDone() {
        guard !links.isEmpty, let clock = layoutHook?.clock else { return }
        let frame = gdk_frame_clock_get_frame_counter(clock)
        guard let viewport = gtk_scrolled_window_get_child(OpaquePointer(scrolled)) else { return }
        let window = OpaquePointer(scrolled)
        let offset = CGPoint(
            x: gtk_scrolled_window_get_hadjustment(window).map { gtk_adjustment_get_value($0) } ?? 0,
            y: gtk_scrolled_window_get_vadjustment(window).map { gtk_adjustment_get_value($0) } ?? 0)
        let size = CGSize(
            width: Double(gtk_widget_get_width(viewport)), height: Double(gtk_widget_get_height(viewport)))
        // At most once per frame unless something changed since (a second layout in the frame
        // that moved nothing the pass reads is skipped).
        if frame == lastFrame, !isDirty, offset == lastOffset, size == lastViewport { return }
        lastFrame = frame
        isDirty = false
        lastOffset = offset
        lastViewport = size
        let newAxis = Self.axis(of: window)
        if newAxis != axis {
            axis = newAxis
            needsOrder = true
        }
        withoutSafePoints {
            if needsOrder { order(in: viewport, offset: offset) }
            if !updateVisible(in: viewport, offset: offset, size: size) {
                order(in: viewport, offset: offset)
                _ = updateVisible(in: viewport, offset: offset, size: size)
            }
        }
    }

    /// Vertical unless only the horizontal adjustment can scroll.
    private static func axis(of window: OpaquePointer) -> ScrollAxis {
        func scrolls(_ adjustment: UnsafeMutablePointer<GtkAdjustment>?) -> Bool {
            guard let adjustment else { return false }
            return gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_lower(adjustment)
                > gtk_adjustment_get_page_size(adjustment)
        }
        return !scrolls(gtk_scrolled_window_get_vadjustment(window))
            && scrolls(gtk_scrolled_window_get_hadjustment(window)) ? .horizontal : .vertical
    }

    /// The bin's frame in the viewport's coordinates (nil: not laid out there).
    private func frame(of link: ScrollLink, in viewport: UnsafeMutablePointer<GtkWidget>) -> CGRect? {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(link.widget, viewport, &bounds) != 0 else { return nil }
        return CGRect(
            x: Double(bounds.origin.x), y: Double(bounds.origin.y), width: Double(bounds.size.width),
            height: Double(bounds.size.height))
    }

    private func start(of frame: CGRect, offset: CGPoint) -> (start: Double, length: Double) {
        axis == .vertical ? (frame.minY + offset.y, frame.height) : (frame.minX + offset.x, frame.width)
    }

    /// Measures every bin and orders them by where they start in the content: O(n log n), only
    /// after a bin joined or a relayout moved a visible one. A bin not laid out yet goes last and
    /// keeps the order wanting (measured again after the next layout).
    private func order(in viewport: UnsafeMutablePointer<GtkWidget>, offset: CGPoint) {
        links.removeAll { $0.bin == nil }
        var stillWanting = false
        longest = 0
        for link in links {
            if let frame = frame(of: link, in: viewport) {
                (link.contentStart, link.length) = start(of: frame, offset: offset)
                longest = max(longest, link.length)
            } else {
                (link.contentStart, link.length) = (.infinity, 0)
                stillWanting = true
            }
        }
        links.sort { $0.contentStart < $1.contentStart }
        needsOrder = stillWanting
    }

    /// Runs the closures of the bins in or near the viewport (half a viewport either side) and
    /// draws their effects. Returns false, having stopped, when a measured bin is no longer where
    /// the order has it (a relayout moved it: the order must be rebuilt).
    private func updateVisible(
        in viewport: UnsafeMutablePointer<GtkWidget>, offset: CGPoint, size: CGSize
    ) -> Bool {
        let viewportStart = axis == .vertical ? offset.y : offset.x
        let viewportLength = axis == .vertical ? size.height : size.width
        let margin = viewportLength / 2
        let from = viewportStart - margin - longest
        let to = viewportStart + viewportLength + margin
        // The first bin starting at or after `from`.
        var low = 0
        var high = links.count
        while low < high {
            let middle = (low + high) / 2
            if links[middle].contentStart < from { low = middle + 1 } else { high = middle }
        }
        var index = low
        while index < links.count, links[index].contentStart <= to {
            let link = links[index]
            index += 1
            guard let bin = link.bin, let effect = link.effect, let frame = frame(of: link, in: viewport) else {
                continue
            }
            let measured = start(of: frame, offset: offset)
            if abs(measured.start - link.contentStart) > 0.5 || abs(measured.length - link.length) > 0.5 {
                return false
            }
            let geometry = ScrollGeometry(frame: frame, viewportSize: size, contentOffset: offset)
            bin.setScrollEffects(effect(geometry).sanitized)
        }
        return true
    }
}
