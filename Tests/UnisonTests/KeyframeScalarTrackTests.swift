import Foundation
import Testing
import UnisonTestSupport

@testable import Unison

/// A value whose tracked `Double`s are stored properties: one of them inside a nested struct,
/// one of them computed (which the key path reaches and a stored offset does not).
private struct Rig: Animatable, Equatable {
    struct Joint: Equatable {
        var angle = 0.0
        var length = 1.0
    }
    var y = 0.0
    var joint = Joint()
    var label = "rig"
    var point = CGPoint.zero
    var half: Double {
        get { joint.length / 2 }
        set { joint.length = newValue * 2 }
    }

    var animatableData: AnimatablePair<Double, AnimatablePair<Double, Double>> {
        get { AnimatablePair(y, AnimatablePair(joint.angle, joint.length)) }
        set { (y, joint.angle, joint.length) = (newValue.first, newValue.second.first, newValue.second.second) }
    }
}

/// Times across and around a timeline of `duration`: a dense grid, each segment boundary's
/// neighbours, and bad input.
private func probeTimes(_ duration: Double) -> [Double] {
    var times = stride(from: -0.05, through: duration + 0.1, by: 1.0 / 480).map { $0 }
    times += [0, -0, duration, duration.nextDown, duration.nextUp, .nan, .infinity, -.infinity, 1e300]
    return times
}

/// The timeline's value the way its tracks write it through their key paths.
private func throughKeyPaths<Value>(_ timeline: KeyframeTimeline<Value>, at time: Double) -> Value {
    let t = KeyframeTimeline<Value>.clamp(time, timeline.duration)
    var value = timeline.initialValue
    for track in timeline.tracks { track.apply(to: &value, time: t) }
    return value
}

private func sameBits(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }

@Suite("Keyframe scalar tracks")
struct KeyframeScalarTrackTests {
    @Test("a Double timeline stores its track in place, and gives the key path's bits at every time")
    func doubleTimeline() {
        let timeline = KeyframeTimeline(initialValue: 3.0) {
            CubicKeyframe(403, duration: 0.3)
            CubicKeyframe(153, duration: 0.3)
            LinearKeyframe(803, duration: 0.3, timingCurve: .easeInOut)
            MoveKeyframe(-20)
            SpringKeyframe(1003, duration: 0.7, spring: .bouncy)
            CubicKeyframe(.nan, duration: 0.2)
        }
        #expect(timeline.scalarSlots?.count == 1)
        for t in probeTimes(timeline.duration) {
            #expect(sameBits(timeline.value(time: t), throughKeyPaths(timeline, at: t)), "t = \(t)")
        }
    }

    @Test("stored Double properties, nested ones and repeated tracks are stored in place, in track order")
    func storedProperties() {
        let timeline = KeyframeTimeline(initialValue: Rig()) {
            KeyframeTrack(\.y) {
                LinearKeyframe(0, duration: 0.15)
                CubicKeyframe(-150, duration: 0.3, startVelocity: -1000, endVelocity: 0)
                CubicKeyframe(0, duration: 0.3, startVelocity: 0, endVelocity: 1000)
            }
            KeyframeTrack(\.joint.angle) {
                SpringKeyframe(1.2, duration: 0.2, spring: .bouncy)
                SpringKeyframe(0, spring: Spring(duration: 0.35, bounce: 0.5))
            }
            KeyframeTrack(\.joint.length) {
                CubicKeyframe(0.75, duration: 0.15)
                CubicKeyframe(1.2, duration: 0.1)
            }
            // A second track on `y`, shorter: it wins while it runs and holds its end after.
            KeyframeTrack(\.y) { LinearKeyframe(40, duration: 0.2) }
        }
        #expect(timeline.scalarSlots?.count == 4)
        for t in probeTimes(timeline.duration) {
            let fast = timeline.value(time: t)
            let reference = throughKeyPaths(timeline, at: t)
            #expect(fast.label == reference.label && fast.point == reference.point)
            #expect(sameBits(fast.y, reference.y) && sameBits(fast.joint.angle, reference.joint.angle))
            #expect(sameBits(fast.joint.length, reference.joint.length), "t = \(t)")
        }
    }

    @Test("a computed property or a track of another type keeps every track on its key path")
    func fallsBack() {
        let computed = KeyframeTimeline(initialValue: Rig()) {
            KeyframeTrack(\.y) { CubicKeyframe(10, duration: 0.5) }
            KeyframeTrack(\.half) { LinearKeyframe(4, duration: 0.3) }
        }
        let mixed = KeyframeTimeline(initialValue: Rig()) {
            KeyframeTrack(\.y) { CubicKeyframe(10, duration: 0.5) }
            KeyframeTrack(\.point) { CubicKeyframe(CGPoint(x: 5, y: 6), duration: 0.4) }
        }
        #expect(computed.scalarSlots == nil && mixed.scalarSlots == nil)
        for t in probeTimes(0.5) {
            #expect(computed.value(time: t) == throughKeyPaths(computed, at: t))
            #expect(mixed.value(time: t) == throughKeyPaths(mixed, at: t))
        }
        #expect(computed.value(time: 0.5).joint.length == 8)
    }
}

/// The frame path's cursor (`KeyframeTrackCursor`) against the curve's own evaluation.
@Suite("Keyframe track cursors")
struct KeyframeTrackCursorTests {
    /// Times in the orders a cursor meets: forward on a fine grid, wrapping as a repeating play
    /// does, backward, and a scramble with every segment end's neighbours and bad input.
    static func sequences(_ curve: DoubleKeyframeCurve) -> [[Double]] {
        let duration = curve.duration
        let forward = stride(from: -0.05, through: duration + 0.1, by: 1.0 / 480).map { $0 }
        var ends: [Double] = []
        for segment in curve.segments {
            ends += [segment.start, segment.end, segment.end.nextDown, segment.end.nextUp]
        }
        let bad: [Double] = [.nan, .infinity, -.infinity, -0.0, 0, 1e300, -1e300, .leastNonzeroMagnitude]
        var generator = SplitMix64(seed: 34)
        let scrambled = (forward + ends + bad + ends.reversed()).shuffled(using: &generator)
        let wrapping = (0..<600).map { Double($0) / 120 }.map {
            duration > 0 ? $0.truncatingRemainder(dividingBy: duration) : $0
        }
        return [forward, wrapping, forward.reversed(), ends + bad, scrambled]
    }

    static func check(_ curve: DoubleKeyframeCurve, _ label: String) {
        for sequence in sequences(curve) {
            var cursor = KeyframeTrackCursor(KeyframeScalarSlot(offset: 0, curve: curve))
            var mismatches: [Double] = []
            for t in sequence where !sameBits(cursor.value(at: t), curve.scalarValue(at: t)) { mismatches.append(t) }
            #expect(mismatches.count == 0, "\(label): at \(mismatches.prefix(5))")
        }
    }

    @Test("a cursor gives the curve's bits at any time, in any order, through jumps, bad values and bad times")
    func cursorMatchesCurve() throws {
        let timelines = [
            KeyframeTimeline(initialValue: 3.0) {
                CubicKeyframe(403, duration: 0.3)
                CubicKeyframe(153, duration: 0.3)
                LinearKeyframe(803, duration: 0.3, timingCurve: .easeInOut)
                MoveKeyframe(-20)
                MoveKeyframe(-25)
                SpringKeyframe(1003, duration: 0.7, spring: .bouncy)
                CubicKeyframe(.nan, duration: 0.2)
                LinearKeyframe(0, duration: 0)
                CubicKeyframe(-0.0, duration: 1e-300)
            },
            KeyframeTimeline(initialValue: -1e300) {
                LinearKeyframe(1e300, duration: 0.25)
                CubicKeyframe(.greatestFiniteMagnitude, duration: 0.25, startVelocity: 1e308, endVelocity: -1e308)
                CubicKeyframe(.infinity, duration: .nan)
                SpringKeyframe(-.infinity, duration: .infinity, spring: .snappy)
            },
            KeyframeTimeline(initialValue: 0.0) { MoveKeyframe(5) },
            KeyframeTimeline(initialValue: 0.0) { LinearKeyframe(1, duration: 1e-9) },
        ]
        for (i, timeline) in timelines.enumerated() {
            let curve = try #require(timeline.scalarSlots?.first?.curve)
            #expect(curve.endsAreOrdered)
            Self.check(curve, "timeline \(i)")
        }
    }

    @Test("segments whose ends are out of order or NaN are searched at every time, as the curve does")
    func unorderedEnds() {
        func segment(start: Double, duration: Double, to: Double) -> KeyframeSegment<Double> {
            KeyframeSegment(
                shape: .linear(.linear), start: start, duration: duration, from: 0, to: to, startVelocity: 0,
                endVelocity: 0, endValue: to)
        }
        let curves = [
            DoubleKeyframeCurve(
                initial: 0,
                segments: [
                    segment(start: 0, duration: 0.5, to: 1), segment(start: 0.2, duration: 0.1, to: 2),
                    segment(start: 0.3, duration: 0.6, to: 3),
                ]),
            DoubleKeyframeCurve(
                initial: 0,
                segments: [
                    segment(start: 0, duration: 0.5, to: 1), segment(start: .nan, duration: 0.1, to: 2),
                    segment(start: 0.6, duration: 0.4, to: 3),
                ]),
        ]
        for (i, curve) in curves.enumerated() {
            #expect(!curve.endsAreOrdered)
            Self.check(curve, "curve \(i)")
        }
    }
}
