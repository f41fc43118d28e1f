#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define UNISON_TYPE_ANIMATION (unison_animation_get_type ())

typedef struct _UnisonAnimation UnisonAnimation;

GType unison_animation_get_type (void) G_GNUC_CONST;

UnisonAnimation *unison_animation_ref (UnisonAnimation *self);
void unison_animation_unref (UnisonAnimation *self);
gboolean unison_animation_equal (UnisonAnimation *self, UnisonAnimation *other);
char *unison_animation_to_string (UnisonAnimation *self);

UnisonAnimation *unison_animation_new_default (void);
UnisonAnimation *unison_animation_new_spring (double duration, double bounce);
UnisonAnimation *unison_animation_new_spring_physics (double mass, double stiffness, double damping);
UnisonAnimation *unison_animation_new_spring_response (double response, double damping_fraction);
UnisonAnimation *unison_animation_new_smooth (double duration);
UnisonAnimation *unison_animation_new_snappy (double duration);
UnisonAnimation *unison_animation_new_bouncy (double duration);
UnisonAnimation *unison_animation_new_linear (double duration);
UnisonAnimation *unison_animation_new_ease_in (double duration);
UnisonAnimation *unison_animation_new_ease_out (double duration);
UnisonAnimation *unison_animation_new_ease_in_out (double duration);
UnisonAnimation *unison_animation_new_timing_curve (double x1, double y1, double x2, double y2, double duration);
UnisonAnimation *unison_animation_new_from_classes (const char *classes, GError **error);

UnisonAnimation *unison_animation_delay (UnisonAnimation *self, double seconds);
UnisonAnimation *unison_animation_speed (UnisonAnimation *self, double factor);
UnisonAnimation *unison_animation_repeat_count (UnisonAnimation *self, int count, gboolean autoreverses);
UnisonAnimation *unison_animation_repeat_forever (UnisonAnimation *self, gboolean autoreverses);

double unison_animation_value (UnisonAnimation *self, double time);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (UnisonAnimation, unison_animation_unref)

G_END_DECLS
