/*
** A ratio variant / base of a measure repeated on both sides (times or
** peaks of the repetitions of one trace), and its geometric mean over
** traces, each with an interval that says how far the repetitions' spread
** lets one trust it.
**
** The ratio of one trace is median(variant) / median(base), the medians of
** its repetitions that ended ok; over several traces, the geometric mean of
** those ratios (every trace weighs the same, whatever its size).  Its
** interval:
**   - when every sample on both sides has at least RATIO_MIN_BOOTSTRAP
**     values: the 2.5 % and 97.5 % points of a percentile bootstrap (2,000
**     replicates, a fixed seed, each replicate redrawing every trace's
**     repetitions with replacement on both sides independently): a 95 %
**     interval for the spread of the repetitions, not for the choice of
**     traces;
**   - else, as a bootstrap of 2 or 3 values says little: the extremes,
**     min(variant) / max(base) to max(variant) / min(base) (geometric means
**     of those over traces), which hold every ratio of a variant repetition
**     to a base repetition.
** Values must be > 0 (the caller floors them at the timer's resolution).
*/
#ifndef HARNESS_REPORT_RATIO_H
#define HARNESS_REPORT_RATIO_H

#define RATIO_MIN_BOOTSTRAP 5

typedef struct RatioSamples {
  const double *v, *b; /* the variant's and the base's values, nv and nb >= 1 */
  int nv, nb;
} RatioSamples;

typedef enum RatioKind { RATIO_BOOTSTRAP, RATIO_RANGE } RatioKind;

typedef struct Ratio {
  double point, low, high;
  RatioKind kind;
  int traces; /* how many traces the geometric mean is over */
} Ratio;

/* Each trace's ratio of medians in per_trace[0..n-1] (n >= 1), and
** returned their geometric mean, each with its interval.  The mean's
** bootstrap replicates are the geometric means of the traces' replicates
** (trace i draws from a stream of its own, so its interval does not depend
** on the other traces). */
Ratio ratio_estimate(const RatioSamples *t, int n, Ratio *per_trace);
/* Whether the interval holds 1: no measurable difference. */
int ratio_spans_one(const Ratio *r);
/* "bootstrap95" or "min-max". */
const char *ratio_kind_name(const Ratio *r);

#endif
