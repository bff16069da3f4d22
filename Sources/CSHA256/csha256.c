// SHA-256 (FIPS 180-4) for the event log's hash chain: a portable implementation and, on
// x86-64 processors that have them, the SHA extensions (SHA-NI). No allocation anywhere.

#include "csha256.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define CSHA256_X86 1
#include <cpuid.h>
#include <immintrin.h>
#endif

static const uint32_t K[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static const uint32_t initial_state[8] = {
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

// MARK: Portable

static inline uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

static inline uint32_t load_be32(const uint8_t *p) {
  return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static void compress_portable(uint32_t state[8], const uint8_t *data, size_t blocks) {
  uint32_t w[64];
  while (blocks--) {
    for (int i = 0; i < 16; i++) w[i] = load_be32(data + 4 * i);
    for (int i = 16; i < 64; i++) {
      uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    for (int i = 0; i < 64; i++) {
      uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
      uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      h = g; g = f; f = e; e = d + t1;
      d = c; c = b; b = a; a = t1 + t2;
    }
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    data += 64;
  }
}

// MARK: SHA extensions (x86-64)

#ifdef CSHA256_X86
__attribute__((target("sha,sse4.1,ssse3")))
static void compress_sha_ni(uint32_t state[8], const uint8_t *data, size_t blocks) {
  const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
  // The instructions want the state as ABEF and CDGH.
  __m128i tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[0]), 0xB1);  // CDAB
  __m128i state1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[4]), 0x1B);  // EFGH
  __m128i state0 = _mm_alignr_epi8(tmp, state1, 8);  // ABEF
  state1 = _mm_blend_epi16(state1, tmp, 0xF0);  // CDGH

  while (blocks--) {
    const __m128i abef = state0, cdgh = state1;
    __m128i w[4];
#pragma clang loop unroll(full)
    for (int g = 0; g < 16; g++) {
      __m128i *slot = &w[g & 3];
      if (g < 4) {
        *slot = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * g)), byte_swap);
      } else {
        // W[g] from W[g-4] (in slot), W[g-3], W[g-2], W[g-1].
        __m128i next = _mm_sha256msg1_epu32(*slot, w[(g + 1) & 3]);
        next = _mm_add_epi32(next, _mm_alignr_epi8(w[(g + 3) & 3], w[(g + 2) & 3], 4));
        *slot = _mm_sha256msg2_epu32(next, w[(g + 3) & 3]);
      }
      __m128i message = _mm_add_epi32(*slot, _mm_loadu_si128((const __m128i *)&K[4 * g]));
      state1 = _mm_sha256rnds2_epu32(state1, state0, message);
      state0 = _mm_sha256rnds2_epu32(state0, state1, _mm_shuffle_epi32(message, 0x0E));
    }
    state0 = _mm_add_epi32(state0, abef);
    state1 = _mm_add_epi32(state1, cdgh);
    data += 64;
  }

  tmp = _mm_shuffle_epi32(state0, 0x1B);  // FEBA
  state1 = _mm_shuffle_epi32(state1, 0xB1);  // DCHG
  state0 = _mm_blend_epi16(tmp, state1, 0xF0);  // DCBA
  state1 = _mm_alignr_epi8(state1, tmp, 8);  // ABEF → HGFE
  _mm_storeu_si128((__m128i *)&state[0], state0);
  _mm_storeu_si128((__m128i *)&state[4], state1);
}

static int detect_sha_ni(void) {
  unsigned eax, ebx, ecx, edx;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
  const int ssse3 = (ecx >> 9) & 1, sse41 = (ecx >> 19) & 1;
  if (!ssse3 || !sse41) return 0;
  if (__get_cpuid_max(0, NULL) < 7) return 0;
  __cpuid_count(7, 0, eax, ebx, ecx, edx);
  return (ebx >> 29) & 1;
}
#endif

// 0: not yet known, 1: portable, 2: SHA extensions. CPUID is slow in a VM, so ask once.
static int implementation = 0;

int csha256_uses_sha_extensions(void) {
  int known = __atomic_load_n(&implementation, __ATOMIC_RELAXED);
  if (known == 0) {
#ifdef CSHA256_X86
    known = detect_sha_ni() ? 2 : 1;
#else
    known = 1;
#endif
    __atomic_store_n(&implementation, known, __ATOMIC_RELAXED);
  }
  return known == 2;
}

static inline void compress(const csha256_ctx *ctx, uint32_t state[8], const uint8_t *data, size_t blocks) {
#ifdef CSHA256_X86
  if (!ctx->portable && csha256_uses_sha_extensions()) {
    compress_sha_ni(state, data, blocks);
    return;
  }
#else
  (void)ctx;
#endif
  compress_portable(state, data, blocks);
}

// MARK: Streaming API

void csha256_init(csha256_ctx *ctx) {
  memcpy(ctx->state, initial_state, sizeof initial_state);
  ctx->length = 0;
  ctx->used = 0;
  ctx->portable = 0;
}

void csha256_init_portable(csha256_ctx *ctx) {
  csha256_init(ctx);
  ctx->portable = 1;
}

void csha256_update(csha256_ctx *ctx, const void *data, size_t length) {
  const uint8_t *bytes = (const uint8_t *)data;
  ctx->length += length;
  if (ctx->used > 0) {
    size_t take = 64 - ctx->used;
    if (take > length) take = length;
    memcpy(ctx->buffer + ctx->used, bytes, take);
    ctx->used += (uint32_t)take;
    bytes += take;
    length -= take;
    if (ctx->used < 64) return;
    compress(ctx, ctx->state, ctx->buffer, 1);
    ctx->used = 0;
  }
  if (length >= 64) {
    compress(ctx, ctx->state, bytes, length / 64);
    bytes += length & ~(size_t)63;
    length &= 63;
  }
  if (length > 0) {
    memcpy(ctx->buffer, bytes, length);
    ctx->used = (uint32_t)length;
  }
}

void csha256_final(csha256_ctx *ctx, uint8_t digest[32]) {
  const uint64_t bits = ctx->length * 8;
  uint8_t *buffer = ctx->buffer;
  uint32_t used = ctx->used;
  buffer[used++] = 0x80;
  if (used > 56) {
    memset(buffer + used, 0, 64 - used);
    compress(ctx, ctx->state, buffer, 1);
    used = 0;
  }
  memset(buffer + used, 0, 56 - used);
  for (int i = 0; i < 8; i++) buffer[56 + i] = (uint8_t)(bits >> (56 - 8 * i));
  compress(ctx, ctx->state, buffer, 1);
  for (int i = 0; i < 8; i++) {
    digest[4 * i] = (uint8_t)(ctx->state[i] >> 24);
    digest[4 * i + 1] = (uint8_t)(ctx->state[i] >> 16);
    digest[4 * i + 2] = (uint8_t)(ctx->state[i] >> 8);
    digest[4 * i + 3] = (uint8_t)ctx->state[i];
  }
}

void csha256_chain(const uint8_t previous[32], const void *record, size_t length, uint8_t digest[32]) {
  csha256_ctx ctx;
  csha256_init(&ctx);
  // The first block is the previous link and the record's first 32 bytes.
  memcpy(ctx.buffer, previous, 32);
  ctx.used = 32;
  ctx.length = 32;
  csha256_update(&ctx, record, length);
  csha256_final(&ctx, digest);
}
