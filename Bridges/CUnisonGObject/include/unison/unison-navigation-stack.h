#pragma once

#include <gtk/gtk.h>
#include <unison/unison-animation.h>

G_BEGIN_DECLS

#define UNISON_TYPE_NAVIGATION_STACK (unison_navigation_stack_get_type ())

G_DECLARE_FINAL_TYPE (UnisonNavigationStack, unison_navigation_stack, UNISON, NAVIGATION_STACK, GtkWidget)

GtkWidget *unison_navigation_stack_new (GtkWidget *root);

gboolean unison_navigation_stack_push (UnisonNavigationStack *self, GtkWidget *page, GtkWidget *source);
gboolean unison_navigation_stack_pop (UnisonNavigationStack *self);

GtkWidget *unison_navigation_stack_get_top (UnisonNavigationStack *self);
guint unison_navigation_stack_get_depth (UnisonNavigationStack *self);

gboolean unison_navigation_stack_get_back_swipe_enabled (UnisonNavigationStack *self);
void unison_navigation_stack_set_back_swipe_enabled (UnisonNavigationStack *self, gboolean enabled);

void unison_navigation_stack_seek_pop (UnisonNavigationStack *self, double progress);
gboolean unison_navigation_stack_seek_push (UnisonNavigationStack *self, GtkWidget *page, GtkWidget *source,
                                            double progress);
void unison_navigation_stack_finish_seeking (UnisonNavigationStack *self, double velocity,
                                             UnisonAnimation *animation);
void unison_navigation_stack_cancel_seeking (UnisonNavigationStack *self, double velocity,
                                             UnisonAnimation *animation);
gboolean unison_navigation_stack_get_seeking (UnisonNavigationStack *self);
double unison_navigation_stack_get_pop_progress (UnisonNavigationStack *self);
double unison_navigation_stack_get_push_progress (UnisonNavigationStack *self, GtkWidget *page);

G_END_DECLS
