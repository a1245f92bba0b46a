/*
** A throw-away cgroup v2 for one run, used to cap its memory (memory.max),
** see whether the kernel OOM-killed it (memory.events), read its peak usage
** (memory.peak) and kill everything in it (cgroup.kill).
**
** It is made as a child of the runner's own cgroup, which works only where
** the unified hierarchy is mounted, has the memory controller, and that
** cgroup is writable and may delegate memory to children (no process of its
** own stands in the way).  Where not, cgroup_create fails and the runner
** falls back to RLIMIT_AS.
*/
#ifndef HARNESS_CGROUP_H
#define HARNESS_CGROUP_H
#include <stddef.h>

typedef struct Cgroup {
  char *path; /* directory of the cgroup, or NULL */
} Cgroup;

/* Creates the cgroup with memory.max = max_bytes.  0 on success, else -1
** with a reason in err. */
int cgroup_create(Cgroup *cg, long long max_bytes, char *err, size_t errlen);

/* Moves the calling process into the cgroup (called in the child before exec). */
int cgroup_enter(const Cgroup *cg);

/* Number of OOM kills the cgroup saw. */
long long cgroup_oom_kills(const Cgroup *cg);

/* Peak memory use in bytes, or -1 where the kernel lacks memory.peak. */
long long cgroup_peak_bytes(const Cgroup *cg);

/* Kills every process left in the cgroup and removes it. */
void cgroup_destroy(Cgroup *cg);

#endif
