#include "unison_harness.h"

#include <malloc.h>
#include <stdio.h>
#include <unistd.h>

size_t unison_harness_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

size_t unison_harness_resident_bytes(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    if (!file) return 0;
    unsigned long size = 0, resident = 0;
    int read = fscanf(file, "%lu %lu", &size, &resident);
    fclose(file);
    return read == 2 ? resident * (size_t)sysconf(_SC_PAGESIZE) : 0;
}
