#pragma once

#include <gtk/gtk.h>
#include <unison/unison-animate.h>

G_BEGIN_DECLS

/**
 * UnisonReduceMotion:
 * @UNISON_REDUCE_MOTION_SYSTEM: follow the system (GTK's `gtk-interface-reduced-motion` where the
 *   running GTK has it)
 * @UNISON_REDUCE_MOTION_ON: reduce motion, whatever the system says
 * @UNISON_REDUCE_MOTION_OFF: full motion, whatever the system says (animations turned off in GTK
 *   stay off)
 *
 * The app's choice about reduced motion, over the system's (see
 * [func@set_reduce_motion_override]).
 */
typedef enum {
  UNISON_REDUCE_MOTION_SYSTEM,
  UNISON_REDUCE_MOTION_ON,
  UNISON_REDUCE_MOTION_OFF,
} UnisonReduceMotion;

#define UNISON_TYPE_REDUCE_MOTION (unison_reduce_motion_get_type ())
GType unison_reduce_motion_get_type (void) G_GNUC_CONST;

void unison_set_reduce_motion_override (UnisonReduceMotion value);
UnisonReduceMotion unison_get_reduce_motion_override (void);
gboolean unison_get_reduces_motion (GtkWidget *widget);

void unison_animate_essential (UnisonAnimation *animation,
                               UnisonChangesFunc changes,
                               gpointer changes_data,
                               UnisonCompletionFunc completion,
                               gpointer completion_data,
                               GDestroyNotify completion_destroy);

G_END_DECLS
