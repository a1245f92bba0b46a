/*
** A growable array of owned strings: lists of predictors, traces, columns.
*/
#ifndef HARNESS_STRVEC_H
#define HARNESS_STRVEC_H

typedef struct StrVec {
  char **items; /* items[0..n-1], each malloc'd; items[n] is NULL */
  int n;
  int cap;
} StrVec;

void strvec_push(StrVec *v, const char *s);     /* appends a copy of s */
void strvec_push_owned(StrVec *v, char *s);     /* appends s itself */
int strvec_find(const StrVec *v, const char *s); /* index, or -1 */
void strvec_free(StrVec *v);

#endif
