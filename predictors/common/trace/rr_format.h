/*
** RoadRunner's event log as RAPID reads it (focs-lab/rapid, parse/rr): one
** event a line,
**   @ OP(THREAD,OPERAND) [FIELD [LOCATION]]
** with OP one of Acquire, Release, Rd, Wr, ARd, AWr (array accesses), Start
** (fork), Join, Enter and Exit (method entry and exit: begin and end, the
** method name dropped), blanks after '@', THREAD and OPERAND without blanks
** or commas (OPERAND may contain ')'; the last one closes it).  An access
** must have two fields after it, the second being its location (RoadRunner
** prints e.g. `Final Foo.java:50:7`); other events have no location (the
** empty one, which RAPID gives them all).  Lines not starting with '@' are
** RoadRunner's other output and are skipped, as RAPID does; an '@' line
** RAPID cannot parse, which it silently drops, is an error here.
*/
#ifndef RP_RR_FORMAT_H
#define RP_RR_FORMAT_H

#include <stdbool.h>
#include <stdio.h>

#include "event.h"

/* Parse one line: 1 and *ev for an event, 0 for a skipped line, -1 with
** *expected for a malformed event line. */
int rp_rr_parse_line(const char *line, size_t len, rp_symbols *sym, rp_event *ev,
                     const char **expected);

/* Does this line look like an RR event line (for format detection)? */
bool rp_rr_looks_like(const char *line, size_t len);

/* Write ev as an RR line; 0, or -1 with *expected if a name cannot be
** written (blanks or commas, an empty access location, a branch event). */
int rp_rr_write_event(FILE *out, const rp_symbols *sym, const rp_event *ev,
                      const char **expected);

#endif
