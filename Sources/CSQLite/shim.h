// Shim over the system libsqlite3 for Swift. Editing this file does not trigger a rebuild.
#ifndef SWIPEDECK_CSQLITE_SHIM_H
#define SWIPEDECK_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast of -1 to a function pointer: Swift cannot import it.
static inline sqlite3_destructor_type swipe_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
