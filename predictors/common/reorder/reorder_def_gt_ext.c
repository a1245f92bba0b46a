/*
** `gt-ext` (docs/oracle.md §O7): `adjacent`, where the
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

#include "base/diag.h"
#include "base/key_table.h"

typedef struct ext_memo {
  rp_key_table states;   /* the state keys decided so far */
  bool *extends;         /* per state key id: whether it extends */
  size_t extends_cap;
  uint32_t *scratch;     /* one key */
} ext_memo;

static void *prepare(const rp_rmodel *m) {
  ext_memo *t = rp_calloc(1, sizeof *t);
  size_t words = rp_rkey_words(m);
  rp_key_table_init(&t->states, words);
  t->scratch = rp_calloc(words + 1, sizeof *t->scratch);
  return t;
}

static void release(void *data) {
  ext_memo *t = data;
  rp_key_table_free(&t->states);
  free(t->extends);
  free(t->scratch);
  free(t);
}

/* Whether the reordering s extends to one holding every event. */
static bool extends(const rp_rmodel *m, rp_rstate *s) {
  ext_memo *t = m->def_data;
  rp_rkey(m, s, t->scratch);
  uint32_t id = rp_key_table_find(&t->states, t->scratch);
  if (id != RP_KEY_NONE) return t->extends[id];
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
  id = rp_key_table_add(&t->states, t->scratch, NULL);
  RP_GROW(t->extends, t->extends_cap, id);
  t->extends[id] = ok;
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
