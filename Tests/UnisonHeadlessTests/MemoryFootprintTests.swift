import CUnisonHarness
import Foundation
import Testing
import UnisonHeadless

@testable import Unison

/// What an animated property costs on the heap: the engine's share alone (the properties share one
/// ``AnimationTarget``, made before counting, as is the array holding them), read from the allocator
/// (`mallinfo2`, the bytes of the chunks in use, malloc's own headers included). Counted once the
/// animations have started, and again once they run in their transaction's batch.
///
/// Each count runs in a child process of its own (an exit test), where no other test allocates
/// meanwhile; it prints its figures, which the test reads back and checks.
/// (Benchmarks/README.md has the benchmark's figures, which also count what its closures capture.)
///
/// The bounds are this code's debug-build figures (`Double` 330 / 470, `CGRect` 426 / 640 bytes,
/// started / batched) plus 4–10 bytes, under one allocation's rounding step (16): a change that adds
/// a field or an allocation per property fails them.
@Suite("Memory per animated property")
struct MemoryFootprintTests {
    @MainActor
    enum Footprint {
        static let count = 2_000

        final class Sink<Value: Animatable>: AnimationTarget<Value> {
            override func apply(_ value: Value) {}
        }

        /// Prints the bytes per property once `count` properties from `value` animate to `target`,
        /// and once they are batched (three frames later).
        static func count<Value: Animatable>(_ value: Value, to target: Value) {
            let clock = HeadlessClock()
            let sink = Sink<Value>()
            var properties: [AnimatableProperty<Value>] = []
            properties.reserveCapacity(count)
            let before = unison_harness_heap_in_use()
            for _ in 0..<count { properties.append(AnimatableProperty(value, clock: clock, target: sink)) }
            withAnimation(.bouncy) { for p in properties { p.value = target } }
            let startedBytes = Double(unison_harness_heap_in_use() - before) / Double(count)
            clock.advance(frames: 3)
            let batchedBytes = Double(unison_harness_heap_in_use() - before) / Double(count)
            print("footprint \(Value.self): \(startedBytes) started \(batchedBytes) batched")
            withExtendedLifetime(properties) {}
        }
    }

    /// The figures a child printed: bytes per property started and batched.
    static func figures(_ result: ExitTest.Result?) -> (started: Double, batched: Double)? {
        guard let result else { return nil }
        let output = String(decoding: result.standardOutputContent, as: UTF8.self)
        print(output, terminator: "")
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("footprint") }) else { return nil }
        let words = line.split(separator: " ")
        guard words.count == 6, let started = Double(words[2]), let batched = Double(words[4]) else { return nil }
        return (started, batched)
    }

    @Test("an animated Double costs at most 340 bytes, 480 once batched (a debug build's checks included)")
    func double() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            await MainActor.run { Footprint.count(0.0, to: 1000.0) }
        }
        let figures = Self.figures(result)
        #expect(figures != nil)
        #expect(figures.map { $0.started <= 340 && $0.batched <= 480 } ?? false)
    }

    @Test("an animated CGRect costs at most 435 bytes, 650 once batched (a debug build's checks included)")
    func rect() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            await MainActor.run {
                Footprint.count(CGRect.zero, to: CGRect(x: 1, y: 2, width: 3, height: 4))
            }
        }
        let figures = Self.figures(result)
        #expect(figures != nil)
        #expect(figures.map { $0.started <= 435 && $0.batched <= 650 } ?? false)
    }
}
