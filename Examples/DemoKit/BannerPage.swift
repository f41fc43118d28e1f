import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// The guide's `NotificationBanner`: a toast that drops in from the top while fading in
/// (`.move(edge: .top).combined(with: .opacity)`), over the page's content in a `GtkOverlay`, and
/// dismisses itself after a `Task.sleep` (the main-queue bridge lets it resume in GTK's loop).
///
/// SwiftUI's `if showBanner { Text(...).transition(...) }` is a `MotionBin` whose `isPresent`
/// follows `showBanner`: set in `withAnimation`, the transition runs; on removal the banner stays
/// drawn until its exit has finished, then it is hidden.
@MainActor
public final class BannerPage: DemoPage {
    public let title = "Transitions: banner"
    public let root: UnsafeMutablePointer<GtkWidget>
    private let banner: MotionBin
    private var dismissal: Task<Void, Never>?

    /// How long the banner stays up when shown from the button (the guide's 3 s) and in the tour
    /// (short enough for the tour's 1.7 s of frames to hold both the entrance and the exit).
    private static let dismissAfter: Duration = .seconds(3)
    private static let tourDismissAfter: Duration = .seconds(0.75)

    private var showBanner = false {
        didSet { banner.isPresent = showBanner }
    }

    public init(context: DemoContext) {
        UI.loadStyle()
        let content = gtk_drawing_area_new()!
        gtk_widget_set_size_request(content, 640, 300)
        let draw: GtkDrawingAreaDrawFunc = { _, cr, width, _, _ in
            // A stand-in for the page's content: a list of messages, drawn as grey lines.
            cairo_set_source_rgb(cr, 0.97, 0.97, 0.98)
            cairo_paint(cr)
            for row in 0..<6 {
                let y = 24 + Double(row) * 46
                cairo_set_source_rgb(cr, 0.75, 0.79, 0.86)
                cairo_arc(cr, 34, y + 14, 14, 0, 2 * .pi)
                cairo_fill(cr)
                cairo_set_source_rgb(cr, 0.82, 0.83, 0.86)
                roundedRect(cr!, 62, y + 2, Double(width) * (row % 2 == 0 ? 0.55 : 0.42), 10, radius: 5)
                roundedRect(cr!, 62, y + 18, Double(width) * 0.78, 8, radius: 4)
                cairo_fill(cr)
            }
        }
        gtk_drawing_area_set_draw_func(unison_example_drawing_area(content), draw, nil, nil)
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(OpaquePointer(overlay), content)
        gtk_widget_set_halign(overlay, GTK_ALIGN_START)

        // Text("Operation successful!").padding().background(.green).foregroundStyle(.white)
        //     .clipShape(RoundedRectangle(cornerRadius: 8))
        //     .transition(.move(edge: .top).combined(with: .opacity))
        banner = MotionBin(
            child: UI.styled("Operation successful!", "unison-banner"),
            transition: .move(edge: .top).combined(with: .opacity), isPresent: false, clock: context.clock)
        banner.collapse = .none  // an overlay: nothing beside it to move aside
        gtk_widget_set_halign(banner.widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(banner.widget, GTK_ALIGN_START)
        gtk_widget_set_margin_top(banner.widget, 16)
        gtk_overlay_add_overlay(OpaquePointer(overlay), banner.widget)

        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label("Transitions: NotificationBanner, .move(edge: .top).combined(with: .opacity)", bold: true),
                UI.label("In a GtkOverlay over the content; dismissed after Task.sleep (3 s; 0.75 s in the tour)"),
                overlay,
            ])
        gtk_box_append(
            unison_example_box(root), UI.button("Show Banner") { [unowned self] in show(for: Self.dismissAfter) })
    }

    /// Button("Show Banner"): springs the banner in, and dismisses it `duration` later.
    func show(for duration: Duration) {
        withAnimation(.spring()) {
            showBanner = true
        }
        // Auto-dismiss (a newer banner restarts the wait, so an earlier sleep cannot cut it short).
        dismissal?.cancel()
        dismissal = Task { [weak self] in
            do { try await Task.sleep(for: duration) } catch { return }
            guard let self else { return }
            withAnimation { showBanner = false }
            dismissal = nil
        }
    }

    public func play() { show(for: Self.tourDismissAfter) }

    /// Dismisses the banner now if its wait is still running. (The tour's wait is over by the time
    /// it calls this; the in-process screenshot test needs it: Swift Testing parks the real main
    /// thread, so a main-actor `Task` never resumes there.)
    public func stop() {
        guard let dismissal else { return }
        dismissal.cancel()
        self.dismissal = nil
        withAnimation { showBanner = false }
    }

    /// At rest with no dismissal pending.
    public var isAtTarget: Bool { dismissal == nil && !banner.isAnimating }
}
