// The system SQLite: the SDK's on Apple platforms, libsqlite3-dev on Linux.
#include <sqlite3.h>

/// Turns SQLite's memory statistics off, which must happen before SQLite is first used (it returns
/// SQLITE_MISUSE after). With statistics on, every allocation of every connection takes one global
/// mutex, on which threads working on separate connections wait for each other. (`sqlite3_config` is
/// variadic, which Swift cannot call.)
static inline int daogen_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
