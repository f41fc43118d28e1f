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
    // (Non-generic fields where it can be: in code compiled for any `Value`, even testing an
    // optional of a type built on `Value` looks that type's metadata up.)
    /// The playback's start time, once armed.
    @exclusivity(unchecked) private var start = 0.0
    /// The property's state, once armed, and where its model and presented values are in it.
    @exclusivity(unchecked) private var state: UnsafeMutableRawPointer?
    @exclusivity(unchecked) private var modelOffset = 0
    @exclusivity(unchecked) private var presentedOffset = 0
    /// The timeline's value, when its tracks are `KeyframeScalarSlot`s: each frame stores every
    /// track into it. Its other parts are the initial value's, which is what the timeline's
    /// value is made from; the tracks' parts are all rewritten, in track order, at every frame.
    private let scratch: UnsafeMutablePointer<Value>
    /// The timeline's `KeyframeScalarSlot`s (a copy read without reference counting), or nil.
    private let slots: UnsafeMutableBufferPointer<KeyframeScalarSlot>?

    init(player: KeyframeTimelinePlayer<Value>) {
        self.player = player
        scratch = .allocate(capacity: 1)
        scratch.initialize(to: player.initialValue)
        slots = player.scalarSlots.map { slots in
            let copy = UnsafeMutableBufferPointer<KeyframeScalarSlot>.allocate(capacity: slots.count)
            _ = copy.initialize(from: slots)
            return copy
        }
    }

    isolated deinit {
        scratch.deinitialize(count: 1)
        scratch.deallocate()
        slots?.deallocate()  // (trivial elements: nothing to deinitialise)
    }

    func arm(start: TimeInterval, state: UnsafeMutableRawPointer, modelOffset: Int, presentedOffset: Int) {
        self.start = start
        self.state = state
        self.modelOffset = modelOffset
        self.presentedOffset = presentedOffset
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
        if state == nil { core.armKeyframes(self) }
        guard let state else { return nil }
        // The entry's elapsed time, as the general path computes it (`commitFrame`).
        guard let t = player.playTime(elapsed: max(0, time - start)) else {
            core.keyframes = nil  // the last frame: the general path ends the animation
            return nil
        }
        let model = (state + modelOffset).assumingMemoryBound(to: Value.self)
        let presented = (state + presentedOffset).assumingMemoryBound(to: Value.self)
        var shown = model.pointee
        if let slots {
            storeScalarTracks(UnsafeBufferPointer(slots), at: player.clamped(t), into: UnsafeMutableRawPointer(scratch))
            shown.animatableData = scratch.pointee.animatableData
        } else {
            shown.animatableData = player.timelineValue(at: t).animatableData
        }
        presented.pointee = shown
        core.apply(shown)
        // `apply` may have changed the property (which drops this play's fast path): then the
        // state decides, as after any frame.
        // (Compared as objects: comparing the optional fields would look up their type's metadata.)
        if let current = core.keyframes, current === self { return true }
        return core.state.continues(in: core)
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
        frames.arm(
            start: start, state: UnsafeMutableRawPointer(state), modelOffset: modelOffset,
            presentedOffset: presentedOffset)
    }

    private static func isPlayback(_ entry: AnimationEntry<V>, of player: KeyframePlayerBase) -> Bool {
        guard case let .custom(custom) = entry.animation.storage, let playback = custom.base as? KeyframePlayback
        else { return false }
        return playback.player === player
    }
}
