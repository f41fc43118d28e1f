// Counts the calls the process makes into GTK's widget setters (an interposer, like
// CAllocCounter's malloc): what Unison, or libadwaita, asks GTK to do each frame.
#ifndef UNISON_GTK_CALL_COUNTER_H
#define UNISON_GTK_CALL_COUNTER_H
#include <stdint.h>

typedef struct {
    uint64_t set_opacity;
    uint64_t set_child_transform;
    uint64_t set_margin;
    uint64_t set_size_request;
    uint64_t queue_draw;
    uint64_t queue_resize;
    uint64_t queue_allocate;
    /// `gtk_widget_allocate` called from this executable: only UnisonMotionBin's size_allocate does
    /// (for its child), so it counts the bins GTK relaid out.
    uint64_t allocate;
    /// `unison_motion_bin_set_render` (the bin's render state; linked with `--wrap`, see Package.swift).
    uint64_t set_render;
} UnisonGtkCallCounts;

/// The counts since the process started.
UnisonGtkCallCounts unison_gtk_call_counts(void);
#endif
