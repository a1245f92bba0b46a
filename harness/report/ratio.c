/*
** A ratio variant / base of measurements repeated on each side, with its
** spread; see ratio.h for what the numbers are and why.
*/
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "ratio.h"
#include "report.h"

/* Bootstrap replicates: enough that the 2.5 % and 97.5 % points move by
** well under the ratios' printed precision from one seed to another. */
#define REPLICATES 2000
/* Fixed, so that the same folders always give the same interval. */
#define SEED UINT64_C(0x2900000000000003)

static double median_sorted(const double *v, int n) {
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static double median_of(double *scratch, const double *v, int n) {
  memcpy(scratch, v, (size_t)n * sizeof *v);
  qsort(scratch, (size_t)n, sizeof *scratch, compare_doubles);
  return median_sorted(scratch, n);
}

static double smallest(const double *v, int n) {
  double m = v[0];
  for (int i = 1; i < n; i++) m = v[i] < m ? v[i] : m;
  return m;
}

static double largest(const double *v, int n) {
  double m = v[0];
  for (int i = 1; i < n; i++) m = v[i] > m ? v[i] : m;
  return m;
}

/* splitmix64: a small generator of our own, so that the interval does not
** depend on the C library's rand(). */
static uint64_t next_random(uint64_t *state) {
  uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* The median of n values drawn with replacement from v. */
static double resampled_median(double *scratch, const double *v, int n, uint64_t *state) {
  for (int i = 0; i < n; i++) scratch[i] = v[next_random(state) % (uint64_t)n];
  qsort(scratch, (size_t)n, sizeof *scratch, compare_doubles);
  return median_sorted(scratch, n);
}

static int largest_sample(const RatioSamples *t, int n) {
  int m = 1;
  for (int i = 0; i < n; i++) {
    m = t[i].nv > m ? t[i].nv : m;
    m = t[i].nb > m ? t[i].nb : m;
  }
  return m;
}

/* The percentile bootstrap of the geometric mean of the median ratios:
** every replicate redraws every trace's repetitions on both sides. */
static void bootstrap(const RatioSamples *t, int n, double *scratch, Ratio *r) {
  double *replicates = xmalloc(REPLICATES * sizeof *replicates);
  uint64_t state = SEED;
  for (int k = 0; k < REPLICATES; k++) {
    double logs = 0;
    for (int i = 0; i < n; i++)
      logs += log(resampled_median(scratch, t[i].v, t[i].nv, &state)
                  / resampled_median(scratch, t[i].b, t[i].nb, &state));
    replicates[k] = exp(logs / n);
  }
  qsort(replicates, REPLICATES, sizeof *replicates, compare_doubles);
  r->low = replicates[REPLICATES / 40];
  r->high = replicates[REPLICATES - 1 - REPLICATES / 40];
  free(replicates);
}

Ratio ratio_estimate(const RatioSamples *t, int n) {
  Ratio r = {.kind = RATIO_BOOTSTRAP, .traces = n};
  double *scratch = xmalloc((size_t)largest_sample(t, n) * sizeof *scratch);
  double logs = 0, low_logs = 0, high_logs = 0;
  for (int i = 0; i < n; i++) {
    logs += log(median_of(scratch, t[i].v, t[i].nv) / median_of(scratch, t[i].b, t[i].nb));
    low_logs += log(smallest(t[i].v, t[i].nv) / largest(t[i].b, t[i].nb));
    high_logs += log(largest(t[i].v, t[i].nv) / smallest(t[i].b, t[i].nb));
    if (t[i].nv < RATIO_MIN_BOOTSTRAP || t[i].nb < RATIO_MIN_BOOTSTRAP) r.kind = RATIO_RANGE;
  }
  r.point = exp(logs / n);
  if (r.kind == RATIO_RANGE) r.low = exp(low_logs / n), r.high = exp(high_logs / n);
  else bootstrap(t, n, scratch, &r);
  free(scratch);
  return r;
}

int ratio_spans_one(const Ratio *r) { return r->low <= 1 && 1 <= r->high; }

const char *ratio_kind_name(const Ratio *r) {
  return r->kind == RATIO_RANGE ? "min-max" : "bootstrap95";
}
