/* Reading race reports; see race_rows.h. */
#include "race_rows.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv_rows.h"

enum { FIRST, SECOND, VARIABLE, FIRST_THREAD, SECOND_THREAD, FIRST_LOC, SECOND_LOC };
static const char *const race_columns[] = {"first", "second", "variable", "first_thread",
                                           "second_thread", "first_loc", "second_loc", NULL};

typedef struct race_reader {
  rp_race_fn fn;
  void *ctx;
  const char *path;
  char *err;
  size_t errlen;
  int failed;
} race_reader;

static int parse_position(const char *text, uint64_t *pos) {
  char *end;
  errno = 0;
  unsigned long long n = strtoull(text, &end, 10);
  if (*text < '1' || *text > '9' || *end != '\0' || errno == ERANGE) return -1;
  *pos = n;
  return 0;
}

static int on_race(const char *const *field, uint64_t row, uint64_t line, void *ctx) {
  race_reader *r = ctx;
  rp_race_row race = {.variable = field[VARIABLE], .first_thread = field[FIRST_THREAD],
                      .second_thread = field[SECOND_THREAD], .first_loc = field[FIRST_LOC],
                      .second_loc = field[SECOND_LOC], .row = row, .line = line};
  const char *bad = parse_position(field[FIRST], &race.first) ? field[FIRST]
                  : parse_position(field[SECOND], &race.second) ? field[SECOND] : NULL;
  if (bad || race.first >= race.second) {
    snprintf(r->err, r->errlen, "%s:%llu: expected positions first < second, not '%s' and '%s'",
             r->path, (unsigned long long)line, field[FIRST], field[SECOND]);
    r->failed = 1;
    return 1;
  }
  return r->fn(&race, r->ctx);
}

int rp_race_rows_read(const char *path, rp_race_fn fn, void *ctx, char *err, size_t errlen) {
  race_reader r = {.fn = fn, .ctx = ctx, .path = path, .err = err, .errlen = errlen};
  if (rp_csv_rows_read(path, race_columns, on_race, &r, err, errlen) != 0) return -1;
  return r.failed ? -1 : 0;
}

typedef struct wanted_row {
  uint64_t row;
  rp_race_row *out;
  char *names;
  size_t size;
  int found;
} wanted_row;

/* Copy s into the names buffer at *at; the copy, or "" when full. */
static const char *keep(wanted_row *w, size_t *at, const char *s) {
  size_t len = strlen(s);
  if (*at + len + 1 > w->size) return "";
  char *copy = memcpy(w->names + *at, s, len + 1);
  *at += len + 1;
  return copy;
}

static int on_wanted(const rp_race_row *race, void *ctx) {
  wanted_row *w = ctx;
  if (race->row != w->row) return 0;
  size_t at = 0;
  *w->out = *race;
  w->out->variable = keep(w, &at, race->variable);
  w->out->first_thread = keep(w, &at, race->first_thread);
  w->out->second_thread = keep(w, &at, race->second_thread);
  w->out->first_loc = keep(w, &at, race->first_loc);
  w->out->second_loc = keep(w, &at, race->second_loc);
  w->found = 1;
  return 1;
}

static int count_rows(const rp_race_row *race, void *ctx) {
  *(uint64_t *)ctx = race->row;
  return 0;
}

int rp_race_row_get(const char *path, uint64_t row, rp_race_row *out, char *names,
                    size_t names_size, char *err, size_t errlen) {
  wanted_row w = {.row = row, .out = out, .names = names, .size = names_size};
  if (rp_race_rows_read(path, on_wanted, &w, err, errlen) != 0) return -1;
  if (w.found) return 0;
  uint64_t rows = 0;
  if (rp_race_rows_read(path, count_rows, &rows, err, errlen) != 0) return -1;
  snprintf(err, errlen, "%s: no row %llu: the report has %llu race row%s", path,
           (unsigned long long)row, (unsigned long long)rows, rows == 1 ? "" : "s");
  return -1;
}
