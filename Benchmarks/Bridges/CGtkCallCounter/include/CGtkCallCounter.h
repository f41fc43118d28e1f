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
} UnisonGtkCallCounts;

/// The counts since the process started.
UnisonGtkCallCounts unison_gtk_call_counts(void);
#endif
