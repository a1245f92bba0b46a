/*
** The main loop every predictor shares: parse the command line, open the
** trace, run the analysis, write the report and the stats.  A streaming
** predictor sees one event at a time; an offline one the whole trace.
*/
#ifndef RP_DRIVER_H
#define RP_DRIVER_H

#include "cli/cli.h"
#include "report/race_report.h"
#include "trace/trace.h"

typedef struct rp_streaming {
  rp_tool tool;
  const char *extra_race_columns;   /* e.g. ",kind", or NULL */
  void *(*create)(void *ctx);       /* after the options are parsed */
  void (*event)(void *state, const rp_event *ev, uint64_t pos, rp_race_report *rep);
  void (*finish)(void *state, rp_race_report *rep);   /* may be NULL */
  /* May be NULL: before each event, an event RP_AHEAD places further on
  ** (when already read), for the predictor to start loading the state it
  ** will need (a prefetch); it must change nothing the analysis sees. */
  void (*ahead)(void *state, const rp_event *ev);
  void (*destroy)(void *state);
  /* The racy pairs found so far, for the progress line, when the report
  ** gets them only at the finish (DC); NULL: the report's count. */
  const uint64_t *(*found)(void *state);
} rp_streaming;

#define RP_AHEAD 16

int rp_streaming_main(int argc, char **argv, const rp_streaming *p);

typedef struct rp_offline {
  rp_tool tool;
  const char *extra_race_columns;
  void (*analyse)(void *ctx, const rp_trace *trace, rp_race_report *rep);
} rp_offline;

int rp_offline_main(int argc, char **argv, const rp_offline *p);

#endif
