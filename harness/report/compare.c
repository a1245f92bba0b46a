/*
** Comparing two result sets, a new variant against a baseline: per trace and
** predictor present in both, the two median times, their ratio (new divided
** by baseline: below 1 is faster) and the two race counts.  The ratios are
** those of against.c (against_build_by_name), so that this table and the
** ratios table cannot disagree; a ratio is shown where both times are.
*/
#include <stdlib.h>
#include <string.h>

#include "against.h"
#include "base/diag.h"
#include "report.h"
#include "texttable.h"
#include "titled.h"

const Cell *compare_base_cell(const Against *by_name, int t, int p) {
  const Summary *s = by_name->sides[VARIANT], *base = by_name->sides[BASE];
  int bt = strvec_find(&base->traces, s->traces.items[t]);
  int bp = strvec_find(&base->predictors, s->predictors.items[p]);
  return bt < 0 || bp < 0 ? NULL : summary_cell(base, bt, bp);
}

int compare_ratio(const Against *by_name, int t, int p, double *r) {
  const Summary *s = by_name->sides[VARIANT];
  const Cell *now = summary_cell(s, t, p), *base = compare_base_cell(by_name, t, p);
  if (!base || now->runs == 0 || base->runs == 0 || now->marker || base->marker) return 0;
  const TraceRatio *tr = against_trace(by_name, s->predictors.items[p], s->traces.items[t]);
  if (!tr || tr->missing) return 0;
  *r = tr->time.point;
  return 1;
}

static void add_header(TitledTable *t, const Summary *s) {
  titled_column(t, rp_strdup("Trace"), -1);
  for (int p = 0; p < s->predictors.n; p++) {
    const char *n = s->predictors.items[p];
    titled_column(t, rp_asprintf("%s base (s)", n), p);
    titled_column(t, rp_asprintf("%s new (s)", n), p);
    titled_column(t, rp_asprintf("%s ratio", n), p);
    titled_column(t, rp_asprintf("%s base races", n), p);
    titled_column(t, rp_asprintf("%s new races", n), p);
  }
}

static const char *races_of(const Cell *c) { return c && c->races && c->races[0] ? c->races : "-"; }

/* The new / baseline time ratio of a trace and predictor, for the plot. */
static int plottable_ratio(const Summary *s, const void *by_name, int t, int p, double *r) {
  (void)s;
  return compare_ratio(by_name, t, p, r);
}

/* A ratio's mark: the marker of whichever side did not end ok. */
static const char *ratio_mark(const Summary *s, const void *by_name, int t, int p) {
  const Cell *now = summary_cell(s, t, p), *old = compare_base_cell(by_name, t, p);
  if (!old || old->runs == 0 || now->runs == 0) return NULL;
  return now->marker ? now->marker : old->marker;
}

void compare_table(const Against *by_name, TableList *l) {
  const Summary *s = by_name->sides[VARIANT];
  TitledTable *t = table_list_add(l, rp_strdup("Against the baseline: median times, their ratio new / baseline "
                                             "(below 1 = faster) and the races"), 1, 5);
  add_header(t, s);
  for (int tr = 0; tr < s->traces.n; tr++) {
    StrVec row = {0};
    strvec_push(&row, s->traces.items[tr]);
    for (int p = 0; p < s->predictors.n; p++) {
      const Cell *now = summary_cell(s, tr, p), *old = compare_base_cell(by_name, tr, p);
      double r;
      strvec_push_owned(&row, old ? format_time(old) : rp_strdup("-"));
      strvec_push_owned(&row, format_time(now));
      strvec_push_owned(&row, compare_ratio(by_name, tr, p, &r) ? rp_asprintf("%.2f", r) : rp_strdup("-"));
      strvec_push(&row, races_of(old));
      strvec_push(&row, races_of(now));
    }
    texttable_add_row(&t->table, &row);
  }
}

int write_comparison(const Against *by_name, const char *out_dir, const char *format, StrVec *scripts) {
  TableList l = {0};
  compare_table(by_name, &l);
  int rc = write_table_forms(&l.items[0].table, out_dir, "compare", format, 1, 5);
  table_list_free(&l);
  const TracePlot plot = {
    .name = "compare", .title = "Time ratio per trace: new / baseline (below 1 = faster)",
    .ylabel = "new / baseline", .value = plottable_ratio, .mark = ratio_mark, .ctx = by_name,
    .base_one = 1,
  };
  if (plot_per_trace(by_name->sides[VARIANT], &plot, out_dir, scripts) != 0) rc = -1;
  return rc;
}
