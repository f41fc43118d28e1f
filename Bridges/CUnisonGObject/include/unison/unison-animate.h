#pragma once

#include <glib-object.h>
#include <unison/unison-animation.h>

G_BEGIN_DECLS

/**
 * UnisonChangesFunc:
 * @user_data: the data given with the function
 *
 * Makes the changes of a transaction: properties set here animate with its animation.
 */
typedef void (*UnisonChangesFunc) (gpointer user_data);

/**
 * UnisonCompletionFunc:
 * @user_data: the data given with the function
 *
 * Called once when the animations a transaction started are logically complete.
 */
typedef void (*UnisonCompletionFunc) (gpointer user_data);

void unison_animate (UnisonAnimation *animation,
                     UnisonChangesFunc changes,
                     gpointer changes_data,
                     UnisonCompletionFunc completion,
                     gpointer completion_data,
                     GDestroyNotify completion_destroy);

void unison_without_animation (UnisonChangesFunc changes, gpointer changes_data);

G_END_DECLS
