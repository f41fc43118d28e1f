import Foundation
import Testing
import UnisonHeadless
import UnisonTestSupport

@testable import Unison

#if DEBUG
    /// A batch holds its members' cores `unowned(unsafe)` and its columns without exclusivity checks;
    /// debug builds assert the invariants this relies on (PropertyBatch.swift, "Debug checks"). Each
    /// test breaks one through internal API in a child process (an exit test) and expects the run to
    /// stop there, with that assertion's message, instead of reading freed or foreign memory.
    ///
    /// The fourth invariant, one entry per member in every column, cannot be broken from here: the
    /// columns are private to the batch and only its `add` and `removeSwapping` change their lengths,
    /// together. Its assertion guards changes to those two functions; every other test, the fuzzer's
    /// sequences included, runs with it in debug builds.
    ///
    /// (Debug builds only: release builds compile the assertions out, and `@testable` needs a debug
    /// build anyway.)
    @Suite("Batch invariants stop a debug run when broken")
    struct BatchInvariantTests {
        /// Whether a child process's standard error contains `message`.
        static func said(_ result: ExitTest.Result?, _ message: String) -> Bool {
            guard let result else { return false }
            return String(decoding: result.standardErrorContent, as: UTF8.self).contains(message)
        }

        @Test("a member whose stored index is another member's stops the run at its next read")
        func indexPointsBack() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                await MainActor.run {
                    let clock = HeadlessClock()
                    let a = AnimatableProperty(0.0, clock: clock)
                    let b = AnimatableProperty(0.0, clock: clock)
                    withAnimation(.linear(duration: 1)) {
                        a.value = 100
                        b.value = 200
                    }
                    clock.advance(frames: 1)  // both join the transaction's batch
                    let (first, second) = (a.core.state.batchIndex, b.core.state.batchIndex)
                    a.core.state.batchIndex = second
                    b.core.state.batchIndex = first
                    _ = a.presentationValue  // reads the batch at b's index
                }
            }
            #expect(Self.said(result, "a property read its batch at an index that is not its own"))
        }

        @Test("a member freed while its batch still lists it stops the run at the batch's next frame")
        func liveness() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                await MainActor.run {
                    let clock = HeadlessClock()
                    var properties: [AnimatableProperty<Double>?] = (0..<3).map { _ in
                        AnimatableProperty(0.0, clock: clock)
                    }
                    withAnimation(.linear(duration: 1)) { for p in properties { p!.value = 100 } }
                    clock.advance(frames: 1)
                    // The state forgets its batch, so releasing the property does not take it out.
                    properties[1]!.core.state.batch = nil
                    properties[1] = nil
                    clock.advance(frames: 1)
                    withExtendedLifetime(properties) {}
                }
            }
            #expect(Self.said(result, "a batch's member was freed before it left the batch"))
        }

        @Test("a member added to a second batch stops the run")
        func singleOwnership() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                await MainActor.run {
                    let clock = HeadlessClock()
                    let a = AnimatableProperty(0.0, clock: clock)
                    let b = AnimatableProperty(0.0, clock: clock)
                    withAnimation(.linear(duration: 1)) { a.value = 100 }
                    withAnimation(.linear(duration: 2)) { b.value = 100 }  // another transaction: another batch
                    clock.advance(frames: 1)
                    let other = b.core.state.batch!
                    #expect(a.core.state.batch !== other)
                    _ = other.add(
                        a.core, base: 0, model: 100, velocity: 0, deadline: .infinity, presented: 0,
                        isLogicallyComplete: false)
                }
            }
            #expect(Self.said(result, "a property joined a second batch while still in one"))
        }

        @Test("the same steps without breaking anything run to the end (the checks see a consistent batch)")
        @MainActor
        func consistentBatchesPass() {
            // The three scenarios above, unbroken, in this process: no assertion fires.
            let clock = HeadlessClock()
            var properties: [AnimatableProperty<Double>?] = (0..<3).map { _ in AnimatableProperty(0.0, clock: clock) }
            let other = AnimatableProperty(0.0, clock: clock)
            withAnimation(.linear(duration: 1)) { for p in properties { p!.value = 100 } }
            withAnimation(.linear(duration: 2)) { other.value = 100 }
            clock.advance(frames: 1)
            #expect(properties[0]!.core.state.batch != nil && other.core.state.batch != nil)
            _ = properties[0]!.presentationValue
            properties[1] = nil
            clock.runUntilIdle()
            #expect(properties[0]!.presentationValue == 100 && other.presentationValue == 100)
        }
    }
#endif
