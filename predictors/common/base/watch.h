/*
** Watching a long analysis: the progress line on standard error, and the
** requests to stop before the end, which come from SIGINT, SIGTERM or a
** time budget (docs/design.md §D16).
**
** A predictor's work is a sequence of named phases ("reading", "pairs",
** "deadlocks", ...).  Its loops poll: rp_watch_poll(done) costs a store and
** the load of a flag that a ticker thread raises only when something is due
** (a signal came, the budget ran out, the progress line wants redrawing;
** it looks every 20 ms), so the hot loop never reads the clock and a stop is
** seen within 20 ms and one iteration, however slow the iterations are.
** Once the poll returns true the loop stops, and the predictor writes what
** it found so far; the phase that was running is "cut", the phases begun
** later are "not run", and rp_watch_describe says so for the stats row and
** the summary line.
**
** The signal handler only sets a flag (a lock-free atomic int); the ticker
** or the polling thread turns it into the stop that rp_watch_stopping()
** shows to every thread.  So rp_watch_poll belongs to one thread (the one that runs main);
** other threads (a pool's workers) ask rp_watch_stopping() between items.
** A signal ignored when the program started (a background job of a
** non-interactive shell) stays ignored; a second signal of the same kind
** kills the program outright (the handler is reset once it has run).
*/
#ifndef RP_WATCH_H
#define RP_WATCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum rp_progress_mode {
  RP_PROGRESS_AUTO,   /* when standard error is a terminal */
  RP_PROGRESS_ON,     /* --progress */
  RP_PROGRESS_OFF     /* --no-progress */
} rp_progress_mode;

/* Start watching: note the time, catch SIGINT and SIGTERM.  what names the
** run on the progress line ("rp-m2: t.std"). */
void rp_watch_start(const char *what, rp_progress_mode mode);

/* Stop the run once ms milliseconds have passed from now (0: no budget). */
void rp_watch_budget(double ms);

/* The count of the races found so far, shown on the progress line; read by
** the polling thread only. */
void rp_watch_show_found(const uint64_t *found);

/* The count of the items a phase has handed to an ordered pool and not yet
** taken back (base/ordered_pool.h), shown as "undecided": the racy pairs
** lag behind the phase's count by them.  NULL: none shown.  Read by the
** polling thread only. */
void rp_watch_show_waiting(const uint64_t *waiting);

/* Begin a phase: unit names what `done` counts ("events"), total is how
** many there are (0: unknown); unit NULL: a phase that only prepares (a
** model, an index), whose line shows no count, not even the racy pairs.
** False, and the phase is recorded as not run, when a stop was already
** requested: the caller skips the phase. */
bool rp_watch_phase(const char *name, const char *unit, uint64_t total);

/* The polling thread's hot state, inline for the hot loops. */
typedef struct rp_watch_hot {
  atomic_bool due;     /* raised by the ticker: time for the slow path */
  uint64_t done;       /* how far the phase has come, in its unit */
} rp_watch_hot;
extern rp_watch_hot rp_watch_now;

bool rp_watch_slow_poll(void);

/* Whether the run must stop, from inside a unit of work whose count was
** given to rp_watch_poll.  Once a poll has said stop every later one does,
** so a pass that fills what a cut pass counted stops at its first poll. */
static inline bool rp_watch_poll_within(void) {
  return atomic_load_explicit(&rp_watch_now.due, memory_order_relaxed) && rp_watch_slow_poll();
}

/* The phase has come `done` units far: whether the run must stop. */
static inline bool rp_watch_poll(uint64_t done) {
  rp_watch_now.done = done;
  return rp_watch_poll_within();
}

/* Whether a stop was seen by the polling thread: any thread may ask. */
bool rp_watch_stopping(void);

/* Whether the stop came from the time budget (not a signal). */
bool rp_watch_out_of_time(void);

/* When a phase was cut or not run: true, with csv set to the stats
** column's value ("SIGINT;cut:pairs;not_run:deadlocks") and human to the
** summary's words ("stopped by SIGINT after 1.2 s: pairs cut short;
** deadlocks not run").  False (both empty) for a complete run. */
bool rp_watch_describe(char *csv, size_t csv_size, char *human, size_t human_size);

/* Stop the ticker, clear the progress line; the exit status: 128 + the signal's number when
** a signal came (the shell's convention), else 0. */
int rp_watch_finish(void);

#endif
