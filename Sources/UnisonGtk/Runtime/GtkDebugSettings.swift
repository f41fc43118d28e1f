import CUnisonGtk
import Foundation
import Unison

/// The environment variables that help see motion while debugging, read once, when the first
/// ``GtkFrameClock`` is made (or at `GtkRuntime.initialize`):
///
/// - `UNISON_SLOW_ANIMATIONS=<factor>`: every GTK clock of Unison's runs `factor` times slower
///   (5: five-times slow motion), on top of each clock's ``GtkFrameClock/timeScale``, the way
///   `GTK_SLOWDOWN` slows GTK's own animations. A value that is not a finite number above 0 is
///   ignored with a GLib warning. `UnisonHeadless`'s clocks are not affected (tests stay exact).
/// - `UNISON_FRAME_READOUT=1`: ``FrameReadout`` records from the start and logs a line a second
///   to stderr.
/// - `UNISON_FIXED_FRAME_RATE=<fps>`: sets ``GtkFrameClock/fixedFrameRate`` (60: every painted
///   frame advances animations by 1/60 s, however long it took). A value that is not a number from
///   1 to 1000 is ignored with a GLib warning.
/// - `UNISON_REDUCE_MOTION=1` (or `0`): starts with `MotionPreferences.reduceMotionOverride` set
///   to true (or false), to try an app with reduced motion where the desktop or the running GTK
///   (older than 4.22) offers no such setting. Another value is ignored with a GLib warning.
@MainActor
enum GtkDebugSettings {
    /// How many times slower than real time GTK clocks run (1: real time).
    static var slowdown = 1.0
    private static var isRead = false

    /// Reads the environment variables (once).
    static func read() {
        guard !isRead else { return }
        isRead = true
        let (factor, warning) = parseSlowdown(ProcessInfo.processInfo.environment["UNISON_SLOW_ANIMATIONS"])
        slowdown = factor
        if let warning { unison_gtk_warning(warning) }
        if let text = ProcessInfo.processInfo.environment["UNISON_FIXED_FRAME_RATE"] {
            let (rate, rateWarning) = parseFrameRate(text)
            if let rate { GtkFrameClock.fixedFrameRate = rate }
            if let rateWarning { unison_gtk_warning(rateWarning) }
        }
        if parseSwitch(ProcessInfo.processInfo.environment["UNISON_FRAME_READOUT"]) {
            FrameReadout.logsToStandardError = true
            FrameReadout.isRecording = true
        }
        let (reduce, reduceWarning) = parseReduceMotion(ProcessInfo.processInfo.environment["UNISON_REDUCE_MOTION"])
        if let reduce { MotionPreferences.reduceMotionOverride = reduce }
        if let reduceWarning { unison_gtk_warning(reduceWarning) }
    }

    /// The reduced-motion override `text` asks for (nil: none), and a warning when it is neither on
    /// nor off. Unset or empty means none without a warning.
    static func parseReduceMotion(_ text: String?) -> (reduce: Bool?, warning: String?) {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return (nil, nil) }
        if parseSwitch(text) { return (true, nil) }
        if ["0", "false", "no", "off"].contains(text.lowercased()) { return (false, nil) }
        return (nil, "UNISON_REDUCE_MOTION=\(text) ignored: expected 1 or 0")
    }

    /// The slow-motion factor `text` asks for, and a warning when it is not usable (then 1).
    /// Unset or empty means 1 without a warning.
    static func parseSlowdown(_ text: String?) -> (factor: Double, warning: String?) {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return (1, nil) }
        guard let factor = Double(text), factor.isFinite, factor > 0 else {
            return (1, "UNISON_SLOW_ANIMATIONS=\(text) ignored: expected a number above 0, such as 5")
        }
        return (factor, nil)
    }

    /// The fixed frame rate `text` asks for (nil: none), and a warning when it is not a number of
    /// frames per second from 1 to 1000. Empty means none without a warning.
    static func parseFrameRate(_ text: String) -> (rate: Double?, warning: String?) {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return (nil, nil) }
        guard let rate = Double(text), rate.isFinite, rate >= 1, rate <= 1000 else {
            return (
                nil, "UNISON_FIXED_FRAME_RATE=\(text) ignored: expected frames per second from 1 to 1000, such as 60"
            )
        }
        return (rate, nil)
    }

    /// Whether an on/off variable is on: `1`, `true`, `yes` or `on`.
    static func parseSwitch(_ text: String?) -> Bool {
        guard let text = text?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return ["1", "true", "yes", "on"].contains(text)
    }
}
