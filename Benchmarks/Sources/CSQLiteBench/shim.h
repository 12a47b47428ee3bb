// The system SQLite, for the hand-written sqlite3 C API baseline of the benchmarks.
#include <sqlite3.h>
