// UnisonMotionBin: a GtkWidget with one child that it draws moved, scaled, rotated and faded
// (render transforms: no relayout), and whose measured size can be animated (a widget growing
// from nothing to its natural size, as GtkRevealer does). Unison's GTK adapter (MotionBin) drives
// it.
#ifndef UNISON_MOTION_BIN_H
#define UNISON_MOTION_BIN_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define UNISON_TYPE_MOTION_BIN (unison_motion_bin_get_type())
G_DECLARE_FINAL_TYPE(UnisonMotionBin, unison_motion_bin, UNISON, MOTION_BIN, GtkWidget)

/// Called at the end of every size_allocate with the bin's new size.
typedef void (*UnisonMotionBinAllocated)(gpointer data, int width, int height);

/// Which rendering of the child a content-transition piece draws.
typedef enum { UNISON_CONTENT_PIECE_OLD = 0, UNISON_CONTENT_PIECE_NEW = 1 } UnisonContentPieceSource;

/// One band of a content transition: the columns x ..< x + width of the child (its coordinates),
/// taken from its capture (OLD, shifted right by old_dx: where the old content lines up now) or
/// from the child as it draws now (NEW), moved down by dy and drawn with alpha; clipped to the
/// band and the child's height.
typedef struct {
    UnisonContentPieceSource source;
    double x, width, dy, alpha, old_dx;
} UnisonContentPiece;

/// A bin without a child. Swift calls it `unison_motion_bin_new()`; its C name leaves
/// `unison_motion_bin_new` to libunison-1's public constructor (Bridges/CUnisonGObject).
GtkWidget *unison_motion_bin_new_empty(void) __attribute__((swift_name("unison_motion_bin_new()")));

/// Installs libunison-1's public properties on the class (Bridges/CUnisonGObject/unison-motion-bin.c),
/// when the library is linked in (a weak reference: NULL elsewhere).
extern void unison_motion_bin_install_public(GObjectClass *klass) __attribute__((weak));

/// Makes `child` the bin's child (NULL: none); the previous one is unparented.
void unison_motion_bin_set_child(UnisonMotionBin *bin, GtkWidget *child);
GtkWidget *unison_motion_bin_get_child(UnisonMotionBin *bin);

/// How the child is drawn: moved by (dx, dy) pixels, rotated by `rotation` degrees clockwise and
/// scaled by (sx, sy) about the point (ax, ay) of the bin (0...1 of its width and height), with
/// `opacity` (0...1). Queues a redraw only when something changed; never a relayout.
void unison_motion_bin_set_render(UnisonMotionBin *bin, double dx, double dy, double sx, double sy, double rotation,
                                  double ax, double ay, double opacity);

/// The size the bin asks its parent for, as a fraction of its child's natural size per axis:
/// a negative fraction is "the child's own size" (the default). With a fraction the child is still
/// allocated at least its natural size and is clipped to the bin. Queues a resize when changed.
void unison_motion_bin_set_reveal(UnisonMotionBin *bin, double width_fraction, double height_fraction);

/// Whether a bin whose size is a fraction (set_reveal) clips its child to that size (default TRUE).
/// Matched geometry turns it off: a collapsed bin still draws its child where it morphs.
void unison_motion_bin_set_reveal_clips(UnisonMotionBin *bin, gboolean clips);

/// Clips everything the bin draws to the rectangle (x, y, width × height) of the bin, with corners
/// of `radius`, outside the render transform (the clip does not move or scale with the child). A
/// negative or non-finite size removes the clip; an empty one draws nothing. Queues a redraw.
void unison_motion_bin_set_clip(UnisonMotionBin *bin, double x, double y, double width, double height, double radius);

/// Inner padding around the child (pixels, 0 or more; non-finite is 0). Queues a resize when
/// the rounded layout changes.
void unison_motion_bin_set_padding(UnisonMotionBin *bin, double top, double right, double bottom, double left);

/// The size of the child's box the bin asks for (its padding is added around it), overriding what
/// the child measures, per axis: a negative or non-finite value is "measured" (the default). The
/// child gets at least its minimum size, centred.
void unison_motion_bin_set_size(UnisonMotionBin *bin, double width, double height);

/// Keeps the child's current rendering (a render node, as GtkStack keeps the page it leaves) for a
/// content transition's OLD pieces. FALSE (and no capture) when the child is not drawn now.
gboolean unison_motion_bin_capture_child(UnisonMotionBin *bin);

/// Draws `count` pieces instead of the child (copied; values clamped to what GTK draws). 0 draws
/// the child again and drops the capture.
void unison_motion_bin_set_pieces(UnisonMotionBin *bin, const UnisonContentPiece *pieces, int count);

/// The bin's surface: a widget (created on first use) drawn below the child with the child's
/// transforms, opacity and clips, covering the whole bin (padding included), for CSS to style
/// (background, border, corners, shadow). It takes no input and no size of its own.
GtkWidget *unison_motion_bin_get_surface(UnisonMotionBin *bin);

/// Marks the bin's padding or size as animating (descendants' layout glides then leave their place to it).
void unison_motion_bin_set_resizing(UnisonMotionBin *bin, gboolean resizing);

/// Whether a UnisonMotionBin above `widget` has its padding or size animating.
gboolean unison_motion_bin_has_resizing_ancestor(GtkWidget *widget);

/// Sets the function called after each allocation (NULL: none); `destroy` releases `data`.
void unison_motion_bin_set_allocated_func(UnisonMotionBin *bin, UnisonMotionBinAllocated func, gpointer data,
                                          GDestroyNotify destroy);

/// Draws the bin's child in its place, inside the bin's clips, transforms and opacity (the child is
/// laid out, mapped and targeted as before; only its drawing is replaced).
typedef void (*UnisonMotionBinDrawChild)(gpointer data, GtkWidget *bin, GtkWidget *child, GtkSnapshot *snapshot);

/// Sets the function that draws the child instead of GTK (NULL: GTK draws it, the default);
/// `destroy` releases `data` when the function is replaced or the bin goes. Queues a redraw.
void unison_motion_bin_set_child_drawer(UnisonMotionBin *bin, UnisonMotionBinDrawChild func, gpointer data,
                                        GDestroyNotify destroy);

/// The data of the function that draws the child (NULL: none).
void *unison_motion_bin_get_child_drawer_data(UnisonMotionBin *bin);

/// Whether `widget` is a UnisonMotionBin.
gboolean unison_is_motion_bin(gpointer widget);

/// The child as it draws now, in its own coordinates (a new node; NULL when it is not mapped).
GskRenderNode *unison_motion_bin_render_child(UnisonMotionBin *bin);

G_END_DECLS

#endif
