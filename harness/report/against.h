/*
** Ratios of a variant against its base: `--pair VARIANT=BASE` (any two
** predictor names, in one results folder or, with --against, VARIANT from
** RESULTS and BASE from the baseline folder), or without --pair every
** predictor name the two folders share.  Per pair and trace, the ratio of
** the time (wall, cpu = user + sys, or the predictor's own analysis_ms) and
** of the peak memory over the repetitions that ended ok, with its interval
** (ratio.h); per pair their geometric mean over the traces where both sides
** have ok runs; and warnings where the two sides were not measured alike.
*/
#ifndef HARNESS_REPORT_AGAINST_H
#define HARNESS_REPORT_AGAINST_H
#include <stdio.h>

#include "ratio.h"
#include "report.h"

enum { VARIANT = 0, BASE = 1 };

/* How many repetitions of one side went into a ratio, and how many were
** left out (not ok, or ok without a value of the measure). */
typedef struct RunCounts {
  int used[2], left_out[2];
} RunCounts;

typedef struct TraceRatio {
  const char *trace;
  RunCounts runs;
  const char *missing; /* NULL when there are ratios; else why not: a side's
                       ** TO/MO/ERR, "-" (not run there) or "n/a" (no value) */
  Ratio time, memory;
} TraceRatio;

typedef struct PairRatios {
  const char *variant, *base; /* predictor names */
  TraceRatio *traces;
  int ntraces;
  int overall_traces; /* traces with ratios; 0: no overall ratio */
  RunCounts runs;     /* summed over the traces with ratios */
  Ratio time, memory; /* geometric means */
} PairRatios;

typedef struct Against {
  const Summary *sides[2];  /* the same folder twice without --against */
  const char *measure;      /* wall, cpu or analysis */
  PairRatios *pairs;
  int npairs;
  StrVec warnings;          /* every warning, also said on stderr */
} Against;

/* Whether spec is VARIANT=BASE with two non-empty names. */
int pair_spec_valid(const char *spec);
/* Whether measure is one --time takes. */
int time_measure_valid(const char *measure);

/* Builds the ratios of the pairs in specs (VARIANT=BASE), or of every
** predictor name in both folders when specs is empty, between variant_side
** and base_side (the same Summary for pairs within one folder); says the
** warnings on stderr.  Returns 0, or -1 after saying which name a folder
** does not have. */
int against_build(Against *a, const Summary *variant_side, const Summary *base_side,
                  const StrVec *specs, const char *measure);
/* The wall-time ratios of every predictor name in both folders (now the
** variant side), without warnings: those of the comparison table
** (compare.c), computed by the same code as every other ratio. */
void against_build_by_name(Against *a, const Summary *now, const Summary *base);
/* The ratios of the pair predictor/predictor on trace, or NULL. */
const TraceRatio *against_trace(const Against *a, const char *predictor, const char *trace);
void against_free(Against *a);

/* against_warn.c: adds to a->warnings (and says on stderr) where the sides
** of pair p were not measured alike, or a ratio cannot tell them apart. */
void against_warn_pair(Against *a, const PairRatios *p);
/* Adds one warning, and says it on stderr. */
void against_warn(Against *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* against_out.c: OUT/ratios.{md,tex,csv}, the table printed on stdout in
** format (none for json); and the "ratios" member of report.json. */
int against_write_tables(const Against *a, const char *out_dir, const char *format);
void against_write_json(FILE *f, const Against *a);

#endif
