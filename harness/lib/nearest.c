/* "Did you mean"; see nearest.h. */
#include "nearest.h"

#include <string.h>

enum { LONGEST = 64 };

/* Levenshtein distance of a and b, or LONGEST for words too long to be typos. */
static unsigned distance(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  if (la >= LONGEST || lb >= LONGEST) return LONGEST;
  unsigned prev[LONGEST + 1], cur[LONGEST + 1];
  for (size_t j = 0; j <= lb; j++) prev[j] = (unsigned)j;
  for (size_t i = 1; i <= la; i++) {
    cur[0] = (unsigned)i;
    for (size_t j = 1; j <= lb; j++) {
      unsigned substitute = prev[j - 1] + (a[i - 1] != b[j - 1]);
      unsigned drop = prev[j] + 1, insert = cur[j - 1] + 1;
      cur[j] = substitute < drop ? substitute : drop;
      if (insert < cur[j]) cur[j] = insert;
    }
    memcpy(prev, cur, (lb + 1) * sizeof *prev);
  }
  return prev[lb];
}

const char *nearest_name(const char *word, char *const *names, size_t n) {
  size_t len = strlen(word);
  unsigned allowed = len >= 6 ? (unsigned)(len / 3) : 1, best_distance = allowed + 1;
  const char *best = NULL;
  for (size_t i = 0; len >= 3 && i < n; i++)
    if (strncmp(names[i], word, len) == 0) return names[i];
  for (size_t i = 0; i < n; i++) {
    unsigned d = distance(word, names[i]);
    if (d < best_distance) best = names[i], best_distance = d;
  }
  return best;
}
