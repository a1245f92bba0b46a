/* The main table: per trace its shape, per predictor races, time, memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "report.h"
#include "texttable.h"

int write_table_forms(const TextTable *t, const char *out_dir, const char *base, const char *format,
                      int fixed, int group) {
  static const char *const forms[] = {"md", "tex", "csv"};
  int rc = 0;
  for (int i = 0; i < 3; i++) {
    char *path = xasprintf("%s/%s.%s", out_dir, base, forms[i]);
    FILE *f = fopen(path, "w");
    if (!f || texttable_write_parts(t, f, forms[i], fixed, group, PAGE_COLUMNS) != 0) rc = -1;
    if (f && fclose(f) != 0) rc = -1;
    if (rc != 0) fprintf(stderr, "rp-report: cannot write %s\n", path);
    free(path);
  }
  if (strcmp(format, "json") != 0
      && texttable_write_parts(t, stdout, format, fixed, group, PAGE_COLUMNS) != 0)
    rc = -1;
  return rc;
}

static char *format_memory(const Cell *c) {
  return c->runs ? xasprintf("%.1f", c->mem_kb / 1024.0) : xstrdup("-");
}

/* Whether predictor p reported deadlocks and atomicity violations on any
** trace: then the table has a column for each. */
static int has_other_bugs(const Summary *s, int p) {
  for (int tr = 0; tr < s->traces.n; tr++) {
    const Cell *c = summary_cell(s, tr, p);
    if (c->deadlocks && c->deadlocks[0]) return 1;
  }
  return 0;
}

int write_tables(const Summary *s, const char *out_dir, const char *format, const char *count_label) {
  TextTable t = {0};
  const char *const fixed[] = {"Trace", "Events", "Threads", "Locks", "Vars"};
  for (int i = 0; i < 5; i++) strvec_push(&t.header, fixed[i]);
  for (int p = 0; p < s->predictors.n; p++) {
    const char *name = s->predictors.items[p];
    strvec_push_owned(&t.header, xasprintf("%s %s", name, count_label));
    if (has_other_bugs(s, p)) {
      strvec_push_owned(&t.header, xasprintf("%s deadlocks", name));
      strvec_push_owned(&t.header, xasprintf("%s atomicity", name));
    }
    strvec_push_owned(&t.header, xasprintf("%s time (s)", name));
    strvec_push_owned(&t.header, xasprintf("%s mem (MB)", name));
  }
  for (int tr = 0; tr < s->traces.n; tr++) {
    StrVec row = {0};
    strvec_push(&row, s->traces.items[tr]);
    for (int k = 0; k < SHAPE_COLUMNS; k++) {
      const char *v = s->shapes[tr * SHAPE_COLUMNS + k];
      strvec_push(&row, v[0] ? v : "-");
    }
    for (int p = 0; p < s->predictors.n; p++) {
      const Cell *c = summary_cell(s, tr, p);
      strvec_push(&row, c->races && c->races[0] ? c->races : "-");
      if (has_other_bugs(s, p)) {
        strvec_push(&row, c->deadlocks && c->deadlocks[0] ? c->deadlocks : "-");
        strvec_push(&row, c->atomicity && c->atomicity[0] ? c->atomicity : "-");
      }
      strvec_push_owned(&row, format_time(c));
      strvec_push_owned(&row, format_memory(c));
    }
    texttable_add_row(&t, &row);
  }
  int rc = write_table_forms(&t, out_dir, "table", format, 5, 3);
  texttable_free(&t);
  return rc;
}
