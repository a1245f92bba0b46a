/*
** A throw-away cgroup per run, in whichever hierarchies the machine offers,
** as BenchExec does: it caps the run's memory, measures the peak memory and
** CPU time of every process of the run (not only the one the runner waits
** for), tells an OOM kill from other deaths, and kills every member at the
** end, including children that left the process group with setsid.
**
** Each piece comes from the first hierarchy that has it:
**   memory  cgroup v2 with the memory controller (memory.max, memory.swap.max,
**           memory.peak, memory.events), else the v1 memory hierarchy
**           (memory.limit_in_bytes, memory.memsw.limit_in_bytes where swap is
**           accounted, memory.[memsw.]max_usage_in_bytes, memory.oom_control)
**   CPU     cgroup v2's cpu.stat (present without any controller), else v1
**           cpuacct (cpuacct.usage_user/usage_sys)
**   killing cgroup v2's cgroup.kill, else the v1 freezer (freeze, kill the
**           members, thaw), else killing the listed members until none is left
** The cgroups are made as children of the runner's own cgroup in each
** hierarchy, or of $RP_CGROUP_ROOT when it is set: a v2 cgroup directory,
** or a directory holding one v1 hierarchy per controller (memory/, cpuacct/,
** freezer/); either counts only where it holds cgroup.procs.  A plain
** directory holding the files named above stands in for the kernel's, so
** every path can be tested on any machine.  Any piece may be missing; the
** runner then falls back to RLIMIT_AS and wait4 and says so.
*/
#ifndef HARNESS_CGROUP_H
#define HARNESS_CGROUP_H
#include <stddef.h>

#define CGROUP_ROOT_VARIABLE "RP_CGROUP_ROOT"

typedef struct Cgroup {
  int memory_version; /* 1 or 2: where the memory cgroup is; 0 if none */
  char *memory;       /* its directory */
  int cpu_version;    /* 1 or 2: where CPU time is read; 0 if nowhere */
  char *cpu;
  char *unified;      /* the v2 cgroup (cgroup.kill, cpu.stat), or NULL */
  char *freezer;      /* the v1 freezer cgroup, or NULL */
  char *dirs[4];      /* every directory made, to join and to remove */
  int ndirs;
} Cgroup;

/* Makes the cgroups, with a memory limit of limit_bytes unless it is 0.
** Returns 0, or -1 (nothing made) with a reason in err when no memory cgroup
** could be made or the limit could not be set. */
int cgroup_create(Cgroup *cg, long long limit_bytes, char *err, size_t errlen);

/* Makes only what can be made without a memory cgroup (for killing and CPU
** time); never fails. */
void cgroup_create_partial(Cgroup *cg);

/* Moves the calling process into every cgroup made (in the child, before exec). */
int cgroup_enter(const Cgroup *cg);

/* Whether the memory controller says the run ran out of memory: an OOM kill
** of a member (v1 memory.oom_control oom_kill, v2 memory.events oom_kill),
** an allocation refused at the limit (v2 memory.events oom) or an OOM still
** in progress (v1 under_oom).  The counts of the limit merely touched (v1
** memory.failcnt, v2 memory.events max) are not evidence: reclaiming the
** page cache of a file being written touches it in a healthy run, and
** under Linux 6.18 v1 failcnt stayed 0 through a real OOM kill.  0 without a
** memory cgroup. */
int cgroup_memory_exhausted(const Cgroup *cg);

/* The memory the members use now, not counting the page cache: resident
** anonymous memory plus swap (v1 memory.stat total_rss + total_swap, v2
** memory.stat anon + memory.swap.current), in bytes; -1 without a memory
** cgroup. */
long long cgroup_process_bytes(const Cgroup *cg);

/* Peak memory use in bytes (with swap where accounted), or -1.  It counts
** the page cache charged to the cgroup, such as that of files the run
** writes: a big output can take it up to the limit. */
long long cgroup_peak_bytes(const Cgroup *cg);

/* User and system CPU seconds of every process that was in the cgroup;
** 0, or -1 where unknown. */
int cgroup_cpu_times(const Cgroup *cg, double *user_s, double *sys_s);

/* SIGKILLs every process in the cgroup. */
void cgroup_kill_all(const Cgroup *cg);

/* Kills what is left and removes the cgroups. */
void cgroup_destroy(Cgroup *cg);

/* "cgroup-v1", "cgroup-v2"; NULL without a memory (resp. CPU) cgroup. */
const char *cgroup_memory_method(const Cgroup *cg);
const char *cgroup_cpu_method(const Cgroup *cg);

#endif
