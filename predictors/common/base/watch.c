/* The progress line and the stop requests of a long analysis; see watch.h. */
#include "watch.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "elapsed.h"

rp_watch_hot rp_watch_now;

/* Set by the handler: the signal's number.  The ticker thread reads it, so
** it is a lock-free atomic, which a handler may set (C11 7.14.1.1): a
** volatile sig_atomic_t would be a data race between two threads. */
static atomic_int caught_signal;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "a signal handler needs a lock-free flag");

/* errno is kept: the handler may interrupt a call that is about to read it. */
static void catch_signal(int sig) {
  int saved = errno;
  atomic_store_explicit(&caught_signal, sig, memory_order_relaxed);
  errno = saved;
}

enum { MAX_NOT_RUN = 8 };
/* The ticker looks every TICK_S; progress is redrawn at most every
** REDRAW_S on a terminal, every LINE_S on a file or pipe. */
#define TICK_S 0.02
#define REDRAW_S 0.25
#define LINE_S 5.0

typedef enum stop_cause { NOT_STOPPED, STOPPED_BY_SIGNAL, STOPPED_BY_BUDGET } stop_cause;

/* What the ticker and the polling thread share, under the mutex (stopping
** is also read without it, by any thread). */
static struct {
  pthread_mutex_t mutex;
  pthread_cond_t wake;
  pthread_t thread;
  bool running, quit;
  double deadline;                /* 0: no budget */
  stop_cause cause;
  int signal;                     /* the signal that stopped the run */
  double stopped_at;
  atomic_bool stopping;
} shared = {.mutex = PTHREAD_MUTEX_INITIALIZER};

/* The polling thread's own. */
static struct {
  const char *what;
  bool show, terminal, drawn;
  double started, last_draw;
  const char *phase, *unit;
  uint64_t total;
  const uint64_t *found, *waiting;
  bool stop_seen;                 /* a poll or a phase has seen the stop */
  const char *cut;                /* the phase running when it was seen */
  const char *not_run[MAX_NOT_RUN];
  unsigned n_not_run;
  const char *test_phase;         /* RP_TEST_SIGNAL_IN: raise test_signal there */
  int test_signal;
  uint64_t test_at;               /* once the phase has come this far */
} w;

static struct timespec at(double s) {
  struct timespec t = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
  return t;
}

/* Turn a caught signal or a spent budget into the cause of the stop; under
** the mutex.  Whether the run is stopping. */
static bool notice_stop(void) {
  if (shared.cause != NOT_STOPPED) return true;
  double now = rp_now_s();
  int sig = atomic_load_explicit(&caught_signal, memory_order_relaxed);
  if (sig) {
    shared.cause = STOPPED_BY_SIGNAL;
    shared.signal = sig;
  } else if (shared.deadline > 0 && now >= shared.deadline) {
    shared.cause = STOPPED_BY_BUDGET;
  } else {
    return false;
  }
  shared.stopped_at = now;
  return true;
}

/* The stop, for every thread.  The ticker raises due first: a polling
** thread that learns of the stop from a worker (M2's skipped pair) then
** finds due raised, and its next poll sees the stop. */
static void publish_stop(void) {
  atomic_store_explicit(&rp_watch_now.due, true, memory_order_relaxed);
  atomic_store_explicit(&shared.stopping, true, memory_order_release);
}

static bool stop_requested(void) {
  pthread_mutex_lock(&shared.mutex);
  bool stop = notice_stop();
  if (stop) publish_stop();
  pthread_mutex_unlock(&shared.mutex);
  return stop;
}

/* The ticker: every TICK_S, the stop for every thread (a pool's workers
** see it even while the polling thread is busy deciding) and the polling
** thread's slow path due. */
static void *tick(void *unused) {
  (void)unused;
  pthread_mutex_lock(&shared.mutex);
  while (!shared.quit) {
    double next = rp_now_s() + TICK_S;
    if (shared.deadline > 0 && shared.deadline < next)
      next = shared.deadline;   /* a budget is kept to the wake-up's precision */
    struct timespec until = at(next);
    pthread_cond_timedwait(&shared.wake, &shared.mutex, &until);
    if (notice_stop()) publish_stop();
    else atomic_store_explicit(&rp_watch_now.due, true, memory_order_relaxed);
  }
  pthread_mutex_unlock(&shared.mutex);
  return NULL;
}

/* Without a ticker every poll takes the slow path: slower, still right. */
static void start_ticker(void) {
  pthread_condattr_t attr;
  pthread_condattr_init(&attr);
  pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
  pthread_cond_init(&shared.wake, &attr);
  pthread_condattr_destroy(&attr);
  shared.running = pthread_create(&shared.thread, NULL, tick, NULL) == 0;
  if (!shared.running) atomic_store(&rp_watch_now.due, true);
}

static void stop_ticker(void) {
  if (!shared.running) return;
  pthread_mutex_lock(&shared.mutex);
  shared.quit = true;
  pthread_cond_signal(&shared.wake);
  pthread_mutex_unlock(&shared.mutex);
  pthread_join(shared.thread, NULL);
  pthread_cond_destroy(&shared.wake);
  shared.running = false;
}

static void catch_unless_ignored(int sig) {
  struct sigaction old, sa;
  if (sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_IGN) return;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = catch_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART | SA_RESETHAND;   /* a second signal kills */
  sigaction(sig, &sa, NULL);
}

/* RP_TEST_SIGNAL_IN=PHASE[:TERM][@N] makes the run send itself SIGINT (or
** SIGTERM) at its first poll in PHASE (that has come N units far), so that
** tests stop a phase midway without depending on timing. */
static void read_test_hook(void) {
  static char phase[64];
  const char *v = getenv("RP_TEST_SIGNAL_IN");
  if (!v || !*v) return;
  snprintf(phase, sizeof phase, "%s", v);
  char *at = strchr(phase, '@');
  if (at) {
    w.test_at = strtoull(at + 1, NULL, 10);
    *at = 0;
  }
  char *colon = strchr(phase, ':');
  w.test_signal = colon && strcmp(colon + 1, "TERM") == 0 ? SIGTERM : SIGINT;
  if (colon) *colon = 0;
  w.test_phase = phase;
}

void rp_watch_start(const char *what, rp_progress_mode mode) {
  w.what = what;
  w.terminal = isatty(STDERR_FILENO);
  w.show = mode == RP_PROGRESS_ON || (mode == RP_PROGRESS_AUTO && w.terminal);
  w.started = rp_now_s();
  catch_unless_ignored(SIGINT);
  catch_unless_ignored(SIGTERM);
  read_test_hook();
  start_ticker();
}

void rp_watch_budget(double ms) {
  pthread_mutex_lock(&shared.mutex);
  shared.deadline = ms > 0 ? rp_now_s() + ms / 1e3 : 0;
  pthread_cond_signal(&shared.wake);   /* the ticker wakes at the deadline */
  pthread_mutex_unlock(&shared.mutex);
}

void rp_watch_show_found(const uint64_t *found) { w.found = found; }

void rp_watch_show_waiting(const uint64_t *waiting) { w.waiting = waiting; }

static void draw(double now) {
  char far[96] = "";
  if (w.unit && w.total)
    snprintf(far, sizeof far, " %" PRIu64 "/%" PRIu64 " %s (%.0f%%)", rp_watch_now.done, w.total,
             w.unit, 100.0 * (double)rp_watch_now.done / (double)w.total);
  else if (w.unit)
    snprintf(far, sizeof far, " %" PRIu64 " %s", rp_watch_now.done, w.unit);
  char counts[80] = "";
  if (w.waiting && w.unit)
    snprintf(counts, sizeof counts, ", %" PRIu64 " undecided", *w.waiting);
  if (w.found && w.unit)
    snprintf(counts + strlen(counts), sizeof counts - strlen(counts), ", %" PRIu64 " racy pairs",
             *w.found);
  fprintf(stderr, "%s%s: %s%s%s, %.1f s%s", w.terminal ? "\r" : "", w.what, w.phase, far, counts,
          now - w.started, w.terminal ? "\033[K" : "\n");
  fflush(stderr);
  w.drawn = true;
  w.last_draw = now;
}

bool rp_watch_slow_poll(void) {
  atomic_store_explicit(&rp_watch_now.due, !shared.running, memory_order_relaxed);
  if (w.test_phase && w.phase && strcmp(w.test_phase, w.phase) == 0) {
    if (rp_watch_now.done < w.test_at) {   /* every poll looks until then */
      atomic_store_explicit(&rp_watch_now.due, true, memory_order_relaxed);
    } else {
      w.test_phase = NULL;
      raise(w.test_signal);
    }
  }
  if (stop_requested()) {   /* due stays raised: every later poll says stop */
    if (!w.stop_seen) w.cut = w.phase;
    w.stop_seen = true;
    return true;
  }
  double now = rp_now_s();
  if (w.show && now - w.last_draw >= (w.terminal ? REDRAW_S : LINE_S)) draw(now);
  return false;
}

bool rp_watch_phase(const char *name, const char *unit, uint64_t total) {
  if (stop_requested()) {
    w.stop_seen = true;
    if (w.n_not_run < MAX_NOT_RUN) w.not_run[w.n_not_run++] = name;
    return false;
  }
  w.phase = name;
  w.unit = unit;
  w.total = total;
  rp_watch_now.done = 0;
  if (w.test_phase && strcmp(w.test_phase, name) == 0)   /* at its first poll */
    atomic_store_explicit(&rp_watch_now.due, true, memory_order_relaxed);
  if (w.show) draw(rp_now_s());
  return true;
}

bool rp_watch_stopping(void) {
  return atomic_load_explicit(&shared.stopping, memory_order_acquire);
}

bool rp_watch_out_of_time(void) {
  pthread_mutex_lock(&shared.mutex);
  bool out = shared.cause == STOPPED_BY_BUDGET;
  pthread_mutex_unlock(&shared.mutex);
  return out;
}

/* "SIGINT", or the signal's number if it has no short name here. */
static const char *signal_name(int sig, char *buf, size_t size) {
  if (sig == SIGINT) return "SIGINT";
  if (sig == SIGTERM) return "SIGTERM";
  snprintf(buf, size, "signal %d", sig);
  return buf;
}

/* Append to out (of size bytes, *len used) what fmt says, cut at the end. */
static void append(char *out, size_t size, size_t *len, const char *fmt, const char *a,
                   const char *b) {
  if (*len < size) *len += (size_t)snprintf(out + *len, size - *len, fmt, a, b);
}

bool rp_watch_describe(char *csv, size_t csv_size, char *human, size_t human_size) {
  csv[0] = human[0] = 0;
  pthread_mutex_lock(&shared.mutex);
  stop_cause cause = shared.cause;
  int sig = shared.signal;
  double after = shared.stopped_at - w.started;
  pthread_mutex_unlock(&shared.mutex);
  if (!w.stop_seen || (!w.cut && w.n_not_run == 0)) return false;
  char buf[32];
  const char *by = cause == STOPPED_BY_BUDGET ? "time_budget" : signal_name(sig, buf, sizeof buf);
  size_t c = (size_t)snprintf(csv, csv_size, "%s", by);
  size_t h = (size_t)snprintf(human, human_size, "stopped by %s after %.1f s:",
                              cause == STOPPED_BY_BUDGET ? "the time budget" : by, after);
  if (w.cut) {
    append(csv, csv_size, &c, ";cut:%s%s", w.cut, "");
    append(human, human_size, &h, " %s cut short%s", w.cut, w.n_not_run ? ";" : "");
  }
  for (unsigned i = 0; i < w.n_not_run; i++) {
    append(csv, csv_size, &c, ";not_run:%s%s", w.not_run[i], "");
    append(human, human_size, &h, i ? ", %s%s" : " %s%s", w.not_run[i],
           i + 1 == w.n_not_run ? " not run" : "");
  }
  return true;
}

int rp_watch_finish(void) {
  stop_ticker();
  if (w.drawn && w.terminal) {
    fputs("\r\033[K", stderr);
    fflush(stderr);
  }
  w.drawn = false;
  pthread_mutex_lock(&shared.mutex);
  notice_stop();
  int status = shared.cause == STOPPED_BY_SIGNAL ? 128 + shared.signal : 0;
  pthread_mutex_unlock(&shared.mutex);
  return status;
}
