/*
** Writing JSON: the one thing that needs care is a string, escaped so that
** any bytes a trace or predictor name holds come out as valid JSON.
*/
#ifndef HARNESS_JSONWRITE_H
#define HARNESS_JSONWRITE_H
#include <stdio.h>

/* Writes s as a JSON string literal, quotes included.  JSON is UTF-8: a
** byte that is not part of a well-formed UTF-8 sequence (a Latin-1 file
** name, 0xff) is written as U+FFFD, the replacement character, so the
** output is always valid; such a name does not survive the trip. */
void json_string(FILE *f, const char *s);

/* Writes "key": (with a leading comma unless first). */
void json_key(FILE *f, const char *key, int first);

/* A number, or null when it does not parse as one (an empty CSV field). */
void json_number_or_null(FILE *f, const char *text);

#endif
