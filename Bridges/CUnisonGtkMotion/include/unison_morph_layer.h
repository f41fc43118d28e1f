#ifndef UNISON_MORPH_LAYER_H
#define UNISON_MORPH_LAYER_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

// UnisonMorphLayer: a widget set as an extra child of a window (drawn after the window's content,
// above it, and clipped by nothing but the window) that draws one render node scaled into a frame
// of the window, with an opacity. A morph whose frame leaves a container that clips its children
// (a GtkFixed, a viewport) is drawn here meanwhile. It takes no input and no focus.
#define UNISON_TYPE_MORPH_LAYER (unison_morph_layer_get_type())
G_DECLARE_FINAL_TYPE(UnisonMorphLayer, unison_morph_layer, UNISON, MORPH_LAYER, GtkWidget)

/// A layer drawing `node` (transfer full), whose size is `width` × `height`; nothing until a frame is set.
GtkWidget *unison_morph_layer_new(GskRenderNode *node, double width, double height);
/// Draws the node scaled into the frame (window coordinates) with `opacity`; queues a redraw when changed.
void unison_morph_layer_set_frame(UnisonMorphLayer *layer, double x, double y, double width, double height,
                                  double opacity);
/// Makes `layer` the last child of `window` (if it is not its child yet) and allocates it the
/// window's size: call it after each layout of the window (GtkWindow allocates only its own children).
void unison_morph_layer_attach(GtkWidget *layer, GtkWidget *window);

/// Whether an ancestor of `widget` below `root` clips its children (overflow hidden); if so, the
/// rectangle all of them let through, in `root`'s coordinates.
gboolean unison_has_clipping_ancestor(GtkWidget *widget, GtkWidget *root, double *x, double *y, double *width,
                                      double *height);

G_END_DECLS

#endif
