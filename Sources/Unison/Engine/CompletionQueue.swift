import Foundation

/// Completions that became due during a frame, a cancellation or a release, run at the next
/// safe point (``Engine``), so a completion never runs in the middle of the engine updating a
/// property, nor inside the user's own mutation that released one.
@MainActor
enum CompletionQueue {
    /// How deep inline completions may nest (a completion whose changes complete inline, whose
    /// changes complete inline...). Deeper ones wait for the next safe point instead.
    static let maxInlineDepth = 16
    /// How many completions queued during one flush that flush runs; the rest wait for the next
    /// safe point. Together with `maxInlineDepth` this turns a completion loop that restarts an
    /// animation which cannot run (a hidden or destroyed widget, animations turned off) into
    /// bounded work per safe point, instead of a stack overflow or a hang.
    static let maxQueuedPerFlush = 64

    static func enqueue(_ bodies: [@MainActor () -> Void]) {
        if !bodies.isEmpty { Engine.pendingCompletions.append(contentsOf: bodies) }
    }

    /// Runs `bodies` now (a transaction that has nothing left to wait for), or queues them when
    /// inline completions are already nested `maxInlineDepth` deep.
    static func runInline(_ bodies: [@MainActor () -> Void]) {
        guard !bodies.isEmpty else { return }
        guard Engine.inlineCompletionDepth < maxInlineDepth else {
            enqueue(bodies)
            return
        }
        Engine.inlineCompletionDepth += 1
        defer { Engine.inlineCompletionDepth -= 1 }
        for body in bodies { body() }
    }

    /// Runs every pending completion, and those they queue, up to `maxQueuedPerFlush` more;
    /// whatever remains waits for the next safe point that comes by itself (a frame, a
    /// transaction, a property set), so a completion loop never keeps the main loop busy.
    static func flush() {
        guard !Engine.isFlushingCompletions, !Engine.pendingCompletions.isEmpty else { return }
        Engine.isFlushingCompletions = true
        let budget = Engine.pendingCompletions.count + maxQueuedPerFlush
        var index = 0
        while index < Engine.pendingCompletions.count && index < budget {
            let body = Engine.pendingCompletions[index]
            index += 1
            body()
        }
        // The closures that ran are released only after the queue holds the rest: releasing one
        // may release an animating property whose completions are queued (appended) right then,
        // which must not happen while the queue itself is being mutated.
        var ran = Array(Engine.pendingCompletions[index...])
        swap(&ran, &Engine.pendingCompletions)
        ran = []
        Engine.isFlushingCompletions = false
        Engine.deferLeftoverCompletions()
    }
}
