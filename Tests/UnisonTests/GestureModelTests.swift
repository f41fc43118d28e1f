import Foundation
import Testing
import Unison
import UnisonTestSupport

// (Over 400 lines: every recognizer and composition of the gesture model in one suite, sharing
// `GestureLog`; the hand-offs to springs are in UnisonHeadlessTests.)

/// What a handler reported, in order, with the handler's time at each report.
@MainActor
final class GestureLog<Recognizer: GestureRecognizer> {
    typealias Value = Recognizer.Value
    enum Entry {
        case changed(Value, at: Double)
        case ended(Value, at: Double)
        case cancelled(at: Double)
    }
    var entries: [Entry] = []
    let handler: GestureHandler<Recognizer>

    init(_ recognizer: Recognizer) {
        handler = GestureHandler(recognizer)
        handler.onChanged = { [unowned self] in entries.append(.changed($0, at: handler.time)) }
        handler.onEnded = { [unowned self] in entries.append(.ended($0, at: handler.time)) }
        handler.onCancelled = { [unowned self] in entries.append(.cancelled(at: handler.time)) }
    }

    func send(_ events: GestureEvent...) { for event in events { handler.handle(event) } }

    var changes: [Value] { entries.compactMap { if case .changed(let v, _) = $0 { v } else { nil } } }
    var ends: [(Value, Double)] { entries.compactMap { if case .ended(let v, let t) = $0 { (v, t) } else { nil } } }
    var cancellations: [Double] { entries.compactMap { if case .cancelled(let t) = $0 { t } else { nil } } }
}

func point(_ x: Double, _ y: Double = 0) -> CGPoint { CGPoint(x: x, y: y) }

@MainActor
@Suite("Gesture recognizers")
struct GestureModelTests {
    // MARK: Tap

    @Test("a tap ends at its release, with the release's location, and reports nothing before")
    func tap() {
        let log = GestureLog(TapRecognizer())
        log.send(.down(point(10, 10), at: 1), .move(point(14, 13), at: 1.05), .up(point(14, 13), at: 1.1))
        #expect(log.changes.isEmpty)
        #expect(log.ends.map(\.0) == [TapRecognizer.Value(location: point(14, 13))])
        #expect(log.ends.map(\.1) == [1.1])
        #expect(log.handler.phase == .ended)
        // The next press starts a new tap.
        log.send(.down(point(50, 50), at: 2), .up(point(50, 50), at: 2.05))
        #expect(log.ends.count == 2)
    }

    @Test(
        "a tap allows exactly maximumDistance of movement and fails beyond it",
        arguments: [(10.0, true), (10.01, false)])
    func tapDistance(moved: Double, recognised: Bool) {
        let log = GestureLog(TapRecognizer(maximumDistance: 10))
        log.send(.down(point(0), at: 0), .move(point(moved), at: 0.02), .up(point(0), at: 0.04))
        #expect(log.ends.count == (recognised ? 1 : 0))
        #expect(log.handler.phase == (recognised ? .ended : .failed))
        #expect(log.cancellations.isEmpty)  // a tap reports nothing before it ends: nothing to undo
    }

    @Test("a double tap needs its second press within the interval and near the first")
    func doubleTap() {
        let log = GestureLog(TapRecognizer(count: 2, maximumInterval: 0.4))
        log.send(.down(point(5), at: 0), .up(point(5), at: 0.05))
        #expect(log.handler.phase == .possible && log.handler.deadline == 0.45)
        log.send(.down(point(7), at: 0.3), .up(point(7), at: 0.35))
        #expect(log.ends.map(\.1) == [0.35])
        // Too late: released at 1.05, pressed again at 1.5, after the deadline (1.45): that attempt fails.
        log.send(.down(point(5), at: 1), .up(point(5), at: 1.05))
        log.send(.down(point(5), at: 1.5))
        #expect(log.ends.count == 1)
        // That late press began a new attempt: one more tap within the interval completes it.
        log.send(.up(point(5), at: 1.55), .down(point(5), at: 1.7), .up(point(5), at: 1.75))
        #expect(log.ends.map(\.1) == [0.35, 1.75])
        // A second press 12 points from the first is a new place, not a double tap.
        log.send(.down(point(100), at: 3), .up(point(100), at: 3.05), .down(point(112), at: 3.2))
        #expect(log.handler.phase == .failed)
    }

    @Test("a cancelled pointer cancels a tap; the next press starts afresh")
    func tapCancelled() {
        let log = GestureLog(TapRecognizer())
        log.send(.down(point(0), at: 0), .pointerCancelled(at: 0.1))
        #expect(log.handler.phase == .cancelled && log.ends.isEmpty)
        log.send(.up(point(0), at: 0.2))  // a stray release after the cancel: ignored
        #expect(log.ends.isEmpty)
        log.send(.down(point(0), at: 1), .up(point(0), at: 1.1))
        #expect(log.ends.count == 1)
    }

    // MARK: Long press

    @Test("a long press reports true at the press and ends at its minimum duration, still held")
    func longPress() {
        let log = GestureLog(LongPressRecognizer(minimumDuration: 0.5))
        log.send(.down(point(20, 20), at: 3))
        #expect(log.changes == [true] && log.handler.phase == .possible)
        #expect(log.handler.deadline == 3.5)
        log.send(.move(point(26, 28), at: 3.2))  // 10 points: still within
        log.send(.time(3.49))
        #expect(log.ends.isEmpty)
        log.send(.time(3.5))
        #expect(log.ends.map(\.1) == [3.5] && log.ends.first?.0 == true)
        log.send(.up(point(26, 28), at: 4))  // the release after it ended changes nothing
        #expect(log.entries.count == 2)
    }

    @Test("an event after the deadline ends the long press at the deadline first (no timer needed)")
    func longPressWithoutTimer() {
        let log = GestureLog(LongPressRecognizer(minimumDuration: 0.5))
        log.send(.down(point(0), at: 0), .up(point(0), at: 0.8))
        #expect(log.ends.map(\.1) == [0.5])
        #expect(log.cancellations.isEmpty)
    }

    @Test("a long press released early, or moved too far, fails and undoes its 'pressing' report")
    func longPressFails() {
        let log = GestureLog(LongPressRecognizer(minimumDuration: 0.5, maximumDistance: 10))
        log.send(.down(point(0), at: 0), .up(point(0), at: 0.3))
        #expect(log.ends.isEmpty && log.cancellations == [0.3])
        log.send(.down(point(0), at: 1), .move(point(8, 7), at: 1.1))  // 10.6 points
        #expect(log.handler.phase == .failed && log.cancellations == [0.3, 1.1])
        log.send(.time(2))
        #expect(log.ends.isEmpty)
    }

    @Test("the app can cancel a gesture; input is ignored until the next press")
    func appCancels() {
        let log = GestureLog(LongPressRecognizer())
        log.send(.down(point(0), at: 0))
        log.handler.cancel()
        #expect(log.handler.phase == .cancelled && log.cancellations.count == 1)
        log.send(.time(1), .up(point(0), at: 1.1))
        #expect(log.ends.isEmpty)
        log.send(.down(point(0), at: 2), .time(2.5))
        #expect(log.ends.map(\.1) == [2.5])
        log.handler.cancel()  // finished: nothing to cancel
        #expect(log.handler.phase == .ended && log.cancellations.count == 1)
    }

    // MARK: Drag

    @Test("a drag starts past its minimum distance and measures translation from the press")
    func dragThreshold() throws {
        let log = GestureLog(DragRecognizer(minimumDistance: 10))
        log.send(.down(point(100, 100), at: 0), .move(point(106, 108), at: 0.016))  // exactly 10
        #expect(log.handler.phase == .active)
        #expect(log.changes.map(\.translation) == [point(6, 8)])
        #expect(log.changes.first?.startLocation == point(100, 100))
        log.send(.move(point(130, 108), at: 0.032), .up(point(140, 108), at: 0.048))
        #expect(log.changes.count == 2)
        let end = try #require(log.ends.first?.0)
        #expect(end.translation == point(40, 8) && end.location == point(140, 108) && end.time == 0.048)
    }

    @Test("a drag released before its minimum distance fails without reporting anything")
    func dragTooShort() {
        let log = GestureLog(DragRecognizer(minimumDistance: 10))
        log.send(.down(point(0), at: 0), .move(point(9.9), at: 0.02), .up(point(9.9), at: 0.04))
        #expect(log.entries.isEmpty && log.handler.phase == .failed)
        // With no minimum it starts at the press.
        let eager = GestureLog(DragRecognizer(minimumDistance: 0))
        eager.send(.down(point(3, 4), at: 0))
        #expect(eager.changes.map(\.translation) == [.zero])
    }

    @Test("a cancelled drag reports onCancelled and never ends")
    func dragCancelled() {
        let log = GestureLog(DragRecognizer())
        log.send(.down(point(0), at: 0), .move(point(30), at: 0.02), .pointerCancelled(at: 0.03))
        #expect(log.cancellations == [0.03] && log.ends.isEmpty)
        log.send(.up(point(40), at: 0.05))
        #expect(log.ends.isEmpty)
    }

    @Test("a drag's release velocity with uneven event timing is exact for constant speed", arguments: 0..<10)
    func dragVelocity(seed: UInt64) throws {
        let times = GestureTests.jitteredTimes(from: 0, to: 0.3, rate: 125, seed: seed)
        let log = GestureLog(DragRecognizer())
        log.send(.down(point(10, 20), at: 0))
        for t in times.dropFirst() { log.send(.move(point(10 + 900 * t, 20 - 300 * t), at: t)) }
        log.send(.up(point(10 + 900 * 0.31, 20 - 300 * 0.31), at: 0.31))
        let end = try #require(log.ends.first?.0)
        // A least-squares line through exactly linear samples: rounding only (values ~300, 1e-6).
        #expect(
            end.velocity.x.isApproximatelyEqual(to: 900, within: .leastSquares)
                && end.velocity.y.isApproximatelyEqual(to: -300, within: .leastSquares))
        // The prediction is the projection under normal friction (k = −1000·ln 0.998).
        let k = -1000 * Foundation.log(0.998)
        #expect(
            end.predictedEndTranslation.x.isApproximatelyEqual(to: (end.translation.x + 900 / k), within: .leastSquares)
        )
    }

    @Test("a pointer that stopped before the release releases with zero velocity")
    func dragStoppedBeforeRelease() throws {
        let log = GestureLog(DragRecognizer())
        log.send(.down(point(0), at: 0))
        for k in 1...20 { log.send(.move(point(8 * Double(k)), at: Double(k) * 0.01)) }
        log.send(.up(point(160), at: 0.35))  // 150 ms still: nothing in the 100 ms window but the release
        #expect(try #require(log.ends.first?.0).velocity == .zero)
    }

    // MARK: Magnification and rotation

    static func pinch(_ phase: GestureEvent.Phase, _ scale: Double, at time: Double) -> GestureEvent {
        GestureEvent(.magnification(phase, scale: scale, center: point(50, 50)), at: time)
    }

    static func turn(_ phase: GestureEvent.Phase, _ degrees: Double, at time: Double) -> GestureEvent {
        GestureEvent(.rotation(phase, degrees: degrees, center: point(50, 50)), at: time)
    }

    @Test("a pinch starts at its minimum scale change and reports magnification and scale per second")
    func magnify() throws {
        let log = GestureLog(MagnifyRecognizer(minimumScaleDelta: 0.01))
        log.send(Self.pinch(.began, 1, at: 0), Self.pinch(.changed, 1.009, at: 0.01))
        #expect(log.handler.phase == .possible && log.changes.isEmpty)
        let times = GestureTests.jitteredTimes(from: 0.02, to: 0.5, rate: 100, seed: 7)
        for t in times { log.send(Self.pinch(.changed, 1 + 2 * t, at: t)) }
        log.send(Self.pinch(.ended, 2.04, at: 0.52))
        let end = try #require(log.ends.first?.0)
        #expect(abs(end.magnification - 2.04) < rounding)
        // A linear ramp of 2 per second: the fit is exact up to rounding (1e-9 at these sizes).
        #expect(end.velocity.isApproximatelyEqual(to: 2, within: .accumulatedRounding))
        #expect(end.startLocation == point(50, 50))
        // Never past the threshold: it fails; and a cancelled pinch is cancelled.
        let small = GestureLog(MagnifyRecognizer())
        small.send(
            Self.pinch(.began, 1, at: 0), Self.pinch(.changed, 0.995, at: 0.1), Self.pinch(.ended, 0.995, at: 0.2))
        #expect(small.handler.phase == .failed && small.entries.isEmpty)
        small.send(
            Self.pinch(.began, 1, at: 1), Self.pinch(.changed, 1.5, at: 1.1), Self.pinch(.cancelled, 1.5, at: 1.2))
        #expect(small.handler.phase == .cancelled && small.cancellations == [1.2])
    }

    @Test("an accelerating pinch's release velocity lags by at most its acceleration times the window")
    func magnifyVelocityError() throws {
        // Exponential zoom, s = e^{2t}: ds/dt = 2s, d²s/dt² = 4s. The least-squares slope is an
        // average of the slopes between samples in the 100 ms window, so it lies between the
        // derivative at the window's start and end: error ≤ max|s''| × 0.1 s.
        let log = GestureLog(MagnifyRecognizer())
        log.send(Self.pinch(.began, 1, at: 0))
        let times = GestureTests.jitteredTimes(from: 0.008, to: 0.4, rate: 120, seed: 3)
        for t in times { log.send(Self.pinch(.changed, exp(2 * t), at: t)) }
        let release = times.last!
        log.send(Self.pinch(.ended, exp(2 * release), at: release))
        let end = try #require(log.ends.first?.0)
        let trueVelocity = 2 * exp(2 * release)
        let error = abs(end.velocity - trueVelocity)
        #expect(error <= 4 * exp(2 * release) * 0.1)
        print(
            "pinch velocity fit: \(end.velocity) scale/s, true \(trueVelocity) (error \(error / trueVelocity * 100) %)")
    }

    @Test("a rotation unwraps angles reported modulo 360°, so two turns read 720°")
    func rotationUnwraps() throws {
        let log = GestureLog(RotateRecognizer())
        log.send(Self.turn(.began, 350, at: 0))
        // Turning clockwise at 360°/s for 2 s, reported modulo 360 every 10 ms.
        for k in 1...200 {
            let t = Double(k) / 100
            log.send(Self.turn(.changed, (350 + 360 * t).truncatingRemainder(dividingBy: 360), at: t))
        }
        log.send(Self.turn(.ended, 350, at: 2))
        let end = try #require(log.ends.first?.0)
        #expect(end.rotation.isApproximatelyEqual(to: 720, within: .accumulatedRounding))
        // Evenly spaced samples of a linear turn: exact up to rounding.
        #expect(end.velocity.isApproximatelyEqual(to: 360, within: .leastSquares))
        // Counter-clockwise is negative.
        let back = GestureLog(RotateRecognizer())
        back.send(Self.turn(.began, 10, at: 0), Self.turn(.changed, 355, at: 0.05), Self.turn(.ended, 340, at: 0.1))
        #expect(back.ends.first?.0.rotation == -30)
    }

    @Test("a rotation starts at its minimum angle and reports degrees per second under jitter")
    func rotationThresholdAndVelocity() throws {
        let log = GestureLog(RotateRecognizer(minimumAngleDelta: 1))
        log.send(Self.turn(.began, 0, at: 0), Self.turn(.changed, 0.9, at: 0.01))
        #expect(log.handler.phase == .possible)
        let times = GestureTests.jitteredTimes(from: 0.02, to: 0.4, rate: 90, seed: 11)
        for t in times { log.send(Self.turn(.changed, -90 * t, at: t)) }
        log.send(Self.turn(.ended, -90 * times.last!, at: times.last!))
        let end = try #require(log.ends.first?.0)
        #expect(end.velocity.isApproximatelyEqual(to: -90, within: .leastSquares))  // linear: rounding only
        #expect(log.changes.first.map { abs($0.rotation) >= 1 } == true)
    }

    // MARK: Composition

    @Test("simultaneous rotation and magnification: both values, each with its own velocity")
    func simultaneous() throws {
        let log = GestureLog(RotateRecognizer().simultaneously(with: MagnifyRecognizer()))
        log.send(Self.turn(.began, 0, at: 0), Self.pinch(.began, 1, at: 0))
        for k in 1...30 {
            let t = Double(k) / 100
            log.send(Self.turn(.changed, 60 * t, at: t), Self.pinch(.changed, 1 + 0.5 * t, at: t))
        }
        #expect(log.handler.phase == .active)
        let last = try #require(log.changes.last)
        #expect((try #require(last.first).velocity).isApproximatelyEqual(to: 60, within: .leastSquares))
        #expect((try #require(last.second).velocity).isApproximatelyEqual(to: 0.5, within: .accumulatedRounding))
        // One lifting first: still active until both have ended.
        log.send(Self.pinch(.ended, 1.15, at: 0.31))
        #expect(log.handler.phase == .active && log.ends.isEmpty)
        log.send(Self.turn(.ended, 18.6, at: 0.31))
        let end = try #require(log.ends.first?.0)
        #expect(end.first.map { $0.rotation.isApproximatelyEqual(to: 18.6, within: .accumulatedRounding) } == true)
        #expect(
            end.second.map { $0.magnification.isApproximatelyEqual(to: 1.15, within: .accumulatedRounding) } == true)
    }

    @Test("simultaneous: one that never starts is nil; it ends with the other")
    func simultaneousOneFails() throws {
        let log = GestureLog(RotateRecognizer().simultaneously(with: MagnifyRecognizer()))
        log.send(Self.turn(.began, 0, at: 0), Self.pinch(.began, 1, at: 0))
        log.send(Self.turn(.changed, 0.5, at: 0.1), Self.pinch(.changed, 1.4, at: 0.1))
        log.send(Self.turn(.ended, 0.5, at: 0.2), Self.pinch(.ended, 1.4, at: 0.2))
        let end = try #require(log.ends.first?.0)
        #expect(end.first == nil && end.second?.magnification == 1.4)
        // Pointer input only: neither starts, nothing is reported.
        let idle = GestureLog(RotateRecognizer().simultaneously(with: MagnifyRecognizer()))
        idle.send(.down(point(0), at: 0), .up(point(0), at: 0.1))
        #expect(idle.handler.phase == .idle && idle.entries.isEmpty)
    }

    typealias PressThenDrag = SequenceRecognizer<LongPressRecognizer, DragRecognizer>

    @Test("long press then drag: pressing, pressed, then the drag from where the finger is")
    func longPressThenDrag() throws {
        let log = GestureLog(LongPressRecognizer(minimumDuration: 0.5).sequenced(before: DragRecognizer()))
        log.send(.down(point(100, 100), at: 0))
        #expect(log.changes.count == 1)
        guard case .first(true) = log.changes[0] else { Issue.record("\(log.changes)"); return }
        log.send(.move(point(104, 100), at: 0.3))  // drifting a little while pressing
        #expect(log.changes.count == 1)
        log.send(.time(0.5))
        guard case .second(true, nil) = log.changes.last else { Issue.record("\(log.changes)"); return }
        // The drag starts from (104, 100), where the finger was when the press was recognised.
        log.send(.move(point(110, 100), at: 0.55))  // 6 points: below the drag's 10
        #expect(log.changes.count == 2)
        for k in 1...10 { log.send(.move(point(104 + 12 * Double(k), 100), at: 0.55 + Double(k) / 100)) }
        guard case .second(true, let drag?) = log.changes.last else { Issue.record("\(log.changes)"); return }
        #expect(drag.startLocation == point(104, 100) && drag.translation == point(120, 0))
        log.send(.up(point(224, 100), at: 0.66))
        guard case .second(true, let end?) = log.ends.first?.0 else { Issue.record("\(log.entries)"); return }
        // 12 points per 10 ms (1200 points/s), then a release 10 ms later at the same place: a
        // least-squares slope is an average of the slopes between samples (1200 and 0), so it lies
        // strictly between them, near 1200 with one still step in eleven (measured 1145).
        #expect(end.translation == point(120, 0))
        #expect(end.velocity.x > 1000 && end.velocity.x < 1200, "\(end.velocity.x)")
        print("long press then drag: release velocity \(end.velocity.x) points/s")
    }

    @Test("long press then drag: released early fails (and undoes 'pressing'); no drag ends with nil")
    func longPressThenDragOutcomes() {
        let early = GestureLog(LongPressRecognizer().sequenced(before: DragRecognizer()))
        early.send(.down(point(0), at: 0), .up(point(0), at: 0.2))
        #expect(early.handler.phase == .failed && early.cancellations == [0.2] && early.ends.isEmpty)
        // Held, then released without dragging: ends as `.second(true, nil)` (SwiftUI's case).
        let still = GestureLog(LongPressRecognizer().sequenced(before: DragRecognizer()))
        still.send(.down(point(0), at: 0), .time(0.5), .up(point(3), at: 0.9))
        guard case .second(true, nil)? = still.ends.first?.0 else {
            Issue.record("\(still.entries)")
            return
        }
        // Moved too far while pressing: the long press fails, so the drag never starts.
        let moved = GestureLog(LongPressRecognizer().sequenced(before: DragRecognizer()))
        moved.send(.down(point(0), at: 0), .move(point(30), at: 0.2), .move(point(60), at: 0.6))
        #expect(moved.handler.phase == .failed && moved.cancellations == [0.2])
    }

    @Test("double tap exclusively before single tap: the single tap waits out the double-tap interval")
    func doubleTapBeforeSingleTap() throws {
        let log = GestureLog(TapRecognizer(count: 2).exclusively(before: TapRecognizer()))
        log.send(.down(point(10), at: 0), .up(point(10), at: 0.05))
        #expect(log.entries.isEmpty)  // a single tap so far, held back
        #expect(log.handler.deadline == 0.45)
        log.send(.time(0.45))
        guard case .second(let tap)? = log.ends.first?.0 else { Issue.record("\(log.entries)"); return }
        #expect(tap.location == point(10) && log.ends.first?.1 == 0.45)
        // A double tap: reported at the second release; the single tap never is.
        log.send(.down(point(10), at: 1), .up(point(10), at: 1.05), .down(point(11), at: 1.2), .up(point(11), at: 1.25))
        #expect(log.ends.count == 2)
        guard case .first(let double)? = log.ends.last?.0 else { Issue.record("\(log.entries)"); return }
        #expect(double.location == point(11) && log.ends.last?.1 == 1.25)
        log.send(.time(5))
        #expect(log.ends.count == 2)
    }

    @Test("double tap before single: a second press that strays ends the wait, and the first tap counts")
    func doubleTapFailsOnSecondPress() {
        let log = GestureLog(TapRecognizer(count: 2).exclusively(before: TapRecognizer()))
        log.send(.down(point(10), at: 0), .up(point(10), at: 0.05), .down(point(10), at: 0.2))
        #expect(log.entries.isEmpty)
        log.send(.move(point(40), at: 0.25))  // the double tap fails: the first single tap is reported
        guard case .second(let tap)? = log.ends.first?.0 else { Issue.record("\(log.entries)"); return }
        #expect(tap.location == point(10) && log.ends.first?.1 == 0.25)
    }

    @Test("long press exclusively before tap: a quick tap is a tap, a held press a long press")
    func longPressBeforeTap() {
        let log = GestureLog(LongPressRecognizer().exclusively(before: TapRecognizer()))
        log.send(.down(point(0), at: 0), .up(point(0), at: 0.1))
        guard case .second? = log.ends.first?.0 else { Issue.record("\(log.entries)"); return }
        log.send(.down(point(0), at: 1), .time(1.5))
        guard case .first(true)? = log.ends.last?.0 else { Issue.record("\(log.entries)"); return }
        #expect(log.ends.count == 2)
    }

    @Test("the same events give the same reports, whatever the timer does: deadlines are passed in order")
    func deterministic() {
        // One host sends `.time` at each deadline, another sends nothing but the input: same reports.
        let timed = GestureLog(TapRecognizer(count: 2).exclusively(before: TapRecognizer()))
        let untimed = GestureLog(TapRecognizer(count: 2).exclusively(before: TapRecognizer()))
        let input: [GestureEvent] = [
            .down(point(0), at: 0), .up(point(0), at: 0.05), .down(point(50), at: 1), .up(point(50), at: 1.02),
            .down(point(50), at: 1.1), .up(point(50), at: 1.15), .down(point(0), at: 3),
        ]
        for event in input {
            while let deadline = timed.handler.deadline, deadline <= event.time { timed.send(.time(deadline)) }
            timed.send(event)
            untimed.send(event)
        }
        #expect(timed.ends.map(\.1) == untimed.ends.map(\.1))
        #expect(timed.ends.map(\.1) == [0.45, 1.15])
        // An event stamped before the latest is taken at the latest time.
        untimed.send(.up(point(0), at: 2))
        #expect(untimed.handler.time == 3)
    }

    @Test("adapters learn which inputs a composed recognizer reads")
    func inputs() {
        let composed = LongPressRecognizer().sequenced(before: DragRecognizer())
            .exclusively(before: TapRecognizer(count: 2))
            .simultaneously(with: MagnifyRecognizer())
        #expect(composed.inputs == [.longPress, .drag, .tap, .magnification])
        #expect(RotateRecognizer().inputs == .rotation)
    }
}
