/* Running one command under limits; see runner.h. */
#include "runner.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/elapsed.h"
#include "cgroup.h"
#include "cpulist.h"
#include "reaper.h"

/* How often the memory of the run's processes is read while it runs: the
** controller keeps no peak of it, only of its total with the page cache. */
#define MEMORY_SAMPLE_S 0.02

/* What the child sends back through a close-on-exec pipe when it fails
** before exec; an empty read means exec succeeded. */
typedef struct StartFailure {
  const char *stage;
  int err;
} StartFailure;

static void child_fail(int fd, const char *stage) {
  StartFailure f = {stage, errno};
  if (write(fd, &f, sizeof f) < 0) _exit(127);
  _exit(127);
}

/* In the child: joins its own process group and the limits, then execs.
** It dies with the runner (parent-death signal), so a runner killed outright
** leaves no command running past its time limit; a runner that died before
** the signal was armed is seen as a new parent. */
static void child_start(const RunRequest *req, const Cgroup *cg, const sigset_t *mask, int fd,
                        pid_t runner) {
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) child_fail(fd, "arming the parent-death signal");
  if (getppid() != runner) _exit(127);
  setpgid(0, 0);
  sigprocmask(SIG_SETMASK, mask, NULL);
  if (cgroup_enter(cg) != 0) child_fail(fd, "joining the cgroup");
  cpu_set_t cpus;
  if (req->cpus && (cpulist_parse(req->cpus, &cpus) != 0
                    || sched_setaffinity(0, sizeof cpus, &cpus) != 0))
    child_fail(fd, "pinning to CPUs");
  if (req->memory_mb > 0 && !cg->memory) {
    rlim_t bytes = (rlim_t)req->memory_mb * 1024 * 1024;
    struct rlimit rl = {bytes, bytes};
    if (setrlimit(RLIMIT_AS, &rl) != 0) child_fail(fd, "setting RLIMIT_AS");
  }
  execvp(req->argv[0], req->argv);
  child_fail(fd, "executing");
}

/* Sets up the run's cgroups: none when RLIMIT_AS is asked for (the method
** of machines without cgroups, so it can be tested anywhere); in auto, what
** can be made for killing and CPU time when no memory cgroup can. */
static int prepare_cgroup(const RunRequest *req, Cgroup *cg, char *err, size_t errlen) {
  char why[128];
  *cg = (Cgroup){0};
  if (req->method == MEMORY_RLIMIT) return 0;
  if (cgroup_create(cg, req->memory_mb * 1024 * 1024, why, sizeof why) == 0) return 0;
  if (req->method == MEMORY_CGROUP) {
    snprintf(err, errlen, "cgroup memory limit unavailable: %s", why);
    return -1;
  }
  cgroup_create_partial(cg);
  return 0;
}

/* What is observed of the running command. */
typedef struct Watch {
  pid_t pid;
  int wstatus;
  struct rusage ru;
  int timed_out;
  long long process_peak_bytes; /* largest sample of cgroup_process_bytes, or -1 */
} Watch;

static void sample_memory(const Cgroup *cg, Watch *w) {
  long long now = cgroup_process_bytes(cg);
  if (now > w->process_peak_bytes) w->process_peak_bytes = now;
}

/* Waits for the child while enforcing the deadline (SIGTERM to the group at
** the timeout, SIGKILL after the grace period) and sampling the memory of its
** processes.  Returns 0, or -2 if the runner was asked to stop (the group is
** then killed at once). */
static int wait_for_child(const RunRequest *req, const Cgroup *cg, double start, Watch *w) {
  sigset_t wake;
  reaper_wake_signals(&wake);
  double deadline = req->timeout_s > 0 ? start + req->timeout_s : INFINITY;
  int signal_next = SIGTERM, interrupted = 0;
  sample_memory(cg, w); /* at least one, however short the run */
  while (wait4(w->pid, &w->wstatus, WNOHANG, &w->ru) != w->pid) {
    sample_memory(cg, w);
    double left = deadline - rp_now_s();
    if (left <= 0) {
      w->timed_out = 1;
      kill(-w->pid, signal_next);
      if (signal_next == SIGKILL) cgroup_kill_all(cg);
      deadline = signal_next == SIGTERM ? rp_now_s() + req->grace_s : INFINITY;
      signal_next = SIGKILL;
      continue;
    }
    double nap = cg->memory && left > MEMORY_SAMPLE_S ? MEMORY_SAMPLE_S : left;
    struct timespec ts, *timeout = NULL; /* none: an infinity is no time_t */
    if (!isinf(nap)) {
      ts = (struct timespec){(time_t)nap, (long)((nap - floor(nap)) * 1e9)};
      timeout = &ts;
    }
    int sig = sigtimedwait(&wake, NULL, timeout);
    if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
      interrupted = 1;
      kill(-w->pid, SIGKILL);
      cgroup_kill_all(cg);
      deadline = INFINITY;
    }
  }
  return interrupted ? -2 : 0;
}

static double timeval_s(struct timeval tv) { return (double)tv.tv_sec + tv.tv_usec / 1e6; }

/* Fills res from what was observed, once every process of the run is gone
** (so the cgroup's counters are final), then classifies it. */
static void record(RunResult *res, const RunRequest *req, const Cgroup *cg, const Watch *w) {
  res->signal = WIFSIGNALED(w->wstatus) ? WTERMSIG(w->wstatus) : 0;
  res->exit_code = WIFEXITED(w->wstatus) ? WEXITSTATUS(w->wstatus) : -1;
  res->max_rss_kb = w->ru.ru_maxrss;
  if (cgroup_cpu_times(cg, &res->user_s, &res->sys_s) == 0) {
    res->cpu_method = cgroup_cpu_method(cg);
  } else {
    res->user_s = timeval_s(w->ru.ru_utime);
    res->sys_s = timeval_s(w->ru.ru_stime);
    res->cpu_method = "rusage";
  }
  long long peak = cgroup_peak_bytes(cg);
  res->cgroup_peak_kb = peak < 0 ? -1 : peak / 1024;
  /* A run shorter than a sample is seen through its largest process. */
  long long sampled_kb = w->process_peak_bytes / 1024;
  res->process_peak_kb = w->process_peak_bytes < 0 ? -1
                       : sampled_kb > res->max_rss_kb ? sampled_kb : res->max_rss_kb;
  res->memory_method = cg->memory ? cgroup_memory_method(cg) : req->memory_mb > 0 ? "rlimit" : "rusage";
  RunOutcome o = {
    .signal = res->signal,
    .exit_code = res->exit_code,
    .timed_out = w->timed_out,
    .memory_exhausted = cgroup_memory_exhausted(cg),
  };
  res->status = run_classify(&o);
}

/* Forks and execs; returns the child's pid, or -1 with err filled. */
static pid_t start_child(const RunRequest *req, const Cgroup *cg, const sigset_t *mask,
                         char *err, size_t errlen) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    snprintf(err, errlen, "pipe: %s", strerror(errno));
    return -1;
  }
  pid_t runner = getpid();
  pid_t pid = fork();
  if (pid == 0) child_start(req, cg, mask, fds[1], runner);
  close(fds[1]);
  if (pid < 0) {
    snprintf(err, errlen, "fork: %s", strerror(errno));
    close(fds[0]);
    return -1;
  }
  setpgid(pid, pid); /* also here, so kill(-pid) works before the child runs */
  StartFailure f;
  ssize_t n = read(fds[0], &f, sizeof f);
  close(fds[0]);
  if (n != (ssize_t)sizeof f) return pid;
  snprintf(err, errlen, "%s %s: %s", f.stage, req->argv[0], strerror(f.err));
  waitpid(pid, NULL, 0);
  return -1;
}

int run_command(const RunRequest *req, RunResult *res, char *err, size_t errlen) {
  *res = (RunResult){0};
  Cgroup cg;
  if (prepare_cgroup(req, &cg, err, errlen) != 0) return -1;
  reaper_become();
  signal(SIGCHLD, SIG_DFL); /* an inherited SIG_IGN would make wait4 miss the child */
  sigset_t block, old;
  reaper_wake_signals(&block);
  sigprocmask(SIG_BLOCK, &block, &old);
  double start = rp_now_s();
  Watch w = {.pid = start_child(req, &cg, &old, err, errlen), .process_peak_bytes = -1};
  int rc = -1;
  if (w.pid > 0) {
    rc = wait_for_child(req, &cg, start, &w);
    res->wall_s = rp_now_s() - start;
    cgroup_kill_all(&cg);
    reaper_kill_all(w.pid);
    record(res, req, &cg, &w);
  }
  cgroup_destroy(&cg);
  sigprocmask(SIG_SETMASK, &old, NULL);
  return rc;
}
