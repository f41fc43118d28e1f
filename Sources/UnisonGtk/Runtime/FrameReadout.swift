import CUnisonGtk
import Foundation
import Unison

/// One second (or so) of Unison's GTK frames: how many there were, how many came late, what
/// animated, and where the time went. ``FrameReadout`` makes one per second while it records.
///
/// ```swift
/// FrameReadout.isRecording = true
/// FrameReadout.onUpdate = { gtk_label_set_text(status, $0.description) }
/// // "60 fps, 0 of 60 frames over 16.7 ms; 12 values in 2 batches;
/// //  Unison 0.30 ms (writing 0.10 ms) of 16.7 ms a frame"
/// ```
public struct FrameStatistics: Hashable, Sendable, CustomStringConvertible {
    /// The real seconds these figures cover (about one).
    public var interval: TimeInterval
    /// Frames in which something of Unison's animated (distinct frames of GDK's frame clocks:
    /// several widgets ticking in one window's frame count once).
    public var frames: Int
    /// `frames` per second of `interval`.
    public var framesPerSecond: Double { interval > 0 ? Double(frames) / interval : 0 }
    /// Frames that came more than one and a half `budget`s after the frame before them on the
    /// same frame clock: at least one refresh was missed (a stutter the user may see).
    public var framesOverBudget: Int
    /// The time one frame may take: the monitor's refresh interval as GDK reports it, or 1/60 s
    /// where it reports none.
    public var budget: TimeInterval
    /// The longest time between two frames of one frame clock (0 with fewer than two frames).
    public var longestFrame: TimeInterval
    /// The mean time between two frames of one frame clock: the frame total, of which Unison
    /// took ``unisonTimePerFrame`` (GTK's layout, drawing and the app's own code the rest).
    public var meanFrame: TimeInterval
    /// Values animating at the end of the interval (properties, transitions' effects...).
    public var animatingValues: Int
    /// Of those values, how many groups the engine presents together (one per transaction and
    /// value type: see Benchmarks/README.md).
    public var batches: Int
    /// The mean time per frame Unison spent presenting its values: evaluating animations,
    /// writing them to GTK at the end of the frame, and the completions that became due.
    public var unisonTimePerFrame: TimeInterval
    /// Of ``unisonTimePerFrame``, the mean time spent writing composed values to GTK at the end
    /// of the frame (widgets' transforms and opacity, bins' render state, navigation pages).
    public var writeTimePerFrame: TimeInterval

    /// Figures as a ``FrameReadout`` measures them.
    public init(
        interval: TimeInterval, frames: Int, framesOverBudget: Int, budget: TimeInterval,
        longestFrame: TimeInterval, meanFrame: TimeInterval, animatingValues: Int, batches: Int,
        unisonTimePerFrame: TimeInterval, writeTimePerFrame: TimeInterval
    ) {
        self.interval = interval
        self.frames = frames
        self.framesOverBudget = framesOverBudget
        self.budget = budget
        self.longestFrame = longestFrame
        self.meanFrame = meanFrame
        self.animatingValues = animatingValues
        self.batches = batches
        self.unisonTimePerFrame = unisonTimePerFrame
        self.writeTimePerFrame = writeTimePerFrame
    }

    /// One line: frames per second, frames over budget, what animates, Unison's share of a frame.
    public var description: String {
        func ms(_ seconds: TimeInterval) -> String { String(format: "%.1f ms", seconds * 1000) }
        guard frames > 0 else { return "idle: no frames, \(animatingValues) values animating" }
        return String(format: "%.0f fps", framesPerSecond)
            + ", \(framesOverBudget) of \(frames) frames over \(ms(budget))"
            + "; \(animatingValues) values in \(batches) batches"
            + "; Unison \(String(format: "%.2f ms", unisonTimePerFrame * 1000))"
            + " (writing \(String(format: "%.2f ms", writeTimePerFrame * 1000))) of \(ms(meanFrame)) a frame"
    }
}

/// A live readout of Unison's GTK frames, for seeing whether an app's animation is smooth without
/// instrumenting it: frames per second, frames over the budget, how many values animate, and the
/// time Unison takes per frame against the whole frame (``FrameStatistics``).
///
/// Off by default and free while off: the frame path tests one flag. Set ``isRecording`` (or
/// start the app with `UNISON_FRAME_READOUT=1`, which also logs a line a second to stderr); every
/// second ``latest`` is replaced and ``onUpdate`` called, on the main loop.
///
/// ```swift
/// FrameReadout.isRecording = true
/// FrameReadout.onUpdate = { statistics in print(statistics) }
/// ```
///
/// It counts the frames in which one of Unison's ``GtkFrameClock``s ticks (something animates):
/// an idle second reports no frames.
@MainActor
public enum FrameReadout {
    /// Whether frames are measured (default false, or true when `UNISON_FRAME_READOUT=1`).
    /// Turning it on starts a new second; off, it drops what it gathered.
    public static var isRecording: Bool {
        get { recording }
        set {
            guard newValue != recording else { return }
            recording = newValue
            reset()
            if newValue { scheduleRollOver() } else { cancelRollOver() }
        }
    }

    /// The figures of the last whole second (nil before the first one).
    public static private(set) var latest: FrameStatistics?

    /// Called with each second's figures while recording.
    public static var onUpdate: (@MainActor (FrameStatistics) -> Void)?

    /// Whether each second's figures also go to stderr (`UNISON_FRAME_READOUT=1` sets it).
    public static var logsToStandardError = false

    // MARK: Gathering (one frame at a time, only while recording)

    /// Read by every tick of every clock: one load when off.
    static var recording = false

    private struct ClockFrame {
        var counter: Int
        var frameTime: Int
    }

    /// The last frame seen per GDK frame clock (few: one per window).
    private static var lastFrames: [OpaquePointer: ClockFrame] = [:]
    private static var frames = 0
    private static var over = 0
    private static var budget: TimeInterval = 1.0 / 60
    private static var longest: TimeInterval = 0
    private static var intervals: TimeInterval = 0
    private static var intervalCount = 0
    private static var unisonTime: TimeInterval = 0
    private static var writeTime: TimeInterval = 0
    private static var startedAt: TimeInterval = 0
    private static var rollOver: guint = 0

    /// A clock's tick on `frameClock` took `seconds` of Unison's time.
    static func record(frameClock: OpaquePointer, unisonSeconds seconds: TimeInterval) {
        unisonTime += seconds
        let counter = gdk_frame_clock_get_frame_counter(frameClock)
        let time = gdk_frame_clock_get_frame_time(frameClock)
        let previous = lastFrames[frameClock]
        guard previous?.counter != counter else { return }  // another clock's tick in the same frame
        lastFrames[frameClock] = ClockFrame(counter: counter, frameTime: time)
        frames += 1
        var refresh: Int = 0
        var presentation: Int = 0
        gdk_frame_clock_get_refresh_info(frameClock, time, &refresh, &presentation)
        budget = refresh > 0 ? Double(refresh) / 1_000_000 : 1.0 / 60
        guard let previous, previous.counter == counter - 1 else { return }  // not consecutive frames
        let interval = Double(time - previous.frameTime) / 1_000_000
        intervals += interval
        intervalCount += 1
        longest = max(longest, interval)
        if interval > 1.5 * budget { over += 1 }
    }

    /// Writes `writer`'s values at the end of a frame, timed.
    static func timeWrite(_ writer: FrameEndWriter) {
        let start = realNow
        writer.write()
        writeTime += realNow - start
    }

    /// Real seconds now (`CLOCK_MONOTONIC`).
    static var realNow: TimeInterval { Double(g_get_monotonic_time()) / 1_000_000 }

    private static func reset() {
        lastFrames.removeAll()
        frames = 0
        over = 0
        longest = 0
        intervals = 0
        intervalCount = 0
        unisonTime = 0
        writeTime = 0
        startedAt = realNow
    }

    /// The figures gathered since the last second ended, with the engine's counts now.
    static func statistics() -> FrameStatistics {
        let census = engineCensus()
        return FrameStatistics(
            interval: max(realNow - startedAt, 0), frames: frames, framesOverBudget: over, budget: budget,
            longestFrame: longest, meanFrame: intervalCount > 0 ? intervals / Double(intervalCount) : 0,
            animatingValues: census.general + census.batched, batches: census.batches,
            unisonTimePerFrame: frames > 0 ? unisonTime / Double(frames) : 0,
            writeTimePerFrame: frames > 0 ? writeTime / Double(frames) : 0)
    }

    /// Ends the second: publishes its figures and starts the next.
    static func publish() {
        let figures = statistics()
        let clocks = lastFrames
        reset()
        // The next second's first frame still has an interval; clocks gone quiet are dropped.
        let now = realNow
        lastFrames = clocks.filter { now - Double($0.value.frameTime) / 1_000_000 < 2 }
        latest = figures
        if logsToStandardError && figures.frames > 0 {
            FileHandle.standardError.write(Data("Unison: \(figures)\n".utf8))
        }
        onUpdate?(figures)
    }

    private static func scheduleRollOver() {
        rollOver = GtkRuntime.timeout(after: 1) {
            rollOver = 0
            guard recording else { return }
            publish()
            // `onUpdate` may have turned recording off, or off and on (which scheduled its own).
            if recording && rollOver == 0 { scheduleRollOver() }
        }
    }

    private static func cancelRollOver() {
        if rollOver != 0 { g_source_remove(rollOver) }
        rollOver = 0
    }
}
