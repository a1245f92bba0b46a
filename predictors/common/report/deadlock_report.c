/* The deadlock report; see deadlock_report.h. */
#include "deadlock_report.h"

#include <inttypes.h>

#include "base/csv_write.h"

void rp_deadlock_header(FILE *f, const char *extra_columns) {
  fprintf(f, "%s%s\n", RP_DEADLOCK_COLUMNS, extra_columns ? extra_columns : "");
}

static void name(FILE *f, const rp_names *table, uint32_t id) {
  fputc(',', f);
  rp_csv_field(f, rp_names_get(table, id));
}

void rp_deadlock_row(FILE *f, const rp_trace *t, uint32_t req1, uint32_t req2, uint32_t acq1,
                     uint32_t acq2, const char *sequence, const char *extra) {
  const rp_trace_event *ev = t->events;
  const rp_symbols *s = &t->sym;
  fprintf(f, "%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64, rp_trace_pos(t, req1),
          rp_trace_pos(t, req2), rp_trace_pos(t, acq1), rp_trace_pos(t, acq2));
  name(f, &s->threads, ev[req1].thread);
  name(f, &s->threads, ev[req2].thread);
  name(f, &s->locks, ev[acq1].operand);
  name(f, &s->locks, ev[acq2].operand);
  name(f, &s->locs, ev[req1].loc);
  name(f, &s->locs, ev[req2].loc);
  name(f, &s->locs, ev[acq1].loc);
  name(f, &s->locs, ev[acq2].loc);
  fputc(',', f);
  rp_csv_field(f, sequence);
  fprintf(f, ",%" PRIu64 "%s\n", rp_trace_pos(t, req2) - rp_trace_pos(t, req1), extra ? extra : "");
}
