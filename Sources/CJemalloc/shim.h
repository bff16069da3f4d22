// jemalloc's control interface, the one function the executable calls — declared here rather
// than through <jemalloc/jemalloc.h>, which also declares malloc and free over glibc's.
#include <stddef.h>

int mallctl(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen);
