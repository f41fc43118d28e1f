import CUnisonGObject
import CUnisonGtk
import Unison
import UnisonGtk

// The behaviour behind UnisonFrameReadout (Bridges/CUnisonGObject/unison-frame-readout.c):
// UnisonGtk's FrameReadout, whose seconds are handed to C.

/// `unison_bridge_frame_readout_connect`: each second's figures go to the GObject from now on.
@_cdecl("unison_bridge_frame_readout_connect")
public func unisonBridgeFrameReadoutConnect() {
    guard onMainThread("unison_frame_readout_get_default") else { return }
    MainActor.assumeIsolated {
        ensureRuntime()
        FrameReadout.onUpdate = { statistics in
            var figures = UnisonBridgeFrameStatistics(
                interval: statistics.interval, frames: guint(clamping: statistics.frames),
                frames_over_budget: guint(clamping: statistics.framesOverBudget), budget: statistics.budget,
                longest_frame: statistics.longestFrame, mean_frame: statistics.meanFrame,
                animating_values: guint(clamping: statistics.animatingValues),
                unison_time_per_frame: statistics.unisonTimePerFrame)
            unison_bridge_frame_readout_update(&figures, statistics.description)
        }
    }
}

/// `unison_bridge_frame_readout_recording`: `FrameReadout.isRecording`.
@_cdecl("unison_bridge_frame_readout_recording")
public func unisonBridgeFrameReadoutRecording() -> gboolean {
    guard onMainThread("unison_frame_readout_get_recording") else { return 0 }
    return MainActor.assumeIsolated { FrameReadout.isRecording } ? 1 : 0
}

/// `unison_bridge_frame_readout_set_recording`: starts or stops recording.
@_cdecl("unison_bridge_frame_readout_set_recording")
public func unisonBridgeFrameReadoutSetRecording(_ recording: gboolean) {
    guard onMainThread("unison_frame_readout_set_recording") else { return }
    MainActor.assumeIsolated {
        ensureRuntime()
        FrameReadout.isRecording = recording != 0
    }
}
