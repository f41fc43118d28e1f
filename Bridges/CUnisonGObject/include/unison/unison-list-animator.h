#pragma once

#include <gtk/gtk.h>

#include <unison/unison-animation.h>
#include <unison/unison-transition.h>

G_BEGIN_DECLS

#define UNISON_TYPE_LIST_ANIMATOR (unison_list_animator_get_type ())

G_DECLARE_FINAL_TYPE (UnisonListAnimator, unison_list_animator, UNISON, LIST_ANIMATOR, GObject)

UnisonListAnimator *unison_list_animator_new (GtkWidget *list_view);

GtkWidget *unison_list_animator_get_list_view (UnisonListAnimator *self);
void unison_list_animator_set_transition (UnisonListAnimator *self, UnisonTransition *transition);
void unison_list_animator_set_animation (UnisonListAnimator *self, UnisonAnimation *animation);
gboolean unison_list_animator_get_animates_moves (UnisonListAnimator *self);
void unison_list_animator_set_animates_moves (UnisonListAnimator *self, gboolean animates_moves);
gboolean unison_list_animator_is_animating (UnisonListAnimator *self);
guint unison_list_animator_get_leaving_count (UnisonListAnimator *self);
gboolean unison_list_animator_get_reorderable (UnisonListAnimator *self);
void unison_list_animator_set_reorderable (UnisonListAnimator *self, gboolean reorderable);

G_END_DECLS
