// Helpers for UnisonGtk's NavigationStack (see include/unison_navigation.h).
#include "unison_navigation.h"

void unison_navigation_set_covered(GtkWidget *page, gboolean covered) {
    g_return_if_fail(GTK_IS_WIDGET(page));
    gtk_widget_set_can_focus(page, !covered);
    gtk_widget_set_can_target(page, !covered);
    // GTK keeps this state in step with the widget's visibility; uncovered, it is GTK's again.
    gboolean hidden = covered || !gtk_widget_get_visible(page);
    gtk_accessible_update_state(GTK_ACCESSIBLE(page), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}
