/*
** RAPID's CSV trace format (focs-lab/rapid, parse/csv): one line per event,
** one column per thread; the first non-empty column of a line, at index i,
** holds the event of thread `Ti`:
**   acq(L)  rel(L)  r(X)  w(X)  start(T)  join(T)  sync(X)
** with the operand free of blanks.  sync(X) is four events: an acquire of
** the lock `VARLOCK-X-KCOLRAV`, r(X), w(X) and its release.  The location
** of an event is its position in the trace (RAPID's event counter).  We also
** accept enter(M) and exit(M) as begin and end (RAPID has no events for
** them), blanks around the event, lines starting with '#' and a first line
** without any event (a header), which RAPID skips like every line it cannot
** parse; any other line that is not an event is an error here.
*/
#ifndef RP_CSV_FORMAT_H
#define RP_CSV_FORMAT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "event.h"

#define RP_CSV_MAX_EVENTS 4   /* events of one line (sync) */

/* Parse line number line_no, whose first event has position pos: the count
** of events written to evs, 0 for a skipped line, -1 with *expected. */
int rp_csv_parse_line(const char *line, size_t len, uint64_t line_no, uint64_t pos,
                      rp_symbols *sym, rp_event evs[RP_CSV_MAX_EVENTS],
                      const char **expected);

/* Does this line look like a CSV event line (for format detection)? */
bool rp_csv_looks_like(const char *line, size_t len);

/* Write ev as a CSV line (thread id i in column i, threads named Ti); 0, or
** -1 with *expected when it cannot be written (an operand with blanks or
** commas, a branch event). */
int rp_csv_write_event(FILE *out, const rp_symbols *sym, const rp_event *ev,
                       const char **expected);

#endif
