import CUnisonGtk
import Foundation
import Unison

// Where each page is drawn: the zoom's geometry (from its source's bounds to the page's home,
// shrinking with a drag, cross-fading into the source at the end of a close) and the slide's
// offset. Pure computation over the model's progress and the source's bounds read from GTK.

/// Where a page is drawn: the rectangle it fills (its clip), how much it is scaled, its opacity
/// and corner radius.
struct NavigationPageLayout {
    var frame: CGRect
    var scale: Double
    var opacity: Double
    var radius: Double
    var isIdentity: Bool
}

extension NavigationStack {
    /// The progress below which a zoom close fades the page into its source: over the last
    /// third of the travel the page's opacity goes linearly from 1 to 0, reaching 0 just before
    /// the spring's tail (progress 0.02), so the page never sits in the source's frame as a
    /// miniature and its removal changes nothing on screen.
    static let closingFade = (start: 0.34, end: 0.02)

    /// The opacity of a page closing into its source at progress `p` (1 above the fade).
    static func closingOpacity(_ p: Double) -> Double {
        min(max((p - closingFade.end) / (closingFade.start - closingFade.end), 0), 1)
    }

    /// Where `page` rests, in the stack's coordinates: the whole stack, or a sheet's inset card.
    func home(of page: Page, width: Double, height: Double) -> CGRect {
        let full = CGRect(x: 0, y: 0, width: width, height: height)
        guard page.isSheet else { return full }
        let inset = sheetInset.rounded()
        return full.insetBy(dx: min(inset, width / 2), dy: min(inset, height / 2))
    }

    func layout(_ page: Page, width: Double, height: Double) -> NavigationPageLayout {
        let full = home(of: page, width: width, height: height)
        let p = model.progress(of: page)
        if page.reducesMotion { return crossFade(page, in: full, progress: p) }
        var style = page.transition.style
        // A sheet always zooms (out of nothing, when its transition is a slide: the centre fallback).
        if page.isSheet, case .slide = style { style = .zoom(source: { nil }, cornerRadius: sheetCornerRadius) }
        switch style {
        case .slide:
            // Only the page's own drag progress moves it: the finger or the transition.
            // Towards the trailing edge (the left one in right-to-left text).
            let x = leadingSign * (1 - p) * width
            return NavigationPageLayout(
                frame: full.offsetBy(dx: x, dy: 0), scale: 1, opacity: 1, radius: 0, isIdentity: abs(x) < 1e-9)
        case let .zoom(_, cornerRadius):
            let settled = min(max(p, 0), 1)
            var frame: CGRect
            var opacity = 1.0
            var radius = cornerRadius * (1 - settled) + (page.isSheet ? sheetCornerRadius * settled : 0)
            if let source = page.sourceFrame {
                frame = source.interpolated(to: full, p)
                if page.fadesIntoSource { opacity = Self.closingOpacity(p) }
            } else {
                // No source on screen: fade and scale towards the centre.
                frame = full.scaled(by: 0.6 + 0.4 * p)
                opacity = settled
            }
            let offset = page.drag.presentationValue
            let distance = (offset.x * offset.x + offset.y * offset.y).squareRoot()
            if distance > 0 {
                // Follows the finger, shrinking with the distance (to half at the stack's height).
                let shrink = 1 - 0.5 * min(distance / height, 1)
                frame = frame.scaled(by: shrink).offsetBy(dx: offset.x, dy: offset.y)
                radius = max(radius, cornerRadius * min(distance / 40, 1))
            }
            let identity = frame == full && opacity == 1
            // Aspect fill, one pixel beyond the frame on each side in the direction that fits, so
            // the clip alone makes the edge (a scaled texture's own edge is filtered soft).
            let scale = max((frame.width + 2) / full.width, (frame.height + 2) / full.height)
            return NavigationPageLayout(
                frame: frame, scale: scale, opacity: opacity, radius: radius, isIdentity: identity)
        }
    }

    /// Reduced motion: the page in place, its opacity following the progress (a cross-fade with the
    /// page below), moved only by a finger dragging it.
    private func crossFade(_ page: Page, in full: CGRect, progress p: Double) -> NavigationPageLayout {
        let offset = page.drag.presentationValue
        let opacity = min(max(p, 0), 1)
        return NavigationPageLayout(
            frame: full.offsetBy(dx: offset.x, dy: offset.y), scale: 1, opacity: opacity,
            radius: page.isSheet ? sheetCornerRadius : 0, isIdentity: opacity == 1 && offset == .zero)
    }

    /// Reads the zoom source's bounds in the stack. At the start of a transition a source that is
    /// gone or off screen means the centre fallback; while it runs, the last known bounds stay
    /// when the source goes (so a destroyed source never makes the page jump).
    func refreshSourceFrame(_ page: Page, start: Bool) {
        page.needsSourceFrame = false
        guard let widget = zoomSource(of: page) else {
            if start { page.sourceFrame = nil }
            return
        }
        if let frame = visibleFrame(of: widget) {
            page.sourceFrame = frame
        } else if start {
            page.sourceFrame = nil
        }
    }

    /// The widget a zoomed page's transition names as its source now (nil: a slide, or none).
    func zoomSource(of page: Page) -> UnsafeMutablePointer<GtkWidget>? {
        guard case let .zoom(source, _) = page.transition.style, let widget = source() else { return nil }
        return unison_gtk_widget(widget)
    }

    /// `widget`'s bounds in the stack when at least half of it is on screen: mapped, in this
    /// window, not clipped away by a scrolled view (or any ancestor that clips) nor by the stack.
    func visibleFrame(of widget: UnsafeMutablePointer<GtkWidget>) -> CGRect? {
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
}

extension CGRect {
    /// This rectangle moved `t` of the way to `other`, per edge (t outside 0...1 extrapolates: a
    /// spring's overshoot).
    fileprivate func interpolated(to other: CGRect, _ t: Double) -> CGRect {
        CGRect(
            x: minX + (other.minX - minX) * t, y: minY + (other.minY - minY) * t,
            width: width + (other.width - width) * t, height: height + (other.height - height) * t)
    }

    /// This rectangle scaled by `k` about its centre.
    fileprivate func scaled(by k: Double) -> CGRect {
        CGRect(x: midX - width * k / 2, y: midY - height * k / 2, width: width * k, height: height * k)
    }
}
