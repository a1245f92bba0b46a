/*
** The events around one or two positions of a trace, drawn as the papers
** draw their examples: one column per thread, time going down, so that a
** reported race can be looked at instead of counted.  Each shown event's
** row gives its position, the locks its thread holds during it (an
** acquire's lock from the acquire on, a release's up to the release), and
** its source location; the marked events are flagged "1>" and "2>", and
** the locks each thread already holds where a stretch of events starts are
** given on a row of their own.
**
** Positions count events only, from 1, as predictors report them (comment
** and blank lines do not count; a re-entrant acquire does).  The trace is
** read raw (no event dropped, none refused: an ill-formed trace can be
** looked at too) and only up to the last event shown.
*/
#ifndef RP_EVENT_WINDOW_H
#define RP_EVENT_WINDOW_H

#include <stdint.h>
#include <stdio.h>

/* A marked event; thread and variable, when not NULL, are what a race
** report says it is, and are checked against the trace. */
typedef struct rp_mark {
  uint64_t pos;
  const char *thread, *variable;
} rp_mark;

typedef struct rp_window {
  const char *trace;
  int format;              /* 0, or RP_SOURCE_FORMAT(f) */
  rp_mark mark[2];
  unsigned marks;          /* 1 or 2 */
  uint64_t context;        /* events shown before and after each mark */
  const char *claimed_by;  /* "REPORT:LINE" that gave the marks' names, for messages */
} rp_window;

typedef enum rp_window_result {
  RP_WINDOW_OK,
  RP_WINDOW_PAST_END,      /* a mark beyond the trace's last event */
  RP_WINDOW_MISMATCH,      /* a marked event is not what the report says */
  RP_WINDOW_BAD_TRACE,     /* the trace cannot be read */
} rp_window_result;

/* Draw the window on out; on failure nothing is drawn and err says why. */
rp_window_result rp_window_show(FILE *out, const rp_window *w, char *err, size_t errlen);

#endif
