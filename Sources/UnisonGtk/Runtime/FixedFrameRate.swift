import CUnisonGtk
import Foundation

/// Where a fixed frame rate keeps its time (see ``GtkFrameClock/fixedFrameRate``).
///
/// Every `GdkFrameClock` (one per window) gets an anchor the first time a Unison clock ticks on it
/// after the rate was set: its frame counter there maps to the latest time presented so far, and
/// each later frame of that `GdkFrameClock` adds one step. Every widget of a window shares its
/// `GdkFrameClock`, so all of them present the same time on the same frame; a window opened later
/// starts where the others are. The anchor lives in the `GdkFrameClock`'s qdata, so it goes with it.
@MainActor
enum FixedFrameRate {
    /// Seconds one painted frame advances (nil: real time).
    private(set) static var step: TimeInterval?
    /// The latest time presented under the fixed rate (what ``GtkFrameClock/now`` reads between
    /// frames), unscaled.
    private(set) static var latest: TimeInterval = 0
    /// Bumped by every change of rate, so anchors made before it are made again.
    private static var generation = 0

    private final class Anchor {
        let generation: Int
        let offset: TimeInterval
        init(generation: Int, offset: TimeInterval) {
            self.generation = generation
            self.offset = offset
        }
    }

    private static let quark = g_quark_from_static_string("unison-fixed-frame-rate")

    /// Sets the rate (nil, or a value that is not a finite number of frames per second from 1 to
    /// 1000: real time again), starting from `now` (real seconds).
    static func set(framesPerSecond: Double?, now: TimeInterval) {
        let rate = framesPerSecond.flatMap { $0.isFinite && $0 >= 1 && $0 <= 1000 ? $0 : nil }
        if step == nil { latest = now }
        step = rate.map { 1 / $0 }
        generation += 1
    }

    /// The time of the current frame of `frameClock` (a `GdkFrameClock`) at the fixed rate.
    static func time(of frameClock: OpaquePointer, step: TimeInterval) -> TimeInterval {
        let counter = Double(gdk_frame_clock_get_frame_counter(frameClock))
        let object = unison_gtk_object(UnsafeMutableRawPointer(frameClock))
        var offset: TimeInterval
        if let stored = g_object_get_qdata(object, quark),
            case let anchor = Unmanaged<Anchor>.fromOpaque(stored).takeUnretainedValue(),
            anchor.generation == generation
        {
            offset = anchor.offset
        } else {
            offset = latest - step * counter
            let anchor = Unmanaged.passRetained(Anchor(generation: generation, offset: offset)).toOpaque()
            g_object_set_qdata_full(object, quark, anchor, releaseCallbackBox)
        }
        let time = offset + step * counter
        latest = max(latest, time)
        return time
    }
}
