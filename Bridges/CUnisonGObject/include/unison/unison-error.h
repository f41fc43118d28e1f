#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * UNISON_ERROR:
 *
 * The error domain of Unison (see #UnisonError).
 */
#define UNISON_ERROR (unison_error_quark ())

/**
 * UnisonError:
 * @UNISON_ERROR_INVALID_ARGUMENT: an argument has a value the call cannot use; the message names it
 * @UNISON_ERROR_PARSE: a class string does not parse; the message names the token
 *
 * Errors in the %UNISON_ERROR domain.
 */
typedef enum {
  UNISON_ERROR_INVALID_ARGUMENT,
  UNISON_ERROR_PARSE,
} UnisonError;

GQuark unison_error_quark (void);

#define UNISON_TYPE_ERROR (unison_error_get_type ())
GType unison_error_get_type (void) G_GNUC_CONST;

G_END_DECLS
