import Foundation
import Unison

// What Unison's test targets share: seeded random numbers, tolerances with their sources, and
// fixtures used by more than one target.

// MARK: Tolerances

/// Two evaluations of the same formula or closed form, or of one and a hand-computed value: they
/// differ only by rounding, a few ulps of values up to about 1e3 (1e-12 leaves orders of margin).
public let rounding = 1e-12
/// Values whose time went through sums of 1/60 s frame steps, CGFloat conversions or hundreds of
/// operations: rounding grows with the operation count, so 1e-9.
public let accumulatedRounding = 1e-9

// MARK: Random numbers

/// SplitMix64: a small seeded generator, so every run replays the same sequences.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// MARK: Clocks

/// A clock whose frames the test presents at arbitrary times (backwards, huge jumps, or on
/// another clock's time base): `now` comes from `time`, or from the last frame presented.
@MainActor
public final class ManualClock: FrameClock {
    private let time: (@MainActor () -> TimeInterval)?
    private var lastFrame: TimeInterval = 0
    public private(set) var handler: (@MainActor (TimeInterval) -> Void)?

    /// A clock whose `now` is the last frame's time, or `time()` when given.
    public init(time: (@MainActor () -> TimeInterval)? = nil) { self.time = time }

    public var now: TimeInterval {
        get { time?() ?? lastFrame }
        set { lastFrame = newValue }
    }
    public func startFrames(_ handler: @escaping @MainActor (TimeInterval) -> Void) { self.handler = handler }
    public func stopFrames() { handler = nil }

    /// Presents a frame at `time` (and makes it `now`, unless `now` comes from elsewhere).
    public func frame(at time: TimeInterval) {
        lastFrame = time
        handler?(time)
    }
}

// MARK: Fixtures

/// Lines recorded by completions and callbacks, in order.
@MainActor
public final class Log {
    public var entries: [String] = []
    public init() {}
}

/// A representable bead box: its lid opens and closes inside `context.animate`, and the
/// completion logs "open" or "closed". `Box` is whatever holds the lid (a headless property or
/// a GTK widget).
public struct BeadBoxWrapper<Box>: WidgetRepresentable {
    @Binding public var isOpen: Bool
    public let make: @MainActor () -> Box
    public let moveLid: @MainActor (Box, _ open: Bool) -> Void
    public let log: Log

    public init(
        isOpen: Binding<Bool>, log: Log, make: @escaping @MainActor () -> Box,
        moveLid: @escaping @MainActor (Box, Bool) -> Void
    ) {
        _isOpen = isOpen
        self.log = log
        self.make = make
        self.moveLid = moveLid
    }

    public func makeWidget(context: RepresentableContext) -> Box { make() }

    public func updateWidget(_ box: Box, context: RepresentableContext) {
        let open = isOpen
        context.animate {
            moveLid(box, open)
        } completion: {
            log.entries.append(open ? "open" : "closed")
        }
    }
}

// MARK: Appearance

/// Checks that each page's appearance events are whole visits (willAppear, didAppear,
/// willDisappear, didDisappear) in order, the last possibly unfinished; returns whether they are
/// and each page's resulting state.
public func checkVisits<Page: Hashable>(_ events: [(Page, AppearanceEvent)]) -> (
    ok: Bool, states: [Page: AppearanceState]
) {
    let cycle: [AppearanceEvent] = [.willAppear, .didAppear, .willDisappear, .didDisappear]
    var position: [Page: Int] = [:]
    var states: [Page: AppearanceState] = [:]
    for (page, event) in events {
        let next = position[page, default: 0]
        guard cycle[next] == event else { return (false, states) }
        position[page] = (next + 1) % 4
        states[page] = event.resultingState
    }
    return (true, states)
}

// MARK: Reliability harnesses

/// Counts completions for runs too long to keep one entry per completion: the ids registered and
/// not yet run (a set, so it stays small), those that never ran, and runs of an id not waiting
/// (a completion run twice).
@MainActor
public final class CompletionBook {
    public private(set) var registered = 0
    public private(set) var ranTwice = 0
    private var waiting = Set<Int>()

    public init() {}

    /// Completions registered and not run yet.
    public var outstanding: Int { waiting.count }

    /// A new completion to hand to `withAnimation`; it counts itself when it runs.
    public func completion() -> @MainActor () -> Void {
        let id = registered
        registered += 1
        waiting.insert(id)
        return { [unowned self] in
            if waiting.remove(id) == nil { ranTwice += 1 }
        }
    }
}

/// The least-squares slope of `y` over `x` (0 for fewer than two points or no spread in `x`).
public func leastSquaresSlope(_ points: [(x: Double, y: Double)]) -> Double {
    guard points.count >= 2 else { return 0 }
    let n = Double(points.count)
    let mx = points.map(\.x).reduce(0, +) / n
    let my = points.map(\.y).reduce(0, +) / n
    let sxy = points.map { ($0.x - mx) * ($0.y - my) }.reduce(0, +)
    let sxx = points.map { ($0.x - mx) * ($0.x - mx) }.reduce(0, +)
    return sxx > 0 ? sxy / sxx : 0
}

extension SplitMix64 {
    /// Up to `maximumPieces` of `pieces` run together, then, half the time, one character dropped or
    /// doubled: the class-string fuzz tests' inputs (valid classes, fragments and near misses).
    public mutating func mutatedString(of pieces: [String], maximumPieces: Int = 8) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...maximumPieces, using: &self) { text += pieces.randomElement(using: &self)! }
        guard !text.isEmpty, Bool.random(using: &self) else { return text }
        var characters = Array(text)
        let i = Int.random(in: 0..<characters.count, using: &self)
        if Bool.random(using: &self) {
            characters.remove(at: i)
        } else {
            characters.insert(characters[i], at: i)
        }
        return String(characters)
    }
}
