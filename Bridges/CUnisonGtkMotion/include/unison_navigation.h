// Helpers for UnisonGtk's NavigationStack: what GTK offers only as variadic functions, and the
// drawing of a zooming page.
#ifndef UNISON_NAVIGATION_H
#define UNISON_NAVIGATION_H

#include <gtk/gtk.h>

#include "unison_motion_bin.h"

G_BEGIN_DECLS

// Makes `page` inert while it is covered by another page, or live again: out of the focus chain
// (can-focus, which GTK applies to the descendants too), not a pointer target (can-target, the
// same), and hidden from assistive technologies (GTK_ACCESSIBLE_STATE_HIDDEN true; uncovered: the
// widget's visibility says, as GTK sets it on show and hide).
void unison_navigation_set_covered(GtkWidget *page, gboolean covered);

// Draws the page in `bin` (texture TRUE) from a texture of its rendering at its own size, made
// with the window's renderer when the page's render node changes (GTK keeps a widget's node until
// the widget is drawn again), instead of drawing its render nodes: a page drawn scaled, as a zoom
// draws it, is then one textured rectangle per frame, where GL would rasterize its cairo drawings
// and text again at every new scale (its caches are keyed by scale) and cairo would draw every
// node. Not with the cairo renderer (TRUE is then FALSE): it would copy the texture into an image
// surface and filter it every frame, which costs more than drawing the nodes scaled. FALSE: the
// page is drawn as itself again (the texture is released). Nothing changes when the state is
// already the one asked for.
void unison_navigation_set_drawn_as_texture(UnisonMotionBin *bin, gboolean texture);

G_END_DECLS

#endif
