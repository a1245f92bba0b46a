/*
** A ratio variant / base of measurements repeated on each side, with its
** spread; see ratio.h for what the numbers are and why.
*/
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "ratio.h"
#include "report.h"

/* Bootstrap replicates: enough that the 2.5 % and 97.5 % points move by
** well under the ratios' printed precision from one seed to another. */
#define REPLICATES 2000
/* Fixed, so that the same folders always give the same intervals; trace i
** draws from its own stream (SEED + i), independent of the others'. */
#define SEED UINT64_C(0x2900000000000003)

static double median_sorted(const double *v, int n) {
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* splitmix64: a small generator of our own, so that the intervals do not
** depend on the C library's rand(). */
static uint64_t next_random(uint64_t *state) {
  uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* The value of rank k among the draws counted in counts (over sorted v). */
static double ranked(const double *v, const int *counts, int k) {
  int i = 0;
  for (int seen = counts[0]; seen <= k; seen += counts[++i]) {}
  return v[i];
}

/* The median of n values drawn with replacement from sorted v: the draws
** are counted per value, so that no sort is needed (an index is the top 32
** bits of a draw scaled to n, cheaper than a division). */
static double resampled_median(const double *v, int n, int *counts, uint64_t *state) {
  memset(counts, 0, (size_t)n * sizeof *counts);
  for (int i = 0; i < n; i++) counts[((next_random(state) >> 32) * (uint64_t)n) >> 32]++;
  double upper = ranked(v, counts, n / 2);
  return n % 2 ? upper : (ranked(v, counts, n / 2 - 1) + upper) / 2;
}

static double *sorted_copy(const double *v, int n) {
  double *s = rp_malloc((size_t)n * sizeof *s);
  memcpy(s, v, (size_t)n * sizeof *s);
  qsort(s, (size_t)n, sizeof *s, compare_doubles);
  return s;
}

/* The value of rank k in v[0..n-1] (reordered): a quickselect, as sorting
** every trace's replicates took most of the report's time. */
static double select_rank(double *v, int n, int k) {
  int lo = 0, hi = n - 1;
  while (lo < hi) {
    double pivot = v[lo + (hi - lo) / 2];
    int i = lo, j = hi;
    while (i <= j) {
      while (v[i] < pivot) i++;
      while (v[j] > pivot) j--;
      if (i <= j) {
        double x = v[i];
        v[i++] = v[j], v[j--] = x;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return v[k];
}

/* The 2.5 % and 97.5 % points of the log ratios in logs (reordered). */
static void percentiles(double *logs, Ratio *r) {
  r->low = exp(select_rank(logs, REPLICATES, REPLICATES / 40));
  r->high = exp(select_rank(logs, REPLICATES, REPLICATES - 1 - REPLICATES / 40));
}

/* One trace's ratio of medians, its extreme ratios (in extremes[0..1]),
** and when it has runs enough its bootstrap interval, whose log replicates
** are added to overall (when not NULL); else the extremes as interval. */
static void trace_estimate(const RatioSamples *t, int i, Ratio *r, double extremes[2], double *logs,
                           int *counts, double *overall) {
  double *v = sorted_copy(t->v, t->nv), *b = sorted_copy(t->b, t->nb);
  extremes[0] = v[0] / b[t->nb - 1], extremes[1] = v[t->nv - 1] / b[0];
  *r = (Ratio){.point = median_sorted(v, t->nv) / median_sorted(b, t->nb), .kind = RATIO_RANGE,
               .traces = 1, .low = extremes[0], .high = extremes[1]};
  if (t->nv >= RATIO_MIN_BOOTSTRAP && t->nb >= RATIO_MIN_BOOTSTRAP) {
    uint64_t state = SEED + (uint64_t)i;
    for (int k = 0; k < REPLICATES; k++) {
      logs[k] = log(resampled_median(v, t->nv, counts, &state) / resampled_median(b, t->nb, counts, &state));
      if (overall) overall[k] += logs[k];
    }
    r->kind = RATIO_BOOTSTRAP;
    percentiles(logs, r);
  }
  free(v), free(b);
}

static int largest_sample(const RatioSamples *t, int n) {
  int m = 1;
  for (int i = 0; i < n; i++) {
    m = t[i].nv > m ? t[i].nv : m;
    m = t[i].nb > m ? t[i].nb : m;
  }
  return m;
}

static int all_bootstrapped(const RatioSamples *t, int n) {
  for (int i = 0; i < n; i++)
    if (t[i].nv < RATIO_MIN_BOOTSTRAP || t[i].nb < RATIO_MIN_BOOTSTRAP) return 0;
  return 1;
}

Ratio ratio_estimate(const RatioSamples *t, int n, Ratio *per_trace) {
  Ratio all = {.kind = all_bootstrapped(t, n) ? RATIO_BOOTSTRAP : RATIO_RANGE, .traces = n};
  double *logs = rp_malloc(REPLICATES * sizeof *logs), *overall = NULL;
  int *counts = rp_malloc((size_t)largest_sample(t, n) * sizeof *counts);
  if (all.kind == RATIO_BOOTSTRAP) {
    overall = rp_malloc(REPLICATES * sizeof *overall);
    memset(overall, 0, REPLICATES * sizeof *overall);
  }
  double point = 0, low = 0, high = 0, extremes[2];
  for (int i = 0; i < n; i++) {
    trace_estimate(&t[i], i, &per_trace[i], extremes, logs, counts, overall);
    point += log(per_trace[i].point);
    low += log(extremes[0]), high += log(extremes[1]);
  }
  all.point = exp(point / n);
  if (overall) {
    for (int k = 0; k < REPLICATES; k++) overall[k] /= n;
    percentiles(overall, &all);
  } else {
    all.low = exp(low / n), all.high = exp(high / n);
  }
  free(logs), free(overall), free(counts);
  return all;
}

int ratio_spans_one(const Ratio *r) { return r->low <= 1 && 1 <= r->high; }

const char *ratio_kind_name(const Ratio *r) {
  return r->kind == RATIO_RANGE ? "min-max" : "bootstrap95";
}
