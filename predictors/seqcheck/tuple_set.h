/* A set of small tuples of 32-bit values (location pairs, triples, sets of
** four), exact, for counting the paper's distinct bugs (spec §8). */
#ifndef SC_TUPLE_SET_H
#define SC_TUPLE_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SC_TUPLE_MAX 4

typedef struct sc_tuple_set {
  uint32_t *slots;   /* (SC_TUPLE_MAX + 1) words per slot: used flag, tuple */
  size_t mask, count;
} sc_tuple_set;

void sc_tuple_set_init(sc_tuple_set *s);
void sc_tuple_set_free(sc_tuple_set *s);
/* Add the tuple v[0..n) (n <= SC_TUPLE_MAX; shorter tuples are padded with
** zeros); true if it was new. */
bool sc_tuple_set_add(sc_tuple_set *s, const uint32_t *v, size_t n);
bool sc_tuple_set_has(const sc_tuple_set *s, const uint32_t *v, size_t n);

#endif
