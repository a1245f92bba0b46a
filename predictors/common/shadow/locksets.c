/* Interned lock sets; see locksets.h. */
#include "locksets.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void locksets_init(locksets *l) {
  memset(l, 0, sizeof *l);
  rp_names_init(&l->sets);
  rp_names_intern(&l->sets, "", 0);   /* id 0: the empty set */
}

void locksets_free(locksets *l) {
  for (size_t t = 0; t < l->thread_cap; t++) free(l->thread[t].held);
  free(l->thread);
  rp_names_free(&l->sets);
}

static struct lockset_thread *thread_of(locksets *l, uint32_t t) {
  RP_GROW(l->thread, l->thread_cap, t);
  return &l->thread[t];
}

uint32_t locksets_current(locksets *l, uint32_t t) {
  return thread_of(l, t)->current;
}

static void reintern(locksets *l, struct lockset_thread *th) {
  th->current = rp_names_intern(&l->sets, (const char *)th->held,
                                th->n * sizeof *th->held);
}

void locksets_check_depth(locksets *l, const rp_race_report *rep, const rp_event *ev,
                          uint64_t pos) {
  if (thread_of(l, ev->thread)->n < RP_MAX_HELD_LOCKS) return;
  rp_die_held_depth(rep->trace, pos, rp_names_get(&rep->sym->threads, ev->thread));
}

void locksets_acquire(locksets *l, uint32_t t, uint32_t lock) {
  struct lockset_thread *th = thread_of(l, t);
  RP_ASSERT(th->n < RP_MAX_HELD_LOCKS, "locksets_check_depth called first");
  th->held = rp_realloc(th->held, (th->n + 1) * sizeof *th->held);
  uint32_t i = th->n++;
  for (; i > 0 && th->held[i - 1] > lock; i--) th->held[i] = th->held[i - 1];
  th->held[i] = lock;
  reintern(l, th);
}

void locksets_release(locksets *l, uint32_t t, uint32_t lock) {
  struct lockset_thread *th = thread_of(l, t);
  uint32_t i = 0;
  while (i < th->n && th->held[i] != lock) i++;
  if (i == th->n) return;   /* the reader rejects releases of unheld locks */
  memmove(th->held + i, th->held + i + 1, (th->n - i - 1) * sizeof *th->held);
  th->n--;
  reintern(l, th);
}

uint32_t locksets_size(const locksets *l, uint32_t id) {
  RP_ASSERT(id < l->sets.count, "a lock set id locksets_current returned");
  return rp_names_length(&l->sets, id) / sizeof(uint32_t);
}

/* The interned bytes need not be aligned. */
uint32_t locksets_lock(const locksets *l, uint32_t id, uint32_t i) {
  RP_ASSERT(i < locksets_size(l, id), "an index below the set's size");
  uint32_t lock;
  memcpy(&lock, rp_names_get(&l->sets, id) + i * sizeof lock, sizeof lock);
  return lock;
}

bool locksets_disjoint(const locksets *l, uint32_t a, uint32_t b) {
  RP_ASSERT(a < l->sets.count && b < l->sets.count, "lock set ids locksets_current returned");
  if (a == 0 || b == 0) return true;
  if (a == b) return false;
  uint32_t nx = locksets_size(l, a), ny = locksets_size(l, b), i = 0, j = 0;
  while (i < nx && j < ny) {
    uint32_t x = locksets_lock(l, a, i), y = locksets_lock(l, b, j);
    if (x == y) return false;
    if (x < y) i++;
    else j++;
  }
  return true;
}

bool locksets_contains(const locksets *l, uint32_t id, uint32_t lock) {
  for (uint32_t i = 0, n = locksets_size(l, id); i < n; i++)
    if (locksets_lock(l, id, i) == lock) return true;
  return false;
}
