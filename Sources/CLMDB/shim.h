#ifndef CLMDB_SHIM_H
#define CLMDB_SHIM_H
#include <lmdb.h>

/* Asks the processor to start loading the `length` bytes at `address` into its caches, and
   returns at once: a scan prefetches the next record while it decodes the current one, so the
   latency of memory read for the first time overlaps useful work. A hint only: it never faults. */
static inline void clmdb_prefetch(const void *address, size_t length) {
  const char *byte = (const char *)address;
  for (size_t offset = 0; offset < length; offset += 64) __builtin_prefetch(byte + offset, 0, 3);
}

#endif
