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
/* Writes the presented value into `property` of `object` (held weakly) now and on every presented
 * frame, before notify::value; NULL, or why it cannot (free it with g_free). */
char *unison_bridge_value_drive (gpointer state, GObject *object, const char *property);

/* Implemented in C, called by Swift with each presented value (after writing the driven
 * properties): emits notify::value. */
void unison_bridge_value_present (UnisonValue *self, double presented);

/* Implemented in Swift. A navigation stack's state: a +1 pointer to Swift's NavigationStack with
 * `root` as its first page, owned by the UnisonNavigationStack; appearance events go to
 * unison_bridge_navigation_stack_appearance until it is detached. */
gpointer unison_bridge_navigation_stack_new (UnisonNavigationStack *owner, GtkWidget *root);
GtkWidget *unison_bridge_navigation_stack_widget (gpointer state);
void unison_bridge_navigation_stack_detach (gpointer state);
void unison_bridge_navigation_stack_free (gpointer state);
gboolean unison_bridge_navigation_stack_push (gpointer state, GtkWidget *page, GtkWidget *source);
gboolean unison_bridge_navigation_stack_pop (gpointer state);
guint unison_bridge_navigation_stack_depth (gpointer state);
GtkWidget *unison_bridge_navigation_stack_page (gpointer state, guint index);
gboolean unison_bridge_navigation_stack_get_back_swipe_enabled (gpointer state);
void unison_bridge_navigation_stack_set_back_swipe_enabled (gpointer state, gboolean enabled);
/* Seeking (NavigationStack.seekPop(to:), seekPush and the rest): `finish` FALSE cancels. */
void unison_bridge_navigation_stack_seek_pop (gpointer state, double progress);
gboolean unison_bridge_navigation_stack_seek_push (gpointer state, GtkWidget *page, GtkWidget *source, double progress);
void unison_bridge_navigation_stack_end_seek (gpointer state, gboolean finish, double velocity,
                                              UnisonAnimation *animation);
gboolean unison_bridge_navigation_stack_seeking (gpointer state);
double unison_bridge_navigation_stack_pop_progress (gpointer state);
double unison_bridge_navigation_stack_push_progress (gpointer state, GtkWidget *page);

/* Implemented in C, called by Swift with each appearance event (0 will appear, 1 did appear, 2 will
 * disappear, 3 did disappear): emits the signal. */
void unison_bridge_navigation_stack_appearance (UnisonNavigationStack *self, GtkWidget *page, int event);

/* Implemented in C, called by Swift after each move the user made in a reorderable list animator's
 * view (a GListStore already moved): emits UnisonListAnimator::item-moved. */
void unison_bridge_list_animator_item_moved (UnisonListAnimator *self, guint from, guint to);

/* Implemented in Swift. A content label's state: a +1 pointer to Swift's ContentLabel showing
 * `text` with the numeric content transition, owned by the UnisonContentLabel. */
gpointer unison_bridge_content_label_new (const char *text);
GtkWidget *unison_bridge_content_label_widget (gpointer state);
GtkWidget *unison_bridge_content_label_label (gpointer state);
void unison_bridge_content_label_free (gpointer state);
/* `animates` FALSE: the change is made in a transaction that disables animation. */
void unison_bridge_content_label_set_text (gpointer state, const char *text, gboolean animates);
/* The text the label stands on (ContentLabel.text; free it with g_free). */
char *unison_bridge_content_label_text (gpointer state);
/* Seeking (ContentLabel.seek(to:toward:) and the rest): `finish` FALSE cancels. */
void unison_bridge_content_label_seek (gpointer state, double progress, const char *text);
void unison_bridge_content_label_end_seek (gpointer state, gboolean finish, double velocity,
                                          UnisonAnimation *animation);
/* NULL when not seeking (free it with g_free). */
char *unison_bridge_content_label_seek_target (gpointer state);
double unison_bridge_content_label_seek_progress (gpointer state, const char *text);

/* Implemented in Swift. A public motion bin's state: a +1 pointer to Swift's MotionBin wrapping
 * `child` (its bin is the widget the caller gets). The numbered properties are those of
 * UnisonBridgeNumber. */
typedef enum {
  UNISON_BRIDGE_TRANSLATION_X,
  UNISON_BRIDGE_TRANSLATION_Y,
  UNISON_BRIDGE_SCALE_X,
  UNISON_BRIDGE_SCALE_Y,
  UNISON_BRIDGE_ROTATION,
  UNISON_BRIDGE_OPACITY,
} UnisonBridgeNumber;

gpointer unison_bridge_motion_bin_new (GtkWidget *child);
GtkWidget *unison_bridge_motion_bin_widget (gpointer state);
void unison_bridge_motion_bin_free (gpointer state);
double unison_bridge_motion_bin_number (gpointer state, UnisonBridgeNumber which);
void unison_bridge_motion_bin_set_number (gpointer state, UnisonBridgeNumber which, double value);
void unison_bridge_motion_bin_set_translation (gpointer state, double x, double y);
void unison_bridge_motion_bin_presented (gpointer state, double *x, double *y, double *opacity);
gboolean unison_bridge_motion_bin_present (gpointer state);
/* FALSE with `removes`: removed from its parent after the removal transition. */
void unison_bridge_motion_bin_set_present (gpointer state, gboolean present, gboolean removes);
UnisonTransition *unison_bridge_motion_bin_transition (gpointer state);
void unison_bridge_motion_bin_set_transition (gpointer state, UnisonTransition *transition);
gboolean unison_bridge_motion_bin_layout_animation (gpointer state);
void unison_bridge_motion_bin_set_layout_animation (gpointer state, gboolean animates);
gboolean unison_bridge_motion_bin_collapsed (gpointer state);
void unison_bridge_motion_bin_set_collapsed (gpointer state, gboolean collapsed);
char *unison_bridge_motion_bin_classes (gpointer state);
/* NULL, or the parse failure's message (free it with g_free). */
char *unison_bridge_motion_bin_set_classes (gpointer state, const char *classes);
void unison_bridge_motion_bin_release (gpointer state, double x, double y, double velocity_x, double velocity_y,
                                       UnisonAnimation *animation);
void unison_bridge_motion_bin_matched_geometry (gpointer state, const char *id, const char *namespace);
/* Seeking (MotionBin.seek(to:toward:) and the rest): `finish` FALSE cancels. */
void unison_bridge_motion_bin_seek (gpointer state, double progress, gboolean present);
void unison_bridge_motion_bin_end_seek (gpointer state, gboolean finish, double velocity, UnisonAnimation *animation);
gboolean unison_bridge_motion_bin_seeking (gpointer state);
double unison_bridge_motion_bin_seek_progress (gpointer state, gboolean present);

/* Implemented in Swift: UnisonGtk's FrameReadout. After _connect, each second's figures while
 * recording come to unison_bridge_frame_readout_update (implemented in C), with the line that
 * describes them. */
typedef struct {
  double interval;
  guint frames;
  guint frames_over_budget;
  double budget;
  double longest_frame;
  double mean_frame;
  guint animating_values;
  double unison_time_per_frame;
} UnisonBridgeFrameStatistics;

void unison_bridge_frame_readout_connect (void);
gboolean unison_bridge_frame_readout_recording (void);
void unison_bridge_frame_readout_set_recording (gboolean recording);
void unison_bridge_frame_readout_update (const UnisonBridgeFrameStatistics *figures, const char *summary);

/* g_critical for Swift, which cannot call the variadic macro. */
void unison_bridge_critical (const char *message);

/* Implemented in C (unison-root-follower.c). Calls `rooted (data, root)` whenever `widget` is
 * realized (at once if it is realized already) with the window it is in, so that what `data`
 * animates moves to that window's frame clock; while `rooted` returns FALSE (something still
 * animates, and the move waits for rest), it is called again after each frame the window paints
 * until it returns TRUE or the widget is unrealized. Free the follower on the main thread, before
 * `data` goes. */
typedef gboolean (*UnisonBridgeRootedFunc) (gpointer data, GtkWidget *root);
typedef struct _UnisonBridgeRootFollower UnisonBridgeRootFollower;
UnisonBridgeRootFollower *unison_bridge_root_follower_new (GtkWidget *widget, UnisonBridgeRootedFunc rooted,
                                                           gpointer data);
void unison_bridge_root_follower_free (UnisonBridgeRootFollower *follower);

/* Implemented in Swift: `rooted` functions for the followers of a motion bin's, a value's and a
 * content label's state (TRUE: on `root`'s clock now). */
gboolean unison_bridge_motion_bin_rooted (gpointer state, GtkWidget *root);
gboolean unison_bridge_value_rooted (gpointer state, GtkWidget *root);
gboolean unison_bridge_content_label_rooted (gpointer state, GtkWidget *root);

G_END_DECLS
