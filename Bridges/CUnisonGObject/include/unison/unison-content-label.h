#pragma once

#include <gtk/gtk.h>
#include <unison/unison-animation.h>

G_BEGIN_DECLS

#define UNISON_TYPE_CONTENT_LABEL (unison_content_label_get_type ())

G_DECLARE_FINAL_TYPE (UnisonContentLabel, unison_content_label, UNISON, CONTENT_LABEL, GtkWidget)

GtkWidget *unison_content_label_new (const char *text);

const char *unison_content_label_get_text (UnisonContentLabel *self);
void unison_content_label_set_text (UnisonContentLabel *self, const char *text);

void unison_content_label_seek (UnisonContentLabel *self, double progress, const char *text);
void unison_content_label_finish_seeking (UnisonContentLabel *self, double velocity, UnisonAnimation *animation);
void unison_content_label_cancel_seeking (UnisonContentLabel *self, double velocity, UnisonAnimation *animation);
gboolean unison_content_label_get_seeking (UnisonContentLabel *self);
const char *unison_content_label_get_seek_target (UnisonContentLabel *self);
double unison_content_label_get_seek_progress (UnisonContentLabel *self, const char *text);

G_END_DECLS
