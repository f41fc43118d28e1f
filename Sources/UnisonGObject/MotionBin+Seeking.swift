import CUnisonGObject
import CUnisonGtk
import Unison
import UnisonGtk

// Seeking a public UnisonMotionBin (Bridges/CUnisonGObject/unison-motion-bin-seeking.c):
// UnisonGtk's MotionBin.seek(to:toward:), finishSeeking and cancelSeeking.

/// Runs `body` with the MotionBin behind `state` on the main actor (the caller is on the main thread).
private func withSeekingBin<Result: Sendable>(_ state: gpointer?, _ body: @MainActor (MotionBin) -> Result) -> Result {
    let address = UInt(bitPattern: state)
    return MainActor.assumeIsolated {
        body(Unmanaged<MotionBin>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue())
    }
}

/// `unison_bridge_motion_bin_seek`: the transition at `progress` towards `present`.
@_cdecl("unison_bridge_motion_bin_seek")
public func unisonBridgeMotionBinSeek(_ state: gpointer?, _ progress: Double, _ present: gboolean) {
    guard onMainThread("unison_motion_bin_seek") else { return }
    withSeekingBin(state) { bin in
        ensureRuntime()
        bin.seek(to: progress, toward: present != 0)
    }
}

/// `unison_bridge_motion_bin_end_seek`: finishes (or, `finish` 0, cancels) the seek with
/// `velocity` in progress per second and `animation` (NULL: the bin's choice).
@_cdecl("unison_bridge_motion_bin_end_seek")
public func unisonBridgeMotionBinEndSeek(
    _ state: gpointer?, _ finish: gboolean, _ velocity: Double, _ animation: OpaquePointer?
) {
    guard onMainThread(finish != 0 ? "unison_motion_bin_finish_seeking" : "unison_motion_bin_cancel_seeking") else {
        return
    }
    let chosen = animation.map(AnimationBox.animation)
    withSeekingBin(state) { bin in
        if finish != 0 {
            bin.finishSeeking(velocity: velocity, animation: chosen)
        } else {
            bin.cancelSeeking(velocity: velocity, animation: chosen)
        }
    }
}

/// `unison_bridge_motion_bin_seeking`.
@_cdecl("unison_bridge_motion_bin_seeking")
public func unisonBridgeMotionBinSeeking(_ state: gpointer?) -> gboolean {
    guard onMainThread("unison_motion_bin_get_seeking") else { return 0 }
    return withSeekingBin(state) { $0.isSeeking ? 1 : 0 }
}

/// `unison_bridge_motion_bin_seek_progress`: `MotionBin.seekProgress(toward:)`.
@_cdecl("unison_bridge_motion_bin_seek_progress")
public func unisonBridgeMotionBinSeekProgress(_ state: gpointer?, _ present: gboolean) -> Double {
    guard onMainThread("unison_motion_bin_get_seek_progress") else { return 0 }
    return withSeekingBin(state) { $0.seekProgress(toward: present != 0) }
}
