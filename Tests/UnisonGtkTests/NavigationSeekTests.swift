import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

// Seeking the navigation stack's pop from the app (seekPop, finishSeeking, cancelSeeking), read
// back from GTK: where the stack draws the page and, where it matters, its pixels.

extension GtkAdapterTests {
    @MainActor
    @Suite("Navigation: seeking the pop")
    struct NavigationSeekTests {
        /// A window with `detail` (blue) pushed over the root without animation.
        private func pushedWindow(_ transition: NavigationTransition = .slide) throws -> (
            NavWindow, UnsafeMutablePointer<GtkWidget>
        ) {
            let w = try NavWindow()
            let page = w.page("detail", blue)
            w.stack.push(page, transition: transition, animated: false)
            w.window.settle()
            return (w, page)
        }

        @Test("a seek draws the slide at its progress; NaN is ignored, outside 0…1 clamped; finishing pops")
        func seekSlide() throws {
            let (w, page) = try pushedWindow()
            defer { w.close() }
            #expect(!w.stack.isSeeking && w.stack.popProgress == 0)
            w.stack.seekPop(to: 0.25)
            #expect(w.stack.isSeeking && w.stack.top == page && w.stack.stack.count == 2)
            #expect(w.stack.drawnFrame(of: page) == w.full.offsetBy(dx: 100, dy: 0))
            #expect(w.events(of: "detail").last == .willDisappear && w.events(of: "root").last == .willAppear)
            w.window.settle()
            #expect(close(w.drawn(blue), CGRect(x: 100, y: 0, width: 300, height: 300)))
            w.stack.seekPop(to: .nan)
            #expect(w.stack.popProgress == 0.25)
            w.stack.seekPop(to: 7)
            #expect(w.stack.drawnFrame(of: page) == w.full.offsetBy(dx: 400, dy: 0))
            w.stack.seekPop(to: -3)
            #expect(w.stack.drawnFrame(of: page) == w.full)
            w.stack.seekPop(to: 0.6)
            // The caller's completion waits for the pop, once (also with an animation of its own).
            var completions = 0
            withAnimation(.default) {
                w.stack.finishSeeking(velocity: 1, animation: .spring(duration: 0.3))
            } completion: {
                completions += 1
            }
            #expect(!w.stack.isSeeking && w.stack.stack == [w.root] && completions == 0)
            #expect(GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning && completions > 0 })
            w.window.settle()
            #expect(completions == 1)
            w.window.settle()
            #expect(gtk_widget_get_parent(page) == nil && w.drawn(blue) == nil)
            #expect(w.events(of: "detail") == [.willAppear, .didAppear, .willDisappear, .didDisappear])
            #expect(checkVisits(w.events).ok)
        }

        @Test("a cancelled seek: the page stays on top; its visit is closed and a new one starts (balanced)")
        func cancelLifecycle() throws {
            let (w, page) = try pushedWindow()
            defer { w.close() }
            w.stack.seekPop(to: 0.4)
            var completions = 0
            withAnimation(.default) {
                w.stack.cancelSeeking()
            } completion: {
                completions += 1
            }
            #expect(!w.stack.isSeeking && w.stack.top == page)
            #expect(GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning && completions > 0 })
            w.window.settle()
            #expect(completions == 1)
            #expect(w.stack.drawnFrame(of: page) == w.full)
            // Defined (NavigationStack.cancelSeeking): willDisappear at the grab, then didDisappear
            // and willAppear at the cancel, didAppear once settled; the page below the mirror image.
            #expect(
                w.events(of: "detail") == [
                    .willAppear, .didAppear, .willDisappear, .didDisappear, .willAppear, .didAppear,
                ])
            #expect(
                w.events(of: "root") == [
                    .willAppear, .didAppear, .willDisappear, .didDisappear, .willAppear, .didAppear, .willDisappear,
                    .didDisappear,
                ])
            #expect(checkVisits(w.events).ok)
        }

        @Test("the release velocity is handed to the spring: a cancel moving outwards first carries on outwards")
        func velocityHandOff() throws {
            let (w, page) = try pushedWindow()
            defer { w.close() }
            w.stack.clock.timeScale = 0.25
            w.stack.animation = .spring(duration: 0.5, bounce: 0)
            var xs: [Double] = []
            w.window.record { _ in if let f = w.stack.drawnFrame(of: page) { xs.append(Double(f.minX)) } }
            w.stack.seekPop(to: 0.5)
            w.stack.cancelSeeking(velocity: 3)  // 1200 px/s towards the pop, released going out
            #expect(GtkRuntime.iterate(timeout: 10) { !w.stack.isTransitioning })
            w.window.stopRecording()
            let peak = try #require(xs.max())
            #expect(peak > 210, "the page never carried on outwards: \(xs.prefix(8))")
            #expect(xs.last == 0 && w.stack.top == page)
            // The same cancel without velocity only comes back.
            xs = []
            w.window.record { _ in if let f = w.stack.drawnFrame(of: page) { xs.append(Double(f.minX)) } }
            w.stack.seekPop(to: 0.5)
            w.stack.cancelSeeking()
            #expect(GtkRuntime.iterate(timeout: 10) { !w.stack.isTransitioning })
            #expect(xs.allSatisfy { $0 <= 200 + 1e-6 })
            print("seek velocity hand-off: peak \(peak) px after a release at 200 px moving out at 1200 px/s")
        }

        @Test("a grab mid-commit (finished or cancelled) takes the page over where it is drawn, without a jump")
        func grabMidCommit() throws {
            let (w, page) = try pushedWindow()
            defer { w.close() }
            w.stack.clock.timeScale = 0.2
            w.stack.seekPop(to: 0.3)
            w.stack.finishSeeking()
            #expect(GtkRuntime.iterate(timeout: 10) { w.stack.popProgress > 0.55 })
            // Popped and leaving: a seek pushes it back and holds it where it is.
            let before = try #require(w.stack.drawnFrame(of: page))
            let progress = w.stack.popProgress
            #expect(progress < 1)
            w.stack.seekPop(to: progress)
            #expect(w.stack.isSeeking && w.stack.top == page)
            let grabbed = try #require(w.stack.drawnFrame(of: page))
            #expect(abs(grabbed.minX - before.minX) <= 1, "\(before) → \(grabbed)")
            // Cancelled, then grabbed again mid-way back.
            w.stack.cancelSeeking()
            #expect(GtkRuntime.iterate(timeout: 10) { w.stack.popProgress < progress - 0.2 })
            let back = try #require(w.stack.drawnFrame(of: page))
            w.stack.seekPop(to: w.stack.popProgress)
            let regrabbed = try #require(w.stack.drawnFrame(of: page))
            #expect(abs(regrabbed.minX - back.minX) <= 1, "\(back) → \(regrabbed)")
            w.stack.clock.timeScale = 1
            w.stack.finishSeeking(velocity: 2)
            #expect(GtkRuntime.iterate(timeout: 5) { !w.stack.isTransitioning })
            #expect(w.stack.stack == [w.root])
            let (ok, states) = checkVisits(w.events)
            #expect(ok && states["detail"] == .disappeared && states["root"] == .appeared)
        }

        @Test("a zoomed page's seek shrinks it towards its source; finishing closes it into the source")
        func seekZoom() throws {
            let w = try NavWindow()
            defer { w.close() }
            let page = w.page("editor", green)
            w.stack.push(page, transition: .zoom(from: w.card, cornerRadius: 0), animated: false)
            w.window.settle()
            w.stack.seekPop(to: 0.5)
            // Half way between the card (40, 50, 60 × 60) and the whole stack.
            let half = CGRect(x: 20, y: 25, width: 230, height: 180)
            #expect(close(w.stack.drawnFrame(of: page), half), "\(String(describing: w.stack.drawnFrame(of: page)))")
            w.window.settle()
            #expect(close(w.drawn(green), half))
            w.stack.finishSeeking(velocity: 1)
            #expect(GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning })
            w.window.settle()
            #expect(w.stack.stack == [w.root] && gtk_widget_get_parent(page) == nil && checkVisits(w.events).ok)
        }

        @Test("under reduced motion a seek drives the cross-fade in place")
        func seekReducedMotion() throws {
            let w = try NavWindow()
            MotionPreferences.reduceMotionOverride = true
            defer {
                MotionPreferences.reduceMotionOverride = nil
                w.close()
            }
            let page = w.page("detail", blue)
            w.stack.push(page, animated: false)
            w.window.settle()
            w.stack.seekPop(to: 0.5)
            #expect(w.stack.drawnFrame(of: page) == w.full)  // not moved
            w.window.settle()
            let image = try #require(WidgetRenderer.image(of: w.window.window))
            let pixel = image.pixel(x: 300, y: 250)
            // Half the blue page over the root's white-ish background.
            #expect(pixel.blue > 0.3 && pixel.red > 0.2 && pixel.red < 0.8, "\(pixel)")
            w.stack.finishSeeking()
            #expect(GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning })
            #expect(w.stack.stack == [w.root] && checkVisits(w.events).ok)
        }

        @Test("a seeked push: drawn at its progress, finished it completes, cancelled the page leaves; balanced")
        func seekPush() throws {
            let w = try NavWindow()
            defer { w.close() }
            let page = w.page("detail", blue)
            #expect(w.stack.seekPush(page, to: 0.25))
            #expect(w.stack.isSeeking && w.stack.top == page)
            #expect(w.stack.drawnFrame(of: page) == w.full.offsetBy(dx: 300, dy: 0))
            #expect(w.events(of: "detail") == [.willAppear] && w.events(of: "root").last == .willDisappear)
            w.window.settle()
            #expect(close(w.drawn(blue), CGRect(x: 300, y: 0, width: 100, height: 300)))
            #expect(w.stack.seekPush(page, to: .nan) && w.stack.pushProgress(of: page) == 0.25)
            w.stack.seekPush(page, to: 0.7)
            #expect(abs(w.stack.pushProgress(of: page) - 0.7) < 1e-9)
            w.stack.seekPop(to: 0.5)  // a seek of the push holds the stack: ignored
            #expect(abs(w.stack.pushProgress(of: page) - 0.7) < 1e-9)
            var completions = 0
            withAnimation(.default) {
                w.stack.finishSeeking(velocity: 1)
            } completion: {
                completions += 1
            }
            #expect(!w.stack.isSeeking)
            #expect(GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning && completions > 0 })
            w.window.settle()
            #expect(completions == 1 && w.stack.drawnFrame(of: page) == w.full)
            #expect(w.events(of: "detail") == [.willAppear, .didAppear])
            // Cancelled: the page leaves again, every visit closed.
            let other = w.page("other", green)
            #expect(w.stack.seekPush(other, transition: .zoom(from: w.card, cornerRadius: 0), to: 0.5))
            #expect(!w.stack.seekPush(w.root, to: 0.5))  // on the stack below
            w.stack.cancelSeeking(velocity: -1)
            #expect(w.stack.top == page)
            #expect(GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning })
            w.window.settle()
            #expect(gtk_widget_get_parent(other) == nil && w.stack.stack == [w.root, page])
            #expect(w.events(of: "other") == [.willAppear, .didAppear, .willDisappear, .didDisappear])
            #expect(checkVisits(w.events).ok)
        }

        @Test("a seeked push grabbed mid-commit and mid-cancel continues from where it is drawn")
        func seekPushGrab() throws {
            let w = try NavWindow()
            w.stack.clock.timeScale = 0.2
            let page = w.page("detail", blue)
            w.stack.seekPush(page, to: 0.2)
            w.stack.finishSeeking()
            #expect(GtkRuntime.iterate(timeout: 10) { w.stack.pushProgress(of: page) > 0.5 })
            let before = try #require(w.stack.drawnFrame(of: page))
            #expect(w.stack.seekPush(page, to: w.stack.pushProgress(of: page)))
            let grabbed = try #require(w.stack.drawnFrame(of: page))
            #expect(abs(grabbed.minX - before.minX) <= 1, "\(before) → \(grabbed)")
            w.stack.cancelSeeking()
            #expect(GtkRuntime.iterate(timeout: 10) { w.stack.pushProgress(of: page) < 0.4 })
            let leaving = try #require(w.stack.drawnFrame(of: page))
            #expect(w.stack.seekPush(page, to: w.stack.pushProgress(of: page)))
            let regrabbed = try #require(w.stack.drawnFrame(of: page))
            #expect(abs(regrabbed.minX - leaving.minX) <= 1, "\(leaving) → \(regrabbed)")
            w.stack.clock.timeScale = 1
            w.stack.finishSeeking(velocity: 2)
            #expect(GtkRuntime.iterate(timeout: 5) { !w.stack.isTransitioning })
            #expect(w.stack.top == page && w.stack.drawnFrame(of: page) == w.full)
            let (ok, states) = checkVisits(w.events)
            #expect(ok && states["detail"] == .appeared && states["root"] == .disappeared)
            // A push, a pop or a closed window during a seeked push take the page away first.
            let other = w.page("other", green)
            w.stack.seekPush(other, to: 0.5)
            #expect(w.stack.pop() && w.stack.top == page)
            #expect(GtkRuntime.iterate(timeout: 5) { !w.stack.isTransitioning })
            w.stack.seekPush(other, to: 0.5)
            w.close()
            #expect(!w.stack.isSeeking && checkVisits(w.events).ok)
        }

        @Test("bad input: nothing to pop, no seek, a drag holding the page, a push or a closed window mid-seek")
        func badInput() throws {
            let w = try NavWindow()
            // Only the root: nothing happens.
            w.stack.seekPop(to: 0.5)
            w.stack.finishSeeking(velocity: .nan)
            w.stack.cancelSeeking(velocity: .infinity)
            #expect(!w.stack.isSeeking && w.stack.popProgress == 0 && w.events.count == 2)
            let page = w.page("detail", blue)
            w.stack.push(page, animated: false)
            // A drag holds the page: a seek leaves it alone.
            #expect(w.stack.beginDrag())
            w.stack.seekPop(to: 0.5)
            #expect(!w.stack.isSeeking)
            w.stack.cancelDrag()
            #expect(GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning })
            // A push mid-seek ends the seek (the page settles back first); the next seek is new.
            w.stack.seekPop(to: 0.5)
            let other = w.page("other", green)
            #expect(w.stack.push(other))
            #expect(!w.stack.isSeeking && w.stack.top == other)
            w.stack.finishSeeking(velocity: 5)  // no seek: nothing
            #expect(w.stack.top == other)
            #expect(GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning })
            // Non-finite velocities count as zero.
            w.stack.seekPop(to: 0.7)
            w.stack.finishSeeking(velocity: .nan)
            #expect(GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning })
            #expect(w.stack.top == page)
            // Closed mid-seek: every visit is closed, nothing crashes.
            w.stack.seekPop(to: 0.5)
            w.close()
            w.stack.seekPop(to: 0.2)
            w.stack.finishSeeking()
            #expect(!w.stack.isSeeking)
            let (ok, _) = checkVisits(w.events)
            #expect(ok)
        }
    }
}
