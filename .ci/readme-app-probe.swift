// Added by .ci/check-readme to the README's minimal app (its code unchanged): every 50 ms, from
// GLib's main loop, finds the card (the first child of the first GtkFixed in the application's
// window), reads where GTK draws it in its GtkFixed, and once it has moved and then stayed still
// for 1.5 s (or after 60 s), prints where it is and exits.
import CCardsGtk
import Foundation

/// What the probe has seen so far (only GLib's main loop touches it).
nonisolated(unsafe) private var probe = (
    start: -1.0, first: CGPoint?.none, last: CGPoint?.none, lastChange: 0.0, moved: false
)

/// The timeout's callback (`GSourceFunc`), started by the probe's C constructor: true keeps it.
@_cdecl("readme_app_probe_tick")
func readmeAppProbeTick(_ data: UnsafeMutableRawPointer?) -> Int32 {
    let now = Double(g_get_monotonic_time()) / 1e6
    if probe.start < 0 { probe.start = now }
    guard let card = findCard(), let fixed = gtk_widget_get_parent(card) else {
        if now - probe.start > 60 { finish("no card found", at: probe.last ?? .zero) }
        return 1
    }
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(card, fixed, &bounds) != 0 else { return 1 }
    let point = CGPoint(x: Double(bounds.origin.x), y: Double(bounds.origin.y))
    if probe.first == nil { probe.first = point }
    if point != probe.last {
        probe.last = point
        probe.lastChange = now
        probe.moved = probe.moved || point != probe.first
    }
    if probe.moved && now - probe.lastChange >= 1.5 { finish("at rest", at: point) }
    if now - probe.start > 60 { finish(probe.moved ? "still moving after 60 s" : "never moved", at: point) }
    return 1
}

/// Prints the card's place for .ci/check-readme and ends the app.
private func finish(_ how: String, at point: CGPoint) -> Never {
    FileHandle.standardOutput.write(Data("readme-app-probe: card at \(point.x) \(point.y) (\(how))\n".utf8))
    exit(0)
}

/// The first child of the first `GtkFixed` in the default application's first window.
private func findCard() -> UnsafeMutablePointer<GtkWidget>? {
    guard let application = g_application_get_default(),
        let windows = gtk_application_get_windows(UnsafeMutablePointer(OpaquePointer(application))),
        let window = windows.pointee.data
    else { return nil }
    return firstFixed(in: UnsafeMutablePointer(OpaquePointer(window))).flatMap { gtk_widget_get_first_child($0) }
}

private func firstFixed(in widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
    if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), gtk_fixed_get_type()) != 0 {
        return widget
    }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
        if let found = firstFixed(in: current) { return found }
        child = gtk_widget_get_next_sibling(current)
    }
    return nil
}
