/* The indexes of one closure window; see window.h. */
#include "window.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

/* The two indexes of each op that has any: the shared one, then its own. */
static const int index_of_op[RP_OP_REL + 1][2] = {
    [RP_OP_READ] = {M2_WIN_ACC, M2_WIN_RD}, [RP_OP_WRITE] = {M2_WIN_ACC, M2_WIN_WR},
    [RP_OP_ACQ] = {M2_WIN_LK, M2_WIN_ACQ},  [RP_OP_REL] = {M2_WIN_LK, M2_WIN_REL}};

static bool is_lock_index(int i) { return i >= M2_WIN_LK; }

static void keymap_init(m2_keymap *km, uint32_t nkeys) {
  km->id = rp_calloc(nkeys + 1, sizeof *km->id);
  km->gen = rp_calloc(nkeys + 1, sizeof *km->gen);
}

void m2_window_init(m2_window *w, const m2_model *m) {
  memset(w, 0, sizeof *w);
  w->m = m;
  keymap_init(&w->vars, m->nvars);
  keymap_init(&w->locks, m->nlocks);
  w->X = rp_calloc(m->k + 1, sizeof *w->X);
  w->P = rp_calloc(m->k + 1, sizeof *w->P);
  for (int i = 0; i < M2_WIN_COUNT; i++) w->fill[i].idx = &w->idx[i];
}

void m2_window_free(m2_window *w) {
  for (int i = 0; i < M2_WIN_COUNT; i++) {
    m2_index_free(&w->idx[i]);
    free(w->fill[i].pos);
    free(w->fill[i].run);
    free(w->fill[i].last);
  }
  free(w->rd_rf);
  free(w->rd_skip);
  free(w->p_writer);
  free(w->p_acquire);
  free(w->vars.id);
  free(w->vars.gen);
  free(w->locks.id);
  free(w->locks.gen);
  free(w->X);
  free(w->P);
}

static void *resize(void *p, size_t count, size_t size) { return rp_realloc(p, count * size); }

/* Room for n events: a window has at most n keys and n runs as well. */
static void ensure_capacity(m2_window *w, size_t n) {
  if (n < w->cap) return;
  size_t cap = w->cap ? w->cap : 64;
  while (cap <= n) cap *= 2;
  for (int i = 0; i < M2_WIN_COUNT; i++) {
    m2_index *idx = &w->idx[i];
    idx->ev = resize(idx->ev, cap, sizeof *idx->ev);
    idx->ci = resize(idx->ci, cap, sizeof *idx->ci);
    idx->start = resize(idx->start, cap + 1, sizeof *idx->start);
    idx->run_start = resize(idx->run_start, cap + 1, sizeof *idx->run_start);
    idx->run = resize(idx->run, cap + 1, sizeof *idx->run);
    w->fill[i].pos = resize(w->fill[i].pos, cap, sizeof *w->fill[i].pos);
    w->fill[i].run = resize(w->fill[i].run, cap, sizeof *w->fill[i].run);
    w->fill[i].last = resize(w->fill[i].last, cap, sizeof *w->fill[i].last);
  }
  w->rd_rf = resize(w->rd_rf, cap, sizeof *w->rd_rf);
  w->rd_skip = resize(w->rd_skip, cap, sizeof *w->rd_skip);
  w->p_writer = resize(w->p_writer, cap, sizeof *w->p_writer);
  w->p_acquire = resize(w->p_acquire, cap, sizeof *w->p_acquire);
  w->cap = cap;
}

static void next_generation(m2_window *w) {
  if (++w->gen == 0) {
    memset(w->vars.gen, 0, (w->m->nvars + 1) * sizeof *w->vars.gen);
    memset(w->locks.gen, 0, (w->m->nlocks + 1) * sizeof *w->locks.gen);
    w->gen = 1;
  }
  w->vars.n = w->locks.n = 0;
  for (int i = 0; i < M2_WIN_COUNT; i++) w->idx[i].start[0] = w->idx[i].run_start[0] = 0;
}

/* The local key of op's operand, numbered on first sight; a new key starts
** with no events and no runs in the indexes of its kind. */
static uint32_t local_key(m2_window *w, uint32_t op, uint32_t key) {
  bool lock = op == RP_OP_ACQ || op == RP_OP_REL;
  m2_keymap *km = lock ? &w->locks : &w->vars;
  if (km->gen[key] == w->gen) return km->id[key];
  uint32_t id = km->n++;
  km->gen[key] = w->gen;
  km->id[key] = id;
  (lock ? w->p_acquire : w->p_writer)[id] = (m2_window_source){M2_NONE, M2_NONE};
  for (int i = 0; i < M2_WIN_COUNT; i++) {
    if (is_lock_index(i) != lock) continue;
    w->idx[i].start[id + 1] = w->idx[i].run_start[id + 1] = 0;
    w->fill[i].last[id] = 0;
  }
  return id;
}

/* Turn index i's counts into offsets, ready to place. */
static void offsets(m2_window *w, int i) {
  uint32_t nkeys = is_lock_index(i) ? w->locks.n : w->vars.n;
  m2_index_sum_counts(&w->idx[i], nkeys);
  m2_index_fill_start(&w->fill[i], nkeys);
}

/* rd_rf, rd_skip from it (run by run), and p_writer. */
static void read_links(m2_window *w, uint32_t p_end) {
  const m2_index *rd = &w->idx[M2_WIN_RD];
  for (uint32_t x = 0; x < w->vars.n; x++)
    for (uint32_t i = rd->start[x]; i < rd->start[x + 1]; i++) {
      uint32_t rf = w->rd_rf[i] = w->m->link[rd->ev[i]];
      /* event ids are trace positions; all such reads read the same write */
      if (rf != M2_NONE && rf < p_end && w->p_writer[x].ev == M2_NONE)
        w->p_writer[x] = (m2_window_source){rf, m2_thr(w->m, rf)};
    }
  for (const m2_index_run *r = rd->run; r->thread != M2_NONE; r++)
    for (uint32_t i = r[1].pos; i-- > r->pos;) {
      bool same = i + 1 < r[1].pos && w->rd_rf[i + 1] == w->rd_rf[i];
      w->rd_skip[i] = same ? w->rd_skip[i + 1] : i + 1;
    }
}

static void release_links(m2_window *w, uint32_t p_end) {
  const m2_index *rel = &w->idx[M2_WIN_REL];
  for (uint32_t l = 0; l < w->locks.n; l++)
    for (const m2_index_run *r = m2_runs_of(rel, l); r < m2_runs_of(rel, l + 1); r++)
      for (uint32_t i = r->pos; i < r[1].pos; i++) {
        uint32_t acq = w->m->link[rel->ev[i]];
        if (acq < p_end) w->p_acquire[l] = (m2_window_source){acq, r->thread};
      }
}

static bool same_cut(const uint32_t *a, const uint32_t *b, uint32_t k) {
  return memcmp(a, b, k * sizeof *a) == 0;
}

/* Two passes over W, chains in thread order (count, place), as
** m2_index_fill describes: every index comes out ordered by (key, thread, ci). */
void m2_window_build(m2_window *w, const uint32_t *X, const uint32_t *P, uint32_t p_end) {
  const m2_model *m = w->m;
  uint32_t k = m->k;
  if (w->built && same_cut(w->X, X, k) && same_cut(w->P, P, k)) return;
  memcpy(w->X, X, k * sizeof *X);
  memcpy(w->P, P, k * sizeof *P);
  w->built = true;
  size_t n = 0;
  for (uint32_t c = 0; c < k; c++) n += X[c] - P[c];
  ensure_capacity(w, n);
  next_generation(w);
  for (int pass = 0; pass < 2; pass++) {
    for (uint32_t c = 0; c < k; c++)
      for (uint32_t j = P[c] + 1; j <= X[c]; j++) {
        uint32_t e = m2_event(m, c, j), op = m2_op(m, e);
        if (op > RP_OP_REL) continue;
        uint32_t key = local_key(w, op, m2_operand(m, e));
        for (int i = 0; i < 2; i++) {
          m2_index_fill *f = &w->fill[index_of_op[op][i]];
          if (pass == 0) m2_index_count(f, key, c);
          else m2_index_place(f, key, c, j, e);
        }
      }
    if (pass == 0)
      for (int i = 0; i < M2_WIN_COUNT; i++) offsets(w, i);
  }
  read_links(w, p_end);
  release_links(w, p_end);
}

uint32_t m2_window_var(const m2_window *w, uint32_t x) {
  return w->vars.gen[x] == w->gen ? w->vars.id[x] : M2_NONE;
}

uint32_t m2_window_lock(const m2_window *w, uint32_t l) {
  return w->locks.gen[l] == w->gen ? w->locks.id[l] : M2_NONE;
}
