#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define UNISON_TYPE_VALUE (unison_value_get_type ())

G_DECLARE_FINAL_TYPE (UnisonValue, unison_value, UNISON, VALUE, GObject)

UnisonValue *unison_value_new (GtkWidget *widget, double initial);

double unison_value_get_value (UnisonValue *self);
void unison_value_set_value (UnisonValue *self, double value);
double unison_value_get_target (UnisonValue *self);
double unison_value_get_velocity (UnisonValue *self);
GtkWidget *unison_value_get_widget (UnisonValue *self);

void unison_value_drive_property (UnisonValue *self, GObject *object, const char *property);

G_END_DECLS
