/* Writing and reading race witnesses; see witness.h. */
#include "witness.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "trace/std_format.h"

int rp_witness_write_events(FILE *f, const rp_trace *t, const uint32_t *path, size_t len,
                            char *err, size_t size) {
  for (size_t i = 0; i < len; i++) {
    rp_event e = rp_trace_event_at(t, path[i]);
    if (rp_std_write_event(f, &t->sym, &e, err, size) < 0) return -1;
  }
  return 0;
}

int rp_witness_write(FILE *f, const rp_trace *t, const uint32_t *path, size_t len,
                     uint32_t first, uint32_t then, char *err, size_t size) {
  uint32_t last[2] = {first, then};
  if (rp_witness_write_events(f, t, path, len, err, size) < 0) return -1;
  return rp_witness_write_events(f, t, last, 2, err, size);
}

/* The id in `to` of name id `id` of `from`, or UINT32_MAX. */
static uint32_t same_name(const rp_names *from, uint32_t id, const rp_names *to) {
  return rp_names_find(to, rp_names_get(from, id), rp_names_length(from, id));
}

int rp_witness_map(const rp_rmodel *m, const rp_trace *w, uint32_t *index, char *err,
                   size_t size) {
  const rp_symbols *os = &m->trace->sym, *ws = &w->sym;
  uint32_t *seen = rp_calloc(m->threads + 1, sizeof *seen);
  int status = 0;
  for (size_t k = 0; k < w->count && status == 0; k++) {
    const rp_trace_event *we = &w->events[k];
    uint32_t t = same_name(&ws->threads, we->thread, &os->threads);
    const char *tn = rp_names_get(&ws->threads, we->thread);
    if (t == UINT32_MAX || seen[t] >= m->by_thread.len[t]) {
      snprintf(err, size, "witness event %zu: thread %s has no %" PRIu32 "-th event in the original",
               k + 1, tn, (t == UINT32_MAX ? 0 : seen[t]) + 1);
      status = -1;
      break;
    }
    uint32_t i = m->by_thread.ev[t][seen[t]++];
    const rp_trace_event *oe = &m->trace->events[i];
    const rp_names *table = rp_operand_names(ws, we->op);
    bool same = oe->op == we->op &&
                same_name(&ws->locs, we->loc, &os->locs) == oe->loc &&
                (!table || same_name(table, we->operand, rp_operand_names(os, oe->op)) ==
                               oe->operand);
    if (!same) {
      snprintf(err, size,
               "witness event %zu is not event %" PRIu64 " of the original (the %" PRIu32
               "-th event of thread %s)",
               k + 1, rp_trace_pos(m->trace, i), seen[t], tn);
      status = -1;
    }
    index[k] = i;
  }
  free(seen);
  return status;
}
