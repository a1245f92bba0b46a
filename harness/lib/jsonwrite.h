/*
** Writing JSON: the one thing that needs care is a string, escaped so that
** any bytes a trace or predictor name holds come out as valid JSON.
*/
#ifndef HARNESS_JSONWRITE_H
#define HARNESS_JSONWRITE_H
#include <stdio.h>

/* Writes s as a JSON string literal, quotes included. */
void json_string(FILE *f, const char *s);

/* Writes "key": (with a leading comma unless first). */
void json_key(FILE *f, const char *key, int first);

/* A number, or null when it does not parse as one (an empty CSV field). */
void json_number_or_null(FILE *f, const char *text);

#endif
