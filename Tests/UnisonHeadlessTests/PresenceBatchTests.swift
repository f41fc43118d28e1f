import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

/// Transitions started together (in one transaction) present as one engine batch, while each
/// presence's own completions (its hide, the hold on the caller's transaction) stay its own.
@MainActor
@Suite("Presence batches")
struct PresenceBatchTests {
    static let transition = AnyTransition.scale.combined(with: .opacity)
    static let size = CGSize(width: 40, height: 40)

    /// `count` present presences on `clock`, recording into `log`.
    static func presences(_ count: Int, log: PresenceLog) -> [Presence] {
        (0..<count).map { _ in log.presence(isPresent: true, transition: transition, size: size) }
    }

    /// Engine batches and batched values on each frame until `clock` is idle.
    static func census(until clock: HeadlessClock, _ each: () -> Void = {}) -> (batches: [Int], batched: [Int]) {
        var batches: [Int] = []
        var batched: [Int] = []
        var frames = 0
        while !clock.isIdle && frames < 600 {
            clock.advance(frames: 1)
            let census = engineCensus()
            batches.append(census.batches)
            batched.append(census.batched)
            frames += 1
            each()
        }
        return (batches, batched)
    }

    @Test("200 transitions started in one transaction present as one batch; each hides once, then the caller completes")
    func oneTransactionOneBatch() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let presences = Self.presences(200, log: log)
        var logical = 0
        var removed = 0
        var transaction = Transaction(animation: .smooth)
        transaction.addAnimationCompletion(criteria: .logicallyComplete) { logical += 1 }
        transaction.addAnimationCompletion(criteria: .removed) {
            removed += 1
            // Every presence hid before the transaction is told the transitions are over.
            #expect(log.visibility.count == 200)
        }
        withTransaction(transaction) {
            for presence in presences { presence.isPresent = false }
        }
        let (batches, batched) = Self.census(until: clock)
        clock.advance(by: 1)
        #expect(batches.max() == 1, "batches per frame: \(batches)")
        #expect(batched.max() == 200, "members per frame: \(batched)")
        #expect(log.visibility == Array(repeating: false, count: 200))
        #expect(removed == 1 && logical == 1)
        #expect(presences.allSatisfy { !$0.isVisible && !$0.isAnimating })
    }

    @Test(
        "transitions started together, then some reversed, some released, mid-flight: each completion once, by itself")
    func membersEndByThemselves() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        var presences: [Presence?] = Self.presences(12, log: log)
        var notes: [String] = []
        var transaction = Transaction(animation: .linear(duration: 0.5))
        transaction.addAnimationCompletion(criteria: .logicallyComplete) { notes.append("logical") }
        transaction.addAnimationCompletion(criteria: .removed) { notes.append("removed") }
        withTransaction(transaction) {
            for presence in presences { presence!.isPresent = false }
        }
        clock.advance(frames: 6)
        #expect(engineCensus().batches == 1 && engineCensus().batched == 12)
        // Three reverse (a new transition takes theirs over), three are released.
        withAnimation(.linear(duration: 0.2)) {
            for index in 0..<3 { presences[index]!.isPresent = true }
        }
        for index in 3..<6 { presences[index] = nil }
        #expect(notes.isEmpty)  // not inside the releases
        // The reversals run on their own and end first: none of the others is told anything.
        var framesUntilReversed = 0
        while presences[0]!.isAnimating {
            clock.advance(frames: 1)
            framesUntilReversed += 1
            #expect(log.visibility.isEmpty)
        }
        #expect(framesUntilReversed < 20 && presences[6]!.isAnimating && notes.isEmpty)
        _ = Self.census(until: clock)
        clock.advance(by: 1)
        #expect(notes == ["logical", "removed"])
        // The six that kept going hid, once each; the reversed ones never hid; the released ones
        // told nobody.
        #expect(log.visibility == Array(repeating: false, count: 6))
        #expect(presences[0..<3].allSatisfy { $0!.isVisible && $0!.effects == .identity })
        #expect(presences[6...].allSatisfy { !$0!.isVisible })
    }

    @Test("a presence's transition joins its own transaction's completions only: hides when its own removal ends")
    func hidesWhenItsOwnRemovalEnds() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let first = log.presence(isPresent: true, transition: Self.transition, size: Self.size)
        let second = log.presence(isPresent: false, transition: Self.transition, size: Self.size)
        // Started together with one animation: one removal, one insertion, one batch.
        withAnimation(.linear(duration: 0.5)) {
            first.isPresent = false
            second.isPresent = true
        }
        clock.advance(frames: 3)
        #expect(engineCensus().batches == 1)
        // The insertion is reversed: a removal of its own, shorter, which ends first.
        withAnimation(.linear(duration: 0.1)) { second.isPresent = false }
        var hiddenAt: [Bool] = []
        while !clock.isIdle {
            clock.advance(frames: 1)
            hiddenAt.append(!second.isVisible)
            if !second.isVisible { #expect(first.isVisible || !first.isAnimating) }
        }
        #expect(log.visibility == [true, false, false])
        #expect(!first.isVisible && !second.isVisible)
        // The second hid on its own removal's end, well before the first's.
        #expect(hiddenAt.firstIndex(of: true)! < hiddenAt.count - 10)
    }

    @Test("transitions on different clocks, or with different animations, do not share a batch")
    func differentClocksOrAnimations() {
        let clocks = [HeadlessClock(), HeadlessClock()]
        let logs = clocks.map { PresenceLog(clock: $0) }
        let presences = logs.map { Self.presences(3, log: $0) }
        let other = Presence(
            isPresent: true, transition: Self.transition.animation(.linear(duration: 0.2)), size: Self.size,
            clock: clocks[0]
        ) { _ in }
        // The second clock is far ahead: a start time shared across clocks would end its
        // transitions at once (or hold them back).
        clocks[1].advance(by: 100)
        withAnimation(.linear(duration: 0.5)) {
            for presence in presences.joined() { presence.isPresent = false }
            other.isPresent = false
        }
        clocks[0].advance(frames: 3)
        clocks[1].advance(frames: 3)
        #expect(engineCensus().batches == 3, "one per clock, and one for the other animation")
        #expect(presences[1].allSatisfy { $0.isAnimating && $0.effects.opacity > 0.8 && $0.effects.opacity < 1 })
        // (Within rounding: the two clocks' times differ by 100 s.)
        #expect(abs(presences[0][0].effects.opacity - presences[1][0].effects.opacity) < 1e-9)
        for clock in clocks { clock.runUntilIdle() }
        #expect(logs.allSatisfy { $0.visibility == [false, false, false] })
    }
}
