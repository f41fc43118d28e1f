// libadwaita, for the benchmark only (Unison itself never links it): AdwSpringAnimation is
// the standing alternative on GTK, measured side by side with Unison in one process.
#ifndef UNISON_CADW_SHIM_H
#define UNISON_CADW_SHIM_H
#include <adwaita.h>

static inline AdwSpringAnimation *cadw_spring_animation(AdwAnimation *animation) {
    return ADW_SPRING_ANIMATION(animation);
}
#endif
