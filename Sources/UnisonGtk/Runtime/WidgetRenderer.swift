import CUnisonGtk
import Foundation

/// Renders a widget (usually a window) in process to RGBA pixels or a PNG, the way GTK
/// itself would paint it: a paintable of the widget is snapshotted and rendered by the
/// window's own renderer. Call it after a frame has been painted (for example from
/// ``afterNextPaint(of:_:)``); inside a tick callback the layout is dirty and nothing renders.
@MainActor
public enum WidgetRenderer {
    /// A rendered image: `width × height` pixels, rows `stride` bytes apart, 4 bytes a pixel in
    /// GDK's default memory format: B, G, R, A, premultiplied by alpha (on little-endian
    /// machines). ``pixel(x:y:)`` reads straight RGBA from it.
    public struct Image: Sendable {
        /// The width in pixels.
        public let width: Int
        /// The height in pixels.
        public let height: Int
        /// The distance in bytes from the start of one row to the start of the next.
        public let stride: Int
        /// The pixels, row after row, 4 bytes each (B, G, R, A premultiplied, on little-endian machines).
        public let bytes: [UInt8]

        /// The colour at (x, y), each channel 0...1 (straight alpha).
        public func pixel(x: Int, y: Int) -> (red: Double, green: Double, blue: Double, alpha: Double) {
            let i = y * stride + x * 4
            // GDK_MEMORY_DEFAULT is B, G, R, A premultiplied on little-endian machines.
            let a = Double(bytes[i + 3]) / 255
            let scale = a > 0 ? 1 / a : 0
            return (
                Double(bytes[i + 2]) / 255 * scale, Double(bytes[i + 1]) / 255 * scale,
                Double(bytes[i]) / 255 * scale, a
            )
        }
    }

    /// Renders `widget` now to a new `GdkTexture`, or returns nil if it has nothing to show yet.
    /// The caller owns the texture (+1) and releases it with `g_object_unref`.
    public static func renderTexture(of widget: some GObjectPointer) -> OpaquePointer? {
        let widget = widget.widgetPointer
        guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native) else {
            return nil
        }
        let width = gtk_widget_get_width(widget)
        let height = gtk_widget_get_height(widget)
        guard width > 0, height > 0 else { return nil }
        let paintable = gtk_widget_paintable_new(widget)
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        return gsk_renderer_render_texture(renderer, node, &bounds)
    }

    /// Renders `widget` to pixels.
    public static func image(of widget: some GObjectPointer) -> Image? {
        guard let texture = renderTexture(of: widget) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let width = Int(gdk_texture_get_width(texture))
        let height = Int(gdk_texture_get_height(texture))
        let stride = width * 4
        var bytes = [UInt8](repeating: 0, count: stride * height)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, UInt(stride)) }
        return Image(width: width, height: height, stride: stride, bytes: bytes)
    }

    /// Renders `widget` to a PNG file; returns whether it was written.
    @discardableResult
    public static func savePNG(of widget: some GObjectPointer, to path: String) -> Bool {
        guard let texture = renderTexture(of: widget) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        return gdk_texture_save_to_png(texture, path) != 0
    }

    /// Calls `body` once, after the next frame of `widget`'s frame clock has been painted
    /// (the moment a render reflects that frame's values).
    public static func afterNextPaint(
        of widget: some GObjectPointer, _ body: @escaping @MainActor () -> Void
    ) {
        let widget = widget.widgetPointer
        guard let frameClock = gtk_widget_get_frame_clock(widget) else { return }
        let once = OnceBox()
        once.handler = connectSignal(UnsafeMutableRawPointer(frameClock), "after-paint") {
            guard !once.done else { return }
            once.done = true
            g_signal_handler_disconnect(UnsafeMutableRawPointer(frameClock), once.handler)
            body()
        }
        gdk_frame_clock_request_phase(frameClock, GDK_FRAME_CLOCK_PHASE_PAINT)
    }

    private final class OnceBox {
        var done = false
        var handler: gulong = 0
    }
}
