import Foundation

/// Something that writes several animated values out together (a widget's transform composed of
/// four properties, a bin's render state): its properties' apply closures only mark it, and it
/// writes once, after every property of the frame has its value.
@MainActor
package protocol FrameEndFlushing: AnyObject {
    /// Writes the values presented now. Called once per frame in which it was marked.
    func flushFrame()
}

/// The flushes marked during the frame being presented.
///
/// Behind a pointer, like the driver's roster: the apply closures of thousands of properties
/// reach it every frame, where a static variable would pay a run-time exclusivity check per access.
@MainActor
enum FrameEnd {
    struct State {
        /// True while the outermost frame's properties are presented (marking is possible).
        var isOpen = false
        /// Marked during the current frame, in order, each once. Its buffer and `spare`'s take
        /// turns between frames: no allocation in steady state.
        var queue: [any FrameEndFlushing] = []
        var spare: [any FrameEndFlushing] = []
    }

    static let state: UnsafeMutablePointer<State> = {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State())
        return state
    }()

    /// Runs the flushes marked during the frame that is ending (called by `FrameDriver.present`
    /// after its properties have their values, before completions), then closes marking. A flush
    /// that marks another object is run in the same pass.
    static func flush() {
        var index = 0
        while index < state.pointee.queue.count {
            let target = state.pointee.queue[index]
            index += 1
            target.flushFrame()
        }
        state.pointee.isOpen = false
        guard index > 0 else { return }
        // The writers are released only once the queue no longer holds them: releasing the last
        // reference to one (a bin whose owner let it go) runs its deinit, which may write values
        // and so reach `flushAtEndOfFrame`, which must not find the queue in the middle of a change.
        // (Marking is closed by then: such writes happen at once.)
        var flushed: [any FrameEndFlushing] = []
        swap(&flushed, &state.pointee.queue)
        swap(&state.pointee.queue, &state.pointee.spare)
        flushed.removeAll(keepingCapacity: true)
        state.pointee.spare = flushed
    }
}

/// Asks for `target.flushFrame()` once at the end of the frame being presented and returns true;
/// outside a frame returns false, and the caller writes at once. `isMarked` is the caller's own
/// flag (kept in the caller, so marking twice in a frame is a test, not a search): it is set here
/// and must be cleared by the caller's `flushFrame`. (Not generic: callers in other modules would
/// run it unspecialised, looking up type metadata on every call.)
@MainActor
package func flushAtEndOfFrame(_ target: any FrameEndFlushing, isMarked: inout Bool) -> Bool {
    let state = FrameEnd.state
    guard state.pointee.isOpen else { return false }
    if !isMarked {
        isMarked = true
        state.pointee.queue.append(target)
    }
    return true
}
