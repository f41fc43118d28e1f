/* What the two files of UnisonMotionBin's public face share (not installed): the per-bin record,
 * the properties and the numbered ones' mapping to Swift. */
#pragma once

#include "unison-bridge.h"

G_BEGIN_DECLS

/* What a bin made by unison_motion_bin_new keeps (its qdata). */
typedef struct {
  gpointer state;   /* Swift's MotionBin (+1), released when the bin is disposed */
  gboolean removes; /* removes-when-dismissed */
  UnisonBridgeRootFollower *follower; /* moves the state to its window's frame clock */
} UnisonMotionBinPublic;

enum {
  PROP_0,
  PROP_CHILD,
  PROP_TRANSLATION_X,
  PROP_TRANSLATION_Y,
  PROP_SCALE_X,
  PROP_SCALE_Y,
  PROP_ROTATION,
  PROP_OPACITY,
  PROP_PRESENT,
  PROP_TRANSITION,
  PROP_REMOVES_WHEN_DISMISSED,
  PROP_LAYOUT_ANIMATION,
  PROP_ANIMATION_CLASSES,
  PROP_COLLAPSED,
  PROP_SEEKING,
  PROP_PROGRESS,
  N_PROPS,
};

extern GParamSpec *unison_motion_bin_props[N_PROPS];
extern GQuark unison_motion_bin_public_quark;

/* The record of a bin made by unison_motion_bin_new, or NULL. */
UnisonMotionBinPublic *unison_motion_bin_public (gpointer self);

/* The state of a bin made by unison_motion_bin_new, or NULL with a critical naming `function`. */
gpointer unison_motion_bin_state (UnisonMotionBin *self, const char *function);

G_END_DECLS
