/*
** The deadlock report (CSV) of rp-seqcheck --deadlocks and rp-oracle
** --deadlocks: one row per two-thread deadlock, thread1 holding lock1
** (acquired at acq1) and requesting lock2 at req1, thread2 holding lock2
** (acq2) and requesting lock1 at req2; req1 < req2 are event positions and
** distance = req2 - req1.  `sequence` says how it was found (SeqCheck: rho1
** or rho2 of docs/seqcheck.md §S15; the oracle: its verdict).
*/
#ifndef RP_DEADLOCK_REPORT_H
#define RP_DEADLOCK_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "trace/trace.h"

#define RP_DEADLOCK_COLUMNS                                                            \
  "req1,req2,acq1,acq2,thread1,thread2,lock1,lock2,req1_loc,req2_loc,acq1_loc,acq2_loc," \
  "sequence,distance"

/* Write the header line. */
void rp_deadlock_header(FILE *f, const char *extra_columns);
/* Write one row; events are indices into t->events, req1 before req2. */
void rp_deadlock_row(FILE *f, const rp_trace *t, uint32_t req1, uint32_t req2, uint32_t acq1,
                     uint32_t acq2, const char *sequence, const char *extra);

#endif
