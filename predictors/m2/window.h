/*
** The indexes of one closure window [NOT IN PAPER; a speed-up only].  A
** closure asks, thousands of times, for the first or last event of some
** kind and key in some chain near a position inside W = X - P (the event
** maps of docs/m2.md §M5).  The model's indexes answer that for the whole trace,
** but every answer is a few cache misses into arrays of trace size.  The
** window's own indexes hold only W's events, keys renumbered densely, in
** the model's layout (by key, then thread, then chain index), so the same
** searches run on a few cache-resident kilobytes.  They list exactly the
** events of W: a query whose answer may lie in P (before the window) must
** fall back to the model's indexes.
**
** Of P, two kinds of events matter to W's rules, and there is at most one
** of each per key, kept here: the write of a variable that reads in W read
** (the last write before W, since every read in W comes after all of P),
** and the acquire of a lock whose critical section P opens and W closes
** (only one can be open where P ends).
*/
#ifndef M2_WINDOW_H
#define M2_WINDOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"

/* Keys of one kind (variables or locks) numbered 0.. in order of first
** appearance in the window; id is valid where gen equals the window's. */
typedef struct m2_keymap {
  uint32_t *id, *gen;
  uint32_t n;
} m2_keymap;

/* An event of P that W's rules use, and its thread (the event itself may
** be far back in the trace, its data out of cache). */
typedef struct m2_window_source {
  uint32_t ev, thread;          /* M2_NONE, M2_NONE: none */
} m2_window_source;

enum { M2_WIN_ACC, M2_WIN_RD, M2_WIN_WR, M2_WIN_LK, M2_WIN_ACQ, M2_WIN_REL, M2_WIN_COUNT };

typedef struct m2_window {
  const m2_model *m;
  m2_index idx[M2_WIN_COUNT];   /* of the window's accesses, reads, writes, lock
                                ** events, acquires, releases (as m2_index) */
  m2_index_fill fill[M2_WIN_COUNT];   /* fill[i].idx is &idx[i] */
  uint32_t *rd_rf;              /* rf of the read at each rd position */
  uint32_t *rd_skip;            /* rd position -> the next whose rf differs */
  m2_window_source *p_writer;   /* per local variable: the write in P read in W */
  m2_window_source *p_acquire;  /* per local lock: the acquire in P released in W */
  size_t cap;                   /* every array has room for cap events, keys and runs */
  m2_keymap vars, locks;
  uint32_t gen;
  uint32_t *X, *P;              /* the window built last (k entries each) */
  bool built;
} m2_window;

void m2_window_init(m2_window *w, const m2_model *m);
void m2_window_free(m2_window *w);

/* Index the events of X - P (cuts of k entries; P the events of X before
** trace position p_end), unless that window is the one indexed last. */
void m2_window_build(m2_window *w, const uint32_t *X, const uint32_t *P, uint32_t p_end);

/* The local key of variable x or lock l, M2_NONE if W has no event of it. */
uint32_t m2_window_var(const m2_window *w, uint32_t x);
uint32_t m2_window_lock(const m2_window *w, uint32_t l);

#endif
