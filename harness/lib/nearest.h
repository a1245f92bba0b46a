/*
** "Did you mean": the known name nearest to a mistyped one (`rp hbb` ->
** hb).  The predictors' option parser has the same rule in
** predictors/common/base/nearest.c; the harness links no predictor code, so
** it keeps its own.
*/
#ifndef HARNESS_NEAREST_H
#define HARNESS_NEAREST_H

#include <stddef.h>

/* Of names[0..n), the first that word begins (an abbreviation of at least
** three characters), else the nearest to word if it is close enough to be
** a typo (an edit distance of at most a third of its length, at least 1);
** NULL if none is. */
const char *nearest_name(const char *word, char *const *names, size_t n);

#endif
