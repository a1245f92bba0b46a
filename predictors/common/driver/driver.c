/* The predictors' shared main loop; see driver.h. */
#include "driver.h"

#include <inttypes.h>
#include <stdio.h>

#include "base/diag.h"
#include "trace/event_feed.h"

static void note_normalised(const rp_options *opt, uint64_t dropped) {
  if (dropped && !opt->quiet)
    fprintf(stderr, "%s: %s: note: dropped %" PRIu64
            " re-entrant acquire/release events (kept the outermost pairs)\n",
            rp_progname, opt->trace, dropped);
}

int rp_streaming_main(int argc, char **argv, const rp_streaming *p) {
  rp_options opt;
  rp_source src;
  rp_feed feed;
  rp_race_report rep;
  rp_event ev;
  uint64_t pos;

  rp_cli_parse(argc, argv, &p->tool, &opt);
  void *state = p->create(p->tool.ctx);
  rp_source_open_or_die(&src, opt.trace, RP_SOURCE_CHECKED | opt.source_format);
  rp_report_open(&rep, &opt, p->tool.name, &src.sym, p->extra_race_columns);
  rp_feed_start(&feed, &src);
  while (rp_feed_next_or_die(&feed, &ev, &pos)) {
    p->event(state, &ev, pos, &rep);
    if (rp_report_should_stop(&rep)) {
      rep.stopped_early = true;
      break;
    }
  }
  rp_feed_finish(&feed);
  rep.reentrant_dropped = src.wf.reentrant_dropped;
  if (p->finish) p->finish(state, &rep);
  rp_report_finish(&rep, src.pos);
  note_normalised(&opt, src.wf.reentrant_dropped);
  p->destroy(state);
  rp_source_close(&src);
  return 0;
}

int rp_offline_main(int argc, char **argv, const rp_offline *p) {
  rp_options opt;
  rp_trace trace;
  rp_race_report rep;

  rp_cli_parse(argc, argv, &p->tool, &opt);
  rp_trace_load_or_die(&trace, opt.trace, RP_SOURCE_CHECKED | opt.source_format);
  rp_report_open(&rep, &opt, p->tool.name, &trace.sym, p->extra_race_columns);
  p->analyse(p->tool.ctx, &trace, &rep);
  uint64_t events = trace.count ? trace.pos[trace.count - 1] : 0;
  rp_report_finish(&rep, events);
  note_normalised(&opt, trace.reentrant_dropped);
  rp_trace_free(&trace);
  return 0;
}
