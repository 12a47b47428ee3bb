#include "CSQLiteAllocator.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Blocks carry a 16-byte header holding their size class (or, past the largest class, their size),
// which keeps the 16-byte alignment of malloc. Classes are 16 bytes apart up to 1 KiB, then 256 apart
// up to 8 KiB, which covers SQLite's pages of 4 KiB and their headers.
enum {
    header_size = 16,
    small_step = 16,
    small_limit = 1024,
    large_step = 256,
    large_limit = 8192,
    class_count = small_limit / small_step + (large_limit - small_limit) / large_step,
    // The bytes a thread keeps per class: enough for a statement's worth of parser nodes.
    bytes_kept_per_class = 64 * 1024,
    uncached = -1,
};

typedef struct {
    int64_t size_class;  // uncached for a block of its own size
    int64_t usable;      // the bytes after the header
} header;

typedef struct free_block {
    struct free_block *next;
} free_block;

typedef struct {
    free_block *heads[class_count];
    int32_t counts[class_count];
} thread_cache;

// The thread's cache, allocated on first use. Initial-exec TLS on Linux keeps it one instruction
// away, without a call to __tls_get_addr; a pointer takes 8 bytes of the static TLS block, which is
// there even for a library loaded with dlopen.
#if defined(__linux__)
static _Thread_local thread_cache *cache __attribute__((tls_model("initial-exec")));
#else
static _Thread_local thread_cache *cache;
#endif
/// The blocks a thread keeps of each class (`bytes_kept_per_class` of them, at least 4).
static int32_t blocks_kept[class_count];
static pthread_key_t exit_key;
static pthread_once_t set_up_once = PTHREAD_ONCE_INIT;

static int class_of(int size) {
    if (size <= small_limit) return size <= small_step ? 0 : (size - 1) / small_step;
    if (size <= large_limit) return small_limit / small_step + (size - small_limit - 1) / large_step;
    return uncached;
}

static int usable_size_of_class(int size_class) {
    int small_classes = small_limit / small_step;
    if (size_class < small_classes) return (size_class + 1) * small_step;
    return small_limit + (size_class - small_classes + 1) * large_step;
}


static void release_cache(void *pointer) {
    thread_cache *released = pointer;
    for (int size_class = 0; size_class < class_count; size_class++) {
        free_block *block = released->heads[size_class];
        while (block) {
            free_block *next = block->next;
            free((char *)block - header_size);
            block = next;
        }
    }
    free(released);
    // A later destructor that frees makes a new cache, and pthread calls this once more.
    if (cache == released) cache = NULL;
}

static void set_up(void) {
    pthread_key_create(&exit_key, release_cache);
    for (int size_class = 0; size_class < class_count; size_class++) {
        int32_t count = bytes_kept_per_class / (usable_size_of_class(size_class) + header_size);
        blocks_kept[size_class] = count < 4 ? 4 : count;
    }
}

// The thread's cache, made and registered on first use so that the thread returns it to malloc when
// it exits; NULL when there is no memory for it, and blocks then go to malloc and free directly.
static thread_cache *current_cache(void) {
    thread_cache *local = cache;
    if (local) return local;
    pthread_once(&set_up_once, set_up);
    local = calloc(1, sizeof(thread_cache));
    if (!local) return NULL;
    pthread_setspecific(exit_key, local);
    cache = local;
    return local;
}

void *daogen_allocator_malloc(int size) {
    if (size < 0) return NULL;
    int size_class = class_of(size);
    thread_cache *local = size_class != uncached ? current_cache() : NULL;
    if (local) {
        free_block *block = local->heads[size_class];
        if (block) {
            local->heads[size_class] = block->next;
            local->counts[size_class] -= 1;
            return block;
        }
    }
    int usable = size_class == uncached ? size : usable_size_of_class(size_class);
    header *start = malloc((size_t)usable + header_size);
    if (!start) return NULL;
    start->size_class = size_class;
    start->usable = usable;
    return (char *)start + header_size;
}

void daogen_allocator_free(void *pointer) {
    if (!pointer) return;
    header *start = (header *)((char *)pointer - header_size);
    int size_class = (int)start->size_class;
    thread_cache *local = size_class != uncached ? current_cache() : NULL;
    if (local) {
        if (local->counts[size_class] < blocks_kept[size_class]) {
            free_block *block = pointer;
            block->next = local->heads[size_class];
            local->heads[size_class] = block;
            local->counts[size_class] += 1;
            return;
        }
    }
    free(start);
}

int daogen_allocator_size(void *pointer) {
    if (!pointer) return 0;
    return (int)((header *)((char *)pointer - header_size))->usable;
}

void *daogen_allocator_realloc(void *pointer, int size) {
    if (!pointer) return daogen_allocator_malloc(size);
    int usable = daogen_allocator_size(pointer);
    int size_class = class_of(size);
    if (size >= 0 && size_class != uncached && size_class == class_of(usable)) return pointer;
    void *moved = daogen_allocator_malloc(size);
    if (!moved) return NULL;
    memcpy(moved, pointer, (size_t)(usable < size ? usable : size));
    daogen_allocator_free(pointer);
    return moved;
}

int daogen_allocator_roundup(int size) {
    int size_class = class_of(size);
    return size_class == uncached ? size : usable_size_of_class(size_class);
}

long daogen_allocator_cached_bytes(void) {
    long total = 0;
    for (int size_class = 0; cache && size_class < class_count; size_class++) {
        total += (long)cache->counts[size_class] * usable_size_of_class(size_class);
    }
    return total;
}

static int initialize(void *unused) {
    (void)unused;
    return SQLITE_OK;
}

static void shut_down(void *unused) {
    (void)unused;
}

int daogen_sqlite3_use_thread_caching_allocator(void) {
    // SQLite copies the methods.
    sqlite3_mem_methods methods = {
        daogen_allocator_malloc, daogen_allocator_free, daogen_allocator_realloc, daogen_allocator_size,
        daogen_allocator_roundup, initialize, shut_down, NULL,
    };
    return sqlite3_config(SQLITE_CONFIG_MALLOC, &methods);
}
