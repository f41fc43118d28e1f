// Process figures the reliability harnesses sample (Harness/: soak and GTK stress runs).
// Not part of the library.
#ifndef UNISON_HARNESS_H
#define UNISON_HARNESS_H

#include <stddef.h>

/// Bytes the C heap has handed out and not taken back (glibc's mallinfo2 `uordblks`, small
/// blocks and mmapped ones together).
size_t unison_harness_heap_in_use(void);

/// The process's resident set in bytes (/proc/self/statm), 0 when it cannot be read.
size_t unison_harness_resident_bytes(void);

#endif
