/*
** `gt-ext` (specs/pwr-crossthread.md §1.5, "GT-ext"): `adjacent`, where the
** reordered prefix that has the two events next to each other must also
** extend to a complete correct reordering of the trace (every event, every
** read keeping its writer).  The paper's arguments that Figs. 6 and 13 show
** no race hold only here; under `adjacent` (Def. 3.8 as written) they are
** races.  Whether a state extends is found by a depth-first search, memoised
** per state key (rp_rkey: the cut and the last writes that reads still to
** come look at, which is all that decides the rest of a reordering).
*/
#include "reorder.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

typedef struct ext_memo {
  size_t words;       /* key words */
  uint32_t *keys;     /* slot i: keys[i * words ...] */
  uint8_t *state;     /* 0 empty, 1 extends, 2 does not */
  size_t mask, count;
  uint32_t *scratch;  /* one key */
} ext_memo;

static uint64_t key_hash(const uint32_t *k, size_t words) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < words; i++) h = (h ^ k[i]) * 1099511628211ull;
  return h;
}

static size_t slot_of(const ext_memo *t, const uint32_t *k) {
  size_t i = key_hash(k, t->words) & t->mask;
  while (t->state[i] && memcmp(t->keys + i * t->words, k, t->words * sizeof *k) != 0)
    i = (i + 1) & t->mask;
  return i;
}

static void memo_grow(ext_memo *t) {
  ext_memo old = *t;
  size_t cap = (old.mask + 1) * 2;
  t->mask = cap - 1;
  t->keys = rp_malloc(cap * t->words * sizeof *t->keys);
  t->state = rp_calloc(cap, 1);
  for (size_t i = 0; i <= old.mask; i++) {
    if (!old.state[i]) continue;
    size_t j = slot_of(t, old.keys + i * t->words);
    memcpy(t->keys + j * t->words, old.keys + i * t->words, t->words * sizeof *t->keys);
    t->state[j] = old.state[i];
  }
  free(old.keys);
  free(old.state);
}

static void *prepare(const rp_rmodel *m) {
  ext_memo *t = rp_calloc(1, sizeof *t);
  t->words = rp_rkey_words(m);
  t->mask = 63;
  t->keys = rp_malloc((t->mask + 1) * t->words * sizeof *t->keys);
  t->state = rp_calloc(t->mask + 1, 1);
  t->scratch = rp_malloc(t->words * sizeof *t->scratch);
  return t;
}

static void release(void *data) {
  ext_memo *t = data;
  free(t->keys);
  free(t->state);
  free(t->scratch);
  free(t);
}

/* Whether the reordering s extends to one holding every event. */
static bool extends(const rp_rmodel *m, rp_rstate *s) {
  ext_memo *t = m->def_data;
  rp_rkey(m, s, t->scratch);
  size_t i = slot_of(t, t->scratch);
  if (t->state[i]) return t->state[i] == 1;
  bool done = true, ok = false;
  for (uint32_t u = 0; u < m->threads && !ok; u++) {
    uint32_t e = rp_rnext(m, s, u);
    if (e == RP_NONE) continue;
    done = false;
    if (!rp_rcan_append(m, s, e, NULL)) continue;
    rp_rundo undo = rp_rappend(m, s, e);
    ok = extends(m, s);
    rp_rundo_append(m, s, undo);
  }
  ok = ok || done;
  rp_rkey(m, s, t->scratch);   /* the recursion used the scratch key */
  if ((t->count + 1) * 2 > t->mask + 1) memo_grow(t);
  i = slot_of(t, t->scratch);
  memcpy(t->keys + i * t->words, t->scratch, t->words * sizeof *t->scratch);
  t->state[i] = ok ? 1 : 2;
  t->count++;
  return ok;
}

static bool race_at(const rp_rmodel *m, rp_rstate *s, uint32_t first, uint32_t then) {
  if (!rp_rcan_append(m, s, first, NULL)) return false;
  rp_rundo u1 = rp_rappend(m, s, first);
  bool ok = false;
  if (rp_rcan_append(m, s, then, NULL)) {
    rp_rundo u2 = rp_rappend(m, s, then);
    ok = extends(m, s);
    rp_rundo_append(m, s, u2);
  }
  rp_rundo_append(m, s, u1);
  return ok;
}

const rp_rdef rp_rdef_gt_ext = {
    .name = "gt-ext",
    .summary = "adjacent, in a prefix that extends to a complete correct reordering",
    .reads = RP_READS_KEEP_WRITER,
    .prepare = prepare,
    .release = release,
    .race_at = race_at,
};
