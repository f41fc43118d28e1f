import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

// Layout animation (FLIP): the bin glides from where it was to where a layout pass in an
// animated transaction put it. ``MotionLayout`` calls `recordFirst()` when such a transaction
// begins and `layoutDidChange(in:)` after its layout passes.
extension MotionBin {
    /// Whether a layout glide is running (``MotionLayout`` then checks the bin after every layout).
    var isGliding: Bool { layoutOrigin.isAnimating || mode.morph != .none }

    /// A glide may have started: ``MotionLayout`` checks the bin after every layout until it rests.
    func noteGliding() {
        if let clock = realizedClock { MotionLayout.noteGliding(self, clock: clock) }
    }

    /// Where layout puts the bin now, in its window's coordinates (nil while it has no window).
    func currentOrigin() -> CGPoint? {
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
        if case .awaiting(let drawnAtMorph) = mode.morph {
            mode.morph = drawnAtMorph ? .running : .none
            startMorph(in: transaction)
            if !isMorphing && mode.exit == .waitingToHide {
                // No partner to morph with: an ordinary removal, finished outside the layout phase.
                GtkRuntime.after(0) { [weak self] in self?.finishRemovalIfDone() }
            }
        } else if isMorphing {
            withoutSafePoints { endMorphIfDone() }
            if isMorphing {
                // Drawn at the morph's frame: only the bin's place under it changed (and the
                // window's size, which the morph layer takes).
                if morphLayer != nil { attachMorphLayer() }
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
                // On the transaction's timeline: this frame paints the old place (its progress
                // is 0 now, as that of everything else the transaction started), and every later
                // frame the same progress as the rest of the transaction.
                transaction.perform { layoutChange { layoutOrigin.value = origin } }
                noteGliding()
            } else {
                withTransaction(Transaction()) { layoutOrigin.value = origin }
            }
        }
        pushRender()
    }

    // MARK: Allocation and realization

    /// After every allocation: the transition's element size.
    private func allocated(width: Int, height: Int) {
        allocations &+= 1
        let size = CGSize(width: Double(width), height: Double(height))
        if presence.size != size { withoutSafePoints { presence.size = size } }
        if let afterAllocation { withoutSafePoints(afterAllocation) }
    }

    func connectAllocation() {
        typealias Allocated = @MainActor (Int, Int) -> Void
        let body: Allocated = { [weak self] width, height in self?.allocated(width: width, height: height) }
        let thunk: UnisonMotionBinAllocated = { data, width, height in
            CallbackBox<Allocated>.call(data) { $0(Int(width), Int(height)) }
        }
        unison_motion_bin_set_allocated_func(OpaquePointer(bin), thunk, CallbackBox.retained(body), releaseCallbackBox)
    }

    /// Tells ``MotionLayout`` which window's frame clock the bin paints with.
    func connectRealization() {
        let w: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(bin)
        connectSignal(bin, "realize") { [weak self] in self?.realized(w) }
        connectSignal(bin, "unrealize") { [weak self] in self?.unrealized() }
        if gtk_widget_get_realized(w) != 0 { realized(w) }
    }

    private func realized(_ w: UnsafeMutablePointer<GtkWidget>) {
        guard realizedClock == nil, let clock = gtk_widget_get_frame_clock(w) else { return }
        realizedClock = clock
        MotionLayout.add(self, clock: clock)
    }

    private func unrealized() {
        // `allocatedOrigin` stays: a bin moved to another container in an animated transaction
        // (unrealized, then realized there) glides from where it was.
        detachMorphLayer()  // its window goes, or the bin leaves it
        guard let clock = realizedClock else { return }
        realizedClock = nil
        MotionLayout.remove(ObjectIdentifier(self), clock: clock)
    }
}
