// The README's minimal app, run by .ci/check-readme: this C constructor (the one part of the probe
// that cannot be Swift: it runs before the app's `main`) adds a GLib timeout to the default main
// context, which the app's `g_application_run` then runs. The timeout's callback is
// `readme_app_probe_tick`, in .ci/readme-app-probe.swift. So the app's code is built exactly as the
// README shows it, with nothing added to it.
#include <gtk/gtk.h>

gboolean readme_app_probe_tick(gpointer data);

__attribute__((constructor)) static void readme_app_probe_start(void) {
    g_timeout_add(50, readme_app_probe_tick, NULL);
}
