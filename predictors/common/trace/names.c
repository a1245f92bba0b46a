/* Name interning on an open-addressing index of its own; see names.h. */
#include "names.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

#define FIRST_SLOTS 16

static rp_name_index *new_index(size_t mask) {
  rp_name_index *x = rp_calloc(1, sizeof *x + (mask + 1) * sizeof x->slot[0]);
  x->mask = mask;
  x->shift = (unsigned)__builtin_clzll(mask);
  return x;
}

static void free_indexes(rp_name_index *x) {
  while (x) {
    rp_name_index *retired = x->retired;
    free(x);
    x = retired;
  }
}

void rp_names_init(rp_names *t) {
  memset(t, 0, sizeof *t);
  atomic_init(&t->index, new_index(FIRST_SLOTS - 1));
}

void rp_names_free(rp_names *t) {
  free(t->chars);
  free(t->entry);
  free_indexes(rp_names_own_index(t));
  memset(t, 0, sizeof *t);
}

/* The id of the name with this key, or RP_NO_NAME with *at the empty slot
** where it goes. */
static inline uint32_t lookup(const rp_names *t, const char *name, size_t len, uint64_t key,
                              size_t *at) {
  const rp_name_index *x = rp_names_own_index(t);
  for (size_t i = rp_names_home(x, key, len);; i = (i + 1) & x->mask) {
    const rp_name_slot *s = &x->slot[i];
    uint32_t id = atomic_load_explicit(&s->id, memory_order_relaxed);
    if (id == 0) return *at = i, RP_NO_NAME;
    if (s->key == key && s->length == len &&
        (len <= 8 || memcmp(t->chars + t->entry[id - 1].offset, name, len) == 0))
      return id - 1;
  }
}

uint32_t rp_names_find(const rp_names *t, const char *name, size_t len) {
  size_t at;
  return lookup(t, name, len, rp_names_key(name, len), &at);
}

static uint32_t append(rp_names *t, const char *name, size_t len, uint64_t key) {
  if (t->count >= UINT32_MAX - 1 || t->chars_len + len + 1 > UINT32_MAX)
    rp_die(RP_EXIT_RESOURCE, "too many names");
  if (t->guard) pthread_mutex_lock(t->guard);
  uint32_t id = (uint32_t)t->count++;
  RP_GROW(t->entry, t->entry_cap, id);
  RP_GROW(t->chars, t->chars_cap, t->chars_len + len + 1);
  memcpy(t->chars + t->chars_len, name, len);
  t->chars[t->chars_len + len] = '\0';
  t->entry[id] = (rp_name_entry){key, (uint32_t)t->chars_len, (uint32_t)len};
  t->chars_len += len + 1;
  if (t->guard) pthread_mutex_unlock(t->guard);
  return id;
}

/* Fill slot at of x with id: its key first, so that a thread that sees
** the id (rp_names_peek) sees the key. */
static void fill_slot(rp_name_index *x, size_t at, uint64_t key, size_t len, uint32_t id) {
  x->slot[at].key = key;
  x->slot[at].length = (uint32_t)len;
  atomic_store_explicit(&x->slot[at].id, id + 1, memory_order_release);
}

/* Index the ids below t->count anew, in mask + 1 slots, and publish the
** index; the old one is kept while the table is shared. */
static void index_all(rp_names *t, size_t mask) {
  rp_name_index *old = rp_names_own_index(t), *x = new_index(mask);
  for (uint32_t id = 0; id < t->count; id++) {
    const rp_name_entry *e = &t->entry[id];
    size_t i = rp_names_home(x, e->key, e->length);
    while (atomic_load_explicit(&x->slot[i].id, memory_order_relaxed)) i = (i + 1) & mask;
    fill_slot(x, i, e->key, e->length, id);
  }
  if (t->guard) {
    x->retired = old;
  } else {
    x->retired = old->retired;
    free(old);
  }
  atomic_store_explicit(&t->index, x, memory_order_release);
}

uint32_t rp_names_intern_slow(rp_names *t, const char *name, size_t len, uint64_t key) {
  size_t at;
  uint32_t id = lookup(t, name, len, key, &at);
  if (id != RP_NO_NAME) return id;
  id = append(t, name, len, key);
  rp_name_index *x = rp_names_own_index(t);
  fill_slot(x, at, key, len, id);
  if (t->count * 2 > x->mask) index_all(t, x->mask * 2 + 1);
  return id;
}

/* Only while no other thread reads the table (event_feed.c rewinds after
** its reader stopped). */
void rp_names_truncate(rp_names *t, size_t count) {
  if (count >= t->count) return;
  t->count = count;
  t->chars_len = t->entry[count].offset;
  index_all(t, rp_names_own_index(t)->mask);
}
