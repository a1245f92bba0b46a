/*
** A list of distinct strings in order of first appearance, with a hash index
** from string to position: the traces and predictors of a results folder,
** found in time linear in the rows.  The harness links no predictor code
** (tests/e2e/layering.sh), so it keeps this table of its own rather than
** predictors/common's hash index; it is the harness's only one.
*/
#ifndef HARNESS_STRINDEX_H
#define HARNESS_STRINDEX_H

#include "strvec.h"

typedef struct StrIndex {
  StrVec names;   /* the strings, in order of first appearance */
  int *slots;     /* open addressing: position + 1, or 0 for empty */
  int nslots;     /* a power of two, more than twice names.n */
} StrIndex;

/* The position of s, adding it at the end if new. */
int strindex_add(StrIndex *x, const char *s);

/* The position of s, or -1 when it is not there. */
int strindex_find(const StrIndex *x, const char *s);
void strindex_free(StrIndex *x);

#endif
