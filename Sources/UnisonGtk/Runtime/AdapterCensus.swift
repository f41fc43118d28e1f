/// The sizes of the GTK adapter's process-wide tables, for the reliability harnesses (the GTK
/// stress harness prints them beside the resident size). Not part of the library's API.
package struct GtkAdapterCensus: Sendable {
    /// ``MotionLayout``: windows (frame clocks) followed, bin entries in them and those whose bin
    /// is alive, bins checked after every layout as gliding, frame clocks a transaction waits for.
    package var layoutWindows: Int
    package var layoutBins: Int
    package var liveLayoutBins: Int
    package var glidingBins: Int
    package var awaitedClocks: Int
    /// ``WidgetEnvironment``'s shared environments made of GTK's values.
    package var sharedEnvironments: Int
}

/// The GTK adapter's tables now. O(bins).
@MainActor
package func gtkAdapterCensus() -> GtkAdapterCensus {
    let layout = MotionLayout.census
    return GtkAdapterCensus(
        layoutWindows: layout.windows, layoutBins: layout.bins, liveLayoutBins: layout.liveBins,
        glidingBins: layout.gliding, awaitedClocks: layout.awaited,
        sharedEnvironments: WidgetEnvironment.sharedEnvironmentCount)
}
