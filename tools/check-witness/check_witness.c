/*
** rp-check-witness: validate a claimed witness of a predictable race.
**
**   rp check-witness ORIGINAL WITNESS E1 E2 [--def D] [--quiet]
**
** WITNESS (format: predictors/common/witness.h) must be a correct reordering
** of ORIGINAL under definition D (default enabled) followed by the events at
** positions E1 and E2 of ORIGINAL, which must race there as D demands.
** Exit 0 if valid; 2 if not, with the reason on standard error; 1 on usage.
*/
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "diag.h"
#include "reorder.h"
#include "witness.h"

static const char usage[] =
    "rp-check-witness: check a race witness against its original trace\n\n"
    "usage: rp check-witness ORIGINAL WITNESS E1 E2 [--def D] [--quiet]\n\n"
    "Check that WITNESS is a correct reordering of ORIGINAL under definition D\n"
    "followed by the racing events at positions E1 and E2 of ORIGINAL.\n"
    "Exit 0: valid; 2: invalid (the reason on stderr); 1: usage error.\n";

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
  for (uint32_t i = 0; i < t->count; i++)
    if (t->pos[i] == pos) return i;
  rp_die(RP_EXIT_USAGE, "%s has no event at position %" PRIu64, t->path, pos);
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
                   " and %" PRIu64, t->pos[first], t->pos[then], t->pos[e1], t->pos[e2]);
  if (!rp_conflict(&t->events[e1], &t->events[e2]))
    return invalid("events %" PRIu64 " and %" PRIu64 " do not conflict", t->pos[e1], t->pos[e2]);

  rp_rstate s;
  bool ok = true;
  rp_rstate_init(&s, m);
  for (size_t k = 0; ok && k + 2 < n; k++) {
    const char *why;
    if (rp_rcan_append(m, &s, index[k], &why)) rp_rappend(m, &s, index[k]);
    else ok = invalid("witness event %zu (event %" PRIu64 " of the original) cannot come "
                      "there under --def %s: %s", k + 1, t->pos[index[k]], m->def->name, why);
  }
  if (ok && (!rp_rforked(m, &s, first) || !rp_rforked(m, &s, then)))
    ok = invalid("a racing event's thread was not forked by the end of the reordering");
  if (ok && !m->def->race_at(m, &s, first, then))
    ok = invalid("events %" PRIu64 " then %" PRIu64 " do not race after the reordering under "
                 "--def %s (%s)", t->pos[first], t->pos[then], m->def->name, m->def->summary);
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
  for (size_t i = 0; i < w->count; i++)
    if (rp_wf_step(&wf, &w->events[i], &w->sym, problem, sizeof problem) != RP_WF_DROP) {
      w->events[kept] = w->events[i];
      w->pos[kept++] = w->pos[i];
    }
  w->count = kept;
  rp_wf_free(&wf);
}

int main(int argc, char **argv) {
  rp_progname = "rp-check-witness";
  rp_check_stdout_at_exit();
  const char *args[4];
  int nargs = 0;
  bool quiet = false;
  const rp_rdef *def = rp_rdefs[0];
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) { fputs(usage, stdout); return 0; }
    else if (!strcmp(a, "--version")) { printf("rp-check-witness %s\n", RP_VERSION); return 0; }
    else if (!strcmp(a, "--quiet")) quiet = true;
    else if (!strcmp(a, "--def") || !strncmp(a, "--def=", 6)) {
      const char *v = a[5] == '=' ? a + 6 : i + 1 < argc ? argv[++i] : "";
      if (!(def = rp_rdef_find(v))) rp_die(RP_EXIT_USAGE, "--def expects one of %s", rp_rdef_names());
    } else if (nargs < 4 && (a[0] != '-' || !a[1])) args[nargs++] = a;
    else if (a[0] == '-' && a[1]) rp_usage_error("unknown option %s", a);
    else rp_usage_error("unexpected argument %s", a);
  }
  if (nargs != 4) rp_usage_error("expected ORIGINAL WITNESS E1 E2");

  rp_trace orig, wit;
  rp_rmodel m;
  rp_trace_load_or_die(&orig, args[0], RP_SOURCE_CHECKED);
  rp_trace_load_or_die(&wit, args[1], RP_SOURCE_RAW);
  collapse_reentrant(&wit);
  rp_rmodel_init(&m, &orig, def);
  uint32_t e1 = index_of(&orig, rp_parse_count("E1", args[2]));
  uint32_t e2 = index_of(&orig, rp_parse_count("E2", args[3]));
  uint32_t *index = rp_calloc(wit.count + 1, sizeof *index);
  char err[512];
  bool valid = rp_witness_map(&m, &wit, index, err, sizeof err) == 0
                   ? check(&m, &wit, index, e1, e2)
                   : invalid("%s", err);
  if (!valid)
    fprintf(stderr, "rp-check-witness: invalid witness: %s\n", reason);
  else if (!quiet)
    printf("valid witness of the race (%s,%s) under --def %s\n", args[2], args[3], def->name);
  free(index);
  rp_rmodel_free(&m);
  rp_trace_free(&wit);
  rp_trace_free(&orig);
  return valid ? RP_EXIT_OK : RP_EXIT_INPUT;
}
