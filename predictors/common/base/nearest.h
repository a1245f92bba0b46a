/*
** "Did you mean": the known name closest to a mistyped one, so that a usage
** error can suggest it (`--race` -> `--races`, `hbb` -> `hb`).
*/
#ifndef RP_NEAREST_H
#define RP_NEAREST_H

#include <stddef.h>

/* Of names[0..n), the first that word begins (an abbreviation of at least
** three characters), else the nearest to word if it is close enough to be
** a typo (an edit distance of at most a third of its length, at least 1);
** NULL if none is; the first wins a tie. */
const char *rp_nearest_name(const char *word, const char *const *names, size_t n);

#endif
