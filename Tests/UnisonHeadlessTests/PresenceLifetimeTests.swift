import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

/// `Presence`s released from inside a frame: by another one's `apply` in the same frame (a
/// batch that has yet to reach them), or by their own. Their property's target reaches the core
/// without a reference: the released ones are called no more, and the transaction that started
/// them completes once.
@MainActor
@Suite struct PresenceLifetimeTests {
    @MainActor final class Holder {
        var presences: [Presence?] = []
        var applied: [Int] = []
        var visibility: [Int] = []
        var onApply: ((Int) -> Void)?
    }

    static func start(_ holder: Holder, count: Int, clock: HeadlessClock) -> () -> Int {
        holder.presences = (0..<count).map { index in
            Presence(
                isPresent: true, transition: .scale.combined(with: .opacity), size: CGSize(width: 40, height: 40),
                clock: clock,
                apply: { [unowned holder] effects in
                    #expect(effects.opacity.isFinite)
                    holder.applied.append(index)
                    holder.onApply?(index)
                },
                visibilityChanged: { [unowned holder] visible in if !visible { holder.visibility.append(index) } })
        }
        var done = 0
        withAnimation(.linear(duration: 0.5), completionCriteria: .removed) {
            for presence in holder.presences { presence?.isPresent = false }
        } completion: {
            done += 1
        }
        return { done }
    }

    @Test func releasedByAnotherInTheSameFrameIsCalledNoMore() {
        let clock = HeadlessClock()
        let holder = Holder()
        let done = Self.start(holder, count: 8, clock: clock)
        clock.advance(frames: 3)
        #expect(engineCensus().batches == 1 && engineCensus().batched == 8)
        // The first one called in the next frame releases every other; later, itself.
        var first: Int?
        var firstCalls = 0
        holder.onApply = { index in
            if first == nil {
                first = index
                for other in holder.presences.indices where other != index { holder.presences[other] = nil }
            }
            if index == first {
                firstCalls += 1
                if firstCalls == 4 { holder.presences[index] = nil }
            }
        }
        holder.applied.removeAll()
        clock.advance(frames: 1)
        let inThatFrame = holder.applied
        _ = clock.runUntilIdle()
        clock.advance(frames: 2)
        // In that frame those before the first were drawn; none after it, and nothing of the others since.
        let afterFirst = inThatFrame.drop { $0 != first }
        #expect(Array(afterFirst) == [first])
        #expect(holder.applied.dropFirst(inThatFrame.count).allSatisfy { $0 == first })
        #expect(firstCalls == 4 && holder.presences.allSatisfy { $0 == nil })
        #expect(holder.visibility.isEmpty, "released presences tell nobody")
        #expect(done() == 1)
        holder.onApply = nil  // (it holds the holder)
    }

    @Test func releasedByItsOwnApply() {
        let clock = HeadlessClock()
        let holder = Holder()
        let done = Self.start(holder, count: 4, clock: clock)
        var calls = [Int](repeating: 0, count: 4)
        holder.onApply = { index in
            calls[index] += 1
            if calls[index] == 2 + index { holder.presences[index] = nil }
        }
        _ = clock.runUntilIdle()
        clock.advance(frames: 2)
        #expect(calls == [2, 3, 4, 5])
        #expect(holder.visibility.isEmpty && done() == 1)
        holder.onApply = nil  // (it holds the holder)
    }
}
