/* UnisonFrameReadout: UnisonGtk's FrameReadout as a GObject. Recording is Swift's
 * (Sources/UnisonGObject/FrameReadout.swift); each second's figures come back through
 * unison_bridge_frame_readout_update, which stores them here, notifies and emits ::updated. */
#define G_LOG_DOMAIN "Unison"

#include "unison-bridge.h"

struct _UnisonFrameReadout {
  GObject parent_instance;
  UnisonBridgeFrameStatistics figures;
  char *summary;
};

enum {
  PROP_0,
  PROP_RECORDING,
  PROP_FRAMES_PER_SECOND,
  PROP_FRAMES,
  PROP_FRAMES_OVER_BUDGET,
  PROP_BUDGET,
  PROP_LONGEST_FRAME,
  PROP_MEAN_FRAME,
  PROP_ANIMATING_VALUES,
  PROP_UNISON_TIME_PER_FRAME,
  PROP_SUMMARY,
  N_PROPS,
};

static GParamSpec *props[N_PROPS];

enum {
  UPDATED,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

/**
 * UnisonFrameReadout:
 *
 * A live readout of Unison's frames, to see whether an app's animation is smooth without
 * instrumenting it: frames per second, frames over the budget (a refresh missed), how many values
 * animate, and the time Unison takes per frame against the whole frame.
 *
 * There is one, [func@FrameReadout.get_default]. Off by default and free while off; set
 * [property@FrameReadout:recording] (or start the app with `UNISON_FRAME_READOUT=1`, which also logs
 * a line a second to stderr) and, every second, the figure properties are replaced (each notified
 * when it changes) and [signal@FrameReadout::updated] is emitted. It counts the frames in which
 * something of Unison's animates: an idle second reports no frames.
 *
 * ```python
 * readout = Unison.FrameReadout.get_default()
 * readout.connect("updated", lambda r: status.set_text(r.props.summary))
 * readout.props.recording = True
 * ```
 */
G_DEFINE_FINAL_TYPE (UnisonFrameReadout, unison_frame_readout, G_TYPE_OBJECT)

static UnisonFrameReadout *default_readout;

static void
unison_frame_readout_finalize (GObject *object)
{
  g_free (UNISON_FRAME_READOUT (object)->summary);
  G_OBJECT_CLASS (unison_frame_readout_parent_class)->finalize (object);
}

static void
unison_frame_readout_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  UnisonFrameReadout *self = UNISON_FRAME_READOUT (object);
  const UnisonBridgeFrameStatistics *f = &self->figures;
  switch (prop_id)
    {
    case PROP_RECORDING:
      g_value_set_boolean (value, unison_frame_readout_get_recording (self));
      break;
    case PROP_FRAMES_PER_SECOND:
      g_value_set_double (value, f->interval > 0 ? f->frames / f->interval : 0);
      break;
    case PROP_FRAMES:
      g_value_set_uint (value, f->frames);
      break;
    case PROP_FRAMES_OVER_BUDGET:
      g_value_set_uint (value, f->frames_over_budget);
      break;
    case PROP_BUDGET:
      g_value_set_double (value, f->budget);
      break;
    case PROP_LONGEST_FRAME:
      g_value_set_double (value, f->longest_frame);
      break;
    case PROP_MEAN_FRAME:
      g_value_set_double (value, f->mean_frame);
      break;
    case PROP_ANIMATING_VALUES:
      g_value_set_uint (value, f->animating_values);
      break;
    case PROP_UNISON_TIME_PER_FRAME:
      g_value_set_double (value, f->unison_time_per_frame);
      break;
    case PROP_SUMMARY:
      g_value_set_string (value, unison_frame_readout_get_summary (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
unison_frame_readout_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_RECORDING:
      unison_frame_readout_set_recording (UNISON_FRAME_READOUT (object), g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
figure (const char *name, double unit_max)
{
  return g_param_spec_double (name, NULL, NULL, 0, unit_max, 0,
                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static GParamSpec *
count (const char *name)
{
  return g_param_spec_uint (name, NULL, NULL, 0, G_MAXUINT, 0,
                            G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static void
unison_frame_readout_class_init (UnisonFrameReadoutClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = unison_frame_readout_finalize;
  object_class->get_property = unison_frame_readout_get_property;
  object_class->set_property = unison_frame_readout_set_property;

  /**
   * UnisonFrameReadout:recording: (getter get_recording) (setter set_recording)
   *
   * Whether frames are measured (default %FALSE, or %TRUE when the app was started with
   * `UNISON_FRAME_READOUT=1`). Turning it on starts a new second; turning it off drops what the
   * second gathered.
   */
  props[PROP_RECORDING] = g_param_spec_boolean ("recording", NULL, NULL, FALSE,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * UnisonFrameReadout:frames-per-second:
   *
   * Frames in which something of Unison's animated, per second, over the last second measured.
   */
  props[PROP_FRAMES_PER_SECOND] = figure ("frames-per-second", G_MAXDOUBLE);
  /**
   * UnisonFrameReadout:frames:
   *
   * Frames in which something of Unison's animated in the last second measured (distinct frames:
   * several widgets of one window count once).
   */
  props[PROP_FRAMES] = count ("frames");
  /**
   * UnisonFrameReadout:frames-over-budget:
   *
   * Of [property@FrameReadout:frames], those that came more than one and a half
   * [property@FrameReadout:budget]s after the frame before them: at least one refresh was missed
   * (a stutter the user may see).
   */
  props[PROP_FRAMES_OVER_BUDGET] = count ("frames-over-budget");
  /**
   * UnisonFrameReadout:budget:
   *
   * The time one frame may take, in seconds: the monitor's refresh interval as GDK reports it,
   * or 1/60 s where it reports none.
   */
  props[PROP_BUDGET] = figure ("budget", G_MAXDOUBLE);
  /**
   * UnisonFrameReadout:longest-frame:
   *
   * The longest time between two frames of one window in the last second measured, in seconds.
   */
  props[PROP_LONGEST_FRAME] = figure ("longest-frame", G_MAXDOUBLE);
  /**
   * UnisonFrameReadout:mean-frame:
   *
   * The mean time between two frames of one window, in seconds: the whole frame, of which
   * Unison took [property@FrameReadout:unison-time-per-frame].
   */
  props[PROP_MEAN_FRAME] = figure ("mean-frame", G_MAXDOUBLE);
  /**
   * UnisonFrameReadout:animating-values:
   *
   * Values animating at the end of the last second measured (properties, transitions' effects).
   */
  props[PROP_ANIMATING_VALUES] = count ("animating-values");
  /**
   * UnisonFrameReadout:unison-time-per-frame:
   *
   * The mean time per frame Unison spent presenting its values, in seconds: evaluating
   * animations, writing them to GTK and the completions that became due.
   */
  props[PROP_UNISON_TIME_PER_FRAME] = figure ("unison-time-per-frame", G_MAXDOUBLE);
  /**
   * UnisonFrameReadout:summary: (getter get_summary)
   *
   * The last second's figures as one line ("60 fps, 0 of 60 frames over 16.7 ms; ..."), or
   * %NULL before the first second.
   */
  props[PROP_SUMMARY] = g_param_spec_string ("summary", NULL, NULL, NULL,
                                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  /**
   * UnisonFrameReadout::updated:
   * @self: the readout
   *
   * Emitted once a second while recording, after the figure properties have been replaced.
   */
  signals[UPDATED] = g_signal_new ("updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
}

static void
unison_frame_readout_init (UnisonFrameReadout *self)
{
}

/**
 * unison_frame_readout_get_default:
 *
 * The readout of the app's frames (made at the first call, kept for the process).
 *
 * Returns: (transfer none): the readout
 */
UnisonFrameReadout *
unison_frame_readout_get_default (void)
{
  if (default_readout == NULL)
    {
      default_readout = g_object_new (UNISON_TYPE_FRAME_READOUT, NULL);
      unison_bridge_frame_readout_connect ();
    }
  return default_readout;
}

/**
 * unison_frame_readout_get_recording:
 * @self: the readout
 *
 * Whether frames are measured (see [property@FrameReadout:recording]).
 *
 * Returns: %TRUE while recording
 */
gboolean
unison_frame_readout_get_recording (UnisonFrameReadout *self)
{
  g_return_val_if_fail (UNISON_IS_FRAME_READOUT (self), FALSE);
  return unison_bridge_frame_readout_recording ();
}

/**
 * unison_frame_readout_set_recording:
 * @self: the readout
 * @recording: whether to measure frames
 *
 * Starts or stops measuring frames (see [property@FrameReadout:recording]).
 */
void
unison_frame_readout_set_recording (UnisonFrameReadout *self, gboolean recording)
{
  g_return_if_fail (UNISON_IS_FRAME_READOUT (self));
  if ((recording != FALSE) == unison_bridge_frame_readout_recording ())
    return;
  unison_bridge_frame_readout_set_recording (recording != FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_RECORDING]);
}

/**
 * unison_frame_readout_get_summary:
 * @self: the readout
 *
 * The last second's figures as one line (see [property@FrameReadout:summary]).
 *
 * Returns: (nullable) (transfer none): the line, or %NULL before the first second
 */
const char *
unison_frame_readout_get_summary (UnisonFrameReadout *self)
{
  g_return_val_if_fail (UNISON_IS_FRAME_READOUT (self), NULL);
  return self->summary;
}

void
unison_bridge_frame_readout_update (const UnisonBridgeFrameStatistics *figures, const char *summary)
{
  UnisonFrameReadout *self = unison_frame_readout_get_default ();
  UnisonBridgeFrameStatistics old = self->figures;
  double old_fps = old.interval > 0 ? old.frames / old.interval : 0;
  self->figures = *figures;
  double fps = figures->interval > 0 ? figures->frames / figures->interval : 0;
  gboolean summary_changed = g_strcmp0 (summary, self->summary) != 0;
  g_free (self->summary);
  self->summary = g_strdup (summary);
  GObject *object = G_OBJECT (self);
  g_object_freeze_notify (object);
  if (fps != old_fps)
    g_object_notify_by_pspec (object, props[PROP_FRAMES_PER_SECOND]);
  if (figures->frames != old.frames)
    g_object_notify_by_pspec (object, props[PROP_FRAMES]);
  if (figures->frames_over_budget != old.frames_over_budget)
    g_object_notify_by_pspec (object, props[PROP_FRAMES_OVER_BUDGET]);
  if (figures->budget != old.budget)
    g_object_notify_by_pspec (object, props[PROP_BUDGET]);
  if (figures->longest_frame != old.longest_frame)
    g_object_notify_by_pspec (object, props[PROP_LONGEST_FRAME]);
  if (figures->mean_frame != old.mean_frame)
    g_object_notify_by_pspec (object, props[PROP_MEAN_FRAME]);
  if (figures->animating_values != old.animating_values)
    g_object_notify_by_pspec (object, props[PROP_ANIMATING_VALUES]);
  if (figures->unison_time_per_frame != old.unison_time_per_frame)
    g_object_notify_by_pspec (object, props[PROP_UNISON_TIME_PER_FRAME]);
  if (summary_changed)
    g_object_notify_by_pspec (object, props[PROP_SUMMARY]);
  g_object_thaw_notify (object);
  g_signal_emit (self, signals[UPDATED], 0);
}
