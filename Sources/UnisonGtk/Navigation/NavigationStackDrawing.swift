import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

// Drawing: which pages are shown, and each page drawn where its transition has it through its
// UnisonMotionBin's render transform (`BinRender`, as a `MotionBin` is drawn) and clip, once per
// frame by the stack's frame-end writer (`Drawing`), plus the hook that reads a zoom's source
// again after the window's layout. A page drawn scaled (a zoom, a drag) is drawn from a texture
// of itself at its own size on GPU renderers (`unison_navigation_set_drawn_as_texture`): one
// textured rectangle in a rounded clip per frame, where GL would rasterize its drawings and text
// again at each new scale (Benchmarks/README.md, the zoom). The one place the stack draws; the
// rest computes (NavigationZoomLayout.swift) or decides.

extension NavigationStack {
    /// The stack's frame-end writer: the model's changes and the pages' drags mark it, and it draws
    /// the stack once at the end of the frame, when every value of the frame is presented (outside
    /// a frame, at once).
    @MainActor
    final class Drawing: FrameEndWriter {
        /// The stack (weakly: the stack holds this writer).
        weak var stack: NavigationStack?

        override func write() { stack?.render() }
    }

    /// The stack's size (nil before it is laid out, and once it is gone).
    func size() -> CGSize? {
        guard !isDisposed else { return nil }
        let w = gtk_widget_get_width(widget)
        let h = gtk_widget_get_height(widget)
        guard w > 0, h > 0 else { return nil }
        return CGSize(width: Double(w), height: Double(h))
    }

    /// Updates which page is live (NavigationStack+Focus.swift), shows the visible pages, hides
    /// the others, draws each where its transition has it, and lets go of pages the model no
    /// longer knows.
    /// - Complexity: O(pages); a few multiplications and one `gtk_widget_compute_bounds` per
    ///   zooming page per call (once per frame while anything of the stack animates).
    func render() {
        guard !isDisposed else { return }
        let size = size()
        var gone: [UnsafeMutableRawPointer] = []
        var left = false
        for (key, page) in pages {
            let shown = isShown(page)
            let bin = unison_gtk_widget(page.bin)
            if (gtk_widget_get_visible(bin) != 0) != shown {
                gtk_widget_set_visible(bin, shown ? unison_gtk_true : unison_gtk_false)
                left = left || !shown
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
        // Once the new top page is shown (a hidden widget cannot take the focus).
        updateCovering()
        if left { syncHover() }
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

    /// Whether `page` is drawn: visible in the model, or below a sheet that is shown (a sheet keeps
    /// the page below it drawn, behind its dimming layer, down a run of sheets). Asked per page
    /// and frame, so it allocates nothing.
    /// - Complexity: O(stack depth).
    private func isShown(_ page: Page) -> Bool {
        if model.appearanceState(of: page).isVisible { return true }
        let stack = model.stack
        guard var above = stack.firstIndex(where: { $0 === page }).map({ $0 + 1 }) else { return false }
        while above < stack.count, stack[above].isSheet {
            if model.appearanceState(of: stack[above]).isVisible { return true }
            above += 1
        }
        return false
    }

    func draw(_ page: Page, width: Double, height: Double) {
        if page.isZoomLike, page.needsSourceFrame || model.isMoving(page) {
            if page.needsSourceFrame { page.resolvesAfterLayout = true }
            refreshSourceFrame(page, start: page.needsSourceFrame)
        }
        // A page pushed back mid-close keeps fading until it is past the fade (no jump in opacity).
        if page.fadesIntoSource, model.stack.contains(page), model.progress(of: page) >= Self.closingFade.start {
            page.fadesIntoSource = false
        }
        let bin = OpaquePointer(page.bin)
        let layout = layout(page, width: width, height: height)
        // The bin's own rectangle in the stack (a sheet's bin is inset by its margins).
        let home = home(of: page, width: width, height: height)
        if let dim = page.dim {
            let offset = page.drag.presentationValue
            let distance = (offset.x * offset.x + offset.y * offset.y).squareRoot()
            let shown = min(max(model.progress(of: page), 0), 1) * (1 - min(distance / height, 1))
            gtk_widget_set_opacity(dim, 0.4 * shown)
        }
        // A zooming page (drawn scaled) is drawn from a texture of itself at its own size; at rest,
        // and in every transition that does not scale it, it is drawn as itself.
        unison_navigation_set_drawn_as_texture(
            bin, page.isZoomLike && !layout.isIdentity && layout.scale != 1 ? unison_gtk_true : unison_gtk_false)
        guard !layout.isIdentity else {
            BinRender.identity.write(to: bin)
            if page.isSheet {
                unison_motion_bin_set_clip(bin, 0, 0, home.width, home.height, sheetCornerRadius)
            } else {
                BinRender.unclipped(bin)
            }
            return
        }
        let frame = layout.frame
        // The page scaled uniformly (aspect fill) about its centre, centred on the frame, clipped to it.
        BinRender(
            offset: CGPoint(x: frame.midX - home.midX, y: frame.midY - home.midY),
            scale: CGSize(width: layout.scale, height: layout.scale), opacity: layout.opacity
        ).write(to: bin)
        if page.isZoomLike {
            unison_motion_bin_set_clip(
                bin, frame.minX - home.minX, frame.minY - home.minY, frame.width, frame.height, layout.radius)
        } else {
            BinRender.unclipped(bin)
        }
    }

    /// After each layout of the window: a transition that started since reads its source again,
    /// now that the page holding it is laid out (it may have been hidden, and scrolled or moved
    /// meanwhile), before the first frame is painted. Nothing happens in other layouts.
    func layoutDone() {
        guard !isDisposed, let size = size() else { return }
        for page in pages.values where page.resolvesAfterLayout {
            page.resolvesAfterLayout = false
            refreshSourceFrame(page, start: true)
            if model.appearanceState(of: page).isVisible { draw(page, width: size.width, height: size.height) }
        }
    }

    func mapped() {
        if layoutHook == nil, let clock = gtk_widget_get_frame_clock(widget) {
            layoutHook = FrameClockLayoutHook(clock) { [weak self] in self?.layoutDone() }
        }
        render()
    }

    /// The window's frame clock goes with its realization: the next map follows the new one.
    func unrealized() { layoutHook = nil }
}
