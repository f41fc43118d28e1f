#pragma once

#include <gtk/gtk.h>
#include <unison/unison-animation.h>
#include <unison/unison-transition.h>

G_BEGIN_DECLS

#define UNISON_TYPE_MOTION_BIN (unison_motion_bin_get_type ())

G_DECLARE_FINAL_TYPE (UnisonMotionBin, unison_motion_bin, UNISON, MOTION_BIN, GtkWidget)

GtkWidget *unison_motion_bin_new (GtkWidget *child);
GtkWidget *unison_motion_bin_get_child (UnisonMotionBin *self);

void unison_motion_bin_set_translation (UnisonMotionBin *self, double x, double y);
void unison_motion_bin_get_presented_translation (UnisonMotionBin *self, double *x, double *y);
double unison_motion_bin_get_presented_opacity (UnisonMotionBin *self);
void unison_motion_bin_release (UnisonMotionBin *self,
                                double x,
                                double y,
                                double velocity_x,
                                double velocity_y,
                                UnisonAnimation *animation);
void unison_motion_bin_set_matched_geometry (UnisonMotionBin *self, const char *id, const char *namespace);
gboolean unison_motion_bin_set_animation_classes (UnisonMotionBin *self, const char *classes, GError **error);

void unison_motion_bin_seek (UnisonMotionBin *self, double progress, gboolean present);
void unison_motion_bin_finish_seeking (UnisonMotionBin *self, double velocity, UnisonAnimation *animation);
void unison_motion_bin_cancel_seeking (UnisonMotionBin *self, double velocity, UnisonAnimation *animation);
gboolean unison_motion_bin_get_seeking (UnisonMotionBin *self);
double unison_motion_bin_get_progress (UnisonMotionBin *self);
double unison_motion_bin_get_seek_progress (UnisonMotionBin *self, gboolean present);

G_END_DECLS
