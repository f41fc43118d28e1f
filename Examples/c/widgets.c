/* Unison's widgets from C: a navigation stack pushed and popped with its lifecycle signals counted,
 * a content label and a motion bin changed inside a transaction, and NULL arguments reported as
 * criticals.
 *
 *   cc -o widgets widgets.c $(pkg-config --cflags --libs unison-1 gtk4) && ./widgets
 *
 * Prints one line per check and exits with 1 if one fails (`make test-gobject` runs it under Xvfb). */
#include <stdio.h>
#include <string.h>

#include <gtk/gtk.h>
#include <unison/unison.h>

#include "checks.h"

static void
iterate_until (gboolean *condition)
{
  while (!*condition)
    g_main_context_iteration (NULL, TRUE);
}

/* The lifecycle signals one page received, as letters: W (will appear), A (did appear),
 * D (will disappear), G (did disappear: gone). */
typedef struct {
  GtkWidget *page;
  char events[32];
  gboolean gone;
} Journal;

static void
record (UnisonNavigationStack *stack, GtkWidget *page, gpointer data)
{
  Journal *journal = data;
  if (page != journal->page)
    return;
  const char *name = g_signal_name (g_signal_get_invocation_hint (stack)->signal_id);
  char letter = g_str_equal (name, "page-will-appear") ? 'W' : g_str_equal (name, "page-did-appear") ? 'A'
              : g_str_equal (name, "page-will-disappear") ? 'D' : 'G';
  size_t length = strlen (journal->events);
  if (length + 1 < sizeof journal->events)
    journal->events[length] = letter;
  journal->gone = letter == 'G';
}

static void
push_page (gpointer data)
{
  void **args = data;
  unison_navigation_stack_push (args[0], args[1], args[2]);
}

static void
count_notify (gpointer data)
{
  (*(int *) data)++;
}

static void
set_counter (gpointer label)
{
  unison_content_label_set_text (label, "42");
}

static void
move_bin (gpointer bin)
{
  unison_motion_bin_set_translation (bin, 50, 0);
}

int
main (void)
{
  gtk_init ();
  g_log_set_handler ("Unison", G_LOG_LEVEL_CRITICAL, count_critical, NULL);

  GtkWidget *window = gtk_window_new ();
  GtkWidget *root = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *card = gtk_button_new_with_label ("card");
  gtk_box_append (GTK_BOX (root), card);
  GtkWidget *stack = unison_navigation_stack_new (root);
  gtk_widget_set_size_request (stack, 240, 160);
  gtk_window_set_child (GTK_WINDOW (window), stack);
  gtk_window_present (GTK_WINDOW (window));
  while (gtk_widget_get_width (stack) == 0)
    g_main_context_iteration (NULL, TRUE);
  UnisonNavigationStack *navigation = UNISON_NAVIGATION_STACK (stack);
  check (unison_navigation_stack_get_top (navigation) == root && unison_navigation_stack_get_depth (navigation) == 1,
         "a new stack shows its root");

  Journal journal = { .page = g_object_ref_sink (gtk_label_new ("editor")) }; /* ours after the pop */
  const char *names[] = { "page-will-appear", "page-did-appear", "page-will-disappear", "page-did-disappear" };
  for (int i = 0; i < 4; i++)
    g_signal_connect (stack, names[i], G_CALLBACK (record), &journal);

  /* A zoom push out of the card inside a transaction, then a platform pop. */
  g_autoptr (UnisonAnimation) smooth = unison_animation_new_smooth (0.25);
  void *args[] = { navigation, journal.page, card };
  unison_animate (smooth, push_page, args, NULL, NULL, NULL);
  check (unison_navigation_stack_get_top (navigation) == journal.page, "the pushed page is the top page at once");
  check (strcmp (journal.events, "W") == 0, "page-will-appear is emitted by the push");
  while (strlen (journal.events) < 2)
    g_main_context_iteration (NULL, TRUE);
  check (strcmp (journal.events, "WA") == 0, "page-did-appear follows when the zoom ends");
  check (unison_navigation_stack_pop (navigation), "the page pops");
  iterate_until (&journal.gone);
  check (strcmp (journal.events, "WADG") == 0, "each signal once per visit, in order");
  while (gtk_widget_get_parent (journal.page) != NULL)
    g_main_context_iteration (NULL, TRUE);
  check (!unison_navigation_stack_pop (navigation), "the root is never popped");
  g_object_unref (journal.page);

  /* Programming errors are criticals, never crashes. */
  criticals = 0;
  check (!unison_navigation_stack_push (navigation, NULL, NULL) && criticals == 1
           && strstr (last_critical, "GTK_IS_WIDGET (page)") != NULL,
         "a NULL page is a critical naming the check");
  check (unison_navigation_stack_new (NULL) == NULL && criticals == 2, "a NULL root is a critical");
  check (!unison_navigation_stack_pop (NULL) && criticals == 3, "a NULL stack is a critical");
  check (!unison_navigation_stack_push (navigation, card, NULL) && criticals == 3,
         "a page that has a parent is refused (FALSE), not a critical");

  /* A content label: the text reads back at once, notify::text once per change, NULL a critical. */
  GtkWidget *counter = unison_content_label_new ("41");
  gtk_box_append (GTK_BOX (root), counter);
  while (gtk_widget_get_width (counter) == 0)
    g_main_context_iteration (NULL, TRUE);
  int notifies = 0;
  g_signal_connect_swapped (counter, "notify::text", G_CALLBACK (count_notify), &notifies);
  unison_animate (smooth, set_counter, counter, NULL, NULL, NULL);
  unison_content_label_set_text (UNISON_CONTENT_LABEL (counter), "42"); /* the same again: no notify */
  check (strcmp (unison_content_label_get_text (UNISON_CONTENT_LABEL (counter)), "42") == 0 && notifies == 1,
         "a content label's text reads back at once and notifies once");
  unison_content_label_set_text (UNISON_CONTENT_LABEL (counter), NULL);
  check (criticals == 4 && strstr (last_critical, "text != NULL") != NULL, "a NULL text is a critical");

  /* A motion bin: a translation set inside a transaction animates; the presented value moves
   * over frames to it; the completion runs once. */
  GtkWidget *moving = unison_motion_bin_new (gtk_label_new ("moving"));
  gtk_box_append (GTK_BOX (root), moving);
  while (gtk_widget_get_width (moving) == 0)
    g_main_context_iteration (NULL, TRUE);
  int moved = 0;
  unison_animate (smooth, move_bin, moving, (UnisonCompletionFunc) count_notify, &moved, NULL);
  double x = -1, target = 0;
  unison_motion_bin_get_presented_translation (UNISON_MOTION_BIN (moving), &x, NULL);
  g_object_get (moving, "translation-x", &target, NULL);
  check (x == 0 && target == 50, "inside unison_animate the property is set, the drawn translation has not moved");
  gboolean between = FALSE;
  while (moved == 0)
    {
      g_main_context_iteration (NULL, TRUE);
      unison_motion_bin_get_presented_translation (UNISON_MOTION_BIN (moving), &x, NULL);
      between = between || (x > 0 && x < 50);
    }
  check (between, "the drawn translation passed between 0 and 50");
  while (x != 50)
    {
      g_main_context_iteration (NULL, TRUE);
      unison_motion_bin_get_presented_translation (UNISON_MOTION_BIN (moving), &x, NULL);
    }
  check (moved == 1, "the completion ran once");
  check (unison_motion_bin_new (NULL) == NULL && criticals == 5, "a NULL child is a critical");

  /* The window destroyed mid-push: the visit is closed at once. */
  Journal second = { .page = gtk_label_new ("second") };
  for (int i = 0; i < 4; i++)
    g_signal_connect (stack, names[i], G_CALLBACK (record), &second);
  unison_navigation_stack_push (navigation, second.page, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  check (strcmp (second.events, "WA") == 0, "a stack destroyed mid-push ends the push with its signals");

  printf ("%s\n", failures ? "C widgets: FAILED" : "C widgets: all checks passed");
  return failures ? 1 : 0;
}
