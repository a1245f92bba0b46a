/*
** A race report as sets, for comparing two: its distinct location pairs
** (unordered {first_loc, second_loc}) and its racy events (distinct
** `second`), each with the first row that has it, to show as an example.
** Memory grows with the distinct pairs and events, not with the rows.
*/
#ifndef RP_DIFF_RACE_SET_H
#define RP_DIFF_RACE_SET_H

#include <stddef.h>
#include <stdint.h>

#include "base/u64set.h"
#include "trace/names.h"

/* A row of the report, its names ids into race_set.names. */
typedef struct race_example {
  uint64_t first, second;
  uint32_t variable, first_thread, second_thread;
} race_example;

typedef struct race_set {
  rp_names names;             /* the examples' variables and threads */
  rp_names loc_pairs;         /* keys "LO\0HI", LO the smaller name */
  race_example *pair_example; /* by loc_pairs id */
  size_t pair_cap;
  rp_u64set events;           /* the `second` positions, in order of first report */
  race_example *event_example;
  size_t event_cap;
  uint64_t rows;
} race_set;

/* Read the report at path; 0, or -1 with a message in err. */
int race_set_load(race_set *s, const char *path, char *err, size_t errlen);
void race_set_free(race_set *s);

#endif
