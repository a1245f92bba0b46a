/*
** What a predictor's reported races are known to be, for the note under each
** race table: a count means little without it (HB's count past the first race
** and lockset's may hold races no reordering can show; SHB's and M2's are all
** real).  Keyed by the predictor's name in runs.csv: a plan's predictor, or a
** variant's name (the plans of paper-figures and bench).  The wording follows the
** guarantee column of docs/predictors.md, which `make fuzz` checks against the
** oracle; keep the two in step.  A name not listed here is "unknown".
*/
#include <string.h>

#include "report.h"

static const char *const guarantees[][2] = {
  {"hb", "sound up to the first race (later races may be false)"},
  {"shb", "sound: every race is predictable"},
  {"wcp", "sound up to the first race (a predictable race or deadlock exists)"},
  {"wcp-rapid", "sound up to the first race (a predictable race or deadlock exists)"},
  {"dc", "unsound: may include false races; verified ones are predictable"},
  {"dc-novind", "unsound: may include false races (no vindication)"},
  {"dc-unordered", "unsound: may include false races (no vindication)"},
  {"pwr", "complete for adjacent races, unsound: may include false races"},
  {"pwr-cs", "unsound: may include false races; a subset of PWR's pairs"},
  {"lockset", "an upper bound: misses no predictable race, ignores ordering"},
  {"m2", "sound: every race is predictable (witness); misses only races in C"},
  {"seqcheck", "sound: every race is predictable (witness replayed)"},
  {"seqcheck-bugs", "sound: every race is predictable (witness replayed)"},
  {"syncp", "exact: the sync-preserving races; each racy event once, with its earliest partner "
            "(location pairs: --all-pairs)"},
  {"syncp-all-pairs", "exact: every sync-preserving race pair"},
  {"oracle", "exact: the predictable races, up to its limits"},
  {"hb-epochs", "sound up to the first race (later races may be false)"},
  /* make bench's floors: they read the trace and report nothing. */
  {"read", "no predictor: reads the trace as predictors do, reports nothing"},
  {"read-load", "no predictor: loads the trace as offline predictors do, reports nothing"},
  {"cat", "no predictor: copies the trace to /dev/null"},
  {"wc-l", "no predictor: counts the trace's lines"},
};

const char *predictor_guarantee(const char *name) {
  for (size_t i = 0; i < sizeof guarantees / sizeof *guarantees; i++)
    if (strcmp(name, guarantees[i][0]) == 0) return guarantees[i][1];
  return "unknown (not in harness/report/guarantees.c)";
}
