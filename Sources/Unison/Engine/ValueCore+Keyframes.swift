import Foundation

// A keyframe timeline playing on a property is a custom animation to the engine's general path,
// which evaluates it through the animation's existential, the player's type-erased class and the
// property's vector arithmetic, and, for a value of the app's own type, code compiled for any
// type that looks up generic metadata at every step. While the playback is the property's only
// animation, nothing of that changes from frame to frame but the value shown, so the core hands
// such frames to `KeyframeFrames`, which evaluates the timeline and presents it directly.

/// The frames of one keyframe play on one property, presented without the general path while
/// its playback is the property's only animation (the core's `keyframes`).
///
/// Armed on the first frame that finds the playback alone and started (`ValueCore.armKeyframes`);
/// until then, and for the frame that ends the play, the general path runs. The core drops it
/// whenever the property changes (a new value, an animation, a jump, a release), since its
/// animations may then be others.
@MainActor
final class KeyframeFrames<Value: Animatable> {
    let player: KeyframeTimelinePlayer<Value>
    /// The playback's start time, once armed (NaN before).
    @exclusivity(unchecked) private var start = Double.nan
    /// The property's model and presented values in its state, once armed.
    @exclusivity(unchecked) private var model: UnsafeMutablePointer<Value>?
    @exclusivity(unchecked) private var presented: UnsafeMutablePointer<Value>?

    init(player: KeyframeTimelinePlayer<Value>) {
        self.player = player
    }

    func arm(start: TimeInterval, model: UnsafeMutablePointer<Value>, presented: UnsafeMutablePointer<Value>) {
        self.start = start
        self.model = model
        self.presented = presented
    }

    /// Presents the frame at `time` on `core` and returns whether `core` needs the next frame; nil
    /// when the general path must present it (not armed yet, or the play ends on this frame).
    ///
    /// What it shows is what the general path shows: the model value with the timeline's
    /// `animatableData` at the play's time. (The general path adds the timeline's value as an
    /// offset to the chain's base and subtracts it back, which can leave a rounding residue of
    /// the order of an ulp of the values involved; this shows the timeline's value exactly.)
    @inline(__always)
    func present(at time: TimeInterval, on core: ValueCore<Value>) -> Bool? {
        if self.model == nil { core.armKeyframes(self) }
        guard let model, let presented else { return nil }
        // The entry's elapsed time, as the general path computes it (`commitFrame`).
        guard let t = player.playTime(elapsed: max(0, time - start)) else {
            core.keyframes = nil  // the last frame: the general path ends the animation
            return nil
        }
        var shown = model.pointee
        shown.animatableData = player.timelineValue(at: t).animatableData
        presented.pointee = shown
        core.apply(shown)
        // `apply` may have changed the property (which drops this play's fast path): then the
        // state decides, as after any frame.
        return core.keyframes === self ? true : core.state.continues(in: core)
    }
}

extension ValueCore {
    /// Arms `frames` when its playback is the property's only animation and has started, with
    /// nothing pending (no takeover, no deadline); drops it when its playback no longer runs.
    /// Otherwise (a takeover not yet presented, another animation combined with it) it waits.
    final func armKeyframes(_ frames: KeyframeFrames<Value>) {
        let state = statePointer
        let entries = state.pointee.entries
        guard entries.contains(where: { Self.isPlayback($0, of: frames.player) }) else {
            keyframes = nil
            return
        }
        guard entries.count == 1, !entries[0].pendingMerge, state.pointee.deadlines.isEmpty,
            state.pointee.batch == nil, let start = entries[0].group.startTime,
            let modelOffset = MemoryLayout<ValueState<Value>>.offset(of: \.model),
            let presentedOffset = MemoryLayout<ValueState<Value>>.offset(of: \.presented)
        else { return }
        let raw = UnsafeMutableRawPointer(state)
        frames.arm(
            start: start, model: (raw + modelOffset).assumingMemoryBound(to: Value.self),
            presented: (raw + presentedOffset).assumingMemoryBound(to: Value.self))
    }

    private static func isPlayback(_ entry: AnimationEntry<V>, of player: KeyframePlayerBase) -> Bool {
        guard case let .custom(custom) = entry.animation.storage, let playback = custom.base as? KeyframePlayback
        else { return false }
        return playback.player === player
    }
}
