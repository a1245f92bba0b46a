/*
** Vector clocks and epochs.  A clock is a uint32_t per thread: with every
** event ticking, a thread may run up to 2^32 - 1 events.  Vector clocks grow
** on demand because a streaming reader learns the threads as it goes; an
** entry beyond a clock's length reads as 0.
**
** An epoch c@t (FastTrack's notation) packs thread t and its clock c into one
** 64-bit word: the earlier access e with epoch c@t happens before the
** current thread's clock C iff c <= C[t].
*/
#ifndef RP_VC_H
#define RP_VC_H

#include <stdbool.h>
#include <stdint.h>

typedef uint32_t rp_clock;

typedef struct rp_vc {
  rp_clock *c;
  uint32_t n;     /* entries in use; c[n..cap) are zero */
  uint32_t cap;
} rp_vc;

void rp_vc_init(rp_vc *v);
void rp_vc_free(rp_vc *v);

static inline rp_clock rp_vc_get(const rp_vc *v, uint32_t t) {
  return t < v->n ? v->c[t] : 0;
}

/* Make entry t exist (zero if new). */
void rp_vc_reserve(rp_vc *v, uint32_t t);

static inline void rp_vc_set(rp_vc *v, uint32_t t, rp_clock c) {
  if (t >= v->n) rp_vc_reserve(v, t);
  v->c[t] = c;
}

static inline void rp_vc_tick(rp_vc *v, uint32_t t) {
  if (t >= v->n) rp_vc_reserve(v, t);
  v->c[t]++;
}

/* dst := dst joined with src (component-wise maximum); whether dst grew. */
bool rp_vc_join(rp_vc *dst, const rp_vc *src);
/* dst := src. */
void rp_vc_copy(rp_vc *dst, const rp_vc *src);
/* a <= b component-wise. */
bool rp_vc_leq(const rp_vc *a, const rp_vc *b);

typedef uint64_t rp_epoch;
#define RP_EPOCH_NONE ((rp_epoch)0)   /* clock 0: before every event */

static inline rp_epoch rp_epoch_make(uint32_t t, rp_clock c) {
  return ((uint64_t)c << 32) | t;
}
static inline uint32_t rp_epoch_thread(rp_epoch e) { return (uint32_t)e; }
static inline rp_clock rp_epoch_clock(rp_epoch e) { return (rp_clock)(e >> 32); }

/* The epoch's event happens before (or is) the state described by v. */
static inline bool rp_epoch_leq(rp_epoch e, const rp_vc *v) {
  return rp_epoch_clock(e) <= rp_vc_get(v, rp_epoch_thread(e));
}

#endif
