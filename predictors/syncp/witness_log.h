/*
** SyncP's witnesses (--witness DIR): every event read so far is kept, so
** that a race (e1, e2) found at e2 can be written at once as the ideal that
** shows it, in trace order, followed by e1 and e2 (format: witness.h).  The
** ideal is a cut vector over the events SyncP counts; the events it does not
** count (begin, end, br) go in with their thread's counted events, up to the
** thread's next event outside the ideal, and before a join of the thread.
*/
#ifndef SYNCP_WITNESS_LOG_H
#define SYNCP_WITNESS_LOG_H

#include <stdint.h>

#include "trace/event.h"
#include "base/vc.h"

typedef struct sp_witness_log {
  const char *dir;
  struct sp_logged {
    rp_event ev;
    uint64_t pos;
  } *log;
  size_t n, cap;
  rp_clock *seen;     /* scratch: per thread, counted events written */
  size_t seen_cap;
  uint64_t written;
} sp_witness_log;

/* Create dir (it may exist); exit 1 if that fails. */
void sp_witness_log_init(sp_witness_log *w, const char *dir);
void sp_witness_log_free(sp_witness_log *w);

void sp_witness_log_add(sp_witness_log *w, const rp_event *ev, uint64_t pos);

/* Write DIR/race-E1-E2.std: the events of the ideal I read before e2, then
** the events at positions e1 and e2 (e2 the last event added). */
void sp_witness_write(sp_witness_log *w, const rp_symbols *sym, const rp_vc *I, uint64_t e1,
                      uint64_t e2);

#endif
