/*
** rp-check-witness: validate a claimed witness of a predictable race.
**
**   rp check-witness ORIGINAL WITNESS E1 E2 [--def D] [--branches M] [--quiet]
**   rp check-witness ORIGINAL WITNESS Q1 Q2 --deadlock [--def D] [--branches M]
**   rp check-witness ORIGINAL WITNESS W1 W2 R --atomicity [--def D] [--branches M]
**
** WITNESS (format: predictors/common/reorder/witness.h) must be a correct reordering
** of ORIGINAL under definition D (default enabled) followed by the events at
** positions E1 and E2 of ORIGINAL, which must race there as D demands.
** With --deadlock, the whole witness is the reordering, after which the
** requests Q1 and Q2 are their threads' next events, acquires of a lock the
** other thread holds.  With --atomicity, (W1, W2, R) must be a candidate
** (in the original W1 before W2 before R, R reading W2 at most --window
** events after it, default 100 as in rp-seqcheck, and W1 in a third thread)
** and the reordering holds W2, then W1, then R, with R reading from W1
** (W1 intrudes into the pair W2-R).  Under --def branch, --branches M says
** where the branches are (branch_model.h).
** Exit 0 if valid; 2 if not, with the reason on standard error; 1 on usage.
*/
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/opt.h"
#include "reorder/reorder.h"
#include "reorder/witness.h"

/* Why the witness is invalid, set by invalid(); empty while it is valid. */
static char reason[1024];

static bool invalid(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static bool invalid(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(reason, sizeof reason, fmt, ap);
  va_end(ap);
  return false;
}

/* The event index of original position pos. */
static uint32_t index_of(const rp_trace *t, uint64_t pos) {
  size_t i = rp_trace_index_of(t, pos);
  if (i != SIZE_MAX) return (uint32_t)i;
  rp_die(RP_EXIT_USAGE, "%s has no event at position %" PRIu64, t->path, pos);
}

/* Replay the first count events of the witness into s; false (with the
** reason) at the first that cannot come there.  at[k] gets the witness
** position of event index watch[k], or SIZE_MAX, and lastw_at[k], if not
** NULL, the write it reads there. */
static bool replay(const rp_rmodel *m, rp_rstate *s, const uint32_t *index, size_t count,
                   const uint32_t *watch, size_t *at, size_t nwatch, uint32_t *lastw_at) {
  for (size_t j = 0; j < nwatch; j++) at[j] = SIZE_MAX;
  for (size_t k = 0; k < count; k++) {
    const char *why;
    if (!rp_rcan_append(m, s, index[k], &why))
      return invalid("witness event %zu (event %" PRIu64 " of the original) cannot come there "
                     "under --def %s: %s",
                     k + 1, rp_trace_pos(m->trace, index[k]), m->def->name, why);
    for (size_t j = 0; j < nwatch; j++)
      if (index[k] == watch[j]) {
        at[j] = k;
        if (lastw_at) lastw_at[j] = s->lastw[m->trace->events[watch[j]].operand];
      }
    rp_rappend(m, s, index[k]);
  }
  return true;
}

/* Replay the witness's reordering, then test the race at its end. */
static bool check(const rp_rmodel *m, const rp_trace *w, const uint32_t *index, uint32_t e1,
                  uint32_t e2) {
  const rp_trace *t = m->trace;
  size_t n = w->count;
  if (n < 2) return invalid("it has %zu events; it must end with the two racing events", n);
  uint32_t first = index[n - 2], then = index[n - 1];
  if (!((first == e1 && then == e2) || (first == e2 && then == e1)))
    return invalid("its last two events are %" PRIu64 " and %" PRIu64 ", not the race's %" PRIu64
                   " and %" PRIu64, rp_trace_pos(t, first), rp_trace_pos(t, then),
                   rp_trace_pos(t, e1), rp_trace_pos(t, e2));
  if (!rp_conflict(&t->events[e1], &t->events[e2]))
    return invalid("events %" PRIu64 " and %" PRIu64 " do not conflict", rp_trace_pos(t, e1),
                   rp_trace_pos(t, e2));

  rp_rstate s;
  rp_rstate_init(&s, m);
  bool ok = replay(m, &s, index, n - 2, NULL, NULL, 0, NULL);
  if (ok && (!rp_rforked(m, &s, first) || !rp_rforked(m, &s, then)))
    ok = invalid("a racing event's thread was not forked by the end of the reordering");
  if (ok && !m->def->race_at(m, &s, first, then))
    ok = invalid("events %" PRIu64 " then %" PRIu64 " do not race after the reordering under "
                 "--def %s (%s)", rp_trace_pos(t, first), rp_trace_pos(t, then), m->def->name,
                 m->def->summary);
  rp_rstate_free(&s);
  return ok;
}

/* Drop the witness's re-entrant acquire/release pairs with the reader's own
** rule (wellformed.h), as the original's were dropped, so a witness may keep
** or omit them.  Other well-formedness problems stay for the check to name. */
static void collapse_reentrant(rp_trace *w) {
  rp_wellformed wf;
  rp_wf_init(&wf);
  char problem[400];
  size_t kept = 0;
  for (size_t i = 0; i < w->count; i++) {
    rp_event e = rp_trace_event_at(w, i);
    if (rp_wf_step(&wf, &e, &w->sym, problem, sizeof problem) != RP_WF_DROP)
      w->events[kept++] = w->events[i];
  }
  w->count = kept;
  w->ngaps = 0;   /* a witness is checked by its order: its positions are not read */
  rp_wf_free(&wf);
}

static bool check_deadlock(const rp_rmodel *m, const rp_trace *w, const uint32_t *index,
                           uint32_t q1, uint32_t q2) {
  const rp_trace *t = m->trace;
  const rp_trace_event *ev = t->events;
  rp_rstate s;
  rp_rstate_init(&s, m);
  bool ok = replay(m, &s, index, w->count, NULL, NULL, 0, NULL);
  uint32_t t1 = ev[q1].thread, t2 = ev[q2].thread;
  if (ok && (ev[q1].op != RP_OP_ACQ || ev[q2].op != RP_OP_ACQ || t1 == t2))
    ok = invalid("events %" PRIu64 " and %" PRIu64 " are not acquires of two threads",
                 rp_trace_pos(t, q1), rp_trace_pos(t, q2));
  if (ok && (rp_rnext(m, &s, t1) != q1 || rp_rnext(m, &s, t2) != q2))
    ok = invalid("after the reordering, the threads' next events are not the requests");
  if (ok && (!rp_rforked(m, &s, q1) || !rp_rforked(m, &s, q2)))
    ok = invalid("a requesting thread was not forked by the end of the reordering");
  if (ok && (s.holder[ev[q1].operand] != t2 + 1 || s.holder[ev[q2].operand] != t1 + 1))
    ok = invalid("the requested locks are not held by the other thread");
  if (ok && (rp_rbranch_blocks(m, &s, q1) || rp_rbranch_blocks(m, &s, q2)))
    ok = invalid("a request comes after a branch that an earlier read of its thread, which saw "
                 "another write, may not pass");
  rp_rstate_free(&s);
  return ok;
}

/* The write r reads in the original trace: its latest earlier write to
** r's variable (called with a write w2 before r, so there is one). */
static uint32_t original_writer(const rp_trace *t, uint32_t r) {
  uint32_t i = r;
  while (t->events[--i].op != RP_OP_WRITE || t->events[i].operand != t->events[r].operand) {}
  return i;
}

/* The triple is a candidate of the definition (docs/seqcheck.md §S16, as
** rp-seqcheck draws them): two writes and a read of one variable, in the
** original w1 before w2 before r, r reading w2 there at most window events
** after it, and w1 in a thread that is neither w2's nor r's. */
static bool atomicity_candidate(const rp_trace *t, uint32_t w1, uint32_t w2, uint32_t r,
                                uint64_t window) {
  const rp_trace_event *ev = t->events;
  if (ev[w1].op != RP_OP_WRITE || ev[w2].op != RP_OP_WRITE || ev[r].op != RP_OP_READ ||
      ev[w1].operand != ev[r].operand || ev[w2].operand != ev[r].operand)
    return invalid("expected two writes and a read of one variable");
  if (!(w1 < w2 && w2 < r))
    return invalid("in the original, w1 %" PRIu64 " must come before w2 %" PRIu64
                   ", before the read %" PRIu64, rp_trace_pos(t, w1), rp_trace_pos(t, w2),
                   rp_trace_pos(t, r));
  uint32_t writer = original_writer(t, r);
  if (writer != w2)
    return invalid("in the original, the read %" PRIu64 " reads %" PRIu64 ", not w2 %" PRIu64,
                   rp_trace_pos(t, r), rp_trace_pos(t, writer), rp_trace_pos(t, w2));
  if (ev[w1].thread == ev[w2].thread || ev[w1].thread == ev[r].thread)
    return invalid("w1 %" PRIu64 " must be in a third thread, neither w2's nor the read's",
                   rp_trace_pos(t, w1));
  if (rp_trace_pos(t, r) - rp_trace_pos(t, w2) > window)
    return invalid("the read %" PRIu64 " is %" PRIu64 " events after w2 %" PRIu64
                   ", outside the window of %" PRIu64 " (--window)",
                   rp_trace_pos(t, r), rp_trace_pos(t, r) - rp_trace_pos(t, w2),
                   rp_trace_pos(t, w2), window);
  return true;
}

static bool check_atomicity(const rp_rmodel *m, const rp_trace *w, const uint32_t *index,
                            uint32_t w1, uint32_t w2, uint32_t r, uint64_t window) {
  const rp_trace *t = m->trace;
  rp_rstate s;
  uint32_t watch[3] = {w2, w1, r}, lastw[3];
  size_t at[3];
  if (!atomicity_candidate(t, w1, w2, r, window)) return false;
  rp_rstate_init(&s, m);
  bool ok = replay(m, &s, index, w->count, watch, at, 3, lastw);
  if (ok && (at[0] == SIZE_MAX || at[1] == SIZE_MAX || at[2] == SIZE_MAX))
    ok = invalid("the witness lacks one of the three events");
  if (ok && !(at[0] < at[1] && at[1] < at[2]))
    ok = invalid("the order is not %" PRIu64 " (w2), %" PRIu64 " (w1), %" PRIu64 " (r)",
                 rp_trace_pos(t, w2), rp_trace_pos(t, w1), rp_trace_pos(t, r));
  if (ok && lastw[2] != w1 + 1)
    ok = invalid("the read %" PRIu64 " does not read from %" PRIu64, rp_trace_pos(t, r),
                 rp_trace_pos(t, w1));
  rp_rstate_free(&s);
  return ok;
}

/* The command line. */
static bool quiet, deadlock, atomicity;
static const rp_rdef *def;
static unsigned branches = RP_BRANCHES_AUTO;
static struct window {
  uint64_t events;
  bool given;
} window = {100, false};
static const char *args[5];
static unsigned nargs;

static void parse_window(const char *name, const char *value, void *target) {
  struct window *w = target;
  w->events = rp_parse_count(name, value);
  w->given = true;
}

static void take_operand(char *word, void *ctx) {
  (void)ctx;
  if (nargs == sizeof args / sizeof *args) rp_usage_error("unexpected argument %s", word);
  args[nargs++] = word;
}

static const rp_opt options[] = {
    {.name = "--def", .arg = "D", .kind = RP_OPT_PARSE, .target = &def,
     .parse = rp_rdef_parse_option,
     .help = "the definition of a correct reordering (default enabled; rp oracle --help "
             "lists them)"},
    {.name = "--branches", .arg = "M", .kind = RP_OPT_CHOICE, .target = &branches,
     .choices = rp_branch_model_names, .help = "with --def branch: " RP_BRANCHES_HELP},
    {.name = "--deadlock", .kind = RP_OPT_SET, .target = &deadlock,
     .help = "a deadlock witness, of the requests Q1 Q2"},
    {.name = "--atomicity", .kind = RP_OPT_SET, .target = &atomicity,
     .help = "an atomicity witness, of W1 W2 R"},
    {.name = "--window", .arg = "N", .kind = RP_OPT_PARSE, .target = &window,
     .parse = parse_window, .help = "with --atomicity: R reads W2 at most N events after it"},
    {.name = "--quiet", .kind = RP_OPT_SET, .target = &quiet,
     .help = "no line on standard output for a valid witness"},
    {NULL},
};

int main(int argc, char **argv) {
  rp_check_stdout_at_exit();
  def = rp_rdefs[0];
  rp_opt_program program = {
      .name = RP_TOOL_NAME,
      .summary = "check a race, deadlock or atomicity witness against its original trace",
      .operands = "ORIGINAL WITNESS E1 E2 | Q1 Q2 | W1 W2 R",
      .preamble = "Check that WITNESS is a correct reordering of ORIGINAL under definition D\n"
                  "followed by the racing events at positions E1 and E2 of ORIGINAL; with\n"
                  "--deadlock, after which the requests Q1 and Q2 are deadlocked; with\n"
                  "--atomicity, in which W1 falls between W2 and R and R reads from W1, where\n"
                  "in ORIGINAL W1 comes before W2, R reads W2 at most N events after it\n"
                  "(--window, default 100, as rp seqcheck) and W1's thread is neither W2's "
                  "nor R's.\n",
      .tables = {options},
      .notes = "Exit 0: valid; 2: invalid (the reason on stderr); 1: usage error.",
      .operand = take_operand};
  rp_opt_parse(argc, argv, &program);
  if (deadlock && atomicity) rp_usage_error("--deadlock and --atomicity exclude each other");
  if (window.given && !atomicity) rp_usage_error("--window goes with --atomicity");
  if (nargs != (atomicity ? 5 : 4))
    rp_usage_error("expected ORIGINAL WITNESS and %s",
                   atomicity ? "W1 W2 R" : deadlock ? "Q1 Q2" : "E1 E2");

  rp_trace orig, wit;
  rp_rmodel m;
  rp_trace_load_or_die(&orig, args[0], RP_SOURCE_CHECKED);
  rp_trace_load_or_die(&wit, args[1], RP_SOURCE_RAW);
  collapse_reentrant(&wit);
  rp_rmodel_init(&m, &orig, def);
  if (def->reads == RP_READS_PINNED_BY_BRANCH) m.branches = rp_branch_model_resolve((rp_branch_model)branches, &orig);
  uint32_t e1 = index_of(&orig, rp_parse_count("E1", args[2]));
  uint32_t e2 = index_of(&orig, rp_parse_count("E2", args[3]));
  uint32_t *index = rp_calloc(wit.count + 1, sizeof *index);
  char err[512];
  uint32_t e3 = atomicity ? index_of(&orig, rp_parse_count("R", args[4])) : 0;
  bool valid = rp_witness_map(&m, &wit, index, err, sizeof err) != 0 ? invalid("%s", err)
               : deadlock  ? check_deadlock(&m, &wit, index, e1, e2)
               : atomicity ? check_atomicity(&m, &wit, index, e1, e2, e3, window.events)
                           : check(&m, &wit, index, e1, e2);
  const char *what = deadlock ? "deadlock" : atomicity ? "atomicity violation" : "race";
  if (!valid)
    fprintf(stderr, "%s: invalid witness: %s\n", rp_progname, reason);
  else if (!quiet)
    printf("valid witness of the %s (%s,%s%s%s) under --def %s%s%s\n", what, args[2], args[3],
           atomicity ? "," : "", atomicity ? args[4] : "", def->name,
           def->reads == RP_READS_PINNED_BY_BRANCH ? " --branches " : "",
           def->reads == RP_READS_PINNED_BY_BRANCH ? rp_branch_model_names[m.branches] : "");
  free(index);
  rp_rmodel_free(&m);
  rp_trace_free(&wit);
  rp_trace_free(&orig);
  return valid ? RP_EXIT_OK : RP_EXIT_INPUT;
}
