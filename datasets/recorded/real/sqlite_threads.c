/* A multi-threaded SQLite workload (the driver is ours, SQLite is not):
** four threads share one in-memory database connection opened in
** serialized mode (SQLite's own mutexes guard it) and each inserts rows
** into a shared table and reads back aggregates, in transactions.
** argv[1]: rows per thread (default 200). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "sqlite3.h"

enum { THREADS = 4 };
static sqlite3 *db;
static int rows = 200;

static void check(int rc, const char *what) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
    fprintf(stderr, "%s: %s\n", what, sqlite3_errmsg(db));
    exit(1);
  }
}

static void *worker(void *arg) {
  long id = (long)arg;
  sqlite3_stmt *insert, *sum;
  check(sqlite3_prepare_v2(db, "INSERT INTO t(thread, n, s) VALUES (?, ?, ?)", -1, &insert, NULL),
        "prepare insert");
  check(sqlite3_prepare_v2(db, "SELECT count(*), sum(n) FROM t WHERE thread = ?", -1, &sum, NULL),
        "prepare sum");
  for (int i = 0; i < rows; i++) {
    char text[32];
    snprintf(text, sizeof text, "row-%ld-%d", id, i);
    sqlite3_bind_int64(insert, 1, id);
    sqlite3_bind_int64(insert, 2, i);
    sqlite3_bind_text(insert, 3, text, -1, SQLITE_TRANSIENT);
    check(sqlite3_step(insert), "insert");
    sqlite3_reset(insert);
    if (i % 50 == 49) {
      sqlite3_bind_int64(sum, 1, id);
      check(sqlite3_step(sum), "sum");
      sqlite3_reset(sum);
    }
  }
  sqlite3_finalize(insert);
  sqlite3_finalize(sum);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc > 1) rows = atoi(argv[1]);
  check(sqlite3_open_v2(":memory:", &db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, NULL),
        "open");
  check(sqlite3_exec(db, "CREATE TABLE t(thread INTEGER, n INTEGER, s TEXT);"
                         "CREATE INDEX t_thread ON t(thread);", NULL, NULL, NULL), "create");
  pthread_t t[THREADS];
  for (long i = 0; i < THREADS; i++) pthread_create(&t[i], NULL, worker, (void *)i);
  for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
  sqlite3_stmt *all;
  check(sqlite3_prepare_v2(db, "SELECT count(*) FROM t", -1, &all, NULL), "prepare count");
  check(sqlite3_step(all), "count");
  printf("%d rows\n", sqlite3_column_int(all, 0));
  sqlite3_finalize(all);
  sqlite3_close(db);
  return 0;
}
