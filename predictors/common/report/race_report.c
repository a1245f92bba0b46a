/* Race report and stats writer; see race_report.h. */
#include "race_report.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "base/csv_write.h"
#include "base/diag.h"
#include "base/elapsed.h"
#include "base/output_file.h"

static const char race_header[] =
    "first,second,variable,first_thread,second_thread,first_op,second_op,"
    "first_loc,second_loc,distance";
static const char stats_header[] =
    "predictor,trace,events,threads,locks,variables,racy_pairs,racy_events,"
    "racy_location_pairs,racy_lines,max_distance,median_distance,analysis_ms";

static void counts_init(rp_race_report *r) {
  r->pairs = r->racy_events = r->last_second = 0;
  r->n_pending = 0;
  rp_hist_init(&r->distances);
  rp_u64set_init(&r->late_seconds);
  rp_location_set_init(&r->racy_lines);
  rp_location_pairs_init(&r->location_pairs);
}

static void counts_free(rp_race_report *r) {
  rp_u64set_free(&r->late_seconds);
  rp_location_set_free(&r->racy_lines);
  rp_location_pairs_free(&r->location_pairs);
  rp_hist_free(&r->distances);
}

/* Under --first-race the rows wait in memory until the end: a predictor
** that decides pairs out of order (PWR^cs) may still report an earlier
** racy event, which then replaces them. */
static void hold_rows(rp_race_report *r) {
  r->races = open_memstream(&r->held_rows, &r->held_size);
  if (r->races == NULL) rp_die(RP_EXIT_RESOURCE, "cannot hold the race report: %s", strerror(errno));
}

static void drop_held_rows(rp_race_report *r) {
  fclose(r->races);
  free(r->held_rows);
  r->held_rows = NULL;
  hold_rows(r);
}

void rp_report_open(rp_race_report *r, const rp_options *opt,
                    const char *predictor, const rp_symbols *sym,
                    const char *extra_race_columns) {
  memset(r, 0, sizeof *r);
  r->predictor = predictor;
  r->trace = opt->trace;
  r->sym = sym;
  r->quiet = opt->quiet;
  r->first_race = opt->first_race;
  r->max_races = opt->max_races;
  r->races = rp_output_open(opt->races_path);
  r->stats = rp_output_open(opt->stats_path);
  if (r->races)
    fprintf(r->races, "%s%s\n", race_header, extra_race_columns ? extra_race_columns : "");
  if (r->races && r->first_race) {
    r->races_out = r->races;
    hold_rows(r);
  }
  counts_init(r);
  r->started = rp_now_s();
}

/* A row is built in memory and written with one call (csv_write.h), each
** at once, so that a run stopped by bad input still has the rows found
** before it; a failed write shows in the stream's error flag, checked at
** the end. */
static void write_race(rp_race_report *r, const rp_access *a, const rp_access *b,
                       uint32_t var, const char *extra) {
  rp_csv_buf *row = &r->row;
  const rp_symbols *s = r->sym;
  rp_csv_buf_u64(row, a->pos);
  rp_csv_buf_char(row, ',');
  rp_csv_buf_u64(row, b->pos);
  rp_csv_buf_char(row, ',');
  rp_csv_buf_field(row, rp_names_get(&s->vars, var));
  rp_csv_buf_char(row, ',');
  rp_csv_buf_field(row, rp_names_get(&s->threads, a->thread));
  rp_csv_buf_char(row, ',');
  rp_csv_buf_field(row, rp_names_get(&s->threads, b->thread));
  rp_csv_buf_char(row, ',');
  rp_csv_buf_text(row, rp_op_name((rp_op)a->op));
  rp_csv_buf_char(row, ',');
  rp_csv_buf_text(row, rp_op_name((rp_op)b->op));
  rp_csv_buf_char(row, ',');
  rp_csv_buf_field(row, rp_names_get(&s->locs, a->loc));
  rp_csv_buf_char(row, ',');
  rp_csv_buf_field(row, rp_names_get(&s->locs, b->loc));
  rp_csv_buf_char(row, ',');
  rp_csv_buf_u64(row, b->pos - a->pos);
  rp_csv_buf_text(row, extra ? extra : "");
  rp_csv_buf_char(row, '\n');
  rp_csv_buf_write(row, r->races);
}

/* Pairs of one `second` arrive together and in increasing order of it from
** every predictor so far: then a new racy event is a larger `second`.  One
** that arrives late may have been counted before; it counts unless it came
** late already, and racy_events is flagged as an upper bound. */
static void count_racy_event(rp_race_report *r, uint64_t second) {
  if (second > r->last_second) {   /* positions start at 1 */
    r->racy_events++;
    r->last_second = second;
  } else if (second < r->last_second && rp_u64set_add(&r->late_seconds, second)) {
    r->racy_events++;
  }
}

/* The distance histogram takes the distances a batch at a time, each
** bucket loaded PREFETCH_AHEAD distances before it is added to: a predictor
** racing on most events misses the caches on a bucket for nearly every
** pair, and then the misses overlap. */
enum { PREFETCH_AHEAD = 8 };

static void add_pending(rp_race_report *r) {
  for (unsigned i = 0; i < PREFETCH_AHEAD && i < r->n_pending; i++)
    rp_hist_prefetch(&r->distances, r->pending[i]);
  for (unsigned i = 0; i < r->n_pending; i++) {
    if (i + PREFETCH_AHEAD < r->n_pending)
      rp_hist_prefetch(&r->distances, r->pending[i + PREFETCH_AHEAD]);
    rp_hist_add(&r->distances, r->pending[i]);
  }
  r->n_pending = 0;
}

static void count_distance(rp_race_report *r, uint64_t distance) {
  if (r->n_pending == sizeof r->pending / sizeof *r->pending) add_pending(r);
  r->pending[r->n_pending++] = distance;
}

/* Whether the pair's ids are below the tables' sizes last read under the
** guard: then they are ids of the trace without taking the guard, which a
** predictor racing on most events would otherwise take on every one. */
static bool ids_known(const rp_race_report *r, const rp_access *a, const rp_access *b,
                      uint32_t var) {
  return var < r->known_vars && a->thread < r->known_threads && b->thread < r->known_threads &&
         a->loc < r->known_locs && b->loc < r->known_locs;
}

/* The contract of a reported pair: two events of the trace, with its ids. */
static void check_pair(const char *function, rp_race_report *r, const rp_access *a,
                       const rp_access *b, uint32_t var) {
  RP_ASSERT_OF(function, a->pos != b->pos && a->pos > 0 && b->pos > 0,
               "two distinct events, at 1-based positions");
  if (ids_known(r, a, b, var)) return;
  rp_symbols_lock(r->sym);
  r->known_vars = r->sym->vars.count;
  r->known_threads = r->sym->threads.count;
  r->known_locs = r->sym->locs.count;
  rp_symbols_unlock(r->sym);
  RP_ASSERT_OF(function, var < r->known_vars, "a variable id of the trace");
  RP_ASSERT_OF(function, a->thread < r->known_threads && b->thread < r->known_threads,
               "thread ids of the trace");
  RP_ASSERT_OF(function, a->loc < r->known_locs && b->loc < r->known_locs,
               "location ids of the trace");
}

/* Under --first-race, whether a row of this `second` is kept: rows of a
** later racy event are not, and a race of an earlier one replaces what
** was kept (rows and counts). */
static bool keep_for_first_race(rp_race_report *r, uint64_t second, bool counted) {
  if (!r->first_race || r->pairs == 0) {
    if (r->first_race && counted) r->first_second = second;
    return true;
  }
  if (second > r->first_second) return false;
  if (second < r->first_second && counted) {
    counts_free(r);
    counts_init(r);
    if (r->races) drop_held_rows(r);
    r->first_second = second;
  }
  return true;
}

/* A row for the pair, earlier event first; counted in the stats unless it
** is not a race (the oracle's undecided pairs, M2's set C). */
static void add_row(const char *function, rp_race_report *r, const rp_access *a,
                    const rp_access *b, uint32_t var, const char *extra, bool counted) {
  check_pair(function, r, a, b, var);
  if (a->pos > b->pos) {
    const rp_access *t = a;
    a = b;
    b = t;
  }
  if (!keep_for_first_race(r, b->pos, counted)) return;
  if (counted) {
    r->pairs++;
    count_distance(r, b->pos - a->pos);
    count_racy_event(r, b->pos);
    rp_location_set_add(&r->racy_lines, b->loc);
    rp_location_pairs_add(&r->location_pairs, a->loc, b->loc);
  }
  if (r->races) {   /* names: the reader may be adding to their tables */
    rp_symbols_lock(r->sym);
    write_race(r, a, b, var, extra);
    rp_symbols_unlock(r->sym);
  }
}

void rp_report_pair(rp_race_report *r, const rp_access *a, const rp_access *b,
                    uint32_t var, const char *extra) {
  if (r->max_races && r->pairs >= r->max_races) return;
  add_row(__func__, r, a, b, var, extra, true);
}

void rp_report_row_uncounted(rp_race_report *r, const rp_access *a, const rp_access *b,
                             uint32_t var, const char *extra) {
  add_row(__func__, r, a, b, var, extra, false);
}

void rp_report_extra_stats(rp_race_report *r, const char *header, const char *fmt, ...) {
  va_list ap;
  size_t n = strlen(r->extra_values);
  va_start(ap, fmt);
  vsnprintf(r->extra_values + n, sizeof r->extra_values - n, fmt, ap);
  va_end(ap);
  n = strlen(r->extra_header);
  snprintf(r->extra_header + n, sizeof r->extra_header - n, "%s", header);
}

/* The approximate column: which counts are not exact. */
static void approximate(const rp_race_report *r, bool median_exact, char *out, size_t size) {
  snprintf(out, size, "%s%s%s", median_exact ? "" : "median_distance",
           median_exact || rp_u64set_count(&r->late_seconds) == 0 ? "" : ";",
           rp_u64set_count(&r->late_seconds) ? "racy_events" : "");
}

void rp_report_finish(rp_race_report *r, uint64_t events) {
  add_pending(r);
  double ms = rp_ms_since(r->started);
  bool median_exact;
  uint64_t median = rp_hist_median(&r->distances, &median_exact);
  char approx[64];
  approximate(r, median_exact, approx, sizeof approx);
  const rp_symbols *s = r->sym;

  if (r->stats) {
    fprintf(r->stats, "%s,approximate,stopped_early,partial%s\n", stats_header, r->extra_header);
    rp_csv_field(r->stats, r->predictor);
    fputc(',', r->stats);
    rp_csv_field(r->stats, r->trace);
    fprintf(r->stats,
            ",%" PRIu64 ",%zu,%zu,%zu,%" PRIu64 ",%" PRIu64 ",%zu,%zu,%" PRIu64 ",%" PRIu64
            ",%.3f,%s,%d,%s%s\n",
            events, s->threads.count, s->locks.count, s->vars.count, r->pairs,
            r->racy_events, rp_location_pairs_count(&r->location_pairs), r->racy_lines.count,
            r->distances.max,
            median, ms, approx, r->stopped_early, r->partial, r->extra_values);
  }
  if (!r->quiet)
    printf("%s: %s: %s%s%" PRIu64 " events, %zu threads, %zu locks, %zu variables: "
           "%" PRIu64 " racy events, %zu racy lines, %" PRIu64 " racy pairs, "
           "%zu racy location pairs%s%s%s (%.0f ms)\n",
           r->predictor, r->trace, r->partial_summary, r->partial[0] ? "; so far: " : "", events,
           s->threads.count, s->locks.count,
           s->vars.count, r->racy_events, r->racy_lines.count, r->pairs,
           rp_location_pairs_count(&r->location_pairs), r->extra_summary, approx[0] ? "; approximate: " : "",
           approx, ms);
  if (r->races_out) {
    fclose(r->races);
    fwrite(r->held_rows, 1, r->held_size, r->races_out);
    free(r->held_rows);
    r->races = r->races_out;
  }
  rp_csv_buf_free(&r->row);
  rp_output_close(r->races, "the race report");
  rp_output_close(r->stats, "the stats");
  counts_free(r);
}
