// Helpers for UnisonGtk's NavigationStack that GTK offers only as variadic functions.
#ifndef UNISON_NAVIGATION_H
#define UNISON_NAVIGATION_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

// Makes `page` inert while it is covered by another page, or live again: out of the focus chain
// (can-focus, which GTK applies to the descendants too), not a pointer target (can-target, the
// same), and hidden from assistive technologies (GTK_ACCESSIBLE_STATE_HIDDEN true; uncovered: the
// widget's visibility says, as GTK sets it on show and hide).
void unison_navigation_set_covered(GtkWidget *page, gboolean covered);

G_END_DECLS

#endif
