// chafa (libchafa 1.12 from Debian bookworm): pictures as terminal symbols, kitty or sixel graphics.
#include <chafa.h>

// GString's text and length, and its release (glib's macros and inline helpers are not all imported).
static inline const char *swipe_gstring_text(GString *string) { return string->str; }
static inline unsigned long swipe_gstring_length(GString *string) { return (unsigned long)string->len; }
static inline void swipe_gstring_free(GString *string) { g_string_free(string, 1); }
