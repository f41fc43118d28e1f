import Foundation
import Testing
@_spi(Testing) import Unison
import UnisonHeadless
import UnisonTestSupport

/// A bead box, headless: the lid is an animatable position.
@MainActor
func headlessBeadBox(isOpen: Binding<Bool>, clock: any FrameClock, log: Log) -> BeadBoxWrapper<
    AnimatableProperty<CGPoint>
> {
    BeadBoxWrapper(isOpen: isOpen, log: log) {
        AnimatableProperty(CGPoint(x: 0, y: 100), clock: clock)
    } moveLid: { lid, open in
        lid.value.y = open ? -100 : 100
    }
}

@MainActor
@Suite("Representables")
struct RepresentableTests {
    @Test("toggling through an animated binding animates the lid; completion after it")
    func animatedBinding() {
        let clock = HeadlessClock()
        let log = Log()
        let isOpen = State(false)
        let host = RepresentableHost(
            headlessBeadBox(isOpen: isOpen.binding.animated(), clock: clock, log: log), observing: isOpen)
        #expect(host.widget.presentationValue.y == 100 && log.entries == ["closed"])  // first update: inline
        host.representable.isOpen.toggle()
        #expect(host.widget.value.y == -100 && host.widget.isAnimating)
        #expect(log.entries == ["closed"])
        clock.advance(by: 0.2)
        let y = Double(host.widget.presentationValue.y)
        #expect(y < 100 && y > -100)
        // .default is a spring with response 0.55: the completion waits for it.
        clock.runUntilIdle()
        #expect(log.entries == ["closed", "open"])
        #expect(host.widget.presentationValue.y == -100)
        #expect(host.updateCount == 2)
    }

    @Test("the same toggle without animation applies and completes inline")
    func unanimated() {
        let clock = HeadlessClock()
        let log = Log()
        let isOpen = State(false)
        let host = RepresentableHost(headlessBeadBox(isOpen: isOpen.binding, clock: clock, log: log), observing: isOpen)
        host.representable.isOpen = true
        #expect(log.entries == ["closed", "open"])  // before the set returned
        #expect(host.widget.presentationValue.y == -100 && !host.widget.isAnimating && clock.isIdle)
        // A binding's own animation(nil) jumps even inside an animated transaction.
        withAnimation(.bouncy) { isOpen.binding.animation(nil).wrappedValue = false }
        #expect(host.widget.presentationValue.y == 100)
    }

    @Test("withAnimation on the state animates the representable and other properties in sync; outer completion waits")
    func syncAndOrdering() {
        let clock = HeadlessClock()
        let log = Log()
        let isOpen = State(false)
        let host = RepresentableHost(headlessBeadBox(isOpen: isOpen.binding, clock: clock, log: log), observing: isOpen)
        let shadow = AnimatableProperty(0.0, clock: clock)
        withAnimation(.easeInOut(duration: 0.4)) {
            isOpen.wrappedValue = true
            shadow.value = 1
        } completion: {
            log.entries.append("outer")
        }
        for _ in 0..<30 {
            clock.advance(frames: 1)
            let p = (100 - Double(host.widget.presentationValue.y)) / 200
            #expect(p.isApproximatelyEqual(to: shadow.presentationValue, within: .rounding))
        }
        clock.runUntilIdle()
        // Both complete on the same frame; the representable's own completion was registered first.
        #expect(log.entries == ["closed", "open", "outer"])
    }
}
