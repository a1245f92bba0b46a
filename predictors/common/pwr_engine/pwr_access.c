/*
** Access records of the PWR engine: allocated from a free list and reference
** counted, since with --cs pending guards and undecided pairs may outlive an
** access's place in the candidate store; and the one way a pair of them
** reaches the race report.  Both the candidate store (pwr_candidates.c) and
** the guards (pwr_guards.c) use these, so they sit below both.
*/
#include <stdlib.h>

#include "base/diag.h"
#include "pwr_internal.h"

pwr_access *pwr_access_new(pwr_state *s) {
  pwr_access *a = s->free_access;
  if (a) {
    s->free_access = a->next_free;
    a->nconf = a->nwait = 0;
  } else {
    a = rp_calloc(1, sizeof *a);
  }
  a->refs = 1;
  a->npend = 0;
  return a;
}

void pwr_access_release(pwr_state *s, pwr_access *a) {
  if (--a->refs) return;
  a->next_free = s->free_access;
  s->free_access = a;
}

static rp_access printable(const pwr_access *a) {
  rp_access r = {a->pos, a->tid, a->loc, a->op};
  return r;
}

void pwr_report_accesses(pwr_state *s, const pwr_access *f, const pwr_access *e,
                         const char *extra) {
  rp_access fa = printable(f), ea = printable(e);
  rp_report_pair(s->rep, &fa, &ea, e->var, extra);
}

const char *pwr_reason(bool wr_adj) { return wr_adj ? ",wr-adjacent" : ",unordered"; }

void pwr_report(pwr_state *s, const pwr_pair *p, const char *extra) {
  pwr_report_accesses(s, p->f, p->e, extra);
}
