/* Adaptive epoch / vector-of-epochs histories; see adaptive_history.h. */
#include "adaptive_history.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void adaptive_history_init(adaptive_history *h) { memset(h, 0, sizeof *h); }

void adaptive_history_free(adaptive_history *h) {
  for (size_t i = 0; i < h->cap; i++) {
    free(h->var[i].reads.vc);
    free(h->var[i].writes.vc);
  }
  free(h->var);
}

static void report_slot(const adaptive_slot *s, const rp_access *cur,
                        const rp_vc *c, uint32_t var, rp_race_report *rep) {
  if (s->vc == NULL) {
    rp_history_report_unordered(&s->epoch, cur, c, var, rep);
    return;
  }
  for (uint32_t u = 0; u < s->vc_n; u++)
    rp_history_report_unordered(&s->vc[u], cur, c, var, rep);
}

static void vc_put(adaptive_slot *s, const rp_history_entry *e) {
  uint32_t u = e->thread;
  if (u >= s->vc_n) {
    s->vc = rp_realloc(s->vc, (u + 1) * sizeof *s->vc);
    memset(s->vc + s->vc_n, 0, (u + 1 - s->vc_n) * sizeof *s->vc);
    s->vc_n = u + 1;
  }
  s->vc[u] = *e;
}

static bool vc_all_ordered(const adaptive_slot *s, const rp_vc *c) {
  for (uint32_t u = 0; u < s->vc_n; u++)
    if (rp_history_unordered(&s->vc[u], c)) return false;
  return true;
}

static void update_slot(adaptive_history *h, adaptive_slot *s,
                        const rp_history_entry *cur, const rp_vc *c) {
  if (s->vc == NULL) {
    if (rp_history_unordered(&s->epoch, c)) {
      vc_put(s, &s->epoch);
      vc_put(s, cur);
      h->widenings++;
    } else {
      s->epoch = *cur;
    }
    return;
  }
  if (vc_all_ordered(s, c)) {
    free(s->vc);
    s->vc = NULL;
    s->vc_n = 0;
    s->epoch = *cur;
  } else {
    vc_put(s, cur);
  }
}

void adaptive_history_access(adaptive_history *h, const rp_event *ev, uint64_t pos,
                             const rp_vc *c, rp_race_report *rep) {
  RP_GROW(h->var, h->cap, ev->operand);
  adaptive_var *v = &h->var[ev->operand];
  rp_access access = rp_access_of(ev, pos);
  rp_history_entry cur = rp_history_entry_of(&access, rp_vc_get(c, ev->thread));
  report_slot(&v->writes, &access, c, ev->operand, rep);
  if (ev->op == RP_OP_WRITE) {
    report_slot(&v->reads, &access, c, ev->operand, rep);
    update_slot(h, &v->writes, &cur, c);
  } else {
    update_slot(h, &v->reads, &cur, c);
  }
}
