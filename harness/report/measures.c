/*
** The report's tables: one per measure (the traces' shapes, racy events,
** distinct location pairs, time, memory, memory per event, and the verdicts some predictors
** add), traces as rows and predictors as columns, so that a table fits a
** page with one column per predictor.  A cell holds a value, TO/MO/ERR when
** no repetition gave one, or "-" when the run is missing; a count the
** predictor marks approximate carries APPROX_MARK.  Under each race table a
** note says what each predictor's count guarantees (guarantees.c).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "report.h"
#include "texttable.h"
#include "titled.h"

/* Stats columns that qualify a predictor's races (M2's completeness and set
** C, DC's vindication verdicts) or count other bugs (SeqCheck), shown for
** each predictor that wrote them. */
const char *const verdict_columns[VERDICT_COLUMNS][3] = {
  {"complete", "complete", "M2 decided every candidate pair (yes), or left some in its set C (no)"},
  {"uncertain_location_pairs", "|C| loc. pairs", "distinct location pairs in M2's set C (not decided)"},
  {"verified", "verified", "DC races VindicateRace proved predictable"},
  {"false", "false", "DC races VindicateRace proved not predictable"},
  {"unknown", "unknown", "races left undecided (DC: not vindicated, which by default is every HB and WCP "
                         "race, or vindication gave up; oracle: beyond its limits)"},
  {"deadlock_location_sets", "deadlocks", "distinct deadlocks (acquire-location sets)"},
  {"atomicity_location_triples", "atomicity", "distinct atomicity violations (location triples)"},
};

/* A measure: its title and how a cell shows it. */
typedef struct Measure {
  const char *title, *column; /* column: the stats count, or NULL */
  char *(*format)(const Summary *s, const Cell *c, const char *column);
} Measure;

static char *time_of(const Summary *s, const Cell *c, const char *column) {
  (void)s, (void)column;
  return format_time(c);
}

static char *memory_of(const Summary *s, const Cell *c, const char *column) {
  (void)s, (void)column;
  return format_memory(c);
}

/* The peak memory per event of the trace, in bytes: what a predictor that
** keeps the whole trace (M2, SeqCheck, DC's graph, SyncP's history) costs
** an event, comparable across traces of any length.  "-" when the run
** wrote no stats (a wrapper such as cat) or the trace has no events. */
static char *bytes_per_event_of(const Summary *s, const Cell *c, const char *column) {
  (void)column;
  if (c->runs == 0) return rp_strdup("-");
  if (c->marker) return rp_strdup(c->marker);
  double events = atof(cell_stat(s, c, "events"));
  if (events <= 0) return rp_strdup("-");
  return rp_asprintf("%.1f", c->mem_kb * 1024.0 / events);
}

static int any_approximate(const Summary *s, const char *column) {
  for (int t = 0; t < s->traces.n; t++)
    for (int p = 0; p < s->predictors.n; p++)
      if (cell_approximate(s, summary_cell(s, t, p), column)) return 1;
  return 0;
}

/* The note under a table of counts: the markers, then each predictor's
** guarantee. */
static void count_note(const Summary *s, const char *column, StrVec *note) {
  if (any_approximate(s, column))
    strvec_push(note, APPROX_MARK ": the predictor marks this count approximate (stats column "
                      "approximate; e.g. racy_events counted from pairs out of order is an upper bound).");
  strvec_push(note, "TO/MO/ERR: no repetition ended ok (time limit, memory limit, error); -: no run.");
  for (int p = 0; p < s->predictors.n; p++)
    strvec_push_owned(note, rp_asprintf("%s: %s.", s->predictors.items[p],
                                      predictor_guarantee(s->predictors.items[p])));
}

static TitledTable *per_predictor_table(const Summary *s, TableList *l, char *title) {
  TitledTable *t = table_list_add(l, title, 1, 1);
  titled_column(t, rp_strdup("Trace"), -1);
  for (int p = 0; p < s->predictors.n; p++) titled_column(t, rp_strdup(s->predictors.items[p]), p);
  return t;
}

static void add_measure(TableList *l, const Summary *s, const Measure *m) {
  TitledTable *t = per_predictor_table(s, l, rp_strdup(m->title));
  for (int tr = 0; tr < s->traces.n; tr++) {
    StrVec row = {0};
    strvec_push(&row, s->traces.items[tr]);
    for (int p = 0; p < s->predictors.n; p++)
      strvec_push_owned(&row, m->format(s, summary_cell(s, tr, p), m->column));
    texttable_add_row(&t->table, &row);
  }
  if (m->column) count_note(s, m->column, &t->note);
  else strvec_push(&t->note, "TO/MO/ERR: some repetition did not end ok (time limit, memory limit, "
                             "error), so no value is given; -: no run.");
}

static void add_shapes(TableList *l, const Summary *s) {
  TitledTable *t = table_list_add(l, rp_strdup("Traces"), 5, 1);
  const char *const fixed[] = {"Trace", "Events", "Threads", "Locks", "Vars"};
  for (int i = 0; i < 5; i++) titled_column(t, rp_strdup(fixed[i]), -1);
  for (int tr = 0; tr < s->traces.n; tr++) {
    StrVec row = {0};
    strvec_push(&row, s->traces.items[tr]);
    for (int k = 0; k < SHAPE_COLUMNS; k++) {
      const char *v = s->shapes[tr * SHAPE_COLUMNS + k];
      strvec_push(&row, v[0] ? v : "-");
    }
    texttable_add_row(&t->table, &row);
  }
}

/* Whether predictor p wrote verdict column v on some trace. */
static int has_verdict(const Summary *s, int p, int v) {
  for (int t = 0; t < s->traces.n; t++)
    if (cell_stat(s, summary_cell(s, t, p), verdict_columns[v][0])[0]) return 1;
  return 0;
}

/* The verdicts table, when some predictor wrote a verdict column. */
static void add_verdicts(TableList *l, const Summary *s) {
  int used[VERDICT_COLUMNS] = {0}, any = 0;
  for (int p = 0; p < s->predictors.n; p++)
    for (int v = 0; v < VERDICT_COLUMNS; v++)
      if (has_verdict(s, p, v)) used[v] = any = 1;
  if (!any) return;
  TitledTable *t = table_list_add(l, rp_strdup("Verdicts the predictors add"), 1, 1);
  titled_column(t, rp_strdup("Trace"), -1);
  for (int p = 0; p < s->predictors.n; p++)
    for (int v = 0; v < VERDICT_COLUMNS; v++)
      if (has_verdict(s, p, v))
        titled_column(t, rp_asprintf("%s %s", s->predictors.items[p], verdict_columns[v][1]), p);
  for (int v = 0; v < VERDICT_COLUMNS; v++)
    if (used[v]) strvec_push_owned(&t->note, rp_asprintf("%s: %s.", verdict_columns[v][1], verdict_columns[v][2]));
  for (int tr = 0; tr < s->traces.n; tr++) {
    StrVec row = {0};
    strvec_push(&row, s->traces.items[tr]);
    for (int p = 0; p < s->predictors.n; p++)
      for (int v = 0; v < VERDICT_COLUMNS; v++)
        if (has_verdict(s, p, v)) strvec_push_owned(&row, format_count(s, summary_cell(s, tr, p), verdict_columns[v][0]));
    texttable_add_row(&t->table, &row);
  }
}

void report_tables(const Summary *s, const char *count_column, const char *count_label, TableList *l) {
  Measure measures[] = {
    {"Racy events", "racy_events", format_count},
    {"Distinct location pairs", "racy_location_pairs", format_count},
    {NULL, count_column, format_count},
    {"Time (s), median of the repetitions", NULL, time_of},
    {"Memory (MB), peak over the repetitions", NULL, memory_of},
    {"Peak bytes per event (memory / events)", NULL, bytes_per_event_of},
  };
  char *title = rp_asprintf("Races (%s)", count_label);
  measures[2].title = title;
  add_shapes(l, s);
  for (size_t i = 0; i < sizeof measures / sizeof *measures; i++) {
    if (i == 2 && (!strcmp(count_column, "racy_events") || !strcmp(count_column, "racy_location_pairs")))
      continue;
    add_measure(l, s, &measures[i]);
  }
  add_verdicts(l, s);
  free(title);
}

/* All the tables, in md or tex, to f. */
static int write_all(FILE *f, const Summary *s, const char *format, const char *count_column,
                     const char *count_label) {
  TableList l = {0};
  report_tables(s, count_column, count_label, &l);
  int rc = write_table_list(f, &l, format);
  table_list_free(&l);
  return rc;
}

/* table.csv: one row per trace and predictor, for machines. */
static int write_long_csv(FILE *f, const Summary *s, const char *count_column) {
  TextTable t = {0};
  const char *const header[] = {"trace", "events", "threads", "locks", "variables", "predictor",
                                "status", "racy_events", "racy_location_pairs", "count",
                                "approximate", "time_s", "mem_mb"};
  for (size_t i = 0; i < sizeof header / sizeof *header; i++) strvec_push(&t.header, header[i]);
  for (int v = 0; v < VERDICT_COLUMNS; v++) strvec_push(&t.header, verdict_columns[v][0]);
  for (int tr = 0; tr < s->traces.n; tr++)
    for (int p = 0; p < s->predictors.n; p++) {
      const Cell *c = summary_cell(s, tr, p);
      if (c->runs == 0) continue;
      StrVec row = {0};
      strvec_push(&row, s->traces.items[tr]);
      for (int k = 0; k < SHAPE_COLUMNS; k++) strvec_push(&row, s->shapes[tr * SHAPE_COLUMNS + k]);
      strvec_push(&row, s->predictors.items[p]);
      strvec_push(&row, c->marker ? c->marker : "ok");
      strvec_push(&row, cell_stat(s, c, "racy_events"));
      strvec_push(&row, cell_stat(s, c, "racy_location_pairs"));
      strvec_push(&row, cell_stat(s, c, count_column));
      strvec_push(&row, cell_stat(s, c, "approximate"));
      strvec_push_owned(&row, c->marker ? rp_strdup("") : rp_asprintf("%.3f", c->time_s));
      strvec_push_owned(&row, rp_asprintf("%.1f", c->mem_kb / 1024.0));
      for (int v = 0; v < VERDICT_COLUMNS; v++) strvec_push(&row, cell_stat(s, c, verdict_columns[v][0]));
      texttable_add_row(&t, &row);
    }
  int rc = texttable_write(&t, f, "csv");
  texttable_free(&t);
  return rc;
}

static int write_form(const Summary *s, const char *out_dir, const char *form, const char *count_column,
                      const char *count_label) {
  char *path = rp_asprintf("%s/table.%s", out_dir, form);
  FILE *f = fopen(path, "w");
  int rc = !f ? -1
           : strcmp(form, "csv") == 0 ? write_long_csv(f, s, count_column)
                                       : write_all(f, s, form, count_column, count_label);
  if (f && fclose(f) != 0) rc = -1;
  if (rc != 0) fprintf(stderr, "rp-report: cannot write %s\n", path);
  free(path);
  return rc;
}

int write_tables(const Summary *s, const char *out_dir, const char *format, const char *count_column,
                 const char *count_label) {
  int rc = 0;
  static const char *const forms[] = {"md", "tex", "csv"};
  for (int i = 0; i < 3; i++) rc |= write_form(s, out_dir, forms[i], count_column, count_label);
  if (!strcmp(format, "md") || !strcmp(format, "tex")) rc |= write_all(stdout, s, format, count_column, count_label);
  else if (!strcmp(format, "csv")) rc |= write_long_csv(stdout, s, count_column);
  return rc ? -1 : 0;
}
