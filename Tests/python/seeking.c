/* Seeking and reduced motion from C: a UnisonMotionBin's removal and a UnisonContentLabel's roll
 * driven by a progress, then finished or cancelled; the reduced-motion override; and bad calls
 * (NULL, NaN, a value outside an enumeration), which are criticals or ignored, never a crash.
 * Prints one line per check and exits with 1 if one fails (test_seeking_c.py builds it with
 * Examples/c/checks.h and runs it under Xvfb). */
#include <math.h>
#include <string.h>

#include <unison/unison.h>

#include "checks.h"

static void
iterate_until (gboolean (*condition) (gpointer), gpointer data)
{
  while (!condition (data))
    g_main_context_iteration (NULL, TRUE);
}

static gboolean
laid_out (gpointer widget)
{
  return gtk_widget_get_width (widget) > 0;
}

static gboolean
hidden (gpointer widget)
{
  return !gtk_widget_get_visible (widget);
}

static gboolean
rolled_to_42 (gpointer label)
{
  return unison_content_label_get_seek_progress (label, "42") == 1;
}

static gboolean
seek_started (gpointer label)
{
  unison_content_label_seek (label, 0.3, "42"); /* starts once the label is laid out again */
  return unison_content_label_get_seeking (label);
}

static void
count_notify (GObject *object, GParamSpec *spec, gpointer count)
{
  (*(int *) count)++;
}

int
main (void)
{
  gtk_init ();
  g_log_set_handler ("Unison", G_LOG_LEVEL_CRITICAL, count_critical, NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *banner = unison_motion_bin_new (gtk_label_new ("Banner"));
  GtkWidget *counter = unison_content_label_new ("41");
  gtk_box_append (GTK_BOX (box), banner);
  gtk_box_append (GTK_BOX (box), counter);
  GtkWidget *window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (laid_out, banner);
  iterate_until (laid_out, counter);

  UnisonMotionBin *bin = UNISON_MOTION_BIN (banner);
  int seeking_notified = 0;
  g_signal_connect (bin, "notify::seeking", G_CALLBACK (count_notify), &seeking_notified);
  unison_motion_bin_seek (bin, 0.25, FALSE);
  check (unison_motion_bin_get_seeking (bin) && seeking_notified == 1, "a seek starts, notify::seeking once");
  check (fabs (unison_motion_bin_get_presented_opacity (bin) - 0.75) < 1e-9, "the removal drawn at 0.25");
  unison_motion_bin_seek (bin, NAN, FALSE);
  check (fabs (unison_motion_bin_get_seek_progress (bin, FALSE) - 0.25) < 1e-9, "NaN is ignored");
  unison_motion_bin_finish_seeking (bin, INFINITY, NULL);
  gboolean present = TRUE;
  g_object_get (bin, "present", &present, NULL);
  check (!present && !unison_motion_bin_get_seeking (bin) && seeking_notified == 2,
         "finished (an infinite velocity counts as 0): not present, not seeking");
  iterate_until (hidden, banner);
  check (unison_motion_bin_get_presented_opacity (bin) == 0, "the removal ends hidden");

  UnisonContentLabel *label = UNISON_CONTENT_LABEL (counter);
  unison_content_label_seek (label, 0.5, "42");
  check (unison_content_label_get_seeking (label) && strcmp (unison_content_label_get_seek_target (label), "42") == 0
           && strcmp (unison_content_label_get_text (label), "41") == 0,
         "a seek of the roll to 42; the text stays 41");
  unison_content_label_cancel_seeking (label, -1, NULL);
  check (!unison_content_label_get_seeking (label) && unison_content_label_get_seek_target (label) == NULL
           && strcmp (unison_content_label_get_text (label), "41") == 0,
         "cancelled: 41");
  iterate_until (seek_started, label);
  UnisonAnimation *linear = unison_animation_new_linear (0.2);
  unison_content_label_finish_seeking (label, 0, linear);
  unison_animation_unref (linear);
  check (strcmp (unison_content_label_get_text (label), "42") == 0, "finished: 42 at once");
  iterate_until (rolled_to_42, label);
  check (!unison_content_label_get_seeking (label), "the roll ends");

  unison_set_reduce_motion_override (UNISON_REDUCE_MOTION_ON);
  check (unison_get_reduces_motion (window) && unison_get_reduces_motion (NULL), "the override reduces motion");
  unison_set_reduce_motion_override (UNISON_REDUCE_MOTION_SYSTEM);
  check (!unison_get_reduces_motion (NULL), "following the system again");

  int before = criticals;
  unison_motion_bin_seek (NULL, 0.5, TRUE);
  unison_motion_bin_finish_seeking (NULL, 0, NULL);
  unison_content_label_seek (label, 0.5, NULL);
  unison_content_label_seek (NULL, 0.5, "1");
  unison_content_label_get_seek_progress (label, NULL);
  unison_set_reduce_motion_override ((UnisonReduceMotion) 7);
  GObject *not_a_widget = g_object_new (G_TYPE_OBJECT, NULL);
  unison_get_reduces_motion ((GtkWidget *) not_a_widget);
  g_object_unref (not_a_widget);
  unison_animate_essential (NULL, NULL, NULL, NULL, NULL, NULL);
  GtkWidget *stack = unison_navigation_stack_new (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  g_object_ref_sink (stack);
  check (!unison_navigation_stack_seek_push (UNISON_NAVIGATION_STACK (stack), NULL, NULL, 0.5),
         "a seeked push of no page is refused");
  unison_navigation_stack_seek_pop (NULL, 0.5);
  unison_navigation_stack_seek_pop (UNISON_NAVIGATION_STACK (stack), 0.5); /* only the root: nothing, no critical */
  check (!unison_navigation_stack_get_seeking (UNISON_NAVIGATION_STACK (stack)), "nothing to pop: no seek");
  g_object_unref (stack);
  check (criticals - before == 10, "bad calls are criticals, never a crash");
  check (unison_get_reduce_motion_override () == UNISON_REDUCE_MOTION_SYSTEM, "an unknown value changes nothing");

  gtk_window_destroy (GTK_WINDOW (window));
  return failures > 0;
}
