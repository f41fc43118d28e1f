import CDownstreamGtk
import Foundation
import Unison
import UnisonGtk

// unison-downstream          a window with a card that springs between two slots ("Move card")
// unison-downstream --smoke  the same app under Xvfb, checked: once the window has painted, it
//                            presses the button, waits for the spring to settle, reads the card's
//                            place back from GTK, waits for the status line to clear itself,
//                            prints one line and exits 0 (1 when a value is wrong, 2 on a timeout
//                            or without a display).

let smoke = CommandLine.arguments.dropFirst().contains("--smoke")
let app = gtk_application_new("org.example.UnisonDownstream", G_APPLICATION_NON_UNIQUE)!
var cards: CardWindow?
var smokeStatus: Int32 = 0

GtkSignals.connect(app, "activate") {
    // GtkApplication has initialised GTK by now; this adds the main-queue bridge, so that Task,
    // Task.sleep and DispatchQueue.main run inside GTK's main loop.
    GtkRuntime.initialize()
    let window = CardWindow(app: app)
    cards = window
    gtk_window_present(gtkCast(window.window))
    if smoke {
        runSmoke(window) { status in
            smokeStatus = status
            g_application_quit(gtkCast(app))
        }
    }
}

/// The `--smoke` run: the real app, driven once through its button.
@MainActor
func runSmoke(_ window: CardWindow, finish: @escaping @MainActor (Int32) -> Void) {
    var finished = false
    func end(_ status: Int32, _ line: String) {
        guard !finished else { return }
        finished = true
        print("unison-downstream --smoke: \(line)")
        finish(status)
    }
    GtkRuntime.after(10) { end(2, "timed out") }  // a safety net: never hang a test run
    window.statusSeconds = 0.25
    let target = CardWindow.slots[1]
    let started = Date()
    var landedAt: CGPoint?
    window.onLanded = { place in
        landedAt = place
        let statusText = window.statusText
        guard abs(place.x - target.x) < 0.5, abs(place.y - target.y) < 0.5, statusText.hasPrefix("Landed at") else {
            end(
                1,
                "FAILED: GTK lays the card out at \(describe(place)), status \"\(statusText)\"; expected \(describe(target))"
            )
            return
        }
    }
    window.onStatusCleared = {
        guard let place = landedAt else { return end(1, "FAILED: the status cleared before the card landed") }
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        end(
            0,
            "ok: GTK lays the card out at \(describe(place)) (expected \(describe(target))), opacity "
                + "\(gtk_widget_get_opacity(window.cardWidget)); the status line cleared itself; \(seconds) s")
    }
    // Press the button the way a user would, once the window is on screen and painted.
    WidgetRenderer.afterNextPaint(of: window.window) {
        guard gtk_widget_get_mapped(window.cardWidget) != 0 else { return end(1, "FAILED: the card is not mapped") }
        gtk_widget_activate(window.button)
    }
}

func describe(_ point: CGPoint) -> String { "(\(point.x), \(point.y))" }

// Without a display GtkApplication cannot start: say so instead of GTK's warning alone.
if smoke, gtk_init_check() == 0 {
    print("unison-downstream --smoke: no display (run it under xvfb-run -a)")
    exit(2)
}
// GApplication would reject --smoke: the arguments stay this program's.
let status = g_application_run(gtkCast(app), 0, nil)
exit(status != 0 ? status : smokeStatus)
