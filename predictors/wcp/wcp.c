/*
** rp-wcp: weak causal precedence (Kini, Mathur, Viswanathan, PLDI'17), the
** linear-time vector-clock algorithm, composed with an HB that includes
** fork and join as RAPID's WCP engine does (spec pwr-crossthread.md §6.3,
** dc-vindication.md Appendix X).
**
** Per thread t: H_t, the HB clock (hb_clocks.h; every event ticks t's own
** entry, so an epoch names one event), and C_t, the WCP clock: the WCP
** predecessors P_t of the paper with t's own entry replaced by t's local
** time.  P_t's own entry still matters (it is what t's release hands on to
** the next acquirer of the lock), so it is kept apart in own_pred[t].
**   acq(l):  C_t ⊔= P_l;  enqueue the acquire          (Alg. 1 lines 1-3)
**   rel(l):  rule (b): join the release clocks the queue gives (wcp_queue.h);
**            rule (a) state: the guards of the section get H_t (wcp_guard.h);
**            P_l := P_t;  the queue entry gets H_t      (lines 4-10)
**   access:  rule (a): join the guards' release clocks of other threads, then
**            check the access against the history with C_t  (lines 11-12)
**   fork(u): C_u ⊔= H_t;  join(u): C_t ⊔= H_u           (hard edges)
** Racy events are exact for the relation WCP ∪ PO (access_history.h).
** Soundness: only the first race carries a guarantee, and it is "a
** predictable race or a predictable deadlock" (Kini et al., Thm. 1; needs
** well-nested locking).
*/
#include <stdlib.h>
#include <string.h>

#include "access_history.h"
#include "diag.h"
#include "driver.h"
#include "hb_clocks.h"
#include "wcp_guard.h"
#include "wcp_queue.h"

#define NO_THREAD UINT32_MAX

typedef struct wcp_config {
  bool no_gc, rapid;
} wcp_config;

typedef struct wcp_state {
  rp_hb_clocks hb;
  rp_vc *clock;         /* C_t */
  rp_clock *own_pred;   /* P_t[t] */
  size_t clock_cap;
  uint32_t threads;     /* threads known */
  rp_vc *lock_pred;     /* P_l */
  size_t lock_cap;
  wcp_queues queues;
  wcp_guards guards;
  rp_history history;
} wcp_state;

static int wcp_option(void *ctx, const char *name, const char *value) {
  wcp_config *config = ctx;
  (void)value;
  if (strcmp(name, "--no-gc") == 0) config->no_gc = true;
  else if (strcmp(name, "--rapid") == 0) config->rapid = true;
  else if (strcmp(name, "--strict") == 0) config->rapid = false;   /* the default, kept for old scripts */
  else return 0;
  return 1;
}

static void *wcp_create(void *ctx) {
  wcp_state *s = rp_calloc(1, sizeof *s);
  rp_hb_clocks_init(&s->hb);
  wcp_config *config = ctx;
  wcp_queues_init(&s->queues, !config->no_gc, config->rapid);
  wcp_guards_init(&s->guards);
  rp_history_init(&s->history);
  return s;
}

/* Make thread t known (and every lower id); parent forked it, if any. */
static void know_thread(wcp_state *s, uint32_t t, uint32_t parent) {
  if (t < s->threads) return;
  size_t cap = s->clock_cap;
  RP_GROW(s->clock, cap, t);
  cap = s->clock_cap;
  RP_GROW(s->own_pred, s->clock_cap, t);
  for (uint32_t u = s->threads; u <= t; u++) {
    rp_vc_init(&s->clock[u]);
    rp_vc_set(&s->clock[u], u, 1);   /* the local time, as in H_u */
    s->own_pred[u] = 0;
    s->threads = u + 1;
    wcp_queues_thread(&s->queues, u, u == t ? parent : NO_THREAD);
  }
  rp_hb_thread(&s->hb, t);
}

/* C_t ⊔= v, keeping P_t's own entry. */
typedef struct join_target {
  wcp_state *s;
  uint32_t t;
} join_target;

static void join_into(void *ctx, const rp_vc *v) {
  join_target *j = ctx;
  rp_vc_join(&j->s->clock[j->t], v);
  rp_clock own = rp_vc_get(v, j->t);
  if (own > j->s->own_pred[j->t]) j->s->own_pred[j->t] = own;
}

static rp_vc *lock_pred(wcp_state *s, uint32_t l) {
  size_t old = s->lock_cap;
  if (l >= old) {
    RP_GROW(s->lock_pred, s->lock_cap, l);
    memset(s->lock_pred + old, 0, (s->lock_cap - old) * sizeof *s->lock_pred);
  }
  return &s->lock_pred[l];
}

static void wcp_acquire(wcp_state *s, uint32_t t, uint32_t l) {
  join_target j = {s, t};
  join_into(&j, lock_pred(s, l));
  wcp_queues_acquire(&s->queues, l, t, rp_vc_get(&s->clock[t], t), s->clock);
  wcp_guards_acquire(&s->guards, t, l);
}

static void wcp_release(wcp_state *s, uint32_t t, uint32_t l) {
  join_target j = {s, t};
  rp_vc *c = &s->clock[t];
  const rp_vc *order[2];
  uint32_t n = wcp_queues_release_order(&s->queues, l, t, c, order);
  for (uint32_t i = 0; i < n; i++) join_into(&j, order[i]);
  const rp_vc *h = rp_hb_thread(&s->hb, t);
  wcp_guards_release(&s->guards, t, l, h);
  rp_vc *p = lock_pred(s, l);
  rp_vc_copy(p, c);
  rp_vc_set(p, t, s->own_pred[t]);
  wcp_queues_released(&s->queues, l, rp_vc_get(h, t), h);
}

static void wcp_event(void *state, const rp_event *ev, uint64_t pos, rp_race_report *rep) {
  wcp_state *s = state;
  uint32_t t = ev->thread;
  know_thread(s, t, NO_THREAD);
  join_target j = {s, t};
  switch (ev->op) {
    case RP_OP_READ:
    case RP_OP_WRITE:
      wcp_guards_access(&s->guards, t, ev->operand, ev->op == RP_OP_WRITE,
                        &s->clock[t], join_into, &j);
      rp_history_access(&s->history, ev, pos, &s->clock[t], rep);
      break;
    case RP_OP_ACQ: wcp_acquire(s, t, ev->operand); break;
    case RP_OP_REL: wcp_release(s, t, ev->operand); break;
    case RP_OP_FORK:
      know_thread(s, ev->operand, t);
      j.t = ev->operand;
      join_into(&j, rp_hb_thread(&s->hb, t));
      break;
    case RP_OP_JOIN:
      know_thread(s, ev->operand, NO_THREAD);
      join_into(&j, rp_hb_thread(&s->hb, ev->operand));
      break;
    default: break;
  }
  rp_hb_sync(&s->hb, ev);
  rp_hb_tick(&s->hb, t);
  rp_vc_tick(&s->clock[t], t);
}

static void wcp_finish(void *state, rp_race_report *rep) {
  wcp_state *s = state;
  const wcp_queues *q = &s->queues;
  /* Bytes of a queue entry: the record and its release clock. */
  uint64_t entry_bytes = sizeof(wcp_cs) + (uint64_t)s->threads * sizeof(rp_clock);
  rp_report_extra_stats(rep, ",queue_peak,queue_peak_kb,guards,late_threads",
                        ",%llu,%llu,%llu,%llu", (unsigned long long)q->peak_live,
                        (unsigned long long)(q->peak_live * entry_bytes / 1024),
                        (unsigned long long)s->guards.guards,
                        (unsigned long long)q->late_threads);
  if (q->late_threads)
    snprintf(rep->extra_summary, sizeof rep->extra_summary,
             ", %llu thread(s) appeared unforked after queue entries were freed"
             " (WCP may order less for them; --no-gc is exact)",
             (unsigned long long)q->late_threads);
}

static void wcp_destroy(void *state) {
  wcp_state *s = state;
  for (uint32_t t = 0; t < s->threads; t++) rp_vc_free(&s->clock[t]);
  for (size_t l = 0; l < s->lock_cap; l++) rp_vc_free(&s->lock_pred[l]);
  free(s->clock);
  free(s->own_pred);
  free(s->lock_pred);
  rp_hb_clocks_free(&s->hb);
  wcp_queues_free(&s->queues);
  wcp_guards_free(&s->guards);
  rp_history_free(&s->history);
  free(s);
}

int main(int argc, char **argv) {
  static wcp_config config;
  static const rp_streaming wcp = {
      .tool = {.name = RP_TOOL_NAME,
               .summary = "weak causal precedence (WCP) race prediction with vector clocks",
               .options_help = "  --rapid          RAPID's engine: a thread's own earlier critical sections\n"
                               "                   on a lock another thread has used order its release\n"
                               "                   (reproduces RAPID's counts; the default is Kini et\n"
                               "                   al.'s Algorithm 1, where they never do; --strict\n"
                               "                   names the default)\n"
                               "  --no-gc          keep every critical section in the lock queues\n"
                               "                   (exact even for threads that appear late\n"
                               "                   without a fork; more memory)\n"
                               "Cost: an access inside critical sections takes O(d x (L_x + T)) for\n"
                               "nesting depth d, L_x the distinct locks ever held around an access to\n"
                               "x (a guard list searched linearly) and T threads; memory is bounded\n"
                               "by threads, locks and variables (queues are collected).\n",
               .option = wcp_option,
               .ctx = &config},
      .create = wcp_create,
      .event = wcp_event,
      .finish = wcp_finish,
      .destroy = wcp_destroy,
  };
  return rp_streaming_main(argc, argv, &wcp);
}
