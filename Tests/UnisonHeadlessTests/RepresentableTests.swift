import Foundation
import Testing
import Unison
import UnisonHeadless

/// The seed's bead box, headless: a box whose lid is an animatable position.
@MainActor
final class BeadBox {
    let lid: AnimatableProperty<CGPoint>
    init(clock: any FrameClock) { lid = AnimatableProperty(CGPoint(x: 0, y: 100), clock: clock) }
}

@MainActor
final class Log {
    var entries: [String] = []
}

/// Ported from the seed: `context.animate { box.lid.center.y = isOpen ? -100 : 100 }`.
struct BeadBoxWrapper: WidgetRepresentable {
    @Binding var isOpen: Bool
    let clock: any FrameClock
    let log: Log

    func makeWidget(context: RepresentableContext) -> BeadBox { BeadBox(clock: clock) }

    func updateWidget(_ box: BeadBox, context: RepresentableContext) {
        context.animate {
            box.lid.value.y = isOpen ? -100 : 100
        } completion: {
            log.entries.append("lid \(isOpen ? "open" : "closed")")
        }
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
            BeadBoxWrapper(isOpen: isOpen.binding.animated(), clock: clock, log: log), observing: isOpen)
        #expect(host.widget.lid.presentationValue.y == 100 && log.entries == ["lid closed"])  // first update: inline
        host.representable.isOpen.toggle()
        #expect(host.widget.lid.value.y == -100 && host.widget.lid.isAnimating)
        #expect(log.entries == ["lid closed"])
        clock.advance(by: 0.2)
        let y = Double(host.widget.lid.presentationValue.y)
        #expect(y < 100 && y > -100)
        // .default is a spring with response 0.55: the completion waits for it.
        clock.runUntilIdle()
        #expect(log.entries == ["lid closed", "lid open"])
        #expect(host.widget.lid.presentationValue.y == -100)
        #expect(host.updateCount == 2)
    }

    @Test("the same toggle without animation applies and completes inline")
    func unanimated() {
        let clock = HeadlessClock()
        let log = Log()
        let isOpen = State(false)
        let host = RepresentableHost(BeadBoxWrapper(isOpen: isOpen.binding, clock: clock, log: log), observing: isOpen)
        host.representable.isOpen = true
        #expect(log.entries == ["lid closed", "lid open"])  // before the set returned
        #expect(host.widget.lid.presentationValue.y == -100 && !host.widget.lid.isAnimating && clock.isIdle)
        // A binding's own animation(nil) jumps even inside an animated transaction.
        withAnimation(.bouncy) { isOpen.binding.animation(nil).wrappedValue = false }
        #expect(host.widget.lid.presentationValue.y == 100)
    }

    @Test("withAnimation on the state animates the representable and other properties in sync; outer completion waits")
    func syncAndOrdering() {
        let clock = HeadlessClock()
        let log = Log()
        let isOpen = State(false)
        let host = RepresentableHost(BeadBoxWrapper(isOpen: isOpen.binding, clock: clock, log: log), observing: isOpen)
        let shadow = AnimatableProperty(0.0, clock: clock)
        withAnimation(.easeInOut(duration: 0.4)) {
            isOpen.wrappedValue = true
            shadow.value = 1
        } completion: {
            log.entries.append("outer")
        }
        for _ in 0..<30 {
            clock.advance(frames: 1)
            let p = (100 - Double(host.widget.lid.presentationValue.y)) / 200
            #expect(abs(p - shadow.presentationValue) < 1e-12)
        }
        clock.runUntilIdle()
        // Both complete on the same frame; the representable's own completion was registered first.
        #expect(log.entries == ["lid closed", "lid open", "outer"])
    }
}
