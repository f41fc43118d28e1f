#pragma once

#include <gtk/gtk.h>

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

G_END_DECLS
