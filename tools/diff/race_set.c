/* A race report as sets; see race_set.h. */
#include "race_set.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view/race_rows.h"

/* The key of the unordered location pair {a, b} as loc_pairs holds it
** (race_set.h), in key of size `size`; its length, 0 if it does not fit. */
static size_t pair_key(const char *a, const char *b, char *key, size_t size) {
  if (strcmp(a, b) > 0) {
    const char *t = a;
    a = b;
    b = t;
  }
  size_t la = strlen(a), lb = strlen(b);
  if (la + lb + 2 > size) return 0;
  memcpy(key, a, la + 1);
  memcpy(key + la + 1, b, lb + 1);
  return la + 1 + lb;
}

static race_example example_of(race_set *s, const rp_race_row *race) {
  race_example ex = {race->first, race->second,
                     rp_names_intern(&s->names, race->variable, strlen(race->variable)),
                     rp_names_intern(&s->names, race->first_thread, strlen(race->first_thread)),
                     rp_names_intern(&s->names, race->second_thread, strlen(race->second_thread))};
  return ex;
}

typedef struct loader {
  race_set *s;
  const char *path;
  char *err;
  size_t errlen;
  int failed;
} loader;

static int add_row(const rp_race_row *race, void *ctx) {
  loader *l = ctx;
  race_set *s = l->s;
  s->rows++;
  char key[2048];
  size_t len = pair_key(race->first_loc, race->second_loc, key, sizeof key);
  if (len == 0) {
    snprintf(l->err, l->errlen, "%s:%llu: location names too long to compare", l->path,
             (unsigned long long)race->line);
    l->failed = 1;
    return 1;
  }
  size_t pairs = s->loc_pairs.count;
  uint32_t id = rp_names_intern(&s->loc_pairs, key, len);
  if (s->loc_pairs.count > pairs) {
    RP_GROW(s->pair_example, s->pair_cap, id);
    s->pair_example[id] = example_of(s, race);
  }
  if (rp_u64set_add(&s->events, race->second)) {
    size_t e = rp_u64set_count(&s->events) - 1;
    RP_GROW(s->event_example, s->event_cap, e);
    s->event_example[e] = example_of(s, race);
  }
  return 0;
}

int race_set_load(race_set *s, const char *path, char *err, size_t errlen) {
  memset(s, 0, sizeof *s);
  rp_names_init(&s->names);
  rp_names_init(&s->loc_pairs);
  rp_u64set_init(&s->events);
  loader l = {s, path, err, errlen, 0};
  if (rp_race_rows_read(path, add_row, &l, err, errlen) != 0) return -1;
  return l.failed ? -1 : 0;
}

void race_set_free(race_set *s) {
  rp_names_free(&s->names);
  rp_names_free(&s->loc_pairs);
  rp_u64set_free(&s->events);
  free(s->pair_example);
  free(s->event_example);
}
