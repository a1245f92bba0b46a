/*
** "Did you mean": the known name closest to a mistyped one, so that a usage
** error can suggest it (`--race` -> `--races`, `hbb` -> `hb`).
*/
#ifndef RP_NEAREST_H
#define RP_NEAREST_H

#include <stddef.h>

/* Edit distance (insertions, deletions, substitutions, each 1) of a and b,
** stopping at limit: a result of limit means "limit or more". */
unsigned rp_edit_distance(const char *a, const char *b, unsigned limit);

/* Of names[0..n), the one nearest to word if it is close enough to be a
** typo (an edit distance of at most a third of its length, at least 1), or
** one that word begins (an abbreviation); NULL if none is.  The first wins
** a tie. */
const char *rp_nearest_name(const char *word, const char *const *names, size_t n);

#endif
