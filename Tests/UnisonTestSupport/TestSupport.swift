import Foundation
import Unison

// What Unison's test targets share: seeded random numbers, tolerances with their sources, and
// fixtures used by more than one target.

// MARK: Tolerances

/// Two evaluations of the same formula or closed form, or of one and a hand-computed value: they
/// differ only by rounding, a few ulps of values up to about 1e3 (1e-12 leaves orders of margin).
/// (`Tolerance.rounding`.)
public let rounding = 1e-12
/// Values whose time went through sums of 1/60 s frame steps, CGFloat conversions or hundreds of
/// operations: rounding grows with the operation count, so 1e-9. (`Tolerance.accumulatedRounding`.)
public let accumulatedRounding = 1e-9

/// How far apart two computed numbers may be, named by where the bound comes from.
///
/// Each named tolerance documents its source (rounding over some number of operations, a
/// reference's own error, a quantum of what GTK stores...). Compare with `isApproximatelyEqual`:
///
///     #expect(x.presentationValue.isApproximatelyEqual(to: expected, within: .accumulatedRounding))
///     #expect(velocity.isApproximatelyEqual(to: 720, within: .accumulatedRounding.scaled(by: 720)))
///
/// A target's own tolerances (GTK's quanta) are added in an extension there.
public struct Tolerance: Sendable, Hashable, CustomStringConvertible {
    /// The largest difference allowed (inclusive).
    public let value: Double

    /// A tolerance of `value`; name it with a `static let` that says where it comes from.
    public init(_ value: Double) { self.value = value }

    /// This tolerance times `factor`: a relative bound applied to a magnitude (`factor`), or the
    /// same error counted `factor` times.
    public func scaled(by factor: Double) -> Tolerance { Tolerance(value * abs(factor)) }

    /// Both errors at once (one on top of the other).
    public static func + (lhs: Tolerance, rhs: Tolerance) -> Tolerance { Tolerance(lhs.value + rhs.value) }

    /// The bound, written "±value".
    public var description: String { "±\(value)" }
}

extension Tolerance {
    // MARK: Rounding

    /// Results correctly rounded in [-1, 1]: within just under half an ulp of 1 (2⁻⁵³ ≈ 1.1e-16).
    public static let halfUlpOfOne = Tolerance(1e-16)
    /// Values in about [0, 1] after a handful of operations: a few ulps of 1 (2⁻⁵² ≈ 2.2e-16 each).
    public static let unitRounding = Tolerance(1e-15)
    /// A closed form against an equal closed form or a hand-computed value: rounding only, a few
    /// ulps of values up to about 1e3 (the global `rounding`).
    public static let rounding = Tolerance(UnisonTestSupport.rounding)
    /// Values near 100 recomputed through a chain of conversions (stiffness and damping from a
    /// response and damping ratio and back, 40 composed spring steps): squares and square roots
    /// amplify each step's relative rounding of about 1e-16, so 1e-10 (scaled by the magnitude
    /// where it is larger).
    public static let derivedRounding = Tolerance(1e-10)
    /// Values whose time went through sums of 1/60 s frame steps, CGFloat conversions or hundreds
    /// of operations (the global `accumulatedRounding`).
    public static let accumulatedRounding = Tolerance(UnisonTestSupport.accumulatedRounding)

    // MARK: Numerical methods

    /// A unit curve's Newton and bisection solve stops within about 1e-14 of its x.
    public static let curveSolveInX = Tolerance(1e-14)
    /// A unit curve's value through that solve: 1e-14 in x times a slope of at most about 5, so
    /// 1e-12 in y.
    public static let curveSolve = Tolerance(1e-12)
    /// Values found by nested solves (a unit curve's inverse: two solves to about 1e-14 each,
    /// amplified by steep ends) or by Newton on a logarithm (a spring's settling duration, whose
    /// solve converges to about 1e-14 with the logarithm's rounding on top): 1e-9.
    public static let solver = Tolerance(1e-9)
    /// The closed forms against RK4 integration (springs at 1e-5 s steps, decay at 1e-4 s), relative
    /// to the motion's scale: the integration's truncation error is orders below this and its
    /// rounding over the steps dominates; 1e-9 is the agreement the engine promises.
    public static let rk4Reference = Tolerance(1e-9)
    /// A velocity against a central difference with step h = 1e-6: truncation O(h²) ≈ 1e-12 of the
    /// curvature plus rounding eps/h ≈ 2e-10 of the value, so 1e-6 leaves margin for the steepest
    /// curves.
    public static let finiteDifference = Tolerance(1e-6)
    /// A least-squares slope (a velocity tracker's, a gesture's release velocity) through samples on
    /// an exact line: rounding only, but the fit's sums cancel (the samples' times differ by
    /// milliseconds), so 1e-6 of velocities up to a few thousand per second.
    public static let leastSquares = Tolerance(1e-6)

    /// A velocity read at a frame time that went through sums of 1/60 s steps: the time's rounding
    /// (about 1e-15 s) times accelerations up to about 1e4 per second squared, plus ulps of
    /// velocities about 1e2: 1e-7.
    public static let velocityAtSummedTime = Tolerance(1e-7)

    // MARK: References and quoted figures

    /// Ottosson's published Oklab matrices are inverse to about 1e-7 (ten significant digits,
    /// cubed): a colour's round trip through Oklab keeps it to 1e-6.
    public static let oklabMatrices = Tolerance(1e-6)

    /// Flutter's published `FrictionSimulation` positions, given to four decimals: 1e-3 leaves room
    /// for their rounding only.
    public static let flutterReference = Tolerance(1e-3)
    /// Spring constants quoted to two decimals (157.91, 17.59): half a unit of the last digit.
    public static let twoDecimals = Tolerance(0.005)
    /// An animation's end state: a spring or decay ends once it is within 0.1 % of its change
    /// (distance and velocity), 0.1 per 100.
    public static let settlingThreshold = Tolerance(1e-3)

    // MARK: Frames

    /// One frame of a 60 fps clock: an animation that starts or ends at a frame shows it up to one
    /// frame late.
    public static let frame = Tolerance(1.0 / 60)
}

extension BinaryFloatingPoint {
    /// Whether `self` is within `tolerance` of `other` (both finite; NaN is never close).
    ///
    ///     #expect(spring.value(target: 1, time: 0.4).isApproximatelyEqual(to: 0.98, within: .rounding))
    public func isApproximatelyEqual(to other: Self, within tolerance: Tolerance) -> Bool {
        Double(abs(self - other)) <= tolerance.value
    }
}

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

/// The button classes of the README's and the demo's example.
public let seedButton = "dropdown-item active:opacity-80 animate-spring duration-150"

/// Class rules with state variants and named animations, for the animation-class tests of both
/// the value target and the headless one.
@MainActor
public let stateClassRules = AnimationClassRules(
    named: [
        "dropdown-item": "hover:translate-x-1 focus-visible:scale-105",
        "card": "hover:-translate-y-1 active:scale-95",
        "motion-card": "card animate-settle duration-250",
        "press-fade": "opacity-80 animate-press",
    ],
    animations: [
        "settle": AnimationPreset { .spring(duration: $0, bounce: 0.15) },
        "press": AnimationPreset(.interactiveSpring(response: 0.25, dampingFraction: 0.8)),
    ])

// MARK: Environment

/// An app's own environment key (its default is "blue").
public struct AccentKey: EnvironmentKey {
    /// "blue".
    public static let defaultValue = "blue"
}

extension EnvironmentValues {
    /// The ``AccentKey`` value.
    public var accent: String {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
}

// MARK: Transitions

/// Shorthands for expected effects. Faded to `opacity` and moved by (x, y):
public func faded(_ opacity: Double = 0, x: Double = 0, y: Double = 0) -> TransitionEffects {
    TransitionEffects(opacity: opacity, offset: CGSize(width: x, height: y))
}

/// Effects that only move by (x, y).
public func moved(x: Double = 0, y: Double = 0) -> TransitionEffects {
    TransitionEffects(offset: CGSize(width: x, height: y))
}

/// Effects that only scale by (x, y) about `anchor`, optionally rotated.
public func scaled(_ x: Double, _ y: Double, anchor: UnitPoint = .center, rotation: Double = 0) -> TransitionEffects {
    TransitionEffects(scale: CGSize(width: x, height: y), rotation: rotation, anchor: anchor)
}

extension TransitionEffects {
    /// Every number finite (what a host may draw).
    public var isFinite: Bool {
        animatableData.magnitudeSquared.isFinite && anchor.x.isFinite && anchor.y.isFinite
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
