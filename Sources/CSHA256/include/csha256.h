#ifndef CSHA256_H
#define CSHA256_H

/// SHA-256 (FIPS 180-4) without allocations: the context lives on the caller's stack.
///
/// On x86-64 processors with the SHA extensions (SHA-NI) the compression function uses them;
/// everywhere else a portable C implementation runs. Both give the same digests; which one
/// runs is decided once per process (see csha256_uses_sha_extensions).

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The state of one running hash. Plain data: copy it, keep it on the stack.
typedef struct csha256_ctx {
  uint32_t state[8];
  uint64_t length;      ///< bytes hashed so far
  uint8_t buffer[64];   ///< a partial block
  uint32_t used;        ///< bytes in `buffer`
  uint32_t portable;    ///< non-zero: never use the SHA extensions (for tests)
} csha256_ctx;

/// Starts a hash, with the fastest compression function this processor supports.
void csha256_init(csha256_ctx *ctx);
/// Starts a hash that always uses the portable compression function (for tests).
void csha256_init_portable(csha256_ctx *ctx);
/// Feeds `length` bytes; `data` may be NULL when `length` is 0.
void csha256_update(csha256_ctx *ctx, const void *data, size_t length);
/// Writes the 32-byte digest to `digest`. The context must be initialised again before reuse.
void csha256_final(csha256_ctx *ctx, uint8_t digest[32]);

/// SHA-256(previous ‖ record): one link of a hash chain, written to `digest`.
/// `digest` may alias `previous`.
void csha256_chain(const uint8_t previous[32], const void *record, size_t length, uint8_t digest[32]);

/// 1 if the SHA extensions are used on this processor, 0 if the portable code runs.
int csha256_uses_sha_extensions(void);

#ifdef __cplusplus
}
#endif

#endif
