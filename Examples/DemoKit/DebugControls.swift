import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// The demo's motion controls under the slow-motion switch: an in-app "Reduce motion" preference
/// (over GTK's `gtk-interface-reduced-motion`), and a frame readout that shows, once a second,
/// Unison's frames per second, frames over the budget, what animates and the time it takes.
///
/// Slow motion for every clock at once, also the bins' own: start the demo with
/// `UNISON_SLOW_ANIMATIONS=5`; a line a second on stderr: `UNISON_FRAME_READOUT=1`.
@MainActor
public final class DebugControls {
    /// The controls, in a vertical box.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The frame readout's line (empty while the readout is off).
    public let readout: UnsafeMutablePointer<GtkWidget>

    /// Builds the controls. The readout line takes over `FrameReadout.onUpdate`.
    public init() {
        let reduce = gtk_check_button_new_with_label("Reduce motion")!
        gtk_check_button_set_active(
            unison_example_check_button(reduce), MotionPreferences.isReduceMotionEnabled ? 1 : 0)
        GtkSignals.connect(reduce, "toggled") {
            // On: reduced whatever GTK says; off: back to GTK's setting.
            let on = gtk_check_button_get_active(unison_example_check_button(reduce)) != 0
            MotionPreferences.reduceMotionOverride = on ? true : nil
        }
        let frames = gtk_check_button_new_with_label("Frame readout")!
        gtk_check_button_set_active(unison_example_check_button(frames), FrameReadout.isRecording ? 1 : 0)
        readout = UI.label(FrameReadout.isRecording ? "measuring…" : "")
        gtk_label_set_wrap(unison_example_label(readout), 1)
        gtk_label_set_max_width_chars(unison_example_label(readout), 22)
        gtk_widget_add_css_class(readout, "dim-label")
        let readout = readout
        FrameReadout.onUpdate = { gtk_label_set_text(unison_example_label(readout), $0.description) }
        GtkSignals.connect(frames, "toggled") {
            let on = gtk_check_button_get_active(unison_example_check_button(frames)) != 0
            FrameReadout.isRecording = on
            gtk_label_set_text(unison_example_label(readout), on ? "measuring…" : "")
        }
        widget = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 4, [reduce, frames, readout])
        gtk_widget_set_margin_start(widget, 8)
    }
}
