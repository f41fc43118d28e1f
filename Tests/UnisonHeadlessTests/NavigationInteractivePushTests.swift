import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

@MainActor
@Suite("Navigation model: interactive pushes")
struct NavigationInteractivePushTests {
    @Test("an interactive push: held and moved by the host, committed with its velocity, did- events at the end")
    func commit() {
        let log = NavigationLog<String>()
        log.model.push("list")
        _ = log.take()
        #expect(log.model.beginInteractivePush("editor"))
        #expect(log.model.isInteractive && log.model.isInteractivePush && log.model.top == "editor")
        #expect(sameEvents(log.take(), [("list", .willDisappear), ("editor", .willAppear)]))
        #expect(log.model.progress(of: "editor") == 0)
        log.model.updateInteractivePop(progress: 0.4)
        log.model.updateInteractivePop(progress: .nan)
        #expect(log.model.progress(of: "editor") == 0.4)
        log.clock.advance(by: 1)
        #expect(log.model.progress(of: "editor") == 0.4 && log.take().isEmpty)  // held
        #expect(!log.model.beginInteractivePush("other") && !log.model.beginInteractivePop())
        #expect(log.model.endInteractivePush(commits: true, velocity: 3))
        #expect(!log.model.isInteractive)
        #expect(abs(log.model.progressVelocity(of: "editor") - 3) < 1e-9)
        _ = log.clock.runUntilIdle()
        #expect(sameEvents(log.take(), [("list", .didDisappear), ("editor", .didAppear)]))
        #expect(log.model.progress(of: "editor") == 1 && log.model.stack == ["list", "editor"])
    }

    @Test("a cancelled interactive push is a pop that closes every visit; a pop or a push during it cancels it")
    func cancel() {
        let log = NavigationLog<String>()
        log.model.push("list")
        log.model.beginInteractivePush("editor")
        log.model.updateInteractivePop(progress: 0.5)
        #expect(log.model.endInteractivePush(commits: false, velocity: -2))
        #expect(log.model.stack == ["list"])
        _ = log.clock.runUntilIdle()
        #expect(log.model.progress(of: "list") == 1)
        // The other ways out take the page away too.
        log.model.beginInteractivePush("a")
        #expect(log.model.pop() == "a" && log.model.stack == ["list"])
        log.model.beginInteractivePush("b")
        #expect(log.model.push("c") && log.model.stack == ["list", "c"])
        log.model.beginInteractivePush("d")
        log.model.finishTransitions()
        #expect(log.model.stack == ["list", "c"] && !log.model.isInteractive)
        _ = log.clock.runUntilIdle()
        #expect(checkVisits(log.allEvents).ok)
        let editor = log.allEvents.filter { $0.0 == "editor" }.map(\.1)
        #expect(editor == [.willAppear, .didAppear, .willDisappear, .didDisappear])
        // Bad input: with no page, a page below the top, no interactive push.
        #expect(!NavigationLog<String>().model.beginInteractivePush("x"))
        #expect(!log.model.beginInteractivePush("list"))
        #expect(!log.model.endInteractivePush(commits: true))
    }

    @Test("a push in flight is taken over where it is drawn")
    func grabMidPush() {
        let log = NavigationLog<String>()
        log.model.push("list")
        log.model.push("editor")
        log.clock.advance(by: 0.1)
        let shown = log.model.progress(of: "editor")
        #expect(shown > 0.05 && shown < 0.95)
        #expect(log.model.beginInteractivePush("editor"))
        #expect(log.model.progress(of: "editor") == shown)
        log.clock.advance(by: 1)
        #expect(log.model.progress(of: "editor") == shown)  // the push's animation no longer moves it
        log.model.endInteractivePush(commits: true)
        _ = log.clock.runUntilIdle()
        #expect(log.model.progress(of: "editor") == 1 && checkVisits(log.allEvents).ok)
    }
}
