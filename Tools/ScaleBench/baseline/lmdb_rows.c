// lmdb_rows: the raw-LMDB floor for a projection rebuild (see docs/benchmarks.md, "What is measured").
//
// A rebuild ends by writing every row of the new tables in key order with MDB_APPEND (through a
// cursor per table) in one
// write transaction. This writes the same number of rows the same way, from C, with nothing
// else to do: no fold, no sort, small fixed rows (32-byte keys, 16-byte values — smaller
// than most projection rows). Its time is a floor no rebuild of that many rows can beat on
// this machine, so events / floor is the most events per second a rebuild could reach.
//
//   lmdb_rows DIR ROWS TABLES   -> one JSON line: rows, put_seconds, commit_seconds, seconds
//
// The environment is opened MDB_NOSYNC, like the benchmark's ledger during rebuilds.
// Build: cc -O2 -o lmdb-rows lmdb_rows.c -llmdb
#define _POSIX_C_SOURCE 200809L
#include <lmdb.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static void check(int rc, const char *what) {
  if (rc != MDB_SUCCESS) {
    fprintf(stderr, "lmdb_rows: %s: %s\n", what, mdb_strerror(rc));
    exit(1);
  }
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: lmdb_rows DIR ROWS TABLES\n");
    return 2;
  }
  const char *dir = argv[1];
  long rows = atol(argv[2]);
  int tables = atoi(argv[3]);
  if (rows < 1 || tables < 1 || tables > 64) {
    fprintf(stderr, "lmdb_rows: ROWS must be >= 1 and TABLES 1...64\n");
    return 2;
  }
  MDB_env *env;
  check(mdb_env_create(&env), "mdb_env_create");
  check(mdb_env_set_mapsize(env, (size_t)rows * 200 + (256L << 20)), "mdb_env_set_mapsize");
  check(mdb_env_set_maxdbs(env, 70), "mdb_env_set_maxdbs");
  check(mdb_env_open(env, dir, MDB_NOSYNC, 0600), "mdb_env_open");

  double start = now();
  MDB_txn *txn;
  check(mdb_txn_begin(env, NULL, 0, &txn), "mdb_txn_begin");
  unsigned char key[32] = {0}, value[16] = {0};
  long done = 0;
  for (int t = 0; t < tables; t++) {
    char name[16];
    snprintf(name, sizeof name, "t%d", t);
    MDB_dbi dbi;
    check(mdb_dbi_open(txn, name, MDB_CREATE, &dbi), "mdb_dbi_open");
    MDB_cursor *cursor;  // appends through one cursor: no search from the root per row
    check(mdb_cursor_open(txn, dbi, &cursor), "mdb_cursor_open");
    long count = rows / tables + (t < rows % tables ? 1 : 0);
    for (long i = 0; i < count; i++, done++) {
      uint64_t big = __builtin_bswap64((uint64_t)i);
      memcpy(key + 16, &big, 8);  // logical key ‖ position: the position part changes too
      memcpy(key + 24, &big, 8);
      memcpy(value, &done, sizeof done);
      MDB_val k = {sizeof key, key}, v = {sizeof value, value};
      check(mdb_cursor_put(cursor, &k, &v, MDB_APPEND), "mdb_cursor_put");
    }
    mdb_cursor_close(cursor);
  }
  double put = now();
  check(mdb_txn_commit(txn), "mdb_txn_commit");
  double end = now();
  mdb_env_close(env);
  printf("{\"rows\":%ld,\"tables\":%d,\"put_seconds\":%.6f,\"commit_seconds\":%.6f,\"seconds\":%.6f}\n", rows, tables,
         put - start, end - put, end - start);
  return 0;
}
