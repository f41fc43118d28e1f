/* The seam between the GObject types (C, in this folder) and their behaviour (Swift, in
 * Sources/UnisonGObject). Not installed: nothing outside libunison-1 calls these. */
#pragma once

#include <unison/unison.h>

G_BEGIN_DECLS

/* Implemented in Swift. A value's state: a +1 pointer to a Swift object owned by the UnisonValue,
 * animating on `widget`'s frame clock and calling unison_bridge_value_present on every presented
 * value. */
gpointer unison_bridge_value_new (UnisonValue *owner, GtkWidget *widget, double initial);
void unison_bridge_value_free (gpointer state);
void unison_bridge_value_set (gpointer state, double value);
double unison_bridge_value_presented (gpointer state);
double unison_bridge_value_target (gpointer state);
double unison_bridge_value_velocity (gpointer state);

/* Implemented in C, called by Swift with each presented value: writes the driven properties
 * and emits notify::value. */
void unison_bridge_value_present (UnisonValue *self, double presented);

/* g_critical for Swift, which cannot call the variadic macro. */
void unison_bridge_critical (const char *message);

G_END_DECLS
