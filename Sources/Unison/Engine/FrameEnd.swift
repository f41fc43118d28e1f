import Foundation

/// Something that writes several animated values out together (a widget's transform composed of
/// four properties, a bin's render state): its properties' apply closures only mark it, and it
/// writes once, after every property of the frame has its value.
@MainActor
package protocol FrameEndFlushing: AnyObject {
    /// Writes the values presented now. Called once per frame in which it was marked.
    func flushFrame()
}

@MainActor
extension Engine {
    /// Marked during the current frame, in order, each once (`FrameEndFlushing` objects call
    /// `flushAtEndOfFrame`). The buffer is kept between frames: no allocation in steady state.
    static var frameEndQueue: [any FrameEndFlushing] = []

    /// Runs the flushes marked during the frame that is ending (called by `FrameDriver.present`
    /// after its properties have their values, before completions). A flush that marks another
    /// object is run in the same pass.
    static func flushFrameEnd() {
        guard !frameEndQueue.isEmpty else { return }
        var index = 0
        while index < frameEndQueue.count {
            let target = frameEndQueue[index]
            index += 1
            target.flushFrame()
        }
        frameEndQueue.removeAll(keepingCapacity: true)
    }
}

/// Asks for `target.flushFrame()` once at the end of the frame being presented and returns true;
/// outside a frame returns false, and the caller writes at once. `isMarked` is the caller's own
/// flag (kept in the caller, so marking twice in a frame is a test, not a search): it is set here
/// and must be cleared by the caller's `flushFrame`. (Not generic: callers in other modules would
/// run it unspecialised, looking up type metadata on every call.)
@MainActor
package func flushAtEndOfFrame(_ target: any FrameEndFlushing, isMarked: inout Bool) -> Bool {
    guard Engine.isPresentingFrame else { return false }
    if !isMarked {
        isMarked = true
        Engine.frameEndQueue.append(target)
    }
    return true
}
