/*
** The PWR engine's internals, shared by its files and by nothing outside this
** room: predictors include pwr_engine.h only (tests/e2e/layering.sh).
** No two files call each other: pwr_engine calls pwr_candidates and
** pwr_guards, pwr_candidates calls pwr_guards, and both call pwr_access.
*/
#ifndef RP_PWR_INTERNAL_H
#define RP_PWR_INTERNAL_H

#include "pwr_engine.h"

/* pwr_access.c */
pwr_access *pwr_access_new(pwr_state *s);
void pwr_access_release(pwr_state *s, pwr_access *a);
void pwr_report_accesses(pwr_state *s, const pwr_access *f, const pwr_access *e,
                         const char *extra);
void pwr_report(pwr_state *s, const pwr_pair *p, const char *extra);
/* The race report's reason column for a pair: ",wr-adjacent" or ",unordered". */
const char *pwr_reason(bool wr_adj);

/* pwr_candidates.c: the access e of thread t with clock c; pre_lw is t's
** clock entry for the read's last writer before the write-read sync. */
void pwr_access_event(pwr_state *s, const rp_event *ev, uint64_t pos, rp_clock c,
                      rp_clock pre_lw);

/* pwr_guards.c (--cs) */
void pwr_find_potential_guards(pwr_state *s, pwr_access *a);
void pwr_resolve_guards(pwr_state *s, pwr_lock *l, uint32_t lock, uint32_t owner,
                        const rp_vc *rel);
void pwr_decide_cs(pwr_state *s, pwr_pair *p);
void pwr_guards_finish(pwr_state *s);

#endif
