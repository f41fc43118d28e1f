import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

/// A `ContentTransitionState` released while its change is drawn, from outside a frame or inside
/// one (by its own host's callbacks, or another's): its frames reach the host no more, and the
/// completions of the transaction that started the change run once. (Its progress property's
/// target reaches the state without a reference: these are the cases where that must hold.)
@MainActor
@Suite struct ContentTransitionLifetimeTests {
    /// A host logging the progresses drawn, with hooks that run from its callbacks.
    @MainActor final class Host {
        let name: Int
        var applied: [Double] = []
        var ended: [String] = []
        var state: ContentTransitionState?
        var onApply: (() -> Void)?
        var onEnd: (() -> Void)?

        init(_ name: Int, clock: HeadlessClock) {
            self.name = name
            state = ContentTransitionState(
                text: "0", clock: clock, begin: { _ in true },
                apply: { [unowned self] in
                    applied.append($0)
                    onApply?()
                },
                end: { [unowned self] in
                    ended.append($0)
                    onEnd?()
                })
        }
    }

    /// `hosts` each start a change to "1" in one animated transaction; returns its completion count.
    func start(_ hosts: [Host]) -> () -> Int {
        var done = 0
        withAnimation(.smooth(duration: 0.5), completionCriteria: .removed) {
            for host in hosts { host.state?.run(ContentChange(from: "0", to: "1", transition: .numericText())) }
        } completion: {
            done += 1
        }
        return { done }
    }

    @Test func releasedBetweenFramesIsDrawnNoMore() {
        let clock = HeadlessClock()
        let hosts = (0..<3).map { Host($0, clock: clock) }
        let done = start(hosts)
        clock.advance(frames: 5)
        let drawn = hosts[1].applied.count
        #expect(drawn > 0)
        weak let released = hosts[1].state
        hosts[1].state = nil
        #expect(released == nil, "nothing else holds the state")
        _ = clock.runUntilIdle()
        clock.advance(frames: 1)
        #expect(hosts[1].applied.count == drawn && hosts[1].ended.isEmpty)
        #expect(hosts[0].ended == ["1"] && hosts[2].ended == ["1"])
        #expect(done() == 1)
    }

    @Test func releasedByAnotherInTheSameFrameIsDrawnNoMore() {
        // The first host of the batch releases the others from its apply, in the middle of a frame
        // that has yet to reach them; later it releases itself.
        let clock = HeadlessClock()
        let hosts = (0..<6).map { Host($0, clock: clock) }
        let done = start(hosts)
        clock.advance(frames: 3)
        let counts = hosts.map(\.applied.count)
        #expect(counts.allSatisfy { $0 > 0 })
        hosts[0].onApply = {
            for host in hosts where host.name != 0 { host.state = nil }
            hosts[0].onApply = { if hosts[0].applied.count > counts[0] + 4 { hosts[0].state = nil } }
        }
        clock.advance(frames: 1)
        // In that frame some hosts may have been drawn before the first: none after it.
        let after = hosts.map(\.applied.count)
        _ = clock.runUntilIdle()
        clock.advance(frames: 1)
        #expect(hosts.dropFirst().map(\.applied.count) == Array(after.dropFirst()))
        #expect(hosts[0].state == nil && hosts[0].applied.count == counts[0] + 5)
        #expect(hosts.allSatisfy { $0.ended.isEmpty })
        #expect(done() == 1)
        hosts[0].onApply = nil  // (it holds the hosts)
    }

    @Test func releasedByItsOwnEnd() {
        let clock = HeadlessClock()
        let hosts = (0..<3).map { Host($0, clock: clock) }
        for host in hosts { host.onEnd = { [unowned host] in host.state = nil } }
        let done = start(hosts)
        _ = clock.runUntilIdle()
        clock.advance(frames: 2)
        #expect(hosts.allSatisfy { $0.state == nil && $0.ended == ["1"] })
        #expect(hosts.allSatisfy { $0.applied.allSatisfy { $0 < 1 } })
        #expect(done() == 1)
    }
}
