/*
** Stored copies of thread clocks, shared.  SyncP keeps a clock with every
** access (its strict past P), every release and every variable's last
** write.  Between two changes that come from other threads (a read joining
** its writer, a join, being forked) a thread's clock differs only in its own
** entry, so one stored copy serves all of them: a reference is the copy
** plus the own entry's value.  A copy is taken only when the thread's
** clock has changed since its last one.
*/
#ifndef SYNCP_SNAPSHOTS_H
#define SYNCP_SNAPSHOTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/vc.h"

#define SP_NO_SNAP UINT32_MAX

/* Thread v's clock: copy `snap` (of v's clock) with entry v set to `own`. */
typedef struct sp_ref {
  uint32_t snap;
  rp_clock own;
} sp_ref;

typedef struct sp_snapshots {
  rp_clock *arena;        /* the copies' entries, back to back */
  size_t arena_len, arena_cap;
  struct sp_snap {
    size_t off;
    uint32_t len, thread;
  } *snap;
  size_t count, cap;
  uint32_t *current;      /* per thread: its copy still valid, or SP_NO_SNAP */
  size_t current_cap;
} sp_snapshots;

void sp_snapshots_init(sp_snapshots *s);
void sp_snapshots_free(sp_snapshots *s);

/* Thread t's clock c changed in an entry other than t's own. */
void sp_snapshots_changed(sp_snapshots *s, uint32_t t);

/* A reference to t's clock c as it is now. */
sp_ref sp_snapshots_take(sp_snapshots *s, uint32_t t, const rp_vc *c);

/* Entry u of the referenced clock. */
static inline rp_clock sp_ref_get(const sp_snapshots *s, sp_ref r, uint32_t u) {
  const struct sp_snap *sn = &s->snap[r.snap];
  if (u == sn->thread) return r.own;
  return u < sn->len ? s->arena[sn->off + u] : 0;
}

/* dst := dst joined with the referenced clock; whether dst grew. */
bool sp_ref_join(const sp_snapshots *s, sp_ref r, rp_vc *dst);

/* Bytes held. */
size_t sp_snapshots_bytes(const sp_snapshots *s);

#endif
