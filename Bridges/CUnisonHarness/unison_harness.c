#include "unison_harness.h"

#include <malloc.h>
#include <stdio.h>
#include <unistd.h>

size_t unison_harness_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

unison_harness_heap_figures unison_harness_heap(void) {
    struct mallinfo2 info = mallinfo2();
    unison_harness_heap_figures figures = {
        .arena = info.arena,
        .uordblks = info.uordblks,
        .fordblks = info.fordblks,
        .ordblks = info.ordblks,
        .hblkhd = info.hblkhd,
    };
    return figures;
}

int unison_harness_trim(void) { return malloc_trim(0); }

size_t unison_harness_resident_bytes(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    if (!file) return 0;
    unsigned long size = 0, resident = 0;
    int read = fscanf(file, "%lu %lu", &size, &resident);
    fclose(file);
    return read == 2 ? resident * (size_t)sysconf(_SC_PAGESIZE) : 0;
}

unison_harness_resident_kinds unison_harness_resident(void) {
    unison_harness_resident_kinds kinds = {0, 0, 0};
    FILE *file = fopen("/proc/self/status", "r");
    if (!file) return kinds;
    char line[256];
    unsigned long kilobytes = 0;
    while (fgets(line, sizeof line, file)) {
        if (sscanf(line, "RssAnon: %lu kB", &kilobytes) == 1) kinds.anonymous = kilobytes * 1024;
        else if (sscanf(line, "RssFile: %lu kB", &kilobytes) == 1) kinds.file = kilobytes * 1024;
        else if (sscanf(line, "RssShmem: %lu kB", &kilobytes) == 1) kinds.shmem = kilobytes * 1024;
    }
    fclose(file);
    return kinds;
}
