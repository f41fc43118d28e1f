/* Unison: SwiftUI's animation model for GTK 4, from C and every language with GObject
 * Introspection. Include this header only: `#include <unison/unison.h>`.
 *
 * GTK must be initialised (gtk_init) before the first call that touches a widget or a
 * transaction; Unison needs no initialisation of its own. Every call is made on GTK's main thread.
 */
#pragma once

#include <unison/unison-error.h>
#include <unison/unison-animation.h>
#include <unison/unison-animate.h>
#include <unison/unison-transition.h>
#include <unison/unison-value.h>
#include <unison/unison-content-label.h>
#include <unison/unison-motion-bin.h>
#include <unison/unison-navigation-stack.h>
#include <unison/unison-list-animator.h>
#include <unison/unison-motion-preferences.h>
#include <unison/unison-frame-readout.h>
