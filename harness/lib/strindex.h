/*
** A list of distinct strings in order of first appearance, with a hash index
** from string to position: the traces and predictors of a results folder,
** found in time linear in the rows.  The index is the base's
** (base/hash_index.h), the one hash table of the workbench.
*/
#ifndef HARNESS_STRINDEX_H
#define HARNESS_STRINDEX_H

#include "base/hash_index.h"
#include "strvec.h"

/* {0} is an empty index. */
typedef struct StrIndex {
  StrVec names;          /* the strings, in order of first appearance */
  rp_hash_index index;   /* a string's hash -> its position; no slots while empty */
} StrIndex;

/* The position of s, adding it at the end if new. */
int strindex_add(StrIndex *x, const char *s);

/* The position of s, or -1 when it is not there. */
int strindex_find(const StrIndex *x, const char *s);
void strindex_free(StrIndex *x);

/* The strings, the caller's to free; the index is freed and left empty. */
StrVec strindex_take_names(StrIndex *x);

#endif
