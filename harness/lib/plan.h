/*
** A benchmark plan: which predictors run on which traces, how often, under
** which limits.  The file is a list of "key: value" lines; '#' starts a
** comment line and blank lines are ignored:
**
**   predictors: hb shb wcp /abs/path/to/wrapper hb-tree=hb
**   traces: *.std.xz crafted/t?.std         (globs, relative to the plan file)
**   repetitions: 3                          (default 1)
**   timeout: 60                             (seconds; default none)
**   memory: 4096                            (MiB; default none)
**   cpus: 0                                 (pin every run; default none)
**   args.wcp: --some-option 5               (extra arguments for one predictor)
**
** predictors and traces may appear on several lines; their lists add up.
** A predictor is NAME (rp-NAME of the build), a path to an executable (named
** after its file), or VARIANT=NAME or VARIANT=PATH: that executable under
** the name VARIANT, so that one predictor can run several times with other
** args.VARIANT.  Every name must differ.
*/
#ifndef HARNESS_PLAN_H
#define HARNESS_PLAN_H
#include <stddef.h>

#include "strvec.h"

typedef struct Plan {
  StrVec predictors;      /* as written: NAME, PATH, VARIANT=NAME or VARIANT=PATH */
  StrVec predictor_names; /* the name of each in the results: VARIANT, NAME, a path's file name */
  StrVec traces;       /* glob patterns as written */
  int repetitions;
  double timeout_s;    /* 0 = none */
  long memory_mb;      /* 0 = none */
  char *cpus;          /* NULL = no pinning */
  StrVec arg_names;    /* args.NAME: arg_names[i] gets arg_values[i] */
  StrVec arg_values;
} Plan;

/* Reads path; 0, or -1 with "FILE:LINE: what" in err. */
int plan_parse(const char *path, Plan *plan, char *err, size_t errlen);

/* What predictor i runs: its NAME (rp-NAME) or PATH, without VARIANT=. */
const char *plan_predictor_program(const Plan *plan, int i);

/* The extra arguments for predictor name ("" if none). */
const char *plan_args(const Plan *plan, const char *name);

void plan_free(Plan *plan);

#endif
