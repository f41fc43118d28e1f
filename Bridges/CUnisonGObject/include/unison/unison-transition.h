#pragma once

#include <glib-object.h>
#include <unison/unison-animation.h>

G_BEGIN_DECLS

/**
 * UnisonEdge:
 * @UNISON_EDGE_TOP: the top edge
 * @UNISON_EDGE_BOTTOM: the bottom edge
 * @UNISON_EDGE_LEADING: the edge where text starts (left in left-to-right text)
 * @UNISON_EDGE_TRAILING: the edge where text ends (right in left-to-right text)
 *
 * An edge of a widget; leading and trailing follow the widget's text direction.
 */
typedef enum {
  UNISON_EDGE_TOP,
  UNISON_EDGE_BOTTOM,
  UNISON_EDGE_LEADING,
  UNISON_EDGE_TRAILING,
} UnisonEdge;

#define UNISON_TYPE_EDGE (unison_edge_get_type ())
GType unison_edge_get_type (void) G_GNUC_CONST;

#define UNISON_TYPE_TRANSITION (unison_transition_get_type ())

typedef struct _UnisonTransition UnisonTransition;

GType unison_transition_get_type (void) G_GNUC_CONST;

UnisonTransition *unison_transition_ref (UnisonTransition *self);
void unison_transition_unref (UnisonTransition *self);

UnisonTransition *unison_transition_new_identity (void);
UnisonTransition *unison_transition_new_opacity (void);
UnisonTransition *unison_transition_new_scale (double scale);
UnisonTransition *unison_transition_new_slide (UnisonEdge edge);
UnisonTransition *unison_transition_new_move (UnisonEdge edge);
UnisonTransition *unison_transition_new_push (UnisonEdge edge);
UnisonTransition *unison_transition_new_offset (double x, double y);
UnisonTransition *unison_transition_new_asymmetric (UnisonTransition *insertion, UnisonTransition *removal);
UnisonTransition *unison_transition_combined (UnisonTransition *self, UnisonTransition *other);
UnisonTransition *unison_transition_animation (UnisonTransition *self, UnisonAnimation *animation);

void unison_transition_get_effects (UnisonTransition *self,
                                    gboolean removal,
                                    double width,
                                    double height,
                                    gboolean right_to_left,
                                    double *opacity,
                                    double *offset_x,
                                    double *offset_y,
                                    double *scale_x,
                                    double *scale_y,
                                    double *rotation);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (UnisonTransition, unison_transition_unref)

G_END_DECLS
