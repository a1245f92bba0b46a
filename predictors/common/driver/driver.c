/* The predictors' shared main loop; see driver.h. */
#include "driver.h"

#include <inttypes.h>
#include <stdio.h>

#include "base/diag.h"
#include "base/watch.h"
#include "trace/event_feed.h"

static void note_normalised(const rp_options *opt, uint64_t dropped) {
  if (dropped && !opt->quiet)
    fprintf(stderr, "%s: %s: note: dropped %" PRIu64
            " re-entrant acquire/release events (kept the outermost pairs)\n",
            rp_progname, opt->trace, dropped);
}

/* Watch the run (base/watch.h): progress on standard error, and a stop on
** SIGINT, SIGTERM or a time budget that still writes the report. */
static void watch_start(const rp_options *opt) {
  static char what[512];
  snprintf(what, sizeof what, "%s: %s", rp_progname, opt->trace);
  rp_watch_start(what, (rp_progress_mode)opt->progress);
}

/* Write the report, saying what a stop left out; the exit status. */
static int finish(rp_race_report *rep, uint64_t events) {
  rp_watch_describe(rep->partial, sizeof rep->partial, rep->partial_summary,
                    sizeof rep->partial_summary);
  int status = rp_watch_finish();
  rp_report_finish(rep, events);
  return status;
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
  watch_start(&opt);
  rp_source_open_or_die(&src, opt.trace, RP_SOURCE_CHECKED | opt.source_format);
  rp_report_open(&rep, &opt, p->tool.name, &src.sym, p->extra_race_columns);
  rp_watch_show_found(p->found ? p->found(state) : &rep.pairs);
  rep.names_known = rp_source_has_view(&src);
  rp_feed_start(&feed, &src);
  rp_watch_phase("reading", "events", 0);
  while (rp_feed_next_or_die(&feed, &ev, &pos)) {
    const rp_event *later = p->ahead ? rp_feed_peek(&feed, RP_AHEAD - 1) : NULL;
    if (later) p->ahead(state, later);
    p->event(state, &ev, pos, &rep);
    if (rp_report_should_stop(&rep) || rp_watch_poll(pos)) {
      rep.stopped_early = true;
      break;
    }
  }
  rp_feed_finish(&feed);
  rep.reentrant_dropped = src.wf.reentrant_dropped;
  if (p->finish) p->finish(state, &rep);
  int status = finish(&rep, src.pos);
  note_normalised(&opt, src.wf.reentrant_dropped);
  p->destroy(state);
  rp_source_close(&src);
  return status;
}

int rp_offline_main(int argc, char **argv, const rp_offline *p) {
  rp_options opt;
  rp_trace trace;
  rp_race_report rep;

  rp_cli_parse(argc, argv, &p->tool, &opt);
  watch_start(&opt);
  rp_watch_phase("loading", "events", 0);
  bool whole = rp_trace_load_or_die(&trace, opt.trace, RP_SOURCE_CHECKED | opt.source_format);
  rp_report_open(&rep, &opt, p->tool.name, &trace.sym, p->extra_race_columns);
  rep.stopped_early = !whole;   /* the analysis sees the prefix loaded, and runs none of its phases */
  rp_watch_show_found(&rep.pairs);
  p->analyse(p->tool.ctx, &trace, &rep);
  uint64_t events = trace.count ? rp_trace_pos(&trace, trace.count - 1) : 0;
  int status = finish(&rep, events);
  note_normalised(&opt, trace.reentrant_dropped);
  rp_trace_free(&trace);
  return status;
}
