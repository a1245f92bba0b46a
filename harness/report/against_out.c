/*
** The ratios of variants against their bases as a table (the output
** folder's `ratios.md` and .tex with a heading and the warnings below,
** .csv bare) and as the
** "ratios" member of report.json.  A row per pair and trace, then a row
** per pair with the geometric mean over the traces that have ratios.
*/
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "against.h"
#include "jsonwrite.h"
#include "texttable.h"
#include "titled.h"

static const char *const header[] = {
  "Variant", "Base", "Trace", "Runs used", "Runs left out", "Time ratio", "Time interval",
  "Memory ratio", "Memory interval", "Interval", "Note",
};

/* Three significant digits, trailing zeros kept so the columns line up. */
static char *format_ratio(double r) {
  return r >= 100 ? rp_asprintf("%.0f", r) : rp_asprintf("%#.3g", r);
}

static char *format_interval(const Ratio *r) {
  char *low = format_ratio(r->low), *high = format_ratio(r->high);
  char *s = rp_asprintf("[%s, %s]", low, high);
  free(low), free(high);
  return s;
}

static char *format_note(const Ratio *time, const Ratio *memory) {
  int t = ratio_spans_one(time), m = ratio_spans_one(memory);
  if (t && m) return rp_strdup("no measurable difference");
  if (t) return rp_strdup("no measurable difference in time");
  if (m) return rp_strdup("no measurable difference in memory");
  return rp_strdup("");
}

static void push_counts(StrVec *row, const int n[2]) {
  strvec_push_owned(row, rp_asprintf("%d/%d", n[VARIANT], n[BASE]));
}

static void add_row(TextTable *t, const PairRatios *p, char *trace, const RunCounts *runs,
                    const char *missing, const Ratio *time, const Ratio *memory) {
  StrVec row = {0};
  strvec_push(&row, p->variant);
  strvec_push(&row, p->base);
  strvec_push_owned(&row, trace);
  push_counts(&row, runs->used);
  push_counts(&row, runs->left_out);
  const Ratio *r[2] = {time, memory};
  for (int k = 0; k < 2; k++) {
    strvec_push_owned(&row, missing ? rp_strdup(missing) : format_ratio(r[k]->point));
    strvec_push_owned(&row, missing ? rp_strdup("-") : format_interval(r[k]));
  }
  strvec_push(&row, missing ? "-" : ratio_kind_name(time));
  strvec_push_owned(&row, missing ? rp_strdup("") : format_note(time, memory));
  texttable_add_row(t, &row);
}

static void fill_table(TextTable *t, const Against *a) {
  for (size_t i = 0; i < sizeof header / sizeof *header; i++) strvec_push(&t->header, header[i]);
  for (int i = 0; i < a->npairs; i++) {
    const PairRatios *p = &a->pairs[i];
    for (int k = 0; k < p->ntraces; k++) {
      const TraceRatio *tr = &p->traces[k];
      add_row(t, p, rp_strdup(tr->trace), &tr->runs, tr->missing, &tr->time, &tr->memory);
    }
    add_row(t, p, rp_asprintf("geometric mean (%d trace%s)", p->overall_traces, p->overall_traces == 1 ? "" : "s"), &p->runs,
            p->overall_traces ? NULL : "-", &p->time, &p->memory);
  }
}

/* The note under the table: what the numbers are, then the warnings. */
static void fill_note(StrVec *note, const Against *a) {
  strvec_push_owned(note, rp_asprintf(
      "Ratio = variant / base of the medians over the runs that ended ok (time: %s; memory: peak); "
      "below 1 = the variant takes less. Interval: bootstrap95 = 95 %% percentile bootstrap over "
      "the repetitions (each side >= %d runs), min-max = from the smallest to the largest ratio "
      "of a variant run to a base run (fewer runs). Runs used and left out: variant/base.",
      a->measure, RATIO_MIN_BOOTSTRAP));
  for (int i = 0; i < a->warnings.n; i++)
    strvec_push_owned(note, rp_asprintf("Warning: %s", a->warnings.items[i]));
}

void against_table(const Against *a, TableList *l) {
  TitledTable *t = table_list_add(l, rp_asprintf("Ratios variant / base (time: %s)", a->measure), 3, 1);
  t->trace_column = 2;
  t->predictor_column = 0;
  fill_table(&t->table, a);
  fill_note(&t->note, a);
}

static int write_form(const TableList *l, FILE *f, const char *format) {
  if (!strcmp(format, "csv")) return texttable_write(&l->items[0].table, f, format);
  return write_table_list(f, l, format);
}

int against_write_tables(const Against *a, const char *out_dir, const char *format) {
  static const char *const forms[] = {"md", "tex", "csv"};
  TableList l = {0};
  against_table(a, &l);
  int rc = 0;
  for (int i = 0; i < 3; i++) {
    char *path = rp_asprintf("%s/ratios.%s", out_dir, forms[i]);
    FILE *f = fopen(path, "w");
    int bad = !f || write_form(&l, f, forms[i]) != 0;
    if ((f && fclose(f) != 0) || bad) {
      fprintf(stderr, "rp-report: cannot write %s\n", path);
      rc = -1;
    }
    free(path);
  }
  if (strcmp(format, "json") != 0 && write_form(&l, stdout, format) != 0) rc = -1;
  table_list_free(&l);
  return rc;
}

static void json_ratio(FILE *f, const Ratio *r, int have) {
  if (!have) {
    fputs("null", f);
    return;
  }
  fputc('{', f);
  json_key(f, "ratio", 1), fprintf(f, "%.10g", r->point);
  json_key(f, "low", 0), fprintf(f, "%.10g", r->low);
  json_key(f, "high", 0), fprintf(f, "%.10g", r->high);
  json_key(f, "interval", 0), json_string(f, ratio_kind_name(r));
  json_key(f, "no_measurable_difference", 0), fputs(ratio_spans_one(r) ? "true" : "false", f);
  fputc('}', f);
}

static void json_runs(FILE *f, const RunCounts *runs) {
  const char *names[2] = {"variant", "base"};
  for (int k = 0; k < 2; k++) {
    json_key(f, names[k], 0);
    fprintf(f, "{\"used\":%d,\"left_out\":%d}", runs->used[k], runs->left_out[k]);
  }
}

static void json_trace(FILE *f, const TraceRatio *tr) {
  fputc('{', f);
  json_key(f, "trace", 1), json_string(f, tr->trace);
  json_key(f, "status", 0), json_string(f, tr->missing ? tr->missing : "ok");
  json_runs(f, &tr->runs);
  json_key(f, "time", 0), json_ratio(f, &tr->time, !tr->missing);
  json_key(f, "memory", 0), json_ratio(f, &tr->memory, !tr->missing);
  fputc('}', f);
}

static void json_pair(FILE *f, const PairRatios *p) {
  fputc('{', f);
  json_key(f, "variant", 1), json_string(f, p->variant);
  json_key(f, "base", 0), json_string(f, p->base);
  json_key(f, "traces", 0), fputc('[', f);
  for (int k = 0; k < p->ntraces; k++) {
    if (k) fputc(',', f);
    json_trace(f, &p->traces[k]);
  }
  fputc(']', f);
  json_key(f, "overall", 0), fputc('{', f);
  json_key(f, "traces", 1), fprintf(f, "%d", p->overall_traces);
  json_runs(f, &p->runs);
  json_key(f, "time", 0), json_ratio(f, &p->time, p->overall_traces > 0);
  json_key(f, "memory", 0), json_ratio(f, &p->memory, p->overall_traces > 0);
  fputs("}}", f);
}

void against_write_json(FILE *f, const Against *a) {
  json_key(f, "ratios", 0), fputc('{', f);
  json_key(f, "time", 1), json_string(f, a->measure);
  json_key(f, "variant_results", 0), json_string(f, a->sides[VARIANT]->dir);
  json_key(f, "base_results", 0), json_string(f, a->sides[BASE]->dir);
  json_key(f, "warnings", 0), fputc('[', f);
  for (int i = 0; i < a->warnings.n; i++) {
    if (i) fputc(',', f);
    json_string(f, a->warnings.items[i]);
  }
  fputc(']', f);
  json_key(f, "pairs", 0), fputc('[', f);
  for (int i = 0; i < a->npairs; i++) {
    fputs(i ? ",\n" : "\n", f);
    json_pair(f, &a->pairs[i]);
  }
  fputs("]}", f);
}
