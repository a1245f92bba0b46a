/* The random program behind rp-gen; see gen_model.h. */
#include "gen_model.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/number.h"

/* Mean number of accesses a critical section is planned to span. */
#define CS_MEAN_ACCESSES 4
/* Chance that a thread inside a critical section opens a nested one. */
#define NEST_CHANCE 0.2
/* Fuzz mode: chances of a fork of a waiting thread and of a join. */
#define FORK_CHANCE 0.3
#define JOIN_CHANCE 0.06
/* Fuzz mode: chance that a fork is joined at once (a thread with no events)
** and, with --unnested, that a release is not of the innermost lock. */
#define EMPTY_JOIN_CHANCE 0.15
#define UNNESTED_CHANCE 0.7
/* --comm groups: chance that a section takes the global lock instead of
** one of its group's; --comm pool: chance that it takes the queue. */
#define GLOBAL_CHANCE 0.01
#define QUEUE_CHANCE 0.5
/* Besides --comm random: chance that an access outside sections touches a
** shared variable unguarded, so that such traces have a few races. */
#define STRAY_CHANCE 0.002

enum { WAITING, LIVE, JOINED };

typedef struct held_lock {
  uint32_t lock;
  uint32_t budget;   /* accesses left before the section wants to close */
  uint32_t child;    /* --cross-cs: thread + 1 forked inside, to join first */
} held_lock;

typedef struct gen_thread {
  int state;
  uint32_t depth;    /* number of locks held */
  held_lock *held;   /* [nesting] */
} gen_thread;

typedef struct gen {
  const gen_params *p;
  uint64_t rng;
  gen_thread *threads;
  uint32_t *holder;  /* lock -> holding thread + 1, or 0 */
  uint32_t *live;    /* ids of LIVE threads */
  uint32_t live_count, waiting_count;
  uint64_t emitted;
  double start_chance;
  /* Output buffer, flushed with fwrite: formatting is the hot loop. */
  FILE *out;
  char buf[1 << 16];
  size_t len;
} gen;

/* splitmix64: tiny, fast, and good enough for scheduling decisions. */
static uint64_t next_u64(gen *g) {
  uint64_t z = (g->rng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static uint32_t below(gen *g, uint32_t n) { return (uint32_t)((next_u64(g) >> 32) * n >> 32); }
static double unit(gen *g) { return (double)(next_u64(g) >> 11) * (1.0 / 9007199254740992.0); }
static bool chance(gen *g, double p) { return p > 0 && unit(g) < p; }

static void put_str(gen *g, const char *s) {
  while (*s) g->buf[g->len++] = *s++;
}
static void put_u64(gen *g, uint64_t v) {
  char digits[RP_U64_DIGITS], *d = rp_u64_digits(digits, v);
  size_t len = (size_t)(digits + RP_U64_DIGITS - d);
  memcpy(g->buf + g->len, d, len);
  g->len += len;
}
static void flush(gen *g) {
  if (g->len && fwrite(g->buf, 1, g->len, g->out) != g->len)
    rp_die(RP_EXIT_RESOURCE, "error writing the trace: %s", strerror(errno));
  g->len = 0;
}

/* Emit `T<t>|<op>(<prefix><operand>)|<loc>`. */
static void emit(gen *g, uint32_t t, const char *op, const char *prefix, uint32_t operand) {
  if (g->len > sizeof g->buf - 128) flush(g);
  g->emitted++;
  put_str(g, "T");
  put_u64(g, t);
  put_str(g, "|");
  put_str(g, op);
  if (prefix) {
    put_str(g, "(");
    put_str(g, prefix);
    put_u64(g, operand);
    put_str(g, ")");
  }
  put_str(g, "|");
  /* A static "program point" unless each event gets its own. */
  uint64_t site = 1 + ((uint64_t)operand * 8 + (unsigned char)op[0] + (uint64_t)t * 7919) % 1000;
  put_u64(g, g->p->loc_is_pos ? g->emitted : site);
  put_str(g, "\n");
}

static void set_state(gen *g, uint32_t t, int state) {
  if (g->threads[t].state == LIVE) {
    for (uint32_t i = 0; i < g->live_count; i++)
      if (g->live[i] == t) g->live[i] = g->live[--g->live_count];
  } else if (g->threads[t].state == WAITING) {
    g->waiting_count--;
  }
  if (state == LIVE) g->live[g->live_count++] = t;
  g->threads[t].state = state;
}

static void acquire(gen *g, uint32_t t, uint32_t l) {
  gen_thread *th = &g->threads[t];
  g->holder[l] = t + 1;
  th->held[th->depth].lock = l;
  uint32_t mean = g->p->cs_mean ? g->p->cs_mean : CS_MEAN_ACCESSES;
  th->held[th->depth].budget = 1 + below(g, 2 * mean - 1);
  th->held[th->depth].child = 0;
  th->depth++;
  emit(g, t, "acq", "L", l);
}

static void release(gen *g, uint32_t t) {
  gen_thread *th = &g->threads[t];
  if (g->p->unnested && th->depth > 1 && chance(g, UNNESTED_CHANCE)) {
    uint32_t i = below(g, th->depth - 1);   /* an outer lock goes first */
    held_lock h = th->held[i];
    memmove(th->held + i, th->held + i + 1, (th->depth - 1 - i) * sizeof h);
    th->held[th->depth - 1] = h;
  }
  uint32_t l = th->held[--th->depth].lock;
  g->holder[l] = 0;
  emit(g, t, "rel", "L", l);
}

/* --comm groups: the last lock is global, the others are dealt out to the
** groups of group_size threads (shared round the groups when too few). */
static uint32_t group_lock(gen *g, uint32_t t) {
  uint32_t n = g->p->locks, size = g->p->group_size;
  if (n == 1 || chance(g, GLOBAL_CHANCE)) return n - 1;
  uint32_t groups = (g->p->threads + size - 1) / size, group = t / size;
  uint32_t per_group = (n - 1) / groups;
  return per_group ? group * per_group + below(g, per_group) : group % (n - 1);
}

/* A lock thread t may take under p->comm; locks > 0. */
static uint32_t pick_lock(gen *g, uint32_t t) {
  uint32_t n = g->p->locks;
  switch (g->p->comm) {
    case GEN_COMM_GROUPS: return group_lock(g, t);
    case GEN_COMM_PIPELINE: return (t + below(g, 2)) % n;   /* input queue t, output t + 1 */
    case GEN_COMM_POOL:   /* the queue, else the worker's own lock */
      return n == 1 || chance(g, QUEUE_CHANCE) ? 0 : 1 + t % (n - 1);
    case GEN_COMM_RANDOM: break;
  }
  return below(g, n);
}

/* A few picks for a free lock; UINT32_MAX if none turned up. */
static uint32_t free_lock(gen *g, uint32_t t) {
  for (int tries = 0; tries < 4 && g->p->locks; tries++) {
    uint32_t l = pick_lock(g, t);
    if (g->holder[l] == 0) return l;
  }
  return UINT32_MAX;
}

/*
** The variable an access of thread t touches.  Under --comm random any;
** otherwise data follows the locks: the first half of the variables is
** shared, variable v guarded by lock v % locks, and an access inside a
** section touches one guarded by its innermost lock; the second half is
** private, split among the threads (shared round them when too few), and an
** access outside sections touches one of its thread's, or, 1 in 500, a
** shared one unguarded.
*/
static uint32_t pick_var(gen *g, uint32_t t) {
  const gen_params *p = g->p;
  if (p->comm == GEN_COMM_RANDOM || p->vars < 2) return below(g, p->vars);
  uint32_t shared = p->vars / 2, private = p->vars - shared;
  const gen_thread *th = &g->threads[t];
  if (th->depth) {
    uint32_t l = th->held[th->depth - 1].lock % shared, per_lock = shared / p->locks;
    return per_lock ? l + p->locks * below(g, per_lock) : l;
  }
  if (chance(g, STRAY_CHANCE)) return below(g, shared);
  uint32_t per_thread = private / p->threads;
  return shared + (per_thread ? t * per_thread + below(g, per_thread) : t % private);
}

static void access(gen *g, uint32_t t) {
  gen_thread *th = &g->threads[t];
  for (uint32_t i = 0; i < th->depth; i++)
    if (th->held[i].budget) th->held[i].budget--;
  bool read = chance(g, g->p->read_share);
  emit(g, t, read ? "r" : "w", "V", pick_var(g, t));
}

/* Fuzz mode: fork a waiting thread or join a live one that holds nothing. */
static bool fork_or_join(gen *g, uint32_t t) {
  uint32_t n = g->p->threads;
  /* --cross-cs forks only inside critical sections, and often. */
  double fork_chance = !g->p->cross_cs ? FORK_CHANCE : g->threads[t].depth ? 0.5 : 0;
  if (g->waiting_count && chance(g, fork_chance)) {
    uint32_t u = below(g, n);
    while (g->threads[u].state != WAITING) u = (u + 1) % n;
    emit(g, t, "fork", "T", u);
    set_state(g, u, LIVE);
    gen_thread *th = &g->threads[t];
    if (g->p->cross_cs && th->depth && !th->held[th->depth - 1].child)
      th->held[th->depth - 1].child = u + 1;
    if (chance(g, EMPTY_JOIN_CHANCE)) {
      emit(g, t, "join", "T", u);
      set_state(g, u, JOINED);
    }
    return true;
  }
  if (g->live_count > 1 && chance(g, JOIN_CHANCE)) {
    uint32_t u = g->live[below(g, g->live_count)];
    if (u == t || g->threads[u].depth) return false;
    emit(g, t, "join", "T", u);
    set_state(g, u, JOINED);
    return true;
  }
  return false;
}

/* --cross-cs: a section due to close whose forked thread still runs joins
** it first (once it holds nothing), running other steps meanwhile. */
static bool wait_for_child(gen *g, uint32_t t) {
  held_lock *h = &g->threads[t].held[g->threads[t].depth - 1];
  if (!h->child) return false;
  uint32_t c = h->child - 1;
  if (g->threads[c].state != LIVE) {
    h->child = 0;
    return false;
  }
  if (g->threads[c].depth) return true;
  emit(g, t, "join", "T", c);
  set_state(g, c, JOINED);
  h->child = 0;
  return true;
}

/* Events still needed to close every section and join (--fork-join). */
static uint64_t closing_cost(const gen *g) {
  uint64_t cost = 0;
  for (uint32_t t = 0; t < g->p->threads; t++) {
    cost += g->threads[t].depth;
    for (uint32_t i = 0; g->p->cross_cs && i < g->threads[t].depth; i++) {
      uint32_t child = g->threads[t].held[i].child;
      cost += child && g->threads[child - 1].state == LIVE;
    }
    if (g->p->fork_join && t > 0 && g->threads[t].state == LIVE) cost++;
  }
  return cost;
}

/* One scheduling step of thread t, with room for that many more events
** (closing included): an acquire takes two (it must be released), a fork
** up to three (an immediate join; under --cross-cs, the join before its
** section closes), so the trace has exactly --events events. */
static void step(gen *g, uint32_t t, uint64_t room) {
  const gen_params *p = g->p;
  gen_thread *th = &g->threads[t];
  if (chance(g, p->branches)) {
    emit(g, t, "br", NULL, 0);
    return;
  }
  if (p->random_forks && room >= 3 && fork_or_join(g, t)) return;
  if (th->depth && th->held[th->depth - 1].budget == 0) {
    if (p->cross_cs && wait_for_child(g, t)) {
      if (th->held[th->depth - 1].child) access(g, t);
      return;
    }
    release(g, t);
    return;
  }
  double nest = p->nest_chance > 0 ? p->nest_chance
               : p->unnested       ? 3 * NEST_CHANCE   /* something to unnest */
                                   : NEST_CHANCE;
  bool want = th->depth ? th->depth < p->nesting && chance(g, nest)
                        : chance(g, g->start_chance);
  uint32_t l = want && room >= 2 ? free_lock(g, t) : UINT32_MAX;
  if (l != UINT32_MAX) acquire(g, t, l);
  else access(g, t);
}

/* Close thread t's sections unless it keeps them; false if a --cross-cs
** section waits for its forked thread to release its own locks first. */
static bool close_thread(gen *g, uint32_t t) {
  gen_thread *th = &g->threads[t];
  bool keep = !g->p->cross_cs && g->p->leave_held && chance(g, 0.5) &&
              !(g->p->fork_join && t > 0);
  while (th->depth && !keep) {
    held_lock *h = &th->held[th->depth - 1];
    if (g->p->cross_cs && h->child && g->threads[h->child - 1].state == LIVE) {
      if (g->threads[h->child - 1].depth) return false;
      emit(g, t, "join", "T", h->child - 1);
      set_state(g, h->child - 1, JOINED);
    }
    release(g, t);
  }
  return true;
}

static void close_all(gen *g) {
  bool waiting = true;   /* the fork tree is acyclic: its leaves always close */
  while (waiting) {
    waiting = false;
    for (uint32_t t = 0; t < g->p->threads; t++)
      if (!close_thread(g, t)) waiting = true;
  }
  for (uint32_t t = 1; g->p->fork_join && t < g->p->threads; t++)
    if (g->threads[t].state == LIVE) emit(g, 0, "join", "T", t);
}

static void gen_init(gen *g, const gen_params *p, FILE *out) {
  memset(g, 0, offsetof(gen, buf));   /* the output buffer needs no zeroing, */
  g->len = 0;                         /* but its length, after it, does */
  g->p = p;
  g->out = out;
  g->rng = p->seed;
  g->threads = rp_calloc(p->threads, sizeof *g->threads);
  g->holder = rp_calloc(p->locks + 1, sizeof *g->holder);
  g->live = rp_calloc(p->threads, sizeof *g->live);
  for (uint32_t t = 0; t < p->threads; t++) {
    g->threads[t].held = rp_calloc(p->nesting + 1, sizeof(held_lock));
    g->threads[t].state = WAITING;
    g->waiting_count++;
  }
  /* Chance s of opening a section per access step such that the share of
  ** accesses inside sections is cs_share: s*B / (s*B + 1 - s) = P. */
  double P = p->cs_share, B = p->cs_mean ? p->cs_mean : CS_MEAN_ACCESSES;
  g->start_chance = P >= 1 ? 1 : P / (B * (1 - P) + P);
}

static void gen_free(gen *g) {
  for (uint32_t t = 0; t < g->p->threads; t++) free(g->threads[t].held);
  free(g->threads);
  free(g->holder);
  free(g->live);
}

uint64_t gen_run(const gen_params *p, FILE *out) {
  gen *g = rp_malloc(sizeof *g);
  gen_init(g, p, out);
  set_state(g, 0, LIVE);
  /* Without forks every thread runs from the start; with --fork-join T0
  ** forks them all first; in fuzz mode each waits for a fork or not. */
  for (uint32_t t = 1; t < p->threads; t++) {
    if (p->fork_join) emit(g, 0, "fork", "T", t);   /* gen.c: --events has room */
    if (p->fork_join || !p->random_forks || chance(g, p->cross_cs ? 0.3 : 0.5))
      set_state(g, t, LIVE);
  }
  for (uint64_t needed; (needed = g->emitted + closing_cost(g)) < p->events && g->live_count;)
    step(g, g->live[below(g, g->live_count)], p->events - needed);
  close_all(g);
  flush(g);
  uint64_t n = g->emitted;
  gen_free(g);
  free(g);
  return n;
}

void gen_small_params(gen_params *p) {
  gen g;
  g.rng = p->seed ^ 0x5eed5eed5eed5eedull;
  p->threads = 2 + below(&g, 3);
  p->locks = 1 + below(&g, 3);
  p->vars = 1 + below(&g, 3);
  p->events = 6 + below(&g, 11);
  p->cs_share = unit(&g) * 0.8;
  p->nesting = 1 + below(&g, 3);
  p->fork_join = false;
  p->branches = chance(&g, 0.5) ? 0.15 : 0;
  p->read_share = 0.5;
  p->random_forks = chance(&g, 0.5);
  p->leave_held = chance(&g, 0.5);
  p->unnested = chance(&g, 0.5);
  p->loc_is_pos = true;
  /* A third of the traces nest two locks eagerly, so that two threads take
  ** them in opposite orders now and then: the deadlock claims need such
  ** traces. */
  if (chance(&g, 0.33)) {
    p->nest_chance = 1;
    p->threads = 2;
    p->locks = 2;
    p->nesting = 2;
    p->cs_share = 0.6;
    p->events = 12 + below(&g, 9);
    p->cs_mean = 1;
  }
}
