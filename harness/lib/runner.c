/* Running one command under limits; see runner.h. */
#include "runner.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cgroup.h"
#include "cpulist.h"
#include "reaper.h"

/* What the child sends back through a close-on-exec pipe when it fails
** before exec; an empty read means exec succeeded. */
typedef struct StartFailure {
  const char *stage;
  int err;
} StartFailure;

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void child_fail(int fd, const char *stage) {
  StartFailure f = {stage, errno};
  if (write(fd, &f, sizeof f) < 0) _exit(127);
  _exit(127);
}

/* In the child: joins its own process group and the limits, then execs. */
static void child_start(const RunRequest *req, const Cgroup *cg, const sigset_t *mask, int fd) {
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

/* Waits for the child while enforcing the deadline: SIGTERM to the group at
** the timeout, SIGKILL after the grace period.  Returns 0, or -2 if the runner
** was asked to stop (the group is then killed at once). */
static int wait_for_child(pid_t pid, const RunRequest *req, const Cgroup *cg, double start,
                          int *wstatus, struct rusage *ru, int *timed_out) {
  sigset_t wake;
  reaper_wake_signals(&wake);
  double deadline = req->timeout_s > 0 ? start + req->timeout_s : INFINITY;
  int signal_next = SIGTERM, interrupted = 0;
  while (wait4(pid, wstatus, WNOHANG, ru) != pid) {
    double left = deadline - now_s();
    if (left <= 0) {
      *timed_out = 1;
      kill(-pid, signal_next);
      if (signal_next == SIGKILL) cgroup_kill_all(cg);
      deadline = signal_next == SIGTERM ? now_s() + req->grace_s : INFINITY;
      signal_next = SIGKILL;
      continue;
    }
    struct timespec ts = {(time_t)left, (long)((left - floor(left)) * 1e9)};
    int sig = sigtimedwait(&wake, NULL, isinf(left) ? NULL : &ts);
    if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
      interrupted = 1;
      kill(-pid, SIGKILL);
      cgroup_kill_all(cg);
      deadline = INFINITY;
    }
  }
  return interrupted ? -2 : 0;
}

static double timeval_s(struct timeval tv) { return (double)tv.tv_sec + tv.tv_usec / 1e6; }

/* Fills res from what was observed, once every process of the run is gone
** (so the cgroup's counters are final), then classifies it. */
static void record(RunResult *res, const RunRequest *req, const Cgroup *cg, int wstatus,
                   const struct rusage *ru, int timed_out) {
  res->signal = WIFSIGNALED(wstatus) ? WTERMSIG(wstatus) : 0;
  res->exit_code = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1;
  res->max_rss_kb = ru->ru_maxrss;
  if (cgroup_cpu_times(cg, &res->user_s, &res->sys_s) == 0) {
    res->cpu_method = cgroup_cpu_method(cg);
  } else {
    res->user_s = timeval_s(ru->ru_utime);
    res->sys_s = timeval_s(ru->ru_stime);
    res->cpu_method = "rusage";
  }
  long long peak = cgroup_peak_bytes(cg);
  res->cgroup_peak_kb = peak < 0 ? -1 : peak / 1024;
  res->memory_method = cg->memory ? cgroup_memory_method(cg) : req->memory_mb > 0 ? "rlimit" : "rusage";
  RunOutcome o = {
    .signal = res->signal,
    .exit_code = res->exit_code,
    .timed_out = timed_out,
    .memory_limited = req->memory_mb > 0,
    .oom_killed = req->memory_mb > 0 && cgroup_oom_kills(cg) > 0,
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
  pid_t pid = fork();
  if (pid == 0) child_start(req, cg, mask, fds[1]);
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
  double start = now_s();
  pid_t pid = start_child(req, &cg, &old, err, errlen);
  int rc = -1;
  if (pid > 0) {
    int wstatus = 0, timed_out = 0;
    struct rusage ru;
    rc = wait_for_child(pid, req, &cg, start, &wstatus, &ru, &timed_out);
    res->wall_s = now_s() - start;
    cgroup_kill_all(&cg);
    reaper_kill_all(pid);
    record(res, req, &cg, wstatus, &ru, timed_out);
  }
  cgroup_destroy(&cg);
  sigprocmask(SIG_SETMASK, &old, NULL);
  return rc;
}
