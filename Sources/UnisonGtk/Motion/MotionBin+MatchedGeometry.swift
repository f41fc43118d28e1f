import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

// Matched geometry: two bins that share an id morph into each other when one leaves and the
// other arrives in one animated transaction; the child is drawn at `geometry` meanwhile.
extension MotionBin {
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
    /// opacity applies but not its offset, scale or rotation. `id: nil` unlinks the bin. Where
    /// motion is reduced (see `MotionPreferences`) the pair cross-fades in place instead, each at
    /// its own frame, unless the change is essential (`withEssentialAnimation`).
    ///
    /// A bin inside a container that clips its children (a `GtkFixed`, a scrolled window's
    /// viewport, any widget with `overflow: hidden`) whose morph leaves that container is drawn,
    /// for the morph, by a layer above the window's content instead (as a transition draws its
    /// snapshots): the child as it was drawn when the morph started, so what changes inside it
    /// meanwhile shows once the morph ends.
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

    /// Draws the child at the morph's frame: scaled from its own allocation, moved from the bin's
    /// place in the window, with the transition's opacity (and the user's translation added).
    /// Returns false when there is nothing to map from yet.
    func pushMorphRender(_ w: OpaquePointer) -> Bool {
        let translation = presented.translation
        if let layer = morphLayer {
            // The layer draws it, in window coordinates; the bin draws nothing meanwhile.
            let frame = geometry.presentationValue.offsetBy(dx: translation.x, dy: translation.y)
            unison_morph_layer_set_frame(
                OpaquePointer(layer), Double(frame.minX), Double(frame.minY), Double(frame.width),
                Double(frame.height), GtkLimits.opacity(presented.opacity) * presence.effects.opacity)
            BinRender(opacity: 0).write(to: w)
            return true
        }
        guard let child = unison_motion_bin_get_child(w), let origin = currentOrigin() else { return false }
        let width = Double(gtk_widget_get_width(child))
        let height = Double(gtk_widget_get_height(child))
        guard width > 0, height > 0 else { return false }
        let frame = geometry.presentationValue.offsetBy(
            dx: translation.x - origin.x, dy: translation.y - origin.y)
        // Scaled one pixel beyond the frame on each side and clipped to it: the clip alone makes
        // the edges (a scaled texture's own edges are filtered soft).
        let bleed = frame.insetBy(dx: -1, dy: -1)
        BinRender(
            offset: CGPoint(x: bleed.minX, y: bleed.minY),
            scale: CGSize(width: Double(bleed.width) / width, height: Double(bleed.height) / height),
            anchor: UnitPoint(x: 0, y: 0), opacity: GtkLimits.opacity(presented.opacity) * presence.effects.opacity
        ).write(to: w)
        render.current.isClipped = true
        unison_motion_bin_set_clip(
            w, Double(frame.minX), Double(frame.minY), Double(max(frame.width, 0)), Double(max(frame.height, 0)), 0)
        return true
    }

    /// Whether an `isPresent` change in `transaction` morphs: it animates, and motion is not
    /// reduced (then the pair cross-fades in place through their transitions, which become fades
    /// too), unless the change is essential.
    func morphs(in transaction: Transaction) -> Bool {
        let lower = clock.environment.merging(presence.environment)
        return transaction.isAnimated && clock.animationsEnabled
            && !ReducedMotion.applies(to: transaction.environment, over: lower)
    }

    /// The bin's own bounds in its window (nil while it has no window).
    func layoutFrame() -> CGRect? {
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
    /// is drawn to its partner's. Runs inside GTK's layout phase (no completion runs here); on
    /// the transaction's timeline, so it presents the same progress as the rest of it.
    func startMorph(in transaction: DeferredTransaction?) {
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
            mode.morph = .running
            if morphLayer == nil, leavesClip(start.union(target)) { attachMorphLayer() }
            if let transaction {
                transaction.perform { geometry.value = target }
            } else {
                withTransaction(Transaction()) { geometry.value = target }
            }
        }
        pushRender()
    }

    /// Whether a container above the bin that clips its children would cut `path` (a frame in
    /// the window that the morph stays inside).
    private func leavesClip(_ path: CGRect) -> Bool {
        guard let root = gtk_widget_get_root(widget) else { return false }
        var x = 0.0
        var y = 0.0
        var width = 0.0
        var height = 0.0
        let window: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(UnsafeMutableRawPointer(root))
        guard unison_has_clipping_ancestor(widget, window, &x, &y, &width, &height) != 0 else { return false }
        return !CGRect(x: x, y: y, width: width, height: height).contains(path)
    }

    /// Makes (from the child as it draws now) or keeps the layer that draws the morph above the
    /// window's content, the window's last child, allocated the window's size.
    func attachMorphLayer() {
        guard let w = motionBin, let root = gtk_widget_get_root(widget) else { return }
        let window: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(UnsafeMutableRawPointer(root))
        if let layer = morphLayer {
            unison_morph_layer_attach(layer, window)
            return
        }
        guard let child = unison_motion_bin_get_child(w), let node = unison_motion_bin_render_child(w),
            let layer = unison_morph_layer_new(
                node, Double(gtk_widget_get_width(child)), Double(gtk_widget_get_height(child)))
        else { return }
        g_object_ref_sink(layer)
        morphLayer = layer
        unison_morph_layer_attach(layer, window)
    }

    /// Takes the morph layer out of its window: the bin draws itself again.
    func detachMorphLayer() {
        guard let layer = morphLayer else { return }
        morphLayer = nil
        if gtk_widget_get_parent(layer) != nil { gtk_widget_unparent(layer) }
        g_object_unref(layer)
    }

    /// Whether the bin is on screen for a partner's morph: shown, or kept shown for its own morph.
    var isShownForMorph: Bool { presence.isVisible || mode.exit == .waitingToHide }

    /// Where a partner starts a morph from: where it is drawn now if it morphs, else where it was
    /// when the transaction began.
    var drawnFrameAtStart: CGRect? { isMorphing ? geometry.presentationValue : firstFrame ?? drawnFrame }

    /// A morph whose animation has finished leaves a present bin to layout again, and lets a
    /// disappearing one be hidden (once its transition has finished too).
    func endMorphIfDone() {
        guard isMorphing, !geometry.isAnimating else { return }
        guard presence.isPresent else {
            finishRemovalIfDone()
            return
        }
        mode.morph = mode.morph.drawnAtLayout
        if let origin = currentOrigin() {
            allocatedOrigin = origin
            withTransaction(Transaction()) { layoutOrigin.value = origin }
        }
        pushRender()
    }
}
