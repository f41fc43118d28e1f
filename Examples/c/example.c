/* Unison from C: a spring drives a progress bar, a label's alignment and a box's spacing, read back
 * from GTK on every frame and compared with the animation evaluated in closed form.
 *
 *   cc -o example example.c $(pkg-config --cflags --libs unison-1 gtk4) && ./example
 *
 * Prints one line per check and exits with 1 if one fails (`make test` runs it under Xvfb). */
#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gtk/gtk.h>
#include <unison/unison.h>

#include "checks.h"

typedef struct {
  UnisonValue *value;
  GtkProgressBar *bar;
  GtkLabel *label;
  GtkBox *box;
  UnisonAnimation *animation;
  gint64 start; /* the first frame after the transaction (µs), 0 before it */
  int frames;
  double worst_error;
  gboolean driven_match;
  int completions;
  int destroys;
} Scene;

static gboolean
record_start (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  Scene *scene = data;
  if (scene->start == 0)
    scene->start = gdk_frame_clock_get_frame_time (clock);
  return G_SOURCE_CONTINUE;
}

/* Every presented frame: the value against the closed form, and what GTK holds against the value. */
static void
on_value (UnisonValue *value, GParamSpec *pspec, gpointer data)
{
  Scene *scene = data;
  if (scene->start == 0)
    return; /* the jump to the start value */
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (scene->bar));
  double elapsed = gdk_frame_clock_get_frame_time (clock) / 1e6 - scene->start / 1e6;
  double presented = unison_value_get_value (value);
  double expected = unison_animation_value (scene->animation, elapsed);
  scene->worst_error = MAX (scene->worst_error, fabs (presented - expected));
  scene->frames++;
  if (gtk_progress_bar_get_fraction (scene->bar) != CLAMP (presented, 0, 1)
      || gtk_label_get_xalign (scene->label) != CLAMP ((float) presented, 0, 1))
    scene->driven_match = FALSE;
}

static void
set_one (gpointer data)
{
  unison_value_set_value (data, 1);
}

static void
set_forty (gpointer data)
{
  unison_value_set_value (data, 40);
}

static int step;

static void count_up_indirect (gpointer data);

static void
count_up (gpointer data)
{
  (*(int *) data)++;
}

static void
set_next (gpointer data)
{
  unison_value_set_value (data, step++ % 7);
}

static void
count_up_indirect (gpointer data)
{
  (**(int **) data)++;
}

/* 10,000 animated transactions on `value`, each with a completion whose data is freed by its
 * destroy notify; returns once every completion ran and the value settled. */
static void
ten_thousand_transactions (UnisonValue *value, UnisonAnimation *animation, int *completions)
{
  int target = *completions + 10000;
  for (int i = 0; i < 10000; i++)
    {
      int **data = g_new (int *, 1);
      *data = completions;
      unison_animate (animation, set_next, value, (UnisonCompletionFunc) count_up_indirect, data, g_free);
    }
  while (*completions < target || unison_value_get_value (value) != unison_value_get_target (value))
    g_main_context_iteration (NULL, TRUE);
}

static void
completed (gpointer data)
{
  ((Scene *) data)->completions++;
}

static void
destroyed (gpointer data)
{
  ((Scene *) data)->destroys++;
}

int
main (void)
{
  gtk_init ();
  g_log_set_handler ("Unison", G_LOG_LEVEL_CRITICAL, count_critical, NULL);

  /* Animation values. */
  UnisonAnimation *spring = unison_animation_new_spring (0.4, 0.2);
  UnisonAnimation *same = unison_animation_new_spring (0.4, 0.2);
  check (unison_animation_equal (spring, same), "equal springs compare equal");
  UnisonAnimation *delayed = unison_animation_delay (spring, 0.25);
  check (!unison_animation_equal (spring, delayed), "delay returns a new animation, the argument unchanged");
  check (unison_animation_value (delayed, 0.25) == 0 && unison_animation_value (spring, 0) == 0,
         "a delayed spring has not moved when its delay ends");
  check (unison_animation_value (spring, 30) == 1, "a spring has arrived after 30 s");
  UnisonAnimation *bad = unison_animation_new_spring (NAN, 7);
  char *text = unison_animation_to_string (bad);
  check (strcmp (text, "spring(duration: 0.5, bounce: 1)") == 0, text);
  g_free (text);
  check (isfinite (unison_animation_value (bad, 0.3)), "a NaN duration and bounce 7 give finite values");

  GError *error = NULL;
  UnisonAnimation *parsed = unison_animation_new_from_classes ("animate-spring duration-abc", &error);
  check (parsed == NULL && g_error_matches (error, UNISON_ERROR, UNISON_ERROR_PARSE)
           && strstr (error->message, "duration-abc") != NULL,
         "an unparsable class fails with UNISON_ERROR_PARSE naming the token");
  g_clear_error (&error);
  parsed = unison_animation_new_from_classes ("animate-smooth duration-200", &error);
  UnisonAnimation *smooth = unison_animation_new_smooth (0.2);
  check (parsed != NULL && unison_animation_equal (parsed, smooth), "animate-smooth duration-200 is smooth(0.2)");

  /* A window: a bar, a label and a box, each driven by a value. */
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *bar = gtk_progress_bar_new ();
  GtkWidget *label = gtk_label_new ("Unison");
  gtk_box_append (GTK_BOX (box), bar);
  gtk_box_append (GTK_BOX (box), label);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (bar))
    g_main_context_iteration (NULL, TRUE);

  Scene scene = { .bar = GTK_PROGRESS_BAR (bar), .label = GTK_LABEL (label), .box = GTK_BOX (box),
                  .animation = spring, .driven_match = TRUE };
  scene.value = unison_value_new (bar, 0);
  unison_value_drive_property (scene.value, G_OBJECT (bar), "fraction");
  unison_value_drive_property (scene.value, G_OBJECT (label), "xalign");
  UnisonValue *spacing = unison_value_new (box, 0);
  unison_value_drive_property (spacing, G_OBJECT (box), "spacing");
  check (criticals == 0, "double, float and int properties can be driven");

  unison_value_drive_property (scene.value, G_OBJECT (label), "no-such-property");
  check (criticals == 1 && strstr (last_critical, "no-such-property") != NULL,
         "an unknown property is a critical naming it");
  unison_value_drive_property (scene.value, G_OBJECT (label), "label");
  check (criticals == 2 && strstr (last_critical, "'label'") != NULL, "a string property is a critical naming it");
  check (unison_value_new (NULL, 0) == NULL && criticals == 3, "a NULL widget is a critical, not a crash");

  /* Programming errors are criticals, never crashes; a completion that cannot run is still freed, once. */
  criticals = 0;
  check (unison_animation_delay (NULL, 1) == NULL && criticals == 1 && strstr (last_critical, "self != NULL"),
         "a NULL animation is a critical naming the check");
  int orphan_destroys = 0;
  unison_animate (spring, NULL, NULL, completed, &orphan_destroys, (GDestroyNotify) count_up);
  check (criticals == 2 && orphan_destroys == 1 && scene.completions == 0,
         "unison_animate without changes: a critical; the completion's data freed once, the completion not run");
  criticals = 0;

  /* Without animation: the value jumps, the completion runs at once, once. */
  unison_animate (NULL, set_forty, spacing, completed, &scene, destroyed);
  check (gtk_box_get_spacing (GTK_BOX (box)) == 40 && scene.completions == 1 && scene.destroys == 1,
         "unison_animate (NULL, ...) jumps and completes before returning, once");
  unison_without_animation (set_forty, spacing);

  /* With a spring: every frame checked until the completion. */
  g_signal_connect (scene.value, "notify::value", G_CALLBACK (on_value), &scene);
  gtk_widget_add_tick_callback (bar, record_start, &scene, NULL);
  unison_animate (spring, set_one, scene.value, completed, &scene, destroyed);
  check (unison_value_get_target (scene.value) == 1 && unison_value_get_value (scene.value) == 0,
         "inside unison_animate the target is set, the presented value has not moved");
  while (scene.completions < 2)
    g_main_context_iteration (NULL, TRUE);
  printf ("# %d frames, worst |presented - closed form| = %.3g\n", scene.frames, scene.worst_error);
  check (scene.frames >= 5, "the value was presented on several frames");
  check (scene.worst_error <= 1e-9, "every presented value equals the spring's closed form at the frame's time");
  check (scene.driven_match, "the bar's fraction and the label's xalign were the presented value (clamped to 0…1) on every frame");
  check (scene.completions == 2 && scene.destroys == 2, "the completion and its destroy notify ran once");

  /* Memory: after a warm-up, 10,000 more animated transactions leave the C heap as it was. */
  int completions = 0;
  UnisonAnimation *quick = unison_animation_new_spring (0.2, 0);
  for (int warm = 0; warm < 3; warm++)
    ten_thousand_transactions (scene.value, quick, &completions);
  size_t before = mallinfo2 ().uordblks;
  ten_thousand_transactions (scene.value, quick, &completions);
  size_t after = mallinfo2 ().uordblks;
  double per_call = ((double) after - (double) before) / 10000;
  printf ("# 10,000 animated transactions: C heap in use %+.1f bytes a call\n", per_call);
  check (completions == 40000, "40,000 animated transactions, 40,000 completions");
  check (per_call < 1, "the heap does not grow with the number of transactions");
  unison_animation_unref (quick);

  g_object_unref (spacing);
  g_object_unref (scene.value);
  unison_animation_unref (spring);
  unison_animation_unref (same);
  unison_animation_unref (delayed);
  unison_animation_unref (bad);
  unison_animation_unref (parsed);
  unison_animation_unref (smooth);
  gtk_window_destroy (GTK_WINDOW (window));
  printf ("%s\n", failures ? "C example: FAILED" : "C example: all checks passed");
  return failures ? 1 : 0;
}
