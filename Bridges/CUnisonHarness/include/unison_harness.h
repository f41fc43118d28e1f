// Process figures the reliability harnesses sample (Harness/: soak and GTK stress runs).
// Not part of the library.
#ifndef UNISON_HARNESS_H
#define UNISON_HARNESS_H

#include <stddef.h>

/// Bytes the C heap has handed out and not taken back (glibc's mallinfo2 `uordblks`, small
/// blocks and mmapped ones together).
size_t unison_harness_heap_in_use(void);

/// glibc's mallinfo2 fields, all arenas together (threads' arenas included).
typedef struct {
    /// `arena`: bytes the allocator holds from the system in its arenas (brk and mmapped heaps),
    /// in use or free.
    size_t arena;
    /// `uordblks`: bytes in use in those arenas (handed out, not freed).
    size_t uordblks;
    /// `fordblks`: free bytes the arenas hold (not given back to the system).
    size_t fordblks;
    /// `ordblks`: how many free chunks those bytes are in (many small ones: fragmentation).
    size_t ordblks;
    /// `hblkhd`: bytes in blocks mmapped one by one (large allocations, in use).
    size_t hblkhd;
} unison_harness_heap_figures;

/// The C heap now (`mallinfo2()`).
unison_harness_heap_figures unison_harness_heap(void);

/// `malloc_trim(0)`: gives free memory at the top of the heap and whole free pages inside every
/// arena back to the system. Returns 1 if some was given back.
int unison_harness_trim(void);

/// The process's resident set in bytes (/proc/self/statm), 0 when it cannot be read.
size_t unison_harness_resident_bytes(void);

/// The resident set by kind (/proc/self/status `RssAnon`, `RssFile`, `RssShmem`), in bytes;
/// all 0 when it cannot be read.
typedef struct {
    /// Anonymous memory: the heaps, thread stacks, anonymous mappings (Mesa's, the allocator's).
    size_t anonymous;
    /// Mapped files: libraries, fonts, icon caches.
    size_t file;
    /// Shared memory: SysV/POSIX segments and shared anonymous mappings (X shared-memory images).
    size_t shmem;
} unison_harness_resident_kinds;

unison_harness_resident_kinds unison_harness_resident(void);

#endif
