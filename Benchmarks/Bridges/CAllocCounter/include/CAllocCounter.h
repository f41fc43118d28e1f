// Counts heap allocations in the benchmark process (linked only into the benchmark): the
// executable defines malloc & co., so every library's calls resolve here first, and each
// forwards to glibc's own implementation.
#ifndef UNISON_CALLOCCOUNTER_H
#define UNISON_CALLOCCOUNTER_H
#include <stdint.h>
uint64_t unison_alloc_count(void);
#include <stddef.h>
// Bytes allocated and not freed (glibc mallinfo2).
size_t unison_heap_bytes_in_use(void);
#endif
