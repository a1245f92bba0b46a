/* Epoch-set access histories; see access_history.h. */
#include "access_history.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void rp_history_init(rp_history *h) { memset(h, 0, sizeof *h); }

void rp_history_free(rp_history *h) {
  for (size_t i = 0; i < h->cap; i++) {
    free(h->var[i].reads.rest);
    free(h->var[i].writes.rest);
  }
  free(h->var);
}

static inline void report_unordered(rp_epoch_set *s, const rp_access *cur,
                             const rp_vc *c, uint32_t var, rp_race_report *rep) {
  for (uint32_t i = 0; i < s->n; i++)
    rp_history_report_unordered(rp_epoch_set_at(s, i), cur, c, var, rep);
}

/* Keep the entries unordered with c, then add the current access. */
static inline void record(rp_history *h, rp_epoch_set *s, const rp_access *cur,
                   const rp_vc *c) {
  uint32_t kept = 0;
  for (uint32_t i = 0; i < s->n; i++)
    if (rp_history_unordered(rp_epoch_set_at(s, i), c))
      *rp_epoch_set_at(s, kept++) = *rp_epoch_set_at(s, i);
  if (kept > s->rest_cap) {
    s->rest_cap = s->rest_cap ? s->rest_cap * 2 : 2;
    s->rest = rp_realloc(s->rest, s->rest_cap * sizeof *s->rest);
  }
  *rp_epoch_set_at(s, kept) = rp_history_entry_of(cur, rp_vc_get(c, cur->thread));
  s->n = kept + 1;
  if (s->n > h->peak_entries) h->peak_entries = s->n;
}

void rp_history_access(rp_history *h, const rp_event *ev, uint64_t pos,
                       const rp_vc *c, rp_race_report *rep) {
  RP_GROW(h->var, h->cap, ev->operand);
  rp_var_history *v = &h->var[ev->operand];
  rp_access cur = rp_access_of(ev, pos);
  if (ev->op == RP_OP_WRITE) {
    report_unordered(&v->reads, &cur, c, ev->operand, rep);
    report_unordered(&v->writes, &cur, c, ev->operand, rep);
    record(h, &v->writes, &cur, c);
  } else {
    report_unordered(&v->writes, &cur, c, ev->operand, rep);
    record(h, &v->reads, &cur, c);
  }
}
