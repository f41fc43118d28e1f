/* What the C examples share: a check that prints one line and counts failures, and a GLib log
 * handler that counts criticals (keeping the last message) instead of printing them. Included by
 * example.c and widgets.c; each is still built with one `cc` line. */
#pragma once

#include <stdio.h>

#include <glib.h>

static int failures;

static void
check (gboolean ok, const char *what)
{
  printf ("%s - %s\n", ok ? "ok" : "FAIL", what);
  if (!ok)
    failures++;
}

static int criticals;
static char last_critical[512];

static void
count_critical (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  criticals++;
  g_strlcpy (last_critical, message, sizeof last_critical);
}
