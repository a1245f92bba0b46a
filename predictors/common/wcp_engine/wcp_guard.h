/*
** WCP rule (a) (Kini et al., Algorithm 1, lines 7-8 and 11-12): a release
** r1 of lock l is WCP-before an access e2 inside a later critical section
** on l when r1's critical section holds an access of another thread that
** conflicts with e2.  As in RAPID, only other threads' critical sections
** count (conflicting accesses are of different threads), unless
** own_sections (the Vindicator artifact, wcp_clocks.h): for each lock l
** and variable x the guard keeps, per thread u, the HB clock of u's latest
** release of l whose critical section read x, and likewise for writes;
** HB clocks of one thread grow, so the latest release stands for all.
**
** Guards live per variable, in a short list searched linearly (one entry
** per lock ever held around an access to x), so no hashing.  Each thread's
** open critical sections list the guards they touched, to be updated when
** they close; the lists keep their storage, so the steady state allocates
** nothing.
*/
#ifndef RP_WCP_GUARD_H
#define RP_WCP_GUARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/vc.h"

/* Per thread, the HB clock of its latest release: rows of `width` clock
** entries in one array (re-strided when a clock outgrows it), so a list
** costs a few allocations, and the releasing threads with the local times
** of their releases sit apart, so that the already-ordered test reads one
** short array and no clock. */
typedef struct wcp_rel_epoch {
  uint32_t thread;
  rp_clock time;       /* the release's entry for its own thread */
} wcp_rel_epoch;

typedef struct wcp_rel_list {
  wcp_rel_epoch *who;
  rp_clock *clock;     /* row i is clock[i*width .. (i+1)*width) */
  uint32_t n, cap, width;
} wcp_rel_list;

typedef struct wcp_guard {
  uint32_t lock;
  uint64_t read_cs, write_cs;   /* serial of the last section that noted it */
  wcp_rel_list readers, writers;
} wcp_guard;

typedef struct wcp_var_guards {
  uint32_t *lock;      /* lock[i] = g[i].lock, scanned to find a guard */
  wcp_guard *g;
  uint32_t n, cap;
} wcp_var_guards;

/* A guard touched by an open critical section: variable and index. */
typedef struct wcp_touch {
  uint32_t var, guard;
  bool write;
} wcp_touch;

typedef struct wcp_open_cs {
  uint32_t lock;
  uint64_t serial;
  wcp_touch *touch;
  uint32_t n, cap;
} wcp_open_cs;

typedef struct wcp_held {
  wcp_open_cs *cs;     /* a stack, innermost last */
  uint32_t n, cap;
} wcp_held;

typedef struct wcp_guards {
  wcp_var_guards *var;
  size_t var_cap;
  wcp_held *held;      /* per thread */
  size_t held_cap;
  uint64_t serial;     /* critical sections opened so far */
  uint64_t guards;     /* (lock, variable) pairs seen */
  bool own_sections;   /* a thread's own sections order its accesses */
} wcp_guards;

void wcp_guards_init(wcp_guards *g, bool own_sections);
void wcp_guards_free(wcp_guards *g);

void wcp_guards_acquire(wcp_guards *g, uint32_t t, uint32_t lock);

/* t releases lock with HB clock h: record it in the guards its section
** touched. */
void wcp_guards_release(wcp_guards *g, uint32_t t, uint32_t lock, const rp_vc *h);

/* t accesses var (a write if `write`) with WCP clock c, whose own entry is
** t's local time, and own_pred, the WCP predecessors' own entry: note the
** access in every open section of t, and pass to join(ctx, h) each release
** clock of rule (a) that c does not know yet. */
typedef void (*wcp_join_fn)(void *ctx, const rp_vc *v);
void wcp_guards_access(wcp_guards *g, uint32_t t, uint32_t var, bool write,
                       const rp_vc *c, rp_clock own_pred, wcp_join_fn join, void *ctx);

#endif
