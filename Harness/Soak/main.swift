import CUnisonHarness
import Foundation
import Unison
import UnisonHeadless
import UnisonTestSupport

// `unison-soak`: a simulated hour (or `--minutes M`) on a HeadlessClock at 60 fps, every frame
// presented: 200 springs retargeted in storms, 40 repeat-forever animations restarted now and
// then, 20 transitions in and out, keyframes, and properties created and released mid-flight.
// The C heap in use (mallinfo2) is sampled every simulated minute; after a five-minute warm-up
// it must stay flat: no sample more than 1 MB above the first steady one, and a least-squares
// slope under 4 KB per simulated minute. Exits 1 otherwise, or when a completion ran twice
// or never. Nothing here is timed: the figures are about memory, not speed.

@MainActor
final class Soak {
    let clock = HeadlessClock()
    var rng = SplitMix64(seed: 0x50A4)
    var springs: [AnimatableProperty<CGPoint>] = []
    var pulses: [AnimatableProperty<Double>] = []
    var presences: [Presence] = []
    var churn: [AnimatableProperty<Double>?] = Array(repeating: nil, count: 50)
    var keyframes: KeyframeAnimator<Double>
    let book = CompletionBook()
    var samples: [(minute: Int, heap: Int)] = []

    init() {
        for _ in 0..<200 { springs.append(AnimatableProperty(CGPoint.zero, clock: clock)) }
        for _ in 0..<40 { pulses.append(AnimatableProperty(1.0, clock: clock)) }
        for _ in 0..<20 {
            presences.append(
                Presence(
                    isPresent: false, transition: .move(edge: .bottom).combined(with: .opacity),
                    size: CGSize(width: 200, height: 60), clock: clock
                ) { _ in })
        }
        keyframes = KeyframeAnimator(AnimatableProperty(0.0, clock: clock)) { start in
            CubicKeyframe(start + 40, duration: 0.3)
            SpringKeyframe(start, spring: .bouncy)
        }
    }

    /// A completion registered with the book now, before the change it completes: one that never
    /// runs is counted as such (registered only when it ran, it could not be).
    func completion() -> @MainActor () -> Void { book.completion() }

    /// What happens on frame `frame` (before the clock presents it).
    func events(frame: Int) {
        if frame % 7 == 0 {
            // A retarget storm over a random quarter of the springs.
            let animation = [Animation.bouncy, .smooth, .snappy, .interactiveSpring, .easeInOut(duration: 0.3)]
                .randomElement(using: &rng)!
            let done = completion()
            withAnimation(animation, completionCriteria: .removed) {
                for _ in 0..<50 {
                    springs.randomElement(using: &rng)!.value = CGPoint(
                        x: Double.random(in: -500...500, using: &rng), y: Double.random(in: -500...500, using: &rng))
                }
            } completion: {
                done()
            }
        }
        if frame % 600 == 0 {
            // Repeat-forever pulses, restarted every ten seconds. A curve does not take over from a
            // running animation, it combines with it, and a repeat-forever one never ends: each pulse
            // is stopped where it is first (as KeyframeAnimator.stop does), or they would pile up.
            withTransaction(Transaction()) { for pulse in pulses { pulse.value = pulse.presentationValue } }
            let done = completion()
            withAnimation(.easeInOut(duration: 0.8).repeatForever(), completionCriteria: .removed) {
                for pulse in pulses { pulse.value = pulse.value > 0.5 ? 0.3 : 1 }
            } completion: {
                done()
            }
        }
        if frame % 45 == 0 {
            let presence = presences.randomElement(using: &rng)!
            let present = !presence.isPresent
            let done = completion()
            withAnimation(.spring(duration: 0.4), completionCriteria: .removed) {
                presence.isPresent = present
            } completion: {
                done()
            }
        }
        if frame % 13 == 0 {
            // A property released mid-flight, or made and set off.
            let index = Int.random(in: 0..<churn.count, using: &rng)
            if churn[index] != nil {
                churn[index] = nil
            } else {
                let property = AnimatableProperty(0.0, clock: clock)
                churn[index] = property
                withAnimation(.smooth, { property.value = 100 }, completion: completion())
            }
        }
        if frame % 240 == 0 { keyframes.play(completion: completion()) }
    }

    func run(minutes: Int) -> Int32 {
        let framesPerMinute = 3600
        for minute in 0..<minutes {
            for frame in (minute * framesPerMinute)..<((minute + 1) * framesPerMinute) {
                events(frame: frame)
                clock.advance(frames: 1)
            }
            samples.append((minute + 1, unison_harness_heap_in_use()))
        }
        // Let everything end, then count completions.
        withAnimation(nil) { for pulse in pulses { pulse.value = 1 } }
        for spring in springs { spring.finishAnimations() }
        clock.runUntilIdle(timeout: 30)
        return report(minutes: minutes, frames: minutes * framesPerMinute)
    }

    func report(minutes: Int, frames: Int) -> Int32 {
        let kb = { (bytes: Int) in String(format: "%.0f KB", Double(bytes) / 1024) }
        let warmUp = min(5, minutes / 2)
        let steady = samples.filter { $0.minute > warmUp }
        let slope = leastSquaresSlope(steady.map { (Double($0.minute), Double($0.heap)) })
        let rise = steady.isEmpty ? 0 : steady.map(\.heap).max()! - steady[0].heap
        let heaps = steady.map(\.heap)
        let twice = book.ranTwice
        let never = book.outstanding
        let registered = book.registered
        print(
            "soak: \(minutes) simulated minutes, \(frames) frames, \(registered) completions (\(never) never ran, "
                + "\(twice) ran twice), clock idle at the end: \(clock.isIdle)")
        print(
            "soak: heap in use after minute \(warmUp): first \(kb(heaps.first ?? 0)), min \(kb(heaps.min() ?? 0)), "
                + "max \(kb(heaps.max() ?? 0)), last \(kb(heaps.last ?? 0)), rise \(kb(rise)), "
                + String(format: "slope %.2f KB/min", slope / 1024))
        print("soak: samples (minute:KB) " + samples.map { "\($0.minute):\($0.heap / 1024)" }.joined(separator: " "))
        let flat = rise < 1_048_576 && slope < 4096
        if !flat { print("soak: FAILED: the heap grows") }
        return flat && twice == 0 && never == 0 && clock.isIdle ? 0 : 1
    }
}

var minutes = 60
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--minutes", let value = Int(CommandLine.arguments[2])
{
    minutes = max(value, 1)
} else if CommandLine.arguments.count != 1 {
    print("usage: unison-soak [--minutes M]")
    exit(2)
}
let started = Date()
let status = MainActor.assumeIsolated { Soak().run(minutes: minutes) }
print(String(format: "soak: %.1f s of real time", Date().timeIntervalSince(started)))
exit(status)
