import Foundation
import Testing
import UnisonTestSupport

@testable import Unison

/// The cubic Hermite segment, written out independently of the library's.
func hermite(_ p0: Double, _ p1: Double, m0: Double, m1: Double, duration d: Double, at s: Double) -> Double {
    let u = s / d
    let h00 = 2 * u * u * u - 3 * u * u + 1
    let h10 = u * u * u - 2 * u * u + u
    let h01 = -2 * u * u * u + 3 * u * u
    let h11 = u * u * u - u * u
    return h00 * p0 + h10 * d * m0 + h01 * p1 + h11 * d * m1
}

/// A value with two tracked properties of different types (and one left alone).
struct Sprite: Equatable, Animatable {
    var scale = 1.0
    var offset = CGPoint.zero
    var name = "sprite"

    var animatableData: AnimatablePair<Double, CGPoint.AnimatableData> {
        get { AnimatablePair(scale, offset.animatableData) }
        set {
            scale = newValue.first
            offset.animatableData = newValue.second
        }
    }
}

/// The single track of a timeline over `Double`, for white-box checks of its segments.
func curve(_ timeline: KeyframeTimeline<Double>) -> KeyframeCurve<Double> {
    (timeline.tracks[0] as! ResolvedKeyframeTrack<Double, Double>).curve
}

/// A reusable group of keyframes, as SwiftUI allows.
struct Wiggle: KeyframeTrackContent {
    var amplitude: Double
    var body: some KeyframeTrackContent<Double> {
        CubicKeyframe(amplitude, duration: 0.1)
        CubicKeyframe(-amplitude, duration: 0.1)
        CubicKeyframe(0, duration: 0.1)
    }
}

/// A reusable set of tracks.
struct Pop: Keyframes {
    var body: some Keyframes<Sprite> {
        KeyframeTrack(\.scale) { LinearKeyframe(2.0, duration: 0.5) }
        KeyframeTrack(\.offset) { LinearKeyframe(CGPoint(x: 10, y: 20), duration: 1) }
    }
}

@Suite("Keyframes")
struct KeyframeTests {
    // MARK: The four kinds

    @Test(
        "a cubic keyframe with stated velocities is the Hermite segment of the table",
        arguments: [0.0, 0.1, 0.25, 0.5, 0.77, 0.99])
    func hermiteValues(progress: Double) {
        let timeline = KeyframeTimeline(initialValue: 10.0) {
            CubicKeyframe(50.0, duration: 0.8, startVelocity: 120, endVelocity: -40)
        }
        let s = progress * 0.8
        let expected = hermite(10, 50, m0: 120, m1: -40, duration: 0.8, at: s)
        // The same cubic evaluated in another arrangement: rounding only.
        #expect(abs(timeline.value(time: s) - expected) < rounding * 100)
        // Its stated velocities are its slopes at both ends.
        #expect(abs(timeline.velocity(time: 0) - 120) < rounding * 100)
        #expect(abs(curve(timeline).segments[0].velocity(at: 0.8) - -40) < rounding * 100)
    }

    @Test("between cubic keyframes the missing velocities are Catmull-Rom slopes, continuous at every join")
    func catmullRom() {
        // Keyframes at t = 0.3, 0.5, 1.0, 1.2 with values 40, -10, 30, 0 (initial 0).
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(40, duration: 0.3)
            CubicKeyframe(-10, duration: 0.2)
            CubicKeyframe(30, duration: 0.5)
            CubicKeyframe(0, duration: 0.2)
        }
        let c = curve(timeline)
        let times: [Double] = [0, 0.3, 0.5, 1.0, 1.2]
        let values: [Double] = [0, 40, -10, 30, 0]
        var worst = 0.0
        for i in 1...3 {
            let slope = (values[i + 1] - values[i - 1]) / (times[i + 1] - times[i - 1])
            let left = c.segments[i - 1].velocity(at: c.segments[i - 1].duration)
            let right = c.segments[i].velocity(at: 0)
            worst = max(worst, abs(left - right), abs(left - slope))
            // Both sides evaluate a few multiply-adds of the same slope: rounding.
            #expect(abs(left - slope) < rounding * 1000, "join \(i): left \(left), Catmull-Rom \(slope)")
            #expect(abs(right - slope) < rounding * 1000, "join \(i): right \(right)")
            // The value is continuous there too (the segment ends on its keyframe).
            #expect(
                c.segments[i - 1].value(at: c.segments[i - 1].duration - 1e-12).isApproximatelyEqual(
                    to: values[i], within: .accumulatedRounding))
        }
        print("Catmull-Rom joins: worst slope mismatch \(worst)")
        // From rest at the start, and at rest at the end.
        #expect(timeline.velocity(time: 0) == 0)
        #expect(abs(c.segments[3].velocity(at: 0.2)) < rounding)
        // Each segment is the table's Hermite with those slopes.
        let m: [Double] = [0, -10 / 0.5, -10 / 0.7, 10 / 0.7, 0]
        for i in 0..<4 {
            for u in [0.2, 0.5, 0.9] {
                let d = times[i + 1] - times[i]
                let expected = hermite(values[i], values[i + 1], m0: m[i], m1: m[i + 1], duration: d, at: u * d)
                #expect(abs(timeline.value(time: times[i] + u * d) - expected) < accumulatedRounding)
            }
        }
    }

    @Test("a stated velocity on one side of a cubic join is used on the other side too")
    func statedVelocityCarries() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(10, duration: 0.5, endVelocity: 7)
            CubicKeyframe(20, duration: 0.5)
            CubicKeyframe(30, duration: 0.5, startVelocity: -3)
        }
        let c = curve(timeline)
        #expect(c.segments[1].startVelocity == 7)
        #expect(c.segments[1].endVelocity == -3)
    }

    @Test("next to a keyframe of another kind a cubic takes that keyframe's velocity at the join")
    func neighbourVelocities() {
        // Linear 0 → 10 over 0.5 s (velocity 20), cubic to 30, linear 30 → 0 over 1 s (velocity -30).
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10, duration: 0.5)
            CubicKeyframe(30, duration: 0.4)
            LinearKeyframe(0, duration: 1)
        }
        let c = curve(timeline)
        #expect(abs(c.segments[1].startVelocity - 20) < rounding * 100)
        #expect(abs(c.segments[1].endVelocity - -30) < rounding * 100)
        // A spring before a cubic: the spring's velocity where it stops.
        let spring = Spring(duration: 0.6, bounce: 0.2)
        let afterSpring = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(100, duration: 0.2, spring: spring)
            CubicKeyframe(0, duration: 0.4)
        }
        let v = spring.velocity(target: 100.0, time: 0.2)
        #expect(abs(curve(afterSpring).segments[1].startVelocity - v) < rounding * abs(v))
        // After a move the cubic starts at rest.
        let afterMove = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10, duration: 0.5)
            MoveKeyframe(50)
            CubicKeyframe(0, duration: 0.4)
        }
        #expect(curve(afterMove).segments[2].startVelocity == 0)
    }

    @Test("a linear keyframe follows its timing curve", arguments: [UnitCurve.linear, .easeIn, .circularEaseOut])
    func linearKeyframe(curve unitCurve: UnitCurve) {
        let timeline = KeyframeTimeline(initialValue: -5.0) {
            LinearKeyframe(15.0, duration: 0.4, timingCurve: unitCurve)
        }
        for s in stride(from: 0.0, through: 0.4, by: 0.05) {
            let expected = -5 + 20 * unitCurve.value(at: s / 0.4)
            #expect(abs(timeline.value(time: s) - expected) < rounding * 100)
        }
    }

    @Test("spring keyframes follow Spring.value and velocity, and hand both to the next segment")
    func springKeyframes() {
        let first = Spring(duration: 0.5, bounce: 0.3)
        let second = Spring(response: 0.3, dampingRatio: 2)
        let timeline = KeyframeTimeline(initialValue: 20.0) {
            SpringKeyframe(120, duration: 0.25, spring: first, startVelocity: -300)
            SpringKeyframe(60, duration: 0.4, spring: second)
        }
        for s in [0.0, 0.05, 0.1, 0.2, 0.2499] {
            let x = 20 + first.value(target: 100.0, initialVelocity: -300, time: s)
            let v = first.velocity(target: 100.0, initialVelocity: -300, time: s)
            // Same closed form, arranged differently: rounding of values up to ~200.
            #expect(abs(timeline.value(time: s) - x) < rounding * 1000)
            #expect(abs(timeline.velocity(time: s) - v) < rounding * 10000)
        }
        // The second spring starts where the first is at 0.25 s, with its velocity there.
        let x1 = 20 + first.value(target: 100.0, initialVelocity: -300, time: 0.25)
        let v1 = first.velocity(target: 100.0, initialVelocity: -300, time: 0.25)
        for s in [0.0, 0.1, 0.3] {
            let x = x1 + second.value(target: 60 - x1, initialVelocity: v1, time: s)
            #expect(abs(timeline.value(time: 0.25 + s) - x) < rounding * 1000)
        }
        #expect(abs(timeline.velocity(time: 0.25) - v1) < rounding * 10000)
        // It ends where the second spring is after 0.4 s, not on its target.
        let end = x1 + second.value(target: 60 - x1, initialVelocity: v1, time: 0.4)
        #expect(abs(timeline.value(time: 10) - end) < rounding * 1000)
        #expect(abs(timeline.duration - 0.65) < rounding)
    }

    @Test("a spring keyframe without a duration runs for the spring's settling duration")
    func springSettlingDuration() {
        let spring = Spring.bouncy
        let timeline = KeyframeTimeline(initialValue: 0.0) { SpringKeyframe(1.0, spring: spring) }
        #expect(timeline.duration == spring.settlingDuration)
        // An undamped spring never settles: it runs for one period.
        let undamped = Spring(duration: 0.4, bounce: 1)
        let forever = KeyframeTimeline(initialValue: 0.0) { SpringKeyframe(1.0, spring: undamped) }
        #expect(forever.duration == undamped.duration)
    }

    @Test("a move keyframe jumps and holds")
    func moveKeyframe() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10, duration: 1)
            MoveKeyframe(-3)
            LinearKeyframe(7, duration: 1)
        }
        // Linear at 10 per second, 1e-6 s before the jump: 1e-5 below the value.
        #expect(
            timeline.value(time: 0.999_999).isApproximatelyEqual(
                to: 10, within: Tolerance(1 - 0.999_999).scaled(by: 10)))
        #expect(timeline.value(time: 1) == -3)
        #expect(abs(timeline.value(time: 1.5) - 2) < rounding * 10)
        let first = KeyframeTimeline(initialValue: 0.0) {
            MoveKeyframe(5)
            LinearKeyframe(6, duration: 1)
        }
        #expect(first.value(time: 0) == 5)
    }

    // MARK: Tracks and timelines

    @Test("key-path tracks run side by side; the shorter holds its last value; untracked parts stay")
    func keyPathTracks() {
        let timeline = KeyframeTimeline(initialValue: Sprite()) {
            KeyframeTrack(\.scale) {
                LinearKeyframe(2.0, duration: 0.5)
            }
            KeyframeTrack(\.offset) {
                LinearKeyframe(CGPoint(x: 100, y: -50), duration: 1)
                LinearKeyframe(CGPoint(x: 0, y: 0), duration: 1)
            }
        }
        #expect(timeline.duration == 2)
        let mid = timeline.value(time: 0.25)
        #expect(abs(mid.scale - 1.5) < rounding)
        #expect(abs(mid.offset.x - 25) < rounding * 100 && abs(mid.offset.y - -12.5) < rounding * 100)
        #expect(mid.name == "sprite")
        let late = timeline.value(time: 1.5)
        #expect(late.scale == 2)
        #expect(abs(late.offset.x - 50) < rounding * 100)
        // The velocity of the whole value's vector, from both tracks.
        let v = timeline.velocity(time: 0.25)
        #expect(abs(v.first - 2) < rounding * 100 && abs(v.second.first - 100) < rounding * 100)
        #expect(abs(v.second.second - -50) < rounding * 100)
    }

    @Test("time is clamped to the timeline and progress is a fraction of its duration")
    func clampingAndProgress() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10, duration: 2)
        }
        #expect(timeline.value(time: -1) == 0)
        #expect(timeline.value(time: 5) == 10)
        #expect(timeline.value(time: .infinity) == 10)
        #expect(timeline.value(time: .nan) == 0)
        for p in [0.0, 0.3, 0.5, 1.0] { #expect(timeline.value(progress: p) == timeline.value(time: p * 2)) }
        #expect(timeline.value(progress: 2) == 10)
        #expect(timeline.value(progress: .nan) == 0)
    }

    @Test("builders accept conditions, loops and reusable groups")
    func builders() {
        let twice = true
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            Wiggle(amplitude: 4)
            if twice { Wiggle(amplitude: 2) } else { MoveKeyframe(9) }
            for x in [1.0, 2.0] { LinearKeyframe(x, duration: 0.1) }
        }
        #expect(abs(timeline.duration - 0.8) < rounding)
        #expect(abs(timeline.value(time: 0.4) - 2) < rounding * 10)
        let popped = KeyframeTimeline(initialValue: Sprite()) {
            Pop()
            if !twice { KeyframeTrack(\.scale) { MoveKeyframe(0.0) } }
        }
        #expect(popped.duration == 1)
        #expect(popped.value(time: 1).offset == CGPoint(x: 10, y: 20))
        let explicitTrack = KeyframeTimeline(initialValue: 1.0) {
            KeyframeTrack { LinearKeyframe(3.0, duration: 1) }
        }
        #expect(explicitTrack.value(time: 0.5) == 2)
    }

    // MARK: Bad input

    @Test("empty timelines and empty tracks have duration 0 and show the initial value")
    func empty() {
        let none = KeyframeTimeline(initialValue: 3.0) {}
        #expect(none.duration == 0)
        #expect(none.value(time: 1) == 3 && none.value(progress: 0.5) == 3 && none.value(progress: .infinity) == 3)
        #expect(none.velocity(time: 0) == 0)
        let emptyTrack = KeyframeTimeline(initialValue: Sprite()) {
            KeyframeTrack(\.scale) {}
        }
        #expect(emptyTrack.duration == 0)
        #expect(emptyTrack.value(time: 0) == Sprite())
    }

    @Test(
        "zero, negative and non-finite durations are 0: the keyframe is reached at once",
        arguments: [0.0, -1, .nan, .infinity, -.infinity])
    func badDurations(duration: Double) {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(5, duration: duration)
            CubicKeyframe(8, duration: duration)
            LinearKeyframe(10, duration: 1)
        }
        #expect(timeline.duration == 1)
        #expect(timeline.value(time: 0) == 8)
        #expect(timeline.value(time: 0.5) == 9)
        // A spring given no time passes value and velocity through unchanged.
        let spring = KeyframeTimeline(initialValue: 2.0) {
            SpringKeyframe(100, duration: duration, startVelocity: 50)
            LinearKeyframe(4, duration: 1)
        }
        #expect(spring.value(time: 0) == 2)
        #expect(spring.duration == 1)
    }

    @Test("non-finite velocities count as missing, and non-finite values hold the previous value")
    func nonFiniteInput() {
        let stated = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(10, duration: 1, startVelocity: .nan, endVelocity: .infinity)
            SpringKeyframe(20, duration: 0.5, startVelocity: -.infinity)
        }
        let plain = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(10, duration: 1)
            SpringKeyframe(20, duration: 0.5)
        }
        for t in stride(from: 0.0, through: 1.5, by: 0.1) {
            #expect(stated.value(time: t) == plain.value(time: t))
            #expect(stated.velocity(time: t).isFinite)
        }
        let holds = KeyframeTimeline(initialValue: 1.0) {
            LinearKeyframe(.nan, duration: 1)
            LinearKeyframe(3, duration: 1)
        }
        #expect(holds.value(time: 0.5) == 1)
        #expect(holds.value(time: 1.5) == 2)
        let nanStart = KeyframeTimeline(initialValue: Double.nan) { LinearKeyframe(4, duration: 1) }
        #expect(nanStart.value(time: 0.5) == 2)
    }

    @Test("arithmetic that overflows falls back to the keyframe's value")
    func overflow() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(1, duration: 1e300, startVelocity: 1e300)
        }
        for t in [0.0, 1, 1e299, 5e299] { #expect(timeline.value(time: t).isFinite) }
    }

    @Test("common vector types get a curve compiled for them, which evaluates exactly as the generic one")
    func specialisedCurves() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(400, duration: 0.3)
            LinearKeyframe(150, duration: 0.3, timingCurve: .easeInOut)
            MoveKeyframe(90)
            SpringKeyframe(1000, duration: 0.7, spring: .bouncy)
        }
        let specialised = curve(timeline)
        #expect(specialised is DoubleKeyframeCurve)
        let generic = KeyframeCurve<Double>(initial: specialised.initial, segments: specialised.segments)
        #expect(!(generic is DoubleKeyframeCurve))
        for step in -2...170 {
            let t = Double(step) / 100
            #expect(specialised.segmentIndex(at: t) == generic.segmentIndex(at: t))
            #expect(specialised.value(at: t).bitPattern == generic.value(at: t).bitPattern)
            #expect(specialised.velocity(at: t).bitPattern == generic.velocity(at: t).bitPattern)
        }
        let point = KeyframeTimeline(initialValue: CGPoint.zero) { CubicKeyframe(CGPoint(x: 3, y: 4), duration: 1) }
        #expect((point.tracks[0] as! ResolvedKeyframeTrack<CGPoint, CGPoint>).curve is CGPairKeyframeCurve)
        let float = KeyframeTimeline(initialValue: Float(0)) { CubicKeyframe(Float(1), duration: 1) }
        let floatCurve = (float.tracks[0] as! ResolvedKeyframeTrack<Float, Float>).curve
        #expect(type(of: floatCurve) == KeyframeCurve<Float>.self)
        #expect(float.value(time: 0.5) == 0.5)
    }
}
