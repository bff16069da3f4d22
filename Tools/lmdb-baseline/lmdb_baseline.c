/*
 * lmdb_baseline.c — the raw-LMDB baseline for `ledger-bench`.
 *
 * This program does, against the same liblmdb, the LMDB work the Swift event log does for the
 * same workload, and nothing else, so that `Swift / C` measures the cost of the Swift layers
 * (EventLog, LMDB wrapper, group-commit writer, SHA-256 chain) on top of LMDB itself.
 *
 * It mirrors, record for record (see Sources/EventLog/AppendTransaction.swift, LogSchema.swift
 * and EnvelopeLayout.swift):
 *
 *   environment  MDB_NOSUBDIR | MDB_NOTLS, plus MDB_NOSYNC / MDB_NOMETASYNC per durability,
 *                mode 0600, maxdbs 32, maxreaders 254, the same map size as the Swift run;
 *                databases meta, events, streams, stream-index, idempotency.
 *   per commit   cursor MDB_LAST on `events` (the log head: decode and check the envelope),
 *                mdb_get meta["next-stream-id"], one mdb_get on `streams` per stream touched;
 *                at the end one put into `streams` per stream touched (16-byte value: LE id,
 *                LE version) and, if a stream was created, a put of meta["next-stream-id"].
 *   per event    one put into `events` with MDB_APPEND | MDB_RESERVE under the 8-byte
 *                big-endian position; the reserved value is filled in place with the 36-byte
 *                envelope header, stream name, type name, payload and a 32-byte hash;
 *                one put into `stream-index`: key BE stream id ‖ BE version, value BE position.
 *
 *   headroom     as FileHeadroom.swift, unless --durability nosync or --headroom off: after
 *                opening and after every commit, when the used pages reach the next check and
 *                less than half a stretch (used/8, between 4 and 128 MiB) lies past them, zeros
 *                are written past the end of the file towards used + stretch, at most 16 MiB
 *                per commit and never past the map size, inside an empty write transaction,
 *                then fdatasync (skipped with less than two stretches of free disk space).
 *
 * What it deliberately does not do: compute SHA-256 when appending (it copies 32 bytes in its
 * place — the hash is part of the overhead being measured), validate input, or queue requests.
 *
 * Cases (one per invocation; the result is one line of JSON on stdout):
 *   --case append --path FILE --count N --batch B --durability durable|nometasync|nosync
 *          N events, B per commit, stream "transaction-<i/10>" for event i (0-based),
 *          type "TransactionAdded", a fixed payload of --payload-size bytes (default 120).
 *          --max-seconds S stops early after S seconds (the count done is reported).
 *   --case group --path FILE --count N --tasks T --durability ...
 *          the ideal group commit of T concurrent appenders making N/T single-event appends
 *          each: every commit holds one event of each appender (T events, T streams).
 *   --case scan   --path FILE [--repeat R]   forward scan of an existing log with envelope
 *          decode; reports the median of R runs (at most 15) and a checksum (a decimal
 *          string, so JSON readers keep all 64 bits) that the Swift harness compares.
 *   --case verify --path FILE [--repeat R]   walk the hash chain (needs OpenSSL: build with
 *          -DLB_WITH_OPENSSL -lcrypto; otherwise this case reports "unsupported").
 *
 * Build: gcc -O2 -o lmdb-baseline lmdb_baseline.c -llmdb [-DLB_WITH_OPENSSL -lcrypto]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <lmdb.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#ifdef LB_WITH_OPENSSL
#define OPENSSL_API_COMPAT 0x10100000L
#include <openssl/sha.h>
#endif

/* ---- The envelope (record format 1), as in EnvelopeLayout.swift ---------------------------- */

enum {
  HEADER_SIZE = 36,
  HASH_SIZE = 32,
  OFF_FORMAT = 0,
  OFF_FLAGS = 1,
  OFF_SCHEMA = 2,
  OFF_POSITION = 4,
  OFF_STREAM_VERSION = 12,
  OFF_RECORDED_AT = 20,
  OFF_STREAM_LEN = 28,
  OFF_TYPE_LEN = 30,
  OFF_PAYLOAD_LEN = 32,
  EVENTS_PER_STREAM = 10,
  MAX_PAYLOAD = 1 << 16,
};

static const char EVENT_TYPE[] = "TransactionAdded";

/* Little-endian stores and loads (the envelope's integers); x86-64 and arm64 are LE. */
static inline void store_le16(uint8_t *p, uint16_t v) { memcpy(p, &v, 2); }
static inline void store_le32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static inline void store_le64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }
static inline uint16_t load_le16(const uint8_t *p) { uint16_t v; memcpy(&v, p, 2); return v; }
static inline uint32_t load_le32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static inline uint64_t load_le64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }
/* Big-endian keys, so LMDB's byte order is numeric order (BigEndianKey in the Swift code). */
static inline void store_be64(uint8_t *p, uint64_t v) { v = __builtin_bswap64(v); memcpy(p, &v, 8); }
static inline uint64_t load_be64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return __builtin_bswap64(v); }

/* The decoded header fields of a stored record, checked as EventView.init checks them. */
typedef struct {
  uint64_t position, stream_version;
  int64_t recorded_at;
  size_t type_length, payload_length, canonical_length;
} envelope;

/* Returns 0 and fills `out` if `value` is a well-formed record, -1 otherwise. */
static int decode_envelope(const MDB_val *value, envelope *out) {
  const uint8_t *bytes = value->mv_data;
  size_t count = value->mv_size;
  if (count < HEADER_SIZE + HASH_SIZE || bytes[OFF_FORMAT] != 1) return -1;
  size_t stream_length = load_le16(bytes + OFF_STREAM_LEN);
  size_t type_length = load_le16(bytes + OFF_TYPE_LEN);
  size_t payload_length = load_le32(bytes + OFF_PAYLOAD_LEN);
  uint8_t flags = bytes[OFF_FLAGS];
  size_t offset = HEADER_SIZE + stream_length + type_length;
  size_t canonical_end = count - HASH_SIZE;
  for (uint8_t bit = 1; bit <= 4; bit <<= 1) { /* actor, correlation id, causation id */
    if (flags & bit) {
      if (offset + 2 > canonical_end) return -1;
      offset += 2 + load_le16(bytes + offset);
    }
  }
  if (offset + payload_length != canonical_end) return -1;
  out->position = load_le64(bytes + OFF_POSITION);
  out->stream_version = load_le64(bytes + OFF_STREAM_VERSION);
  out->recorded_at = (int64_t)load_le64(bytes + OFF_RECORDED_AT);
  out->type_length = type_length;
  out->payload_length = payload_length;
  out->canonical_length = canonical_end;
  return 0;
}

/* ---- Plumbing -------------------------------------------------------------------------------- */

static double now_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int64_t wall_clock_ms(void) { /* EventLog.systemClock */
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void die(const char *what, int rc) {
  fprintf(stderr, "lmdb-baseline: %s: %s\n", what, rc ? mdb_strerror(rc) : strerror(errno));
  exit(1);
}

#define CHECK(call)                      \
  do {                                   \
    int rc_ = (call);                    \
    if (rc_ != MDB_SUCCESS) die(#call, rc_); \
  } while (0)

typedef struct {
  const char *case_name, *path, *durability;
  uint64_t count, batch, tasks;
  size_t payload_size, map_size;
  double max_seconds;
  int repeat;
  int headroom; /* --headroom on|off (default on) */
} options;

/* Opens the environment the way Sources/LMDB/Environment.swift does. */
static MDB_env *open_env(const options *o, unsigned extra_flags) {
  MDB_env *env;
  CHECK(mdb_env_create(&env));
  CHECK(mdb_env_set_maxdbs(env, 32));
  CHECK(mdb_env_set_maxreaders(env, 254));
  CHECK(mdb_env_set_mapsize(env, o->map_size));
  CHECK(mdb_env_open(env, o->path, MDB_NOSUBDIR | MDB_NOTLS | extra_flags, 0600));
  return env;
}

typedef struct {
  MDB_dbi meta, events, streams, stream_index, idempotency;
} schema;

/* LogSchema.open: create the five databases and the format-version record (not timed). */
static schema open_schema(MDB_env *env) {
  schema s;
  MDB_txn *txn;
  CHECK(mdb_txn_begin(env, NULL, 0, &txn));
  CHECK(mdb_dbi_open(txn, "meta", MDB_CREATE, &s.meta));
  MDB_val key = {strlen("format-version"), "format-version"}, value;
  if (mdb_get(txn, s.meta, &key, &value) == MDB_NOTFOUND) {
    uint8_t version[4];
    store_le32(version, 1);
    value.mv_size = 4;
    value.mv_data = version;
    CHECK(mdb_put(txn, s.meta, &key, &value, 0));
  }
  CHECK(mdb_dbi_open(txn, "events", MDB_CREATE, &s.events));
  CHECK(mdb_dbi_open(txn, "streams", MDB_CREATE, &s.streams));
  CHECK(mdb_dbi_open(txn, "stream-index", MDB_CREATE, &s.stream_index));
  CHECK(mdb_dbi_open(txn, "idempotency", MDB_CREATE, &s.idempotency));
  CHECK(mdb_txn_commit(txn));
  return s;
}

/* ---- headroom (FileHeadroom.swift, Environment+Headroom.swift) ------------------------------ */

static int keep_headroom;      /* durability is not nosync */
static size_t headroom_check;  /* the used size at which to look again */

static void refill_headroom(MDB_env *env) {
  if (!keep_headroom) return;
  MDB_envinfo info;
  MDB_stat stat_;
  CHECK(mdb_env_info(env, &info));
  CHECK(mdb_env_stat(env, &stat_));
  size_t used = (info.me_last_pgno + 1) * stat_.ms_psize;
  if (used < headroom_check) return;
  size_t stretch = used / 8;
  if (stretch < (4u << 20)) stretch = 4u << 20;
  if (stretch > (128u << 20)) stretch = 128u << 20;
  int fd;
  CHECK(mdb_env_get_fd(env, &fd));
  struct stat file;
  if (fstat(fd, &file) != 0) die("fstat", errno);
  size_t end = (size_t)file.st_size;
  struct statvfs disk;
  int roomy = fstatvfs(fd, &disk) != 0 || (size_t)disk.f_bavail * disk.f_frsize >= 2 * stretch;
  if (end < used + stretch / 2 && roomy) {
    size_t target = used + stretch < end + (16u << 20) ? used + stretch : end + (16u << 20);
    if (target > info.me_mapsize) target = info.me_mapsize;
    MDB_txn *txn;
    CHECK(mdb_txn_begin(env, NULL, 0, &txn)); /* the writer lock, as on the Swift side */
    static const char zeros[1 << 20];
    for (size_t at = end; at < target;) {
      size_t count = target - at < sizeof zeros ? target - at : sizeof zeros;
      ssize_t written = pwrite(fd, zeros, count, (off_t)at);
      if (written <= 0) die("pwrite", errno);
      at += (size_t)written;
    }
    if (target > end && fdatasync(fd) != 0) die("fdatasync", errno);
    CHECK(mdb_txn_commit(txn));
    if (target > end) end = target;
    if (end < used + stretch && end < info.me_mapsize) { /* a step of a bigger refill */
      headroom_check = used;
      return;
    }
  }
  headroom_check = (end > used + stretch ? end : used + stretch) - stretch / 2;
}

/* ---- append ---------------------------------------------------------------------------------- */

typedef struct {
  uint64_t number; /* the <n> of "transaction-<n>" */
  char name[32];
  size_t name_length;
  uint64_t id, version;
} stream_state;

/* One commit of the events whose 0-based indices are `events[0..n)`, in that order, exactly as
 * AppendTransaction writes them. Event i belongs to stream "transaction-<i/10>". `streams` has
 * room for n entries; `slot` for n indices. */
static void commit_events(MDB_env *env, const schema *s, const uint64_t *events, size_t n,
                          const uint8_t *payload, size_t payload_size, stream_state *streams, size_t *slot) {
  MDB_txn *txn;
  CHECK(mdb_txn_begin(env, NULL, 0, &txn));

  /* The head: the last event's position, recorded-at and hash (LogSchema.head). */
  uint64_t head_position = 0;
  int64_t head_recorded_at = 0;
  uint8_t hash[HASH_SIZE] = {0};
  MDB_cursor *cursor;
  CHECK(mdb_cursor_open(txn, s->events, &cursor));
  MDB_val key, value;
  int rc = mdb_cursor_get(cursor, &key, &value, MDB_LAST);
  if (rc == MDB_SUCCESS) {
    envelope last;
    if (decode_envelope(&value, &last) != 0) die("corrupt head record", 0);
    head_position = load_be64(key.mv_data);
    head_recorded_at = last.recorded_at;
    memcpy(hash, (const uint8_t *)value.mv_data + last.canonical_length, HASH_SIZE);
  } else if (rc != MDB_NOTFOUND) {
    die("mdb_cursor_get(MDB_LAST)", rc);
  }
  mdb_cursor_close(cursor);
  int64_t now = wall_clock_ms();
  int64_t recorded_at = now > head_recorded_at ? now : head_recorded_at;

  /* meta["next-stream-id"] */
  uint64_t next_stream_id = 1;
  int next_stream_id_changed = 0;
  MDB_val id_key = {strlen("next-stream-id"), "next-stream-id"};
  rc = mdb_get(txn, s->meta, &id_key, &value);
  if (rc == MDB_SUCCESS && value.mv_size == 8) next_stream_id = load_le64(value.mv_data);
  else if (rc != MDB_SUCCESS && rc != MDB_NOTFOUND) die("mdb_get(next-stream-id)", rc);

  /* Every stream touched is looked up once, before any event is written (expected versions),
   * as the group's stream cache in AppendTransaction does. */
  size_t stream_count = 0;
  for (size_t e = 0; e < n; e++) {
    uint64_t number = events[e] / EVENTS_PER_STREAM;
    size_t k = stream_count;
    if (k > 0 && streams[k - 1].number == number) k -= 1; /* consecutive events: same stream */
    else for (k = 0; k < stream_count && streams[k].number != number; k++) {}
    slot[e] = k;
    if (k < stream_count) continue;
    stream_state *st = &streams[stream_count++];
    st->number = number;
    st->name_length = (size_t)snprintf(st->name, sizeof st->name, "transaction-%" PRIu64, number);
    MDB_val name = {st->name_length, st->name};
    rc = mdb_get(txn, s->streams, &name, &value);
    if (rc == MDB_SUCCESS && value.mv_size == 16) {
      st->id = load_le64(value.mv_data);
      st->version = load_le64((const uint8_t *)value.mv_data + 8);
    } else if (rc == MDB_NOTFOUND) {
      st->id = next_stream_id++;
      st->version = 0;
      next_stream_id_changed = 1;
    } else {
      die("mdb_get(streams)", rc);
    }
  }

  /* The events and their index entries. */
  size_t type_length = sizeof EVENT_TYPE - 1;
  for (size_t e = 0; e < n; e++) {
    stream_state *st = &streams[slot[e]];
    uint64_t position = ++head_position;
    st->version += 1;
    size_t canonical = HEADER_SIZE + st->name_length + type_length + payload_size;
    uint8_t position_key[8];
    store_be64(position_key, position);
    key.mv_size = 8;
    key.mv_data = position_key;
    value.mv_size = canonical + HASH_SIZE;
    value.mv_data = NULL;
    CHECK(mdb_put(txn, s->events, &key, &value, MDB_APPEND | MDB_RESERVE));
    uint8_t *out = value.mv_data;
    out[OFF_FORMAT] = 1;
    out[OFF_FLAGS] = 0;
    store_le16(out + OFF_SCHEMA, 1);
    store_le64(out + OFF_POSITION, position);
    store_le64(out + OFF_STREAM_VERSION, st->version);
    store_le64(out + OFF_RECORDED_AT, (uint64_t)recorded_at);
    store_le16(out + OFF_STREAM_LEN, (uint16_t)st->name_length);
    store_le16(out + OFF_TYPE_LEN, (uint16_t)type_length);
    store_le32(out + OFF_PAYLOAD_LEN, (uint32_t)payload_size);
    size_t offset = HEADER_SIZE;
    memcpy(out + offset, st->name, st->name_length);
    offset += st->name_length;
    memcpy(out + offset, EVENT_TYPE, type_length);
    offset += type_length;
    memcpy(out + offset, payload, payload_size);
    /* Stand-in for the chain hash: the previous link with the position mixed in (no SHA-256). */
    store_le64(hash, load_le64(hash) ^ position);
    memcpy(out + canonical, hash, HASH_SIZE);

    uint8_t index_key[16], index_value[8];
    store_be64(index_key, st->id);
    store_be64(index_key + 8, st->version);
    store_be64(index_value, position);
    MDB_val ik = {16, index_key}, iv = {8, index_value};
    CHECK(mdb_put(txn, s->stream_index, &ik, &iv, 0));
  }

  /* AppendTransaction.finish: the touched streams' states, then the stream-id counter. */
  for (size_t k = 0; k < stream_count; k++) {
    uint8_t state[16];
    store_le64(state, streams[k].id);
    store_le64(state + 8, streams[k].version);
    MDB_val name = {streams[k].name_length, streams[k].name}, sv = {16, state};
    CHECK(mdb_put(txn, s->streams, &name, &sv, 0));
  }
  if (next_stream_id_changed) {
    uint8_t counter[8];
    store_le64(counter, next_stream_id);
    MDB_val cv = {8, counter};
    CHECK(mdb_put(txn, s->meta, &id_key, &cv, 0));
  }
  CHECK(mdb_txn_commit(txn));
  refill_headroom(env);
}

/* append: commits of `batch` consecutive events (0..batch-1, batch..2·batch-1, ...).
 * group:  the ideal group commit of `tasks` appenders that each append count/tasks single
 *         events: commit j holds event j of every appender, i.e. indices t·(count/tasks) + j,
 *         so each commit touches `tasks` different streams, as the Swift group-commit case does
 *         when every queued append makes it into the same transaction. */
static int run_append(const options *o, int group) {
  unsigned flags = 0;
  if (strcmp(o->durability, "nosync") == 0) flags = MDB_NOSYNC;
  else if (strcmp(o->durability, "nometasync") == 0) flags = MDB_NOMETASYNC;
  else if (strcmp(o->durability, "durable") != 0) die("unknown --durability", 0);
  uint64_t per_commit = group ? o->tasks : o->batch;
  if (per_commit == 0 || o->count < per_commit || o->payload_size > MAX_PAYLOAD) die("bad --count/--batch/--tasks/--payload-size", 0);
  uint64_t per_task = o->count / o->tasks;
  uint64_t total = group ? per_task * o->tasks : o->count;

  MDB_env *env = open_env(o, flags);
  schema s = open_schema(env);
  keep_headroom = flags != MDB_NOSYNC && o->headroom;
  headroom_check = 0;
  refill_headroom(env);
  uint8_t *payload = malloc(o->payload_size ? o->payload_size : 1);
  uint64_t *events = calloc(per_commit, sizeof *events);
  stream_state *streams = calloc(per_commit, sizeof *streams);
  size_t *slot = calloc(per_commit, sizeof *slot);
  if (!payload || !events || !streams || !slot) die("out of memory", 0);
  for (size_t i = 0; i < o->payload_size; i++) payload[i] = (uint8_t)(i * 7 + 3); /* Workload.swift */

  uint64_t done = 0, commits = 0;
  double start = now_seconds(), elapsed = 0;
  while (done < total) {
    size_t n = (size_t)(total - done < per_commit ? total - done : per_commit);
    for (size_t e = 0; e < n; e++) events[e] = group ? e * per_task + commits : done + e;
    commit_events(env, &s, events, n, payload, o->payload_size, streams, slot);
    done += n;
    commits += 1;
    elapsed = now_seconds() - start;
    if (o->max_seconds > 0 && elapsed >= o->max_seconds) break;
  }
  printf("{\"case\":\"%s\",\"durability\":\"%s\",\"batch\":%" PRIu64 ",\"count\":%" PRIu64
         ",\"commits\":%" PRIu64 ",\"seconds\":%.6f,\"events_per_second\":%.1f,\"commits_per_second\":%.1f}\n",
         group ? "group" : "append", o->durability, per_commit, done, commits, elapsed, (double)done / elapsed,
         (double)commits / elapsed);
  free(slot);
  free(streams);
  free(events);
  free(payload);
  mdb_env_close(env);
  return 0;
}

/* ---- scan and verify ------------------------------------------------------------------------- */

/* One forward pass over `events` from position 1 (EventLog.scan / EventLog.verify).
 * With `verify`, recomputes every link SHA-256(previous ‖ canonical bytes) and compares. */
static int walk(MDB_env *env, MDB_dbi events, int verify, uint64_t *count, uint64_t *checksum) {
#ifdef LB_WITH_OPENSSL
  uint8_t link[HASH_SIZE] = {0};
#endif
  MDB_txn *txn;
  MDB_cursor *cursor;
  CHECK(mdb_txn_begin(env, NULL, MDB_RDONLY, &txn));
  CHECK(mdb_cursor_open(txn, events, &cursor));
  uint8_t first_key[8];
  store_be64(first_key, 1);
  MDB_val key = {8, first_key}, value;
  uint64_t n = 0, sum = 0;
  int intact = 1;
  int rc = mdb_cursor_get(cursor, &key, &value, MDB_SET_RANGE);
  while (rc == MDB_SUCCESS) {
    envelope e;
    if (key.mv_size != 8 || decode_envelope(&value, &e) != 0) die("corrupt record", 0);
    if (verify) {
#ifdef LB_WITH_OPENSSL
      if (e.position != n + 1) { intact = 0; break; }
      SHA256_CTX ctx;
      SHA256_Init(&ctx);
      SHA256_Update(&ctx, link, HASH_SIZE);
      SHA256_Update(&ctx, value.mv_data, e.canonical_length);
      SHA256_Final(link, &ctx);
      if (memcmp(link, (const uint8_t *)value.mv_data + e.canonical_length, HASH_SIZE) != 0) { intact = 0; break; }
#endif
    } else {
      /* The same fields the Swift scan touches, folded the same way (compared by the harness). */
      sum += e.position + e.stream_version + (uint64_t)e.recorded_at + e.payload_length + e.type_length;
    }
    n += 1;
    rc = mdb_cursor_get(cursor, &key, &value, MDB_NEXT);
  }
  if (rc != MDB_SUCCESS && rc != MDB_NOTFOUND) die("mdb_cursor_get(MDB_NEXT)", rc);
  mdb_cursor_close(cursor);
  mdb_txn_abort(txn);
  *count = n;
  *checksum = sum;
  return intact;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int run_read(const options *o, int verify) {
#ifndef LB_WITH_OPENSSL
  if (verify) {
    printf("{\"case\":\"verify\",\"unsupported\":\"built without OpenSSL (-DLB_WITH_OPENSSL -lcrypto)\"}\n");
    return 0;
  }
#endif
  MDB_env *env = open_env(o, MDB_RDONLY);
  MDB_dbi events;
  MDB_txn *txn;
  CHECK(mdb_txn_begin(env, NULL, MDB_RDONLY, &txn));
  CHECK(mdb_dbi_open(txn, "events", 0, &events));
  CHECK(mdb_txn_commit(txn)); /* keeps the handle open for later transactions */

  enum { MAX_REPEAT = 15 };
  double times[MAX_REPEAT];
  int repeat = o->repeat < 1 ? 1 : o->repeat > MAX_REPEAT ? MAX_REPEAT : o->repeat;
  uint64_t count = 0, checksum = 0;
  int intact = 1;
  for (int r = 0; r < repeat; r++) {
    double start = now_seconds();
    /* verify starts, as EventLog.verify does, by reading the head. */
    if (verify) {
      CHECK(mdb_txn_begin(env, NULL, MDB_RDONLY, &txn));
      MDB_cursor *cursor;
      MDB_val k, v;
      CHECK(mdb_cursor_open(txn, events, &cursor));
      (void)mdb_cursor_get(cursor, &k, &v, MDB_LAST);
      mdb_cursor_close(cursor);
      mdb_txn_abort(txn);
    }
    intact = walk(env, events, verify, &count, &checksum);
    times[r] = now_seconds() - start;
  }
  /* The median run, as the Swift harness reports its own. */
  qsort(times, (size_t)repeat, sizeof times[0], compare_doubles);
  double median = times[repeat / 2];
  printf("{\"case\":\"%s\",\"count\":%" PRIu64 ",\"seconds\":%.6f,\"events_per_second\":%.1f,"
         "\"checksum\":\"%" PRIu64 "\",\"intact\":%s}\n",
         verify ? "verify" : "scan", count, median, (double)count / median, checksum, intact ? "true" : "false");
  mdb_env_close(env);
  return 0;
}

/* ---- main ------------------------------------------------------------------------------------ */

static void usage(void) {
  fprintf(stderr,
          "usage: lmdb-baseline --case append|group|scan|verify --path FILE [--count N] [--batch B] [--tasks T]\n"
          "       [--durability durable|nometasync|nosync] [--payload-size BYTES] [--map-size BYTES]\n"
          "       [--headroom on|off]\n"
          "       [--max-seconds S] [--repeat R]\n");
  exit(2);
}

int main(int argc, char **argv) {
  options o = {.case_name = NULL, .path = NULL, .durability = "durable", .count = 1000, .batch = 1, .tasks = 64,
               .payload_size = 120, .map_size = (size_t)1 << 30, .max_seconds = 0, .repeat = 1, .headroom = 1};
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (i + 1 >= argc) usage();
    const char *v = argv[++i];
    if (strcmp(arg, "--case") == 0) o.case_name = v;
    else if (strcmp(arg, "--path") == 0) o.path = v;
    else if (strcmp(arg, "--durability") == 0) o.durability = v;
    else if (strcmp(arg, "--count") == 0) o.count = strtoull(v, NULL, 10);
    else if (strcmp(arg, "--batch") == 0) o.batch = strtoull(v, NULL, 10);
    else if (strcmp(arg, "--tasks") == 0) o.tasks = strtoull(v, NULL, 10);
    else if (strcmp(arg, "--payload-size") == 0) o.payload_size = strtoull(v, NULL, 10);
    else if (strcmp(arg, "--map-size") == 0) o.map_size = strtoull(v, NULL, 10);
    else if (strcmp(arg, "--max-seconds") == 0) o.max_seconds = strtod(v, NULL);
    else if (strcmp(arg, "--repeat") == 0) o.repeat = atoi(v);
    else if (strcmp(arg, "--headroom") == 0) o.headroom = strcmp(v, "off") != 0;
    else usage();
  }
  if (!o.case_name || !o.path) usage();
  if (strcmp(o.case_name, "append") == 0) return run_append(&o, 0);
  if (strcmp(o.case_name, "group") == 0) return run_append(&o, 1);
  if (strcmp(o.case_name, "scan") == 0) return run_read(&o, 0);
  if (strcmp(o.case_name, "verify") == 0) return run_read(&o, 1);
  usage();
  return 2;
}
