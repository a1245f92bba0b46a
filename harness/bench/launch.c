/*
** Running the pending jobs through GNU parallel while watching them: a live
** progress line on a terminal, and a clean stop of the whole run tree when
** rp bench is told to stop.
**
** rp bench is a child subreaper, so the runs' processes stay its
** descendants whatever GNU parallel does (it puts each job in a process group
** of its own).  On SIGINT, SIGTERM or SIGHUP every descendant gets SIGTERM:
** each rp run kills its command's cgroup and exits without a row (so a resume
** runs it again), GNU parallel starts nothing new; what is left after a few
** seconds is killed.
*/
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/elapsed.h"
#include "bench.h"
#include "csvtable.h"
#include "reaper.h"

/* Seconds between looks at the runner rows. */
#define TICK_S 0.5
/* Seconds the runs get to stop on SIGTERM before they are killed. */
#define STOP_GRACE_S 5.0

/* What the progress line shows. */
typedef struct Progress {
  char *done;      /* done[k]: pending run k has its row */
  int ndone;
  int by_status[5];
  double start;
  int drawn;       /* a line is on the terminal (to be ended with \n) */
} Progress;

/* Status of a finished run, or -1 while it has no row. */
static int finished_status(const Bench *b, const BenchRun *r) {
  char *path = bench_path(b, "runner", r, "csv");
  CsvTable t;
  char err[512];
  int status = -1;
  if (access(path, F_OK) == 0 && csv_table_read(path, &t, err, sizeof err) == 0) {
    for (int s = RUN_OK; t.nrows > 0 && s <= RUN_ERROR; s++)
      if (strcmp(csv_table_get(&t, 0, "status"), run_status_name((RunStatus)s)) == 0) status = s;
    csv_table_free(&t);
  }
  free(path);
  return status;
}

/* Looks for newly finished runs; returns how many were found. */
static int update(const Bench *b, Progress *p) {
  int found = 0;
  for (int k = 0; k < b->npending; k++) {
    if (p->done[k]) continue;
    int status = finished_status(b, &b->runs[b->pending[k]]);
    if (status < 0) continue;
    p->done[k] = 1;
    p->ndone++;
    p->by_status[status]++;
    found++;
  }
  return found;
}

static void format_duration(char *buf, size_t n, double s) {
  long t = (long)(s + 0.5);
  snprintf(buf, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
}

/* One line: runs done/total, statuses so far, elapsed, ETA. */
static void draw(const Bench *b, Progress *p, int on_terminal) {
  double elapsed = rp_now_s() - p->start;
  char took[32], eta[32] = "?";
  format_duration(took, sizeof took, elapsed);
  if (p->ndone > 0) format_duration(eta, sizeof eta, elapsed / p->ndone * (b->npending - p->ndone));
  fprintf(stderr, "%s[%d/%d] ok %d  TO %d  MO %d  ERR %d | %s elapsed, ETA %s%s",
          on_terminal ? "\r\033[K" : "", p->ndone, b->npending, p->by_status[RUN_OK],
          p->by_status[RUN_TIMEOUT], p->by_status[RUN_MEMOUT],
          p->by_status[RUN_CRASH] + p->by_status[RUN_ERROR], took, eta, on_terminal ? "" : "\n");
  p->drawn = on_terminal;
}

/* Starts GNU parallel over DIR/pending; its pid, or -1. */
static pid_t start_parallel(const Bench *b, const sigset_t *old_mask) {
  char *joblog = rp_asprintf("%s/joblog", b->dir), *pending = rp_asprintf("%s/pending", b->dir);
  char jobs[32];
  snprintf(jobs, sizeof jobs, "%d", b->jobs);
  char *argv[] = {"parallel", "--will-cite", "--null", "--jobs", jobs, "--joblog", joblog,
                  "sh", "::::", pending, NULL, NULL, NULL};
  if (b->hosts) {
    memmove(argv + 3, argv + 1, 9 * sizeof *argv);
    argv[1] = "--sshloginfile";
    argv[2] = (char *)b->hosts;
  }
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGTERM); /* rp bench killed outright: stop starting runs */
    sigprocmask(SIG_SETMASK, old_mask, NULL);
    execvp(argv[0], argv);
    fprintf(stderr, "rp-bench: cannot run GNU parallel: %s\n", strerror(errno));
    _exit(127);
  }
  if (pid < 0) fprintf(stderr, "rp-bench: fork: %s\n", strerror(errno));
  free(joblog), free(pending);
  return pid;
}

/* SIGTERM to the whole tree, then SIGKILL to what is left after the grace. */
static void stop_tree(pid_t parallel, int *status) {
  fputs("rp-bench: stopping every run\n", stderr);
  reaper_signal_descendants(SIGTERM);
  double deadline = rp_now_s() + STOP_GRACE_S;
  while (rp_now_s() < deadline && waitpid(parallel, status, WNOHANG) == 0) usleep(50000);
  reaper_kill_all(-1);
}

/* Runs argv and returns its exit status (-1 if it could not run). */
static int run_quietly(char *const *argv) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    execvp(argv[0], argv);
    _exit(127);
  }
  int status;
  if (pid < 0 || waitpid(pid, &status, 0) < 0) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int bench_check_hosts(const Bench *b) {
  if (!b->hosts) return 0;
  char *rp_run = rp_asprintf("%s/rp-run", b->bindir);
  /* On every host at once; --tag names the host of each failure. */
  char *argv[] = {"parallel", "--will-cite", "--nonall", "--tag", "--sshloginfile", (char *)b->hosts,
                  "test", "-w", b->dir, "-a", "-x", rp_run, "||", "echo",
                  "cannot write the results folder or run rp-run here", NULL};
  int rc = run_quietly(argv);
  if (rc != 0)
    fprintf(stderr, "rp-bench: not every host of %s sees %s and %s (exit %d); --hosts needs the "
                    "results folder, the build and the traces at the same paths everywhere\n",
            b->hosts, b->dir, rp_run, rc);
  free(rp_run);
  return rc == 0 ? 0 : -1;
}

int bench_launch(const Bench *b) {
  int on_terminal = isatty(STDERR_FILENO);
  int show = b->progress > 0 || (b->progress < 0 ? 0 : on_terminal);
  reaper_become();
  sigset_t wake, old;
  reaper_wake_signals(&wake);
  sigprocmask(SIG_BLOCK, &wake, &old);
  Progress p = {.done = rp_malloc((size_t)b->npending + 1), .start = rp_now_s()};
  memset(p.done, 0, (size_t)b->npending + 1);
  pid_t pid = start_parallel(b, &old);
  int status = 0, interrupted = 0;
  while (pid > 0 && waitpid(pid, &status, WNOHANG) == 0) {
    struct timespec tick = {0, (long)(TICK_S * 1e9)};
    int sig = sigtimedwait(&wake, NULL, &tick);
    if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
      interrupted = 1;
      stop_tree(pid, &status);
      break;
    }
    if (show && (update(b, &p) > 0 || on_terminal)) draw(b, &p, on_terminal);
  }
  if (!interrupted) reaper_kill_all(-1); /* anything a run left behind */
  if (show && (update(b, &p) > 0 || on_terminal)) {
    draw(b, &p, on_terminal);
    if (p.drawn) fputc('\n', stderr);
  }
  free(p.done);
  sigprocmask(SIG_SETMASK, &old, NULL);
  if (interrupted) return -2;
  /* parallel exits with the number of failed jobs; only 127+ means it failed. */
  return pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) < 127 ? 0 : -1;
}
