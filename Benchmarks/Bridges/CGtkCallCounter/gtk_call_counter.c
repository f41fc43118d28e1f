// Each function has GTK's name and forwards to GTK's own (found with dlsym(RTLD_NEXT)), counting
// the call first. Calls from this executable's code (Unison, the benchmark) bind to these; calls
// that GTK makes inside itself do not. GTK's headers are not included: the prototypes here only
// need the same ABI (pointers and scalars).
#define _GNU_SOURCE
#include "CGtkCallCounter.h"
#include <dlfcn.h>
#include <stddef.h>

static UnisonGtkCallCounts counts;

UnisonGtkCallCounts unison_gtk_call_counts(void) { return counts; }

#define FORWARD(name, field, params, args)                                  \
    void name params {                                                      \
        static void (*real) params;                                         \
        if (real == NULL) real = (void (*) params)dlsym(RTLD_NEXT, #name);  \
        counts.field += 1;                                                  \
        real args;                                                          \
    }

FORWARD(gtk_widget_set_opacity, set_opacity, (void *w, double o), (w, o))
FORWARD(gtk_fixed_set_child_transform, set_child_transform, (void *f, void *w, void *t), (f, w, t))
FORWARD(gtk_widget_set_margin_top, set_margin, (void *w, int m), (w, m))
FORWARD(gtk_widget_set_margin_bottom, set_margin, (void *w, int m), (w, m))
FORWARD(gtk_widget_set_margin_start, set_margin, (void *w, int m), (w, m))
FORWARD(gtk_widget_set_margin_end, set_margin, (void *w, int m), (w, m))
FORWARD(gtk_widget_set_size_request, set_size_request, (void *w, int a, int b), (w, a, b))
FORWARD(gtk_widget_queue_draw, queue_draw, (void *w), (w))
FORWARD(gtk_widget_queue_resize, queue_resize, (void *w), (w))
FORWARD(gtk_widget_queue_allocate, queue_allocate, (void *w), (w))
FORWARD(gtk_widget_allocate, allocate, (void *w, int width, int height, int baseline, void *transform),
        (w, width, height, baseline, transform))

// UnisonMotionBin is compiled into this executable, so its setter cannot be found with dlsym: the
// executable is linked with `--wrap=unison_motion_bin_set_render`, which sends every call from
// another object file (Unison's Swift, the benchmark) here and names the real one `__real_...`.
void __real_unison_motion_bin_set_render(void *bin, double dx, double dy, double sx, double sy, double rotation,
                                         double ax, double ay, double opacity);
void __wrap_unison_motion_bin_set_render(void *bin, double dx, double dy, double sx, double sy, double rotation,
                                         double ax, double ay, double opacity) {
    counts.set_render += 1;
    __real_unison_motion_bin_set_render(bin, dx, dy, sx, sy, rotation, ax, ay, opacity);
}
