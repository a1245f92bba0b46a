/*
** Running one command under limits and measuring it: the core of `rp run`.
**
** The command runs in its own process group.  Past the wall-clock limit the
** group gets SIGTERM, then SIGKILL after a grace period (and the whole
** cgroup).  Each run gets its own cgroup (v2 or v1, see cgroup.h) that caps
** and measures the memory and CPU time of all its processes; where none can
** be made, memory is capped by RLIMIT_AS and measured by wait4.  When the
** command ends, every process it left behind is killed (see reaper.h).  The
** command dies with the runner (parent-death signal); what it started is
** left in the cgroup, which the next run clears away (cgroup.h).
*/
#ifndef HARNESS_RUNNER_H
#define HARNESS_RUNNER_H
#include <stddef.h>

#include "runstatus.h"

/* A larger limit would overflow a count of bytes. */
#define RUN_MAX_MEMORY_MB (1LL << 40)

typedef enum MemoryMethod { MEMORY_AUTO, MEMORY_CGROUP, MEMORY_RLIMIT } MemoryMethod;

typedef struct RunRequest {
  char *const *argv;    /* the command; argv[0] is looked up on PATH */
  double timeout_s;     /* wall-clock limit; 0 = none */
  double grace_s;       /* between SIGTERM and SIGKILL */
  long long memory_mb;  /* 0 = none; at most RUN_MAX_MEMORY_MB */
  MemoryMethod method;  /* how to enforce memory_mb */
  const char *cpus;     /* CPU list to pin to, or NULL */
} RunRequest;

typedef struct RunResult {
  RunStatus status;
  int exit_code;          /* -1 if killed by a signal */
  int signal;             /* 0 if it exited */
  double wall_s;
  double user_s, sys_s;   /* of the whole cgroup, else of what wait4 saw */
  long max_rss_kb;        /* largest resident set of one process (wait4) */
  long long cgroup_peak_kb; /* peak memory of the run's cgroup, page cache
                            ** included, or -1 */
  long long process_peak_kb; /* peak memory of the run's processes without the
                             ** page cache (cgroup_process_bytes sampled while it
                             ** runs, at least max_rss_kb), or -1 without a
                             ** memory cgroup */
  const char *memory_method; /* "cgroup-v1", "cgroup-v2", "rlimit" (RLIMIT_AS
                              ** limit) or "rusage" (no limit, no cgroup) */
  const char *cpu_method; /* "cgroup-v1", "cgroup-v2" or "rusage" */
} RunResult;

/* Runs req.  Returns 0 when the command ran (whatever its status), -1 when it
** could not be started (reason in err), -2 when the runner itself was
** interrupted by SIGINT, SIGTERM or SIGHUP (the command was killed). */
int run_command(const RunRequest *req, RunResult *res, char *err, size_t errlen);

#endif
