import Foundation

// A keyframe timeline playing on a property is a custom animation to the engine's general path,
// which evaluates it through the animation's existential, the player's type-erased class and the
// property's vector arithmetic, and, for a value of the app's own type, code compiled for any
// type that looks up generic metadata at every step. While the playback is the property's only
// animation, nothing of that changes from frame to frame but the value shown, so the core hands
// such frames to `KeyframeFrames`, which evaluates the timeline and presents it directly; a play
// whose tracks are all `Double`s stored in the value then joins its value type's `KeyframeBatch`,
// which presents it with the clock's other such plays.

/// The frames of one keyframe play on one property, presented without the general path while
/// its playback is the property's only animation (the core's `keyframes`).
///
/// Armed on the first frame that finds the playback alone and started (`ValueCore.armKeyframes`);
/// until then, and for the frame that ends the play, the general path runs. A play whose tracks
/// are `KeyframeTrackCursor`s presents its first armed frame itself, then joins its value type's
/// `KeyframeBatch` on the clock, which presents the others. The core drops it whenever the
/// property changes (a new value, an animation, a jump, a release), since its animations may then
/// be others: it then leaves its batch (`dropped`).
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
    /// The timeline's `KeyframeScalarSlot`s as cursors (memory of its own, read without reference
    /// counting, each remembering its segment), or nil.
    private let tracks: UnsafeMutableBufferPointer<KeyframeTrackCursor>?
    /// The batch presenting this play, and its index there (-1: none).
    @exclusivity(unchecked) private var batch: KeyframeBatch<Value>?
    @exclusivity(unchecked) var batchIndex = -1

    init(player: KeyframeTimelinePlayer<Value>) {
        self.player = player
        scratch = .allocate(capacity: 1)
        scratch.initialize(to: player.initialValue)
        tracks = player.scalarSlots.map { slots in
            let cursors = UnsafeMutableBufferPointer<KeyframeTrackCursor>.allocate(capacity: slots.count)
            _ = cursors.initialize(from: slots.map(KeyframeTrackCursor.init))
            return cursors
        }
    }

    isolated deinit {
        assert(batchIndex < 0, "a keyframe play went away while in a batch")
        scratch.deinitialize(count: 1)
        scratch.deallocate()
        tracks?.deallocate()  // (trivial elements: nothing to deinitialise)
    }

    /// The property dropped this play (`ValueCore.keyframes` changed): out of its batch, if it is
    /// in one, and back on the driver's general path, which presents what remains of the
    /// property's animations. (Activated first: the batch may go with its last member, and the
    /// clock must not stop for a property that still animates.)
    func dropped(by core: ValueCore<Value>) {
        guard let batch else { return }
        self.batch = nil
        let index = batchIndex
        batchIndex = -1
        core.driver.activate(core)
        batch.remove(at: index)
    }

    /// This play as a member of a `KeyframeBatch` (armed, with at least one of `tracks`).
    func member(
        core: UnsafeMutableRawPointer, frames: UnsafeMutableRawPointer,
        tracks: UnsafeMutableBufferPointer<KeyframeTrackCursor>
    ) -> KeyframeBatchMember {
        KeyframeBatchMember(
            core: core, frames: frames, start: start, duration: player.duration, repeats: player.repeats,
            first: tracks[0], others: tracks.baseAddress! + 1, otherCount: tracks.count - 1,
            scratch: UnsafeMutableRawPointer(scratch),
            model: state! + modelOffset, presented: state! + presentedOffset)
    }

    func arm(start: TimeInterval, state: UnsafeMutableRawPointer, modelOffset: Int, presentedOffset: Int) {
        self.start = start
        self.state = state
        self.modelOffset = modelOffset
        self.presentedOffset = presentedOffset
    }

    /// Presents the frame at `time` on `core` and returns whether `core` needs the next frame from
    /// the driver's general list (false once the play has joined a batch, which presents the next
    /// ones); nil when the general path must present it (not armed yet, or the play ends on this
    /// frame).
    ///
    /// What it shows is what the general path shows: the model value with the timeline's
    /// `animatableData` at the play's time. (The general path adds the timeline's value as an
    /// offset to the chain's base and subtracts it back, which can leave a rounding residue of
    /// the order of an ulp of the values involved; this shows the timeline's value exactly.)
    @inline(__always)
    func present(at time: TimeInterval, on core: ValueCore<Value>) -> Bool? {
        // (In a batch, the batch presents it: the core has no frame of its own to present.)
        if batchIndex >= 0 { return false }
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
        if let tracks {
            storeTracks(
                tracks.baseAddress!, count: tracks.count, at: player.clamped(t), into: UnsafeMutableRawPointer(scratch))
            shown.animatableData = scratch.pointee.animatableData
        } else {
            shown.animatableData = player.timelineValue(at: t).animatableData
        }
        presented.pointee = shown
        // (Debug builds: the pointer is the state's own storage, not a copy; see `statePointer`.)
        assert(
            core.state.presented.animatableData == shown.animatableData
                || shown.animatableData != shown.animatableData,
            "a keyframe play's pointer does not reach its property's state")
        core.apply(shown)
        // `apply` may have changed the property (which drops this play's fast path): then the
        // state decides, as after any frame.
        // (Compared as objects: comparing the optional fields would look up their type's metadata.)
        if let current = core.keyframes, current === self {
            // The next frames are its batch's: the core leaves the driver's general list.
            guard let tracks, !tracks.isEmpty else { return true }
            let batch = KeyframeBatch<Value>.batch(on: core.driver)
            batchIndex = batch.add(core, self, tracks: tracks)
            self.batch = batch
            return false
        }
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
        guard entries.count == 1, !entries[0].pendingMerge, !state.pointee.hasDeadlines,
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
