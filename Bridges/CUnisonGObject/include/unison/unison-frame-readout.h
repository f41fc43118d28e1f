#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define UNISON_TYPE_FRAME_READOUT (unison_frame_readout_get_type ())

G_DECLARE_FINAL_TYPE (UnisonFrameReadout, unison_frame_readout, UNISON, FRAME_READOUT, GObject)

UnisonFrameReadout *unison_frame_readout_get_default (void);
gboolean unison_frame_readout_get_recording (UnisonFrameReadout *self);
void unison_frame_readout_set_recording (UnisonFrameReadout *self, gboolean recording);
const char *unison_frame_readout_get_summary (UnisonFrameReadout *self);

G_END_DECLS
