/* The limit on nested locks; see held_depth.h. */
#include "held_depth.h"

#include <inttypes.h>
#include <stdlib.h>

#include "base/diag.h"
#include "base/watch.h"

void rp_die_held_depth(const char *path, uint64_t pos, const char *thread) {
  rp_die(RP_EXIT_INPUT,
         "%s: event %" PRIu64 ": thread %s acquires a lock while holding %d: at most %d locks "
         "held at once are supported (each held set is kept whole, so memory and time grow "
         "with the square of the nesting depth)",
         path, pos, thread, RP_MAX_HELD_LOCKS, RP_MAX_HELD_LOCKS);
}

/* The index of the first acquire too deep, or t->count if none was found
** (or the run is stopping: base/watch.h).  The reader dropped re-entrant
** acquires and their releases, and refused releases of locks not held, so
** a thread's count of held locks is its acquires less its releases. */
static size_t first_too_deep(const rp_trace *t) {
  uint32_t *held = rp_calloc(t->sym.threads.count + 1, sizeof *held);
  size_t i = 0;
  for (; i < t->count && !rp_watch_poll_within(); i++) {
    const rp_trace_event *ev = &t->events[i];
    if (ev->op == RP_OP_ACQ && held[ev->thread]++ == RP_MAX_HELD_LOCKS) break;
    if (ev->op == RP_OP_REL) held[ev->thread]--;
  }
  free(held);
  return rp_watch_stopping() ? t->count : i;
}

void rp_trace_check_held_depth(const rp_trace *t) {
  size_t i = first_too_deep(t);
  if (i < t->count)
    rp_die_held_depth(t->path, rp_trace_pos(t, i),
                      rp_names_get(&t->sym.threads, t->events[i].thread));
}
