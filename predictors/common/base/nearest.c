/* "Did you mean"; see nearest.h.  The predictors' option parser and the
** front door (harness/rp) both ask it. */
#include "nearest.h"

#include <string.h>

enum { LONGEST = 64 };   /* longer words are never typos of an option */

/* Edit distance (insertions, deletions, substitutions, each 1) of a and b,
** stopping at limit: a result of limit means "limit or more". */
static unsigned edit_distance(const char *a, const char *b, unsigned limit) {
  size_t la = strlen(a), lb = strlen(b);
  if (la >= LONGEST || lb >= LONGEST) return limit;
  unsigned row[LONGEST + 1];
  for (size_t j = 0; j <= lb; j++) row[j] = (unsigned)j;
  for (size_t i = 1; i <= la; i++) {
    unsigned diagonal = row[0];
    row[0] = (unsigned)i;
    for (size_t j = 1; j <= lb; j++) {
      unsigned above = row[j];
      unsigned best = diagonal + (a[i - 1] != b[j - 1]);
      if (above + 1 < best) best = above + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      row[j] = best;
      diagonal = above;
    }
  }
  return row[lb] < limit ? row[lb] : limit;
}

const char *rp_nearest_name(const char *word, const char *const *names, size_t n) {
  size_t len = strlen(word);
  unsigned allowed = len >= 6 ? (unsigned)(len / 3) : 1;
  for (size_t i = 0; len >= 3 && i < n; i++)
    if (strncmp(names[i], word, len) == 0) return names[i];
  const char *best = NULL;
  unsigned best_distance = allowed + 1;
  for (size_t i = 0; i < n; i++) {
    unsigned d = edit_distance(word, names[i], best_distance);
    if (d < best_distance) best = names[i], best_distance = d;
  }
  return best;
}
