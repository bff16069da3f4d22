// sqlite_baseline: the SQLite side of ledger-scale-bench (see docs/benchmarks.md, "What is measured").
//
// Loads the same ledger data (written as TSV files by ledger-scale-bench) into seed 000's
// Core Data schema in SQLite and answers the same questions, timing each in-process with
// CLOCK_MONOTONIC around bind + step-to-the-end + reset of prepared statements.
//
//   sqlite_baseline load  DB DIR                      -> one JSON line: rows, seconds, rows/s
//   sqlite_baseline query DB QUERIES MAX_SECONDS      -> one JSON line per question kind
//                                                        (and per FTS5 case, kind "fts:NAME")
//
// Schema: ZTRANSACTIONENTITY / ZCATEGORYENTITY / ZEXPENSEPERIODENTITY as in seed 000 with
// its indexes (transactionDate DESC; category, transactionDate; period; category sortOrder
// and name; period startDate DESC and endDate). Added because the seed has no accounts or
// budgets: ZACCOUNTENTITY, a ZACCOUNT column with an (account, transactionDate) index, a ZTYPE
// column (amounts are positive with a type, as in seed 000), and ZBUDGETENTITY with a unique
// (month, category) index. Amounts are INTEGER units of 1/10,000 (exact, like ours); dates
// are Core Data timestamps (REAL seconds since 2001-01-01).
//
// Build: cc -O2 -o sqlite-baseline sqlite_baseline.c -lsqlite3
#define _POSIX_C_SOURCE 200809L
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define DAYS_1970_TO_2001 11323

static void die(sqlite3 *db, const char *what) {
  fprintf(stderr, "sqlite_baseline: %s: %s\n", what, db ? sqlite3_errmsg(db) : "error");
  exit(1);
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double day_to_timestamp(long day) { return (double)(day - DAYS_1970_TO_2001) * 86400.0; }

static void exec(sqlite3 *db, const char *sql) {
  char *error = NULL;
  if (sqlite3_exec(db, sql, NULL, NULL, &error) != SQLITE_OK) {
    fprintf(stderr, "sqlite_baseline: %s\n  in: %s\n", error ? error : "?", sql);
    exit(1);
  }
}

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql) {
  sqlite3_stmt *statement = NULL;
  if (sqlite3_prepare_v2(db, sql, -1, &statement, NULL) != SQLITE_OK) {
    fprintf(stderr, "sqlite_baseline: prepare: %s\n  in: %s\n", sqlite3_errmsg(db), sql);
    exit(1);
  }
  return statement;
}

// --- TSV reading -------------------------------------------------------------------------

#define MAX_FIELDS 16

/// Splits `line` in place at tabs; returns the number of fields. "\N" means NULL.
static int split(char *line, char **fields) {
  int count = 0;
  size_t length = strlen(line);
  while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) line[--length] = 0;
  char *start = line;
  for (char *p = line;; p++) {
    if (*p == '\t' || *p == 0) {
      int end = *p == 0;
      *p = 0;
      if (count < MAX_FIELDS) fields[count++] = start;
      if (end) break;
      start = p + 1;
    }
  }
  return count;
}

static int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 0;
}

/// 32 hex digits (dashes ignored) -> 16 bytes.
static void parse_id(const char *hex, unsigned char *out) {
  int n = 0;
  for (const char *p = hex; *p && n < 32; p++) {
    if (*p == '-') continue;
    int v = hex_value(*p);
    if (n % 2 == 0) out[n / 2] = (unsigned char)(v << 4); else out[n / 2] |= (unsigned char)v;
    n++;
  }
}

static void bind_text_or_null(sqlite3_stmt *s, int index, const char *text) {
  if (strcmp(text, "\\N") == 0) sqlite3_bind_null(s, index);
  else sqlite3_bind_text(s, index, text, -1, SQLITE_TRANSIENT);
}

static void step_done(sqlite3 *db, sqlite3_stmt *s) {
  if (sqlite3_step(s) != SQLITE_DONE) die(db, "insert");
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
}

static FILE *open_data(const char *dir, const char *name) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *file = fopen(path, "r");
  if (!file) { fprintf(stderr, "sqlite_baseline: cannot open %s\n", path); exit(1); }
  return file;
}

static const char *schema =
  "PRAGMA journal_mode=WAL;"
  "CREATE TABLE ZACCOUNTENTITY (Z_PK INTEGER PRIMARY KEY, ZID BLOB NOT NULL, ZNAME TEXT NOT NULL, ZTYPE TEXT NOT NULL,"
  "  ZCURRENCY TEXT NOT NULL, ZOPENINGBALANCE INTEGER NOT NULL, ZOPENINGDATE REAL NOT NULL);"
  "CREATE TABLE ZCATEGORYENTITY (Z_PK INTEGER PRIMARY KEY, ZID BLOB NOT NULL, ZNAME TEXT NOT NULL, ZICON TEXT NOT NULL,"
  "  ZCOLORHEX TEXT NOT NULL, ZISCUSTOM INTEGER NOT NULL DEFAULT 0, ZSORTORDER INTEGER NOT NULL DEFAULT 0,"
  "  ZKIND INTEGER NOT NULL, ZBUDGETTYPE TEXT NOT NULL, ZCREATEDAT REAL NOT NULL, ZUPDATEDAT REAL NOT NULL);"
  "CREATE INDEX ZCATEGORYENTITY_ZSORTORDER_INDEX ON ZCATEGORYENTITY (ZSORTORDER ASC);"
  "CREATE INDEX ZCATEGORYENTITY_ZNAME_INDEX ON ZCATEGORYENTITY (ZNAME ASC);"
  "CREATE TABLE ZEXPENSEPERIODENTITY (Z_PK INTEGER PRIMARY KEY, ZID BLOB NOT NULL, ZNAME TEXT NOT NULL,"
  "  ZSTARTDATE REAL NOT NULL, ZENDDATE REAL, ZCREATEDAT REAL NOT NULL, ZUPDATEDAT REAL NOT NULL);"
  "CREATE INDEX ZEXPENSEPERIODENTITY_ZSTARTDATE_INDEX ON ZEXPENSEPERIODENTITY (ZSTARTDATE DESC);"
  "CREATE INDEX ZEXPENSEPERIODENTITY_ZENDDATE_INDEX ON ZEXPENSEPERIODENTITY (ZENDDATE ASC);"
  "CREATE TABLE ZTRANSACTIONENTITY (Z_PK INTEGER PRIMARY KEY, ZID BLOB NOT NULL, ZAMOUNT INTEGER NOT NULL,"
  "  ZCURRENCY TEXT NOT NULL DEFAULT 'USD', ZNAME TEXT NOT NULL, ZTRANSACTIONDATE REAL NOT NULL, ZDESCRIPTIONTEXT TEXT,"
  "  ZCATEGORY INTEGER NOT NULL REFERENCES ZCATEGORYENTITY (Z_PK), ZPERIOD INTEGER REFERENCES ZEXPENSEPERIODENTITY (Z_PK),"
  "  ZACCOUNT INTEGER NOT NULL REFERENCES ZACCOUNTENTITY (Z_PK), ZTYPE INTEGER NOT NULL,"
  "  ZCREATEDAT REAL NOT NULL, ZUPDATEDAT REAL NOT NULL);"
  "CREATE INDEX ZTRANSACTIONENTITY_ZTRANSACTIONDATE_INDEX ON ZTRANSACTIONENTITY (ZTRANSACTIONDATE DESC);"
  "CREATE INDEX ZTRANSACTIONENTITY_ZCATEGORY_ZTRANSACTIONDATE_INDEX ON ZTRANSACTIONENTITY (ZCATEGORY, ZTRANSACTIONDATE);"
  "CREATE INDEX ZTRANSACTIONENTITY_ZPERIOD_INDEX ON ZTRANSACTIONENTITY (ZPERIOD);"
  "CREATE INDEX ZTRANSACTIONENTITY_ZACCOUNT_ZTRANSACTIONDATE_INDEX ON ZTRANSACTIONENTITY (ZACCOUNT, ZTRANSACTIONDATE);"
  "CREATE TABLE ZBUDGETENTITY (Z_PK INTEGER PRIMARY KEY, ZMONTH INTEGER NOT NULL, ZCATEGORY INTEGER NOT NULL,"
  "  ZAMOUNT INTEGER NOT NULL, ZSPAN INTEGER NOT NULL);"
  "CREATE UNIQUE INDEX ZBUDGETENTITY_ZMONTH_ZCATEGORY_INDEX ON ZBUDGETENTITY (ZMONTH, ZCATEGORY);";

/// Loads DIR/{accounts,categories,periods,budgets,transactions}.tsv; transactions in
/// transactions of 2,000 rows (as the ledger's import), synchronous=OFF (as its noSync load).
static int load(const char *path, const char *dir) {
  remove(path);
  char wal[4096];
  snprintf(wal, sizeof wal, "%s-wal", path); remove(wal);
  snprintf(wal, sizeof wal, "%s-shm", path); remove(wal);
  sqlite3 *db;
  if (sqlite3_open(path, &db) != SQLITE_OK) die(db, "open");
  exec(db, schema);
  exec(db, "PRAGMA synchronous=OFF;");
  char line[8192];
  char *f[MAX_FIELDS];
  unsigned char id[16];
  double created = day_to_timestamp(16436);

  exec(db, "BEGIN");
  FILE *file = open_data(dir, "accounts.tsv");
  sqlite3_stmt *s = prepare(db, "INSERT INTO ZACCOUNTENTITY VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  while (fgets(line, sizeof line, file)) {
    if (split(line, f) < 7) continue;
    parse_id(f[1], id);
    sqlite3_bind_int64(s, 1, atoll(f[0]));
    sqlite3_bind_blob(s, 2, id, 16, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 3, f[2], -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 4, f[3], -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 5, f[4], -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(s, 6, atoll(f[5]));
    sqlite3_bind_double(s, 7, day_to_timestamp(atol(f[6])));
    step_done(db, s);
  }
  fclose(file);
  sqlite3_finalize(s);

  file = open_data(dir, "categories.tsv");
  s = prepare(db, "INSERT INTO ZCATEGORYENTITY VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)");
  while (fgets(line, sizeof line, file)) {
    if (split(line, f) < 9) continue;
    parse_id(f[1], id);
    sqlite3_bind_int64(s, 1, atoll(f[0]));
    sqlite3_bind_blob(s, 2, id, 16, SQLITE_TRANSIENT);
    for (int i = 2; i <= 4; i++) sqlite3_bind_text(s, i + 1, f[i], -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(s, 6, atoll(f[5]));
    sqlite3_bind_int64(s, 7, atoll(f[6]));
    sqlite3_bind_int64(s, 8, atoll(f[7]));
    sqlite3_bind_text(s, 9, f[8], -1, SQLITE_TRANSIENT);
    sqlite3_bind_double(s, 10, created);
    step_done(db, s);
  }
  fclose(file);
  sqlite3_finalize(s);

  file = open_data(dir, "periods.tsv");
  s = prepare(db, "INSERT INTO ZEXPENSEPERIODENTITY VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)");
  while (fgets(line, sizeof line, file)) {
    if (split(line, f) < 5) continue;
    parse_id(f[1], id);
    sqlite3_bind_int64(s, 1, atoll(f[0]));
    sqlite3_bind_blob(s, 2, id, 16, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 3, f[2], -1, SQLITE_TRANSIENT);
    sqlite3_bind_double(s, 4, day_to_timestamp(atol(f[3])));
    if (strcmp(f[4], "\\N") == 0) sqlite3_bind_null(s, 5); else sqlite3_bind_double(s, 5, day_to_timestamp(atol(f[4])));
    sqlite3_bind_double(s, 6, created);
    step_done(db, s);
  }
  fclose(file);
  sqlite3_finalize(s);

  file = open_data(dir, "budgets.tsv");
  s = prepare(db, "INSERT INTO ZBUDGETENTITY (ZMONTH, ZCATEGORY, ZAMOUNT, ZSPAN) VALUES (?1, ?2, ?3, ?4)");
  while (fgets(line, sizeof line, file)) {
    if (split(line, f) < 4) continue;
    for (int i = 0; i < 4; i++) sqlite3_bind_int64(s, i + 1, atoll(f[i]));
    step_done(db, s);
  }
  fclose(file);
  sqlite3_finalize(s);
  exec(db, "COMMIT");

  // The transactions: timed, 2,000 rows per transaction, every index maintained.
  file = open_data(dir, "transactions.tsv");
  s = prepare(db,
    "INSERT INTO ZTRANSACTIONENTITY (ZID, ZAMOUNT, ZCURRENCY, ZNAME, ZTRANSACTIONDATE, ZDESCRIPTIONTEXT, ZCATEGORY,"
    " ZPERIOD, ZACCOUNT, ZTYPE, ZCREATEDAT, ZUPDATEDAT) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11)");
  long rows = 0;
  double start = now_seconds();
  exec(db, "BEGIN");
  while (fgets(line, sizeof line, file)) {
    if (split(line, f) < 10) continue;
    parse_id(f[0], id);
    sqlite3_bind_blob(s, 1, id, 16, SQLITE_TRANSIENT);
    sqlite3_bind_int64(s, 2, atoll(f[1]));
    sqlite3_bind_text(s, 3, f[2], -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 4, f[3], -1, SQLITE_TRANSIENT);
    double date = day_to_timestamp(atol(f[4]));
    sqlite3_bind_double(s, 5, date);
    bind_text_or_null(s, 6, f[5]);
    sqlite3_bind_int64(s, 7, atoll(f[6]));
    long period = atol(f[7]);
    if (period == 0) sqlite3_bind_null(s, 8); else sqlite3_bind_int64(s, 8, period);
    sqlite3_bind_int64(s, 9, atoll(f[8]));
    sqlite3_bind_int64(s, 10, atoll(f[9]));
    sqlite3_bind_double(s, 11, date);
    step_done(db, s);
    if (++rows % 2000 == 0) { exec(db, "COMMIT"); exec(db, "BEGIN"); }
  }
  exec(db, "COMMIT");
  double seconds = now_seconds() - start;
  fclose(file);
  sqlite3_finalize(s);
  // The full-text index of name and description, contentless (rowids are Z_PK, in date-then-id
  // order as the rows were written), built in one statement after the load.
  double fts_start = now_seconds();
  exec(db, "BEGIN;"
           "CREATE VIRTUAL TABLE ZTRANSACTIONFTS USING fts5(ZTEXT, content='', tokenize='unicode61 remove_diacritics 2');"
           "INSERT INTO ZTRANSACTIONFTS (rowid, ZTEXT) SELECT Z_PK, ZNAME || ' ' || COALESCE(ZDESCRIPTIONTEXT, '')"
           " FROM ZTRANSACTIONENTITY;"
           "INSERT INTO ZTRANSACTIONFTS (ZTRANSACTIONFTS) VALUES ('optimize');"
           "COMMIT;");
  double fts_seconds = now_seconds() - fts_start;
  exec(db, "PRAGMA wal_checkpoint(TRUNCATE); ANALYZE;");
  sqlite3_close(db);
  struct stat info;
  long long bytes = stat(path, &info) == 0 ? (long long)info.st_size : -1;
  printf("{\"kind\":\"load\",\"rows\":%ld,\"seconds\":%.6f,\"rows_per_second\":%.1f,\"db_bytes\":%lld,\"sqlite_version\":\"%s\","
         "\"fts_seconds\":%.6f}\n",
         rows, seconds, rows / seconds, bytes, sqlite3_libversion(), fts_seconds);
  return 0;
}

// --- Questions --------------------------------------------------------------------------

/// FNV-1a 64 over bytes, for comparing pages with the Swift side.
static uint64_t fnv(uint64_t hash, const void *bytes, size_t count) {
  const unsigned char *p = bytes;
  for (size_t i = 0; i < count; i++) { hash ^= p[i]; hash *= 1099511628211ULL; }
  return hash;
}
#define FNV_START 1469598103934665603ULL

static uint64_t fnv_i64(uint64_t hash, int64_t value) {
  unsigned char be[8];
  for (int i = 0; i < 8; i++) be[i] = (unsigned char)((uint64_t)value >> (56 - 8 * i));
  return fnv(hash, be, 8);
}

enum { K_BUDGET, K_TOTALS, K_PAGE_WINDOW, K_PAGE_SUM, K_BALANCE, K_SEARCH, K_COUNT };
static const char *kind_names[K_COUNT] = {"budget", "totals", "page-window", "page-sum", "balance", "search"};

typedef struct {
  double *latencies;
  long count, capacity;
  double spent;
  char checks[20][128];
  int check_count;
} Series;

static void record(Series *series, double seconds, const char *check) {
  if (series->count == series->capacity) {
    series->capacity = series->capacity ? series->capacity * 2 : 1024;
    series->latencies = realloc(series->latencies, sizeof(double) * (size_t)series->capacity);
  }
  series->latencies[series->count++] = seconds;
  series->spent += seconds;
  if (series->check_count < 20) snprintf(series->checks[series->check_count++], 128, "%s", check);
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double percentile(double *sorted, long count, double p) {
  if (count == 0) return 0;
  long index = (long)((double)(count - 1) * p + 0.5);
  return sorted[index];
}

static int64_t account_opening[64];

/// Budget vs actual for a month: budgeted (month budgets, plus a third of quarter budgets set
/// in the month or the two before, split like Money.allocated) and spent per expense category.
static const char *budget_sql =
  "WITH spent AS (SELECT ZCATEGORY AS cat, SUM(ZAMOUNT) AS amount FROM ZTRANSACTIONENTITY"
  "   WHERE ZTRANSACTIONDATE >= ?1 AND ZTRANSACTIONDATE < ?2 AND ZTYPE = 0 GROUP BY ZCATEGORY),"
  " budget AS (SELECT ZCATEGORY AS cat, SUM(CASE WHEN ZSPAN = 1"
  "     THEN ZAMOUNT / 3 + (CASE WHEN ?3 - ZMONTH < ZAMOUNT % 3 THEN 1 ELSE 0 END) ELSE ZAMOUNT END) AS amount"
  "   FROM ZBUDGETENTITY WHERE ZMONTH BETWEEN ?3 - 2 AND ?3 AND (ZSPAN = 1 OR ZMONTH = ?3) GROUP BY ZCATEGORY)"
  " SELECT c.Z_PK, c.ZNAME, COALESCE(budget.amount, 0), COALESCE(spent.amount, 0)"
  " FROM ZCATEGORYENTITY c LEFT JOIN budget ON budget.cat = c.Z_PK LEFT JOIN spent ON spent.cat = c.Z_PK"
  " WHERE c.ZKIND = 0 ORDER BY c.ZSORTORDER, c.ZNAME";

/// Spent, received and count per category for a month (seed 000's query 3, for one month).
static const char *totals_sql =
  "SELECT c.ZNAME, t.spent, t.received, t.n FROM (SELECT ZCATEGORY AS cat,"
  "   SUM(CASE WHEN ZTYPE = 0 THEN ZAMOUNT ELSE 0 END) AS spent, SUM(CASE WHEN ZTYPE = 1 THEN ZAMOUNT ELSE 0 END) AS received,"
  "   COUNT(*) AS n FROM ZTRANSACTIONENTITY WHERE ZTRANSACTIONDATE >= ?1 AND ZTRANSACTIONDATE < ?2 GROUP BY ZCATEGORY) t"
  " JOIN ZCATEGORYENTITY c ON c.Z_PK = t.cat ORDER BY c.ZSORTORDER, c.ZNAME";

/// 50 rows of an account before a cursor, newest first, with the running balance from a
/// window function over the account's whole history (plus the opening balance, added in C).
static const char *page_window_sql =
  "SELECT ZID, d, amount, balance FROM (SELECT ZID, ZTRANSACTIONDATE AS d,"
  "   CASE WHEN ZTYPE = 1 THEN ZAMOUNT ELSE -ZAMOUNT END AS amount,"
  "   SUM(CASE WHEN ZTYPE = 1 THEN ZAMOUNT ELSE -ZAMOUNT END) OVER (ORDER BY ZTRANSACTIONDATE, ZID ROWS UNBOUNDED PRECEDING) AS balance"
  "   FROM ZTRANSACTIONENTITY WHERE ZACCOUNT = ?1)"
  " WHERE d < ?2 OR (d = ?2 AND ZID < ?3) ORDER BY d DESC, ZID DESC LIMIT 50";

/// The same page without a window: the balance at the cursor by one SUM, then 50 rows.
static const char *page_sum_balance_sql =
  "SELECT COALESCE(SUM(CASE WHEN ZTYPE = 1 THEN ZAMOUNT ELSE -ZAMOUNT END), 0) FROM ZTRANSACTIONENTITY"
  " WHERE ZACCOUNT = ?1 AND (ZTRANSACTIONDATE < ?2 OR (ZTRANSACTIONDATE = ?2 AND ZID < ?3))";
static const char *page_sum_rows_sql =
  "SELECT ZID, ZTRANSACTIONDATE, CASE WHEN ZTYPE = 1 THEN ZAMOUNT ELSE -ZAMOUNT END FROM ZTRANSACTIONENTITY"
  " WHERE ZACCOUNT = ?1 AND (ZTRANSACTIONDATE < ?2 OR (ZTRANSACTIONDATE = ?2 AND ZID < ?3))"
  " ORDER BY ZTRANSACTIONDATE DESC, ZID DESC LIMIT 50";

/// An account's balance at the end of a day.
static const char *balance_sql =
  "SELECT COALESCE(SUM(CASE WHEN ZTYPE = 1 THEN ZAMOUNT ELSE -ZAMOUNT END), 0) FROM ZTRANSACTIONENTITY"
  " WHERE ZACCOUNT = ?1 AND ZTRANSACTIONDATE < ?2";

/// Newest 50 transactions with a word starting with the query in name or description.
static const char *search_sql =
  "SELECT ZID, ZTRANSACTIONDATE, ZNAME, ZAMOUNT FROM ZTRANSACTIONENTITY"
  " WHERE (' ' || ZNAME || ' ' || COALESCE(ZDESCRIPTIONTEXT, '')) LIKE ?1"
  " ORDER BY ZTRANSACTIONDATE DESC, ZID DESC LIMIT 50";

/// The newest 50 transactions the FTS5 query ?1 matches (every word a prefix, all required,
/// as ours: `food* purchase* 5000*`), with their rows.
static const char *fts_sql =
  "SELECT ZID, ZTRANSACTIONDATE, ZNAME, ZAMOUNT FROM ZTRANSACTIONENTITY WHERE Z_PK IN"
  " (SELECT rowid FROM ZTRANSACTIONFTS WHERE ZTRANSACTIONFTS MATCH ?1 ORDER BY rowid DESC LIMIT 50)"
  " ORDER BY Z_PK DESC";

static int step_row(sqlite3 *db, sqlite3_stmt *s) {
  int rc = sqlite3_step(s);
  if (rc == SQLITE_ROW) return 1;
  if (rc != SQLITE_DONE) die(db, "query");
  return 0;
}

static int query(const char *path, const char *queries, double max_seconds) {
  sqlite3 *db;
  if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) die(db, "open");
  sqlite3_stmt *accounts = prepare(db, "SELECT Z_PK, ZOPENINGBALANCE FROM ZACCOUNTENTITY");
  while (step_row(db, accounts)) {
    int pk = sqlite3_column_int(accounts, 0);
    if (pk >= 0 && pk < 64) account_opening[pk] = sqlite3_column_int64(accounts, 1);
  }
  sqlite3_finalize(accounts);
  sqlite3_stmt *budget = prepare(db, budget_sql), *totals = prepare(db, totals_sql);
  sqlite3_stmt *window = prepare(db, page_window_sql), *sum_balance = prepare(db, page_sum_balance_sql);
  sqlite3_stmt *sum_rows = prepare(db, page_sum_rows_sql), *balance = prepare(db, balance_sql);
  sqlite3_stmt *search = prepare(db, search_sql);
  Series series[K_COUNT];
  memset(series, 0, sizeof series);
  // FTS5 cases, one series per case name ("fts" lines: name, MATCH expression).
  sqlite3_stmt *fts = prepare(db, fts_sql);
  enum { FTS_CASES = 32 };
  Series fts_series[FTS_CASES];
  char fts_names[FTS_CASES][64];
  int fts_count = 0;
  memset(fts_series, 0, sizeof fts_series);
  FILE *file = fopen(queries, "r");
  if (!file) { fprintf(stderr, "sqlite_baseline: cannot open %s\n", queries); return 1; }
  char line[1024], check[128];
  char *f[MAX_FIELDS];
  unsigned char id[16];
  while (fgets(line, sizeof line, file)) {
    int n = split(line, f);
    if (n < 2) continue;
    if (strcmp(f[0], "budget") == 0 && n >= 4 && series[K_BUDGET].spent < max_seconds) {
      double t0 = now_seconds();
      sqlite3_bind_double(budget, 1, day_to_timestamp(atol(f[1])));
      sqlite3_bind_double(budget, 2, day_to_timestamp(atol(f[2])));
      sqlite3_bind_int64(budget, 3, atoll(f[3]));
      int64_t budgeted = 0, spent = 0, lines = 0;
      while (step_row(db, budget)) {
        (void)sqlite3_column_text(budget, 1);
        budgeted += sqlite3_column_int64(budget, 2);
        spent += sqlite3_column_int64(budget, 3);
        lines++;
      }
      sqlite3_reset(budget);
      double t = now_seconds() - t0;
      snprintf(check, sizeof check, "%lld/%lld/%lld", (long long)budgeted, (long long)spent, (long long)lines);
      record(&series[K_BUDGET], t, check);
    } else if (strcmp(f[0], "totals") == 0 && n >= 3 && series[K_TOTALS].spent < max_seconds) {
      double t0 = now_seconds();
      sqlite3_bind_double(totals, 1, day_to_timestamp(atol(f[1])));
      sqlite3_bind_double(totals, 2, day_to_timestamp(atol(f[2])));
      int64_t spent = 0, received = 0, count = 0;
      while (step_row(db, totals)) {
        (void)sqlite3_column_text(totals, 0);
        spent += sqlite3_column_int64(totals, 1);
        received += sqlite3_column_int64(totals, 2);
        count += sqlite3_column_int64(totals, 3);
      }
      sqlite3_reset(totals);
      double t = now_seconds() - t0;
      snprintf(check, sizeof check, "%lld/%lld/%lld", (long long)spent, (long long)received, (long long)count);
      record(&series[K_TOTALS], t, check);
    } else if (strcmp(f[0], "page") == 0 && n >= 4) {
      int account = atoi(f[1]);
      double cursor = day_to_timestamp(atol(f[2]));
      parse_id(f[3], id);
      if (series[K_PAGE_WINDOW].spent < max_seconds) {
        double t0 = now_seconds();
        sqlite3_bind_int(window, 1, account);
        sqlite3_bind_double(window, 2, cursor);
        sqlite3_bind_blob(window, 3, id, 16, SQLITE_TRANSIENT);
        uint64_t hash = FNV_START;
        int rows = 0;
        while (step_row(db, window)) {
          hash = fnv(hash, sqlite3_column_blob(window, 0), 16);
          hash = fnv_i64(hash, sqlite3_column_int64(window, 3) + account_opening[account]);
          rows++;
        }
        sqlite3_reset(window);
        double t = now_seconds() - t0;
        snprintf(check, sizeof check, "%d/%016llx", rows, (unsigned long long)hash);
        record(&series[K_PAGE_WINDOW], t, check);
      }
      if (series[K_PAGE_SUM].spent < max_seconds) {
        double t0 = now_seconds();
        sqlite3_bind_int(sum_balance, 1, account);
        sqlite3_bind_double(sum_balance, 2, cursor);
        sqlite3_bind_blob(sum_balance, 3, id, 16, SQLITE_TRANSIENT);
        int64_t running = account_opening[account];
        if (step_row(db, sum_balance)) running += sqlite3_column_int64(sum_balance, 0);
        sqlite3_reset(sum_balance);
        sqlite3_bind_int(sum_rows, 1, account);
        sqlite3_bind_double(sum_rows, 2, cursor);
        sqlite3_bind_blob(sum_rows, 3, id, 16, SQLITE_TRANSIENT);
        uint64_t hash = FNV_START;
        int rows = 0;
        while (step_row(db, sum_rows)) {
          hash = fnv(hash, sqlite3_column_blob(sum_rows, 0), 16);
          hash = fnv_i64(hash, running);
          running -= sqlite3_column_int64(sum_rows, 2);
          rows++;
        }
        sqlite3_reset(sum_rows);
        double t = now_seconds() - t0;
        snprintf(check, sizeof check, "%d/%016llx", rows, (unsigned long long)hash);
        record(&series[K_PAGE_SUM], t, check);
      }
    } else if (strcmp(f[0], "balance") == 0 && n >= 3 && series[K_BALANCE].spent < max_seconds) {
      int account = atoi(f[1]);
      double t0 = now_seconds();
      sqlite3_bind_int(balance, 1, account);
      sqlite3_bind_double(balance, 2, day_to_timestamp(atol(f[2]) + 1));
      int64_t units = account_opening[account];
      if (step_row(db, balance)) units += sqlite3_column_int64(balance, 0);
      sqlite3_reset(balance);
      double t = now_seconds() - t0;
      snprintf(check, sizeof check, "%lld", (long long)units);
      record(&series[K_BALANCE], t, check);
    } else if (strcmp(f[0], "fts") == 0 && n >= 3) {
      int index = 0;
      while (index < fts_count && strcmp(fts_names[index], f[1]) != 0) index++;
      if (index == fts_count) {
        if (fts_count == FTS_CASES) continue;
        snprintf(fts_names[fts_count++], sizeof fts_names[0], "%s", f[1]);
      }
      if (fts_series[index].spent >= max_seconds) continue;
      double t0 = now_seconds();
      sqlite3_bind_text(fts, 1, f[2], -1, SQLITE_TRANSIENT);
      uint64_t hash = FNV_START;
      int rows = 0;
      while (step_row(db, fts)) {
        hash = fnv(hash, sqlite3_column_blob(fts, 0), 16);
        (void)sqlite3_column_text(fts, 2);
        rows++;
      }
      sqlite3_reset(fts);
      double t = now_seconds() - t0;
      snprintf(check, sizeof check, "%d/%016llx", rows, (unsigned long long)hash);
      record(&fts_series[index], t, check);
    } else if (strcmp(f[0], "search") == 0 && series[K_SEARCH].spent < max_seconds) {
      char pattern[256];
      snprintf(pattern, sizeof pattern, "%% %s%%", f[1]);
      double t0 = now_seconds();
      sqlite3_bind_text(search, 1, pattern, -1, SQLITE_TRANSIENT);
      uint64_t hash = FNV_START;
      int rows = 0;
      while (step_row(db, search)) {
        hash = fnv(hash, sqlite3_column_blob(search, 0), 16);
        (void)sqlite3_column_text(search, 2);
        rows++;
      }
      sqlite3_reset(search);
      double t = now_seconds() - t0;
      snprintf(check, sizeof check, "%d/%016llx", rows, (unsigned long long)hash);
      record(&series[K_SEARCH], t, check);
    }
  }
  fclose(file);
  for (int k = 0; k < K_COUNT + fts_count; k++) {
    Series *s = k < K_COUNT ? &series[k] : &fts_series[k - K_COUNT];
    char kind[80];
    if (k < K_COUNT) snprintf(kind, sizeof kind, "%s", kind_names[k]);
    else snprintf(kind, sizeof kind, "fts:%s", fts_names[k - K_COUNT]);
    double *sorted = malloc(sizeof(double) * (size_t)(s->count ? s->count : 1));
    if (s->count) memcpy(sorted, s->latencies, sizeof(double) * (size_t)s->count);
    qsort(sorted, (size_t)s->count, sizeof(double), compare_doubles);
    printf("{\"kind\":\"%s\",\"count\":%ld,\"median_ms\":%.6f,\"p99_ms\":%.6f,\"mean_ms\":%.6f,\"max_ms\":%.6f,\"checks\":[",
           kind, s->count, percentile(sorted, s->count, 0.5) * 1e3, percentile(sorted, s->count, 0.99) * 1e3,
           s->count ? s->spent / (double)s->count * 1e3 : 0, s->count ? sorted[s->count - 1] * 1e3 : 0);
    for (int i = 0; i < s->check_count; i++) printf("%s\"%s\"", i ? "," : "", s->checks[i]);
    printf("]}\n");
    free(sorted);
    free(s->latencies);
  }
  sqlite3_finalize(budget); sqlite3_finalize(totals); sqlite3_finalize(window); sqlite3_finalize(sum_balance);
  sqlite3_finalize(sum_rows); sqlite3_finalize(balance); sqlite3_finalize(search); sqlite3_finalize(fts);
  sqlite3_close(db);
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 4 && strcmp(argv[1], "load") == 0) return load(argv[2], argv[3]);
  if (argc >= 5 && strcmp(argv[1], "query") == 0) return query(argv[2], argv[3], atof(argv[4]));
  fprintf(stderr, "usage: sqlite_baseline load DB DIR | query DB QUERIES MAX_SECONDS_PER_KIND\n");
  return 2;
}
