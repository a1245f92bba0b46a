/*
** "Who finds what": for each trace and each pair of predictors, the races
** one reports and the other does not, in distinct location pairs (the
** unordered {first_loc, second_loc} of the race reports, the unit of
** racy_location_pairs).  Race counts alone hide this: two predictors with
** 7 location pairs each may share none.  Read from the race report of each
** cell's first ok repetition.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "csvtable.h"
#include "report.h"
#include "strindex.h"
#include "texttable.h"
#include "titled.h"

/* The distinct location pairs of a race report, each as "a\x1f" "b" with
** a <= b.  Returns 0, or -1 when the report cannot be read. */
static int read_location_pairs(const char *path, StrIndex *pairs) {
  CsvTable t;
  char err[1024];
  if (csv_table_read(path, &t, err, sizeof err) != 0) return -1;
  int a = csv_table_column(&t, "first_loc"), b = csv_table_column(&t, "second_loc");
  for (int r = 0; a >= 0 && b >= 0 && r < t.nrows; r++) {
    const char *x = t.rows[r][a], *y = t.rows[r][b];
    if (strcmp(x, y) > 0) {
      const char *swap = x;
      x = y, y = swap;
    }
    char *key = rp_asprintf("%s\x1f%s", x, y);
    strindex_add(pairs, key);
    free(key);
  }
  csv_table_free(&t);
  return a >= 0 && b >= 0 ? 0 : -1;
}

/* The pairs of predictor p on trace t; 0 when it has an ok race report. */
static int cell_pairs(const Summary *s, int t, int p, StrIndex *pairs) {
  const Cell *c = summary_cell(s, t, p);
  *pairs = (StrIndex){0};
  if (!c->races_file || !c->races_file[0]) return -1;
  char *path = rp_asprintf("%s/%s", s->dir, c->races_file);
  int rc = read_location_pairs(path, pairs);
  free(path);
  return rc;
}

static int only_in(const StrIndex *a, const StrIndex *b) {
  int n = 0;
  for (int i = 0; i < a->names.n; i++) n += strindex_find(b, a->names.items[i]) < 0;
  return n;
}

/* Why a cell has no pairs: its marker, or "-" (not run, or no readable report). */
static const char *why_none(const Summary *s, int t, int p) {
  const Cell *c = summary_cell(s, t, p);
  return c->runs && c->ok_row < 0 ? c->marker : "-";
}

static void add_trace_rows(const Summary *s, int t, TextTable *table) {
  int np = s->predictors.n;
  StrIndex *pairs = rp_malloc((size_t)np * sizeof *pairs);
  int *have = rp_malloc((size_t)np * sizeof *have);
  for (int p = 0; p < np; p++) have[p] = cell_pairs(s, t, p, &pairs[p]) == 0;
  for (int a = 0; a < np; a++) {
    StrVec row = {0};
    strvec_push(&row, s->traces.items[t]);
    strvec_push(&row, s->predictors.items[a]);
    strvec_push_owned(&row, have[a] ? rp_asprintf("%d", pairs[a].names.n) : rp_strdup(why_none(s, t, a)));
    for (int b = 0; b < np; b++) {
      if (a == b) strvec_push(&row, "");
      else if (!have[a]) strvec_push(&row, why_none(s, t, a));
      else if (!have[b]) strvec_push(&row, why_none(s, t, b));
      else strvec_push_owned(&row, rp_asprintf("%d", only_in(&pairs[a], &pairs[b])));
    }
    texttable_add_row(table, &row);
  }
  for (int p = 0; p < np; p++) strindex_free(&pairs[p]);
  free(pairs), free(have);
}

void who_finds_table(const Summary *s, TableList *l) {
  TitledTable *t = table_list_add(
    l, rp_strdup("Who finds what: location pairs the row's predictor reports and the column's does not"), 3, 1);
  t->predictor_column = 1;
  titled_column(t, rp_strdup("Trace"), -1);
  titled_column(t, rp_strdup("Reports"), -1);
  titled_column(t, rp_strdup("loc. pairs"), -1);
  for (int p = 0; p < s->predictors.n; p++) titled_column(t, rp_asprintf("not %s", s->predictors.items[p]), p);
  for (int tr = 0; tr < s->traces.n; tr++) add_trace_rows(s, tr, &t->table);
  strvec_push(&t->note, "TO/MO/ERR: the row's or the column's predictor has no ok run on the trace; "
                        "-: no run, or no readable race report.");
}

int write_who_finds_what(const Summary *s, const char *out_dir, const char *format) {
  TableList l = {0};
  who_finds_table(s, &l);
  /* The files only ("json" prints nothing); on stdout with a heading and a note. */
  int rc = write_table_forms(&l.items[0].table, out_dir, "whofinds", "json", 3, 1);
  if (!strcmp(format, "md") || !strcmp(format, "tex")) {
    fputc('\n', stdout);
    rc |= write_table_list(stdout, &l, format);
  }
  table_list_free(&l);
  return rc;
}
