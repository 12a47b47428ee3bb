// The system SQLite: the SDK's on Apple platforms, libsqlite3-dev on Linux.
#include <sqlite3.h>
