import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// What a frame of the stack draws, read from its render nodes: texture nodes, and cairo
/// drawings drawn under a scale other than 1.
@MainActor
private struct DrawnNodes {
    var textures = 0
    var scaledCairo = 0
    var cairo = 0

    init(of widget: UnsafeMutablePointer<GtkWidget>) {
        let paintable = gtk_widget_paintable_new(widget)
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(
            paintable, snapshot, Double(gtk_widget_get_width(widget)), Double(gtk_widget_get_height(widget)))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return }
        defer { gsk_render_node_unref(node) }
        visit(node, scale: 1)
    }

    private mutating func visit(_ node: OpaquePointer, scale: Float) {
        switch gsk_render_node_get_node_type(node) {
        case GSK_CONTAINER_NODE:
            for i in 0..<gsk_container_node_get_n_children(node) {
                visit(gsk_container_node_get_child(node, i), scale: scale)
            }
        case GSK_TRANSFORM_NODE:
            var (sx, sy, dx, dy): (Float, Float, Float, Float) = (1, 1, 0, 0)
            let transform = gsk_transform_node_get_transform(node)
            if gsk_transform_get_category(transform).rawValue >= GSK_TRANSFORM_CATEGORY_2D_AFFINE.rawValue {
                gsk_transform_to_affine(transform, &sx, &sy, &dx, &dy)
            }
            visit(gsk_transform_node_get_child(node), scale: scale * max(sx, sy))
        case GSK_OPACITY_NODE: visit(gsk_opacity_node_get_child(node), scale: scale)
        case GSK_CLIP_NODE: visit(gsk_clip_node_get_child(node), scale: scale)
        case GSK_ROUNDED_CLIP_NODE: visit(gsk_rounded_clip_node_get_child(node), scale: scale)
        case GSK_DEBUG_NODE: visit(gsk_debug_node_get_child(node), scale: scale)
        case GSK_TEXTURE_NODE: textures += 1
        case GSK_CAIRO_NODE:
            cairo += 1
            if abs(scale - 1) > 1e-4 { scaledCairo += 1 }
        default: break
        }
    }
}

/// Whether `widget`'s window draws with GSK's cairo renderer.
@MainActor
private func drawsWithCairo(_ widget: UnsafeMutablePointer<GtkWidget>) throws -> Bool {
    let renderer = try #require(gtk_native_get_renderer(gtk_widget_get_native(widget)))
    return g_type_check_instance_is_a(
        UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self), gsk_cairo_renderer_get_type())
        != 0
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Navigation: what a zoom draws")
    struct ZoomDrawingTests {
        @Test(
            "a zooming page is one texture per frame on GL (nothing drawn scaled), its own nodes at rest and on cairo")
        func zoomDrawsTexture() throws {
            let w = try NavWindow()
            defer { w.close() }
            let page = w.page("editor", green)
            let cairo = try drawsWithCairo(w.stack.widget)
            var midway: DrawnNodes?
            w.window.record { _ in
                guard midway == nil, let frame = w.stack.drawnFrame(of: page), frame.width > 100, frame.width < 350
                else { return }
                midway = DrawnNodes(of: w.stack.widget)
            }
            #expect(w.stack.push(page, transition: .zoom(from: w.card, cornerRadius: 12)))
            GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning }
            w.window.settle()
            let during = try #require(midway)
            if cairo {
                // The cairo renderer draws every node each frame anyway: the page's own, scaled.
                #expect(during.textures == 0 && during.scaledCairo == 1)
            } else {
                // The page (one cairo drawing) is one texture; only the root's card is a drawing.
                #expect(during.textures == 1 && during.scaledCairo == 0 && during.cairo == 1)
            }
            // At rest: the page as itself (the root is hidden), no texture.
            let rest = DrawnNodes(of: w.stack.widget)
            #expect(rest.textures == 0 && rest.cairo == 1 && rest.scaledCairo == 0)
        }

        @Test("a page that changes mid-zoom is drawn as it is now, in the frame the stack says")
        func zoomDrawsChangedPage() throws {
            let w = try NavWindow()
            defer { w.close() }
            let first = colouredArea(red: green.0, green: green.1, blue: green.2, width: 10, height: 10)
            let second = colouredArea(red: blue.0, green: blue.1, blue: blue.2, width: 10, height: 10)
            let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            for area in [first, second] {
                gtk_widget_set_hexpand(area, unison_example_true)
                gtk_widget_set_vexpand(area, unison_example_true)
                gtk_box_append(unison_example_box(page), area)
            }
            gtk_widget_set_visible(second, unison_example_false)
            var swapped = false
            var after: [(drawn: CGRect?, green: CGRect?, model: CGRect)] = []
            w.window.record { _ in
                guard let frame = w.stack.drawnFrame(of: page), frame.width > 100, frame.width < 380 else { return }
                if swapped {
                    let image = WidgetRenderer.image(of: w.window.window)
                    after.append(
                        (
                            image.flatMap { drawnBounds(of: blue, in: $0) },
                            image.flatMap { drawnBounds(of: green, in: $0) }, frame
                        ))
                } else {
                    // Mid-zoom (the page has been drawn scaled): the page changes.
                    gtk_widget_set_visible(first, unison_example_false)
                    gtk_widget_set_visible(second, unison_example_true)
                    swapped = true
                }
            }
            #expect(w.stack.push(page, transition: .zoom(from: w.card, cornerRadius: 0)))
            GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning }
            w.window.settle()
            // Every frame painted after the change shows the new content where the stack draws the
            // page (1.5 px: as the zoom push test), and nothing of the old.
            #expect(!after.isEmpty)
            for frame in after {
                #expect(
                    close(frame.drawn, frame.model, within: 1.5), "\(String(describing: frame.drawn)) vs \(frame.model)"
                )
                #expect(frame.green == nil)
            }
        }
    }
}
