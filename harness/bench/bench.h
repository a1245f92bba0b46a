/*
** rp bench: runs a plan (predictors x traces x repetitions) under rp run,
** through GNU parallel, into a results folder:
**
**   DIR/plan               a copy of the plan
**   DIR/meta               commands, git commit, machine and tool versions
**   DIR/runs.csv           one row per finished run (see merge.c)
**   DIR/jobs/ID.sh         the exact command of each run
**   DIR/runner/ID.csv      rp run's row; its presence marks the run finished
**   DIR/stats/ID.csv       the predictor's stats row
**   DIR/races/ID.csv       the predictor's race report
**   DIR/logs/ID.out|.err   the run's standard output and error
**   DIR/joblog             GNU parallel's job log
**
** ID is PREDICTOR__TRACE__REPETITION.
*/
#ifndef HARNESS_BENCH_H
#define HARNESS_BENCH_H

#include "plan.h"
#include "runstatus.h"

typedef struct BenchRun {
  const char *predictor;  /* name in the results: NAME, or a path's basename */
  const char *exe;        /* the executable to run */
  const char *trace;      /* absolute path of the trace */
  const char *trace_name; /* its file name without format and compression suffixes */
  int repetition;         /* 1-based */
  char *id;
} BenchRun;

typedef struct Bench {
  Plan plan;
  const char *plan_path;
  char *bindir;           /* where rp-run and rp-NAME predictors are */
  char *dir;              /* the results folder */
  int jobs;               /* at a time (per host with hosts) */
  const char *hosts;      /* GNU parallel --sshloginfile, or NULL for this machine */
  StrVec pred_exes;       /* the executable of each plan.predictors */
  StrVec trace_paths, trace_names;  /* parallel lists, one per trace */
  BenchRun *runs;
  int nruns;
  int *pending;           /* indices of the runs not finished at the start */
  int npending;
  int progress;           /* live progress line: 1 always, -1 never, 0 on a terminal */
} Bench;

/* expand.c: resolves predictors and trace globs into b->runs.  0 or -1. */
int bench_expand(Bench *b);

/* jobs.c: writes the job script of every unfinished run, lists them in
** DIR/pending (NUL-separated) and their indices in b->pending.  Returns how
** many there are, or -1. */
int bench_write_jobs(Bench *b);

/* launch.c: checks that every host of --hosts sees the results folder and
** rp run at the same paths (a shared file system).  0, or -1 after saying
** which host does not. */
int bench_check_hosts(const Bench *b);

/* launch.c: runs the jobs in DIR/pending through GNU parallel, showing
** progress.  A SIGINT, SIGTERM or SIGHUP stops every run of the tree.
** Returns 0, -1 if GNU parallel failed, -2 if interrupted. */
int bench_launch(const Bench *b);

/* Whether run r has a recorded runner row. */
int bench_run_finished(const Bench *b, const BenchRun *r);

/* meta.c: appends this invocation's description, with the command of every
** pending run, to DIR/meta.  0, or -1 after a message. */
int bench_write_meta(const Bench *b);

/* What a results folder holds, by status (RunStatus order). */
typedef struct BenchTally {
  int planned, recorded;
  int by_status[5];
  int decompress_failures;
} BenchTally;

/* merge.c: (re)writes DIR/runs.csv from the finished runs and counts them
** into *tally.  Returns the number of runs of the plan without a record, or
** -1 on error. */
int bench_merge(const Bench *b, BenchTally *tally);

/* summary_json.c: writes DIR/summary.json, the machine-readable summary of the
** folder (format "rp-bench-summary/1", see harness/README.md).  0 or -1. */
int bench_write_summary(const Bench *b, const BenchTally *t);

/* A path inside the results folder: DIR/SUB/ID.EXT; malloc'd. */
char *bench_path(const Bench *b, const char *sub, const BenchRun *r, const char *ext);

#endif
