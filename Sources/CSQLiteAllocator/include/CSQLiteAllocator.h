#ifndef CSQLITEALLOCATOR_H
#define CSQLITEALLOCATOR_H

/// A memory allocator for SQLite that keeps freed blocks in per-thread lists by size class and hands
/// them out again without taking a lock. daogen's verifier prepares and runs hundreds of thousands of
/// statements on in-memory databases, one per thread; SQLite builds without lookaside memory (as
/// Debian's does) send each of their allocations to malloc, whose slow paths then cost more than the
/// work. Each thread keeps at most a bounded number of bytes per size class and returns them to
/// malloc when it exits.

/// Makes SQLite allocate through this allocator. It must run before SQLite is first used (SQLite
/// refuses the change afterwards); returns SQLite's result code.
int daogen_sqlite3_use_thread_caching_allocator(void);

/// The allocator's functions, with SQLite's contracts (`sqlite3_mem_methods`), for the tests.
void *daogen_allocator_malloc(int size);
void daogen_allocator_free(void *block);
void *daogen_allocator_realloc(void *block, int size);
int daogen_allocator_size(void *block);
int daogen_allocator_roundup(int size);
/// The bytes the calling thread keeps for reuse.
long daogen_allocator_cached_bytes(void);

#endif
