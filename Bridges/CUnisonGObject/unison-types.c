/* The GTypes of Unison's enums: the error domain and UnisonEdge. */
#define G_LOG_DOMAIN "Unison"

#include "unison-bridge.h"

/**
 * unison_error_quark:
 *
 * The quark of the %UNISON_ERROR domain.
 *
 * Returns: the quark
 */
G_DEFINE_QUARK (unison-error-quark, unison_error)

GType
unison_error_get_type (void)
{
  static gsize type = 0;
  if (g_once_init_enter (&type))
    {
      static const GEnumValue values[] = {
        { UNISON_ERROR_INVALID_ARGUMENT, "UNISON_ERROR_INVALID_ARGUMENT", "invalid-argument" },
        { UNISON_ERROR_PARSE, "UNISON_ERROR_PARSE", "parse" },
        { 0, NULL, NULL },
      };
      g_once_init_leave (&type, g_enum_register_static (g_intern_static_string ("UnisonError"), values));
    }
  return type;
}

GType
unison_edge_get_type (void)
{
  static gsize type = 0;
  if (g_once_init_enter (&type))
    {
      static const GEnumValue values[] = {
        { UNISON_EDGE_TOP, "UNISON_EDGE_TOP", "top" },
        { UNISON_EDGE_BOTTOM, "UNISON_EDGE_BOTTOM", "bottom" },
        { UNISON_EDGE_LEADING, "UNISON_EDGE_LEADING", "leading" },
        { UNISON_EDGE_TRAILING, "UNISON_EDGE_TRAILING", "trailing" },
        { 0, NULL, NULL },
      };
      g_once_init_leave (&type, g_enum_register_static (g_intern_static_string ("UnisonEdge"), values));
    }
  return type;
}
