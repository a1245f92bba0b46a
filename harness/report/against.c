/* Building the ratios of variants against their bases; see against.h. */
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "against.h"
#include "strindex.h"

/* What --time takes from a row: the sum of its columns, scaled to
** seconds.  A ratio to 0 is none: a time below the finest step its columns
** are written in counts as that step (1 ms for wall_s, user_s, sys_s; 1 us
** for analysis_ms), a peak below 1 KiB as 1 KiB. */
typedef struct TimeMeasure {
  const char *name, *columns[2];
  double scale, floor_s;
} TimeMeasure;
static const TimeMeasure time_measures[] = {
  {"wall", {"wall_s", NULL}, 1, 0.001},
  {"cpu", {"user_s", "sys_s"}, 1, 0.001},
  {"analysis", {"analysis_ms", NULL}, 0.001, 0.000001},
};
#define MEMORY_FLOOR_KB 1.0

/* The repetitions of one predictor on one trace, on one side. */
typedef struct Samples {
  double *time, *memory; /* of the runs used, n of each */
  int n, cap, runs, left_out;
  const char *marker;    /* of the first run that did not end ok, or NULL */
} Samples;

int pair_spec_valid(const char *spec) {
  const char *eq = strchr(spec, '=');
  return eq && eq > spec && eq[1] && !strchr(eq + 1, '=');
}

static const TimeMeasure *time_measure(const char *name) {
  for (size_t i = 0; i < sizeof time_measures / sizeof *time_measures; i++)
    if (strcmp(name, time_measures[i].name) == 0) return &time_measures[i];
  return NULL;
}

int time_measure_valid(const char *measure) { return time_measure(measure) != NULL; }

/* The time of row r in seconds, if the row has every column of m. */
static int measured_time(const CsvTable *runs, int r, const TimeMeasure *m, double *t) {
  double sum = 0;
  for (int i = 0; i < 2 && m->columns[i]; i++) {
    const char *v = csv_table_get(runs, r, m->columns[i]);
    if (!v[0]) return 0;
    sum += atof(v);
  }
  *t = sum * m->scale < m->floor_s ? m->floor_s : sum * m->scale;
  return 1;
}

static void add_sample(Samples *x, double time, double memory) {
  if (x->n == x->cap) {
    x->cap = x->cap ? 2 * x->cap : 4;
    x->time = rp_realloc(x->time, (size_t)x->cap * sizeof *x->time);
    x->memory = rp_realloc(x->memory, (size_t)x->cap * sizeof *x->memory);
  }
  x->time[x->n] = time, x->memory[x->n] = memory < MEMORY_FLOOR_KB ? MEMORY_FLOOR_KB : memory;
  x->n++;
}

/* The samples of predictor on every trace of s, indexed like s->traces. */
static Samples *collect(const Summary *s, const StrIndex *traces, const char *predictor,
                        const TimeMeasure *measure) {
  Samples *all = rp_malloc((size_t)(s->traces.n + 1) * sizeof *all);
  memset(all, 0, (size_t)(s->traces.n + 1) * sizeof *all);
  for (int r = 0; r < s->runs.nrows; r++) {
    if (strcmp(csv_table_get(&s->runs, r, "predictor"), predictor) != 0) continue;
    Samples *x = &all[strindex_find(traces, csv_table_get(&s->runs, r, "trace"))];
    const char *status = csv_table_get(&s->runs, r, "status");
    double t;
    x->runs++;
    if (strcmp(status, "ok") != 0 && !x->marker) x->marker = marker_of(status);
    if (strcmp(status, "ok") == 0 && measured_time(&s->runs, r, measure, &t))
      add_sample(x, t, (double)run_memory_kb(&s->runs, r));
    else x->left_out++;
  }
  return all;
}

static void free_samples(Samples *all, int n) {
  for (int i = 0; i < n; i++) free(all[i].time), free(all[i].memory);
  free(all);
}

static const char *why_missing(const Samples *x) {
  if (!x || x->runs == 0) return "-";
  if (x->n == 0) return x->marker ? x->marker : "n/a";
  return NULL;
}

/* One trace's run counts and why it has no ratio; when it has, its samples
** go to time[*n] and memory[*n], and *n grows. */
static void trace_samples(TraceRatio *tr, const Samples *v, const Samples *b, RatioSamples *time,
                          RatioSamples *memory, int *n) {
  const Samples *side[2] = {v, b};
  for (int k = 0; k < 2; k++)
    if (side[k]) tr->runs.used[k] = side[k]->n, tr->runs.left_out[k] = side[k]->left_out;
  tr->missing = why_missing(v);
  if (!tr->missing) tr->missing = why_missing(b);
  if (tr->missing) return;
  time[*n] = (RatioSamples){v->time, b->time, v->n, b->n};
  memory[*n] = (RatioSamples){v->memory, b->memory, v->n, b->n};
  ++*n;
}

/* The ratios of the n traces with samples (in p->traces order, skipping
** those with none), and their geometric means. */
static void estimate(PairRatios *p, const RatioSamples *time, const RatioSamples *memory, int n) {
  p->overall_traces = n;
  if (n == 0) return;
  Ratio *per_trace = rp_malloc((size_t)n * sizeof *per_trace);
  p->time = ratio_estimate(time, n, per_trace);
  for (int t = 0, i = 0; t < p->ntraces; t++)
    if (!p->traces[t].missing) p->traces[t].time = per_trace[i++];
  p->memory = ratio_estimate(memory, n, per_trace);
  for (int t = 0, i = 0; t < p->ntraces; t++)
    if (!p->traces[t].missing) p->traces[t].memory = per_trace[i++];
  free(per_trace);
}

static StrIndex trace_index(const Summary *s) {
  StrIndex x = {0};
  for (int t = 0; t < s->traces.n; t++) strindex_add(&x, s->traces.items[t]);
  return x;
}

/* Pair p's ratios on every trace either side ran. */
static void pair_ratios(Against *a, PairRatios *p) {
  StrIndex index[2], all = {0};
  Samples *samples[2];
  const char *names[2] = {p->variant, p->base};
  for (int k = 0; k < 2; k++) {
    index[k] = trace_index(a->sides[k]);
    samples[k] = collect(a->sides[k], &index[k], names[k], time_measure(a->measure));
    for (int t = 0; t < a->sides[k]->traces.n; t++) strindex_add(&all, a->sides[k]->traces.items[t]);
  }
  p->traces = rp_malloc((size_t)(all.names.n + 1) * sizeof *p->traces);
  RatioSamples *time = rp_malloc((size_t)(all.names.n + 1) * sizeof *time);
  RatioSamples *memory = rp_malloc((size_t)(all.names.n + 1) * sizeof *memory);
  int n = 0;
  for (int t = 0; t < all.names.n; t++) {
    const Samples *side[2];
    for (int k = 0; k < 2; k++) {
      int i = strindex_find(&index[k], all.names.items[t]);
      side[k] = i < 0 ? NULL : &samples[k][i];
    }
    if ((!side[0] || !side[0]->runs) && (!side[1] || !side[1]->runs)) continue;
    TraceRatio *tr = &p->traces[p->ntraces++];
    *tr = (TraceRatio){.trace = rp_strdup(all.names.items[t])};
    trace_samples(tr, side[0], side[1], time, memory, &n);
    for (int k = 0; tr->missing == NULL && k < 2; k++)
      p->runs.used[k] += tr->runs.used[k], p->runs.left_out[k] += tr->runs.left_out[k];
  }
  estimate(p, time, memory, n);
  free(time), free(memory);
  for (int k = 0; k < 2; k++) free_samples(samples[k], a->sides[k]->traces.n), strindex_free(&index[k]);
  strindex_free(&all);
}

static int has_predictor(const Against *a, int side, const char *name, const char *spec) {
  const Summary *s = a->sides[side];
  if (strvec_find(&s->predictors, name) >= 0) return 1;
  fprintf(stderr, "rp-report: --pair %s: no predictor '%s' in %s/runs.csv (it has:", spec, name, s->dir);
  for (int p = 0; p < s->predictors.n; p++) fprintf(stderr, " %s", s->predictors.items[p]);
  fputs(")\n", stderr);
  return 0;
}

static void add_pair(Against *a, const char *variant, const char *base) {
  a->pairs = rp_realloc(a->pairs, (size_t)(a->npairs + 1) * sizeof *a->pairs);
  a->pairs[a->npairs++] = (PairRatios){.variant = rp_strdup(variant), .base = rp_strdup(base)};
}

/* The pairs named in specs, each side checked; or every shared name. */
static int choose_pairs(Against *a, const StrVec *specs) {
  for (int i = 0; i < specs->n; i++) {
    const char *spec = specs->items[i], *eq = strchr(spec, '=');
    char *variant = rp_asprintf("%.*s", (int)(eq - spec), spec);
    int ok = has_predictor(a, VARIANT, variant, spec) && has_predictor(a, BASE, eq + 1, spec);
    if (ok) add_pair(a, variant, eq + 1);
    free(variant);
    if (!ok) return -1;
  }
  const StrVec *names = &a->sides[VARIANT]->predictors;
  for (int p = 0; specs->n == 0 && p < names->n; p++)
    if (strvec_find(&a->sides[BASE]->predictors, names->items[p]) >= 0)
      add_pair(a, names->items[p], names->items[p]);
  return 0;
}

int against_build(Against *a, const Summary *variant_side, const Summary *base_side,
                  const StrVec *specs, const char *measure) {
  *a = (Against){.sides = {variant_side, base_side}, .measure = measure};
  if (choose_pairs(a, specs) != 0) {
    against_free(a);
    return -1;
  }
  if (a->npairs == 0)
    against_warn(a, "no predictor name in both %s and %s: no ratios (name pairs with --pair VARIANT=BASE)",
                 a->sides[VARIANT]->dir, a->sides[BASE]->dir);
  for (int i = 0; i < a->npairs; i++) {
    pair_ratios(a, &a->pairs[i]);
    against_warn_pair(a, &a->pairs[i]);
  }
  return 0;
}

void against_build_by_name(Against *a, const Summary *now, const Summary *base) {
  const StrVec every_shared_name = {0};
  *a = (Against){.sides = {now, base}, .measure = "wall"};
  choose_pairs(a, &every_shared_name);
  for (int i = 0; i < a->npairs; i++) pair_ratios(a, &a->pairs[i]);
}

const TraceRatio *against_trace(const Against *a, const char *predictor, const char *trace) {
  for (int i = 0; i < a->npairs; i++) {
    const PairRatios *p = &a->pairs[i];
    if (strcmp(p->variant, predictor) != 0 || strcmp(p->base, predictor) != 0) continue;
    for (int t = 0; t < p->ntraces; t++)
      if (strcmp(p->traces[t].trace, trace) == 0) return &p->traces[t];
  }
  return NULL;
}

void against_free(Against *a) {
  for (int i = 0; i < a->npairs; i++) {
    PairRatios *p = &a->pairs[i];
    for (int t = 0; t < p->ntraces; t++) free((char *)p->traces[t].trace);
    free(p->traces), free((char *)p->variant), free((char *)p->base);
  }
  free(a->pairs);
  strvec_free(&a->warnings);
}
