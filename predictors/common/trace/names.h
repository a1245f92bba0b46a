/*
** Interning: a name table maps each distinct name (thread, lock, variable or
** source location) to a dense id 0, 1, 2, ... in order of first appearance,
** and keeps the names so every report maps back to the input's spelling.
*/
#ifndef RP_NAMES_H
#define RP_NAMES_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "base/load_le.h"

/* What a lookup compares, together: one cache line to miss, not three. */
typedef struct rp_name_entry {
  uint64_t key;       /* names of up to 8 bytes, the bytes; longer, a hash */
  uint32_t offset;    /* start of the name in chars */
  uint32_t length;    /* its strlen */
} rp_name_entry;

/* A slot of the index holds the key with the id: a lookup of a short name
** touches one cache line, which a reader that knows the key ahead can
** prefetch (rp_names_prefetch).  A slot is filled once, its id last. */
typedef struct rp_name_slot {
  uint64_t key;
  uint32_t length;
  _Atomic uint32_t id;   /* id + 1; 0 marks an empty slot */
} rp_name_slot;

/* Open addressing, linear probing, at most half full.  Growing builds a
** new index and publishes it; while the table is shared the old one stays
** (frozen) for a thread that may still read it, until the table is freed. */
typedef struct rp_name_index {
  size_t mask;   /* slots - 1, slots a power of two */
  unsigned shift;   /* 64 - log2(slots): a hash's top bits pick the home slot */
  struct rp_name_index *retired;   /* the index this one replaced, if kept */
  rp_name_slot slot[];
} rp_name_index;

typedef struct rp_names {
  char *chars;        /* all names, each NUL-terminated, back to back */
  size_t chars_len, chars_cap;
  rp_name_entry *entry;   /* by id */
  size_t count, entry_cap;
  _Atomic(rp_name_index *) index;
  /* Held while a new name moves the arrays, when another thread may read
  ** them (event_feed.h); NULL when one thread has the table. */
  pthread_mutex_t *guard;
} rp_names;

void rp_names_init(rp_names *t);
void rp_names_free(rp_names *t);

/* Most names in traces are short ("T3", "V1207", "17"): up to 8 bytes
** they are their own key, so a match compares one word of its slot and never
** reads the characters; longer names are keyed by a hash and compared byte
** for byte.  A short key is gathered with two overlapping loads, not a loop
** whose exit the varying lengths would make unpredictable. */
static inline uint64_t rp_names_key(const char *s, size_t len) {
  if (len >= 4 && len <= 8)
    return rp_load_le32(s) | (uint64_t)rp_load_le32(s + len - 4) << (8 * (len - 4));
  if (len < 4) {
    if (len == 0) return 0;
    const unsigned char *u = (const unsigned char *)s;
    return u[0] | (uint64_t)u[len / 2] << (8 * (len / 2)) | (uint64_t)u[len - 1] << (8 * (len - 1));
  }
  /* Eight bytes at a step (the last step overlapping), each word mixed in
  ** by a multiply: RoadRunner's names are a dozen bytes and more. */
  uint64_t k = len;
  for (size_t i = 0; i + 8 < len; i += 8) k = (k ^ rp_load_le64(s + i)) * 0xff51afd7ed558ccdull;
  k = (k ^ rp_load_le64(s + len - 8)) * 0xc4ceb9fe1a85ec53ull;
  return k ^ k >> 32;
}

/* Fibonacci hashing: the product's top bits depend on every bit of the
** key (its low bits only on the key's low bits, and names such as T0 ... T7
** differ in one byte).  The fold first spreads names that differ in their
** last digits (V0 ... V9999) more evenly: 1.10 probes a lookup, not 1.43. */
static inline size_t rp_names_home(const rp_name_index *x, uint64_t key, size_t len) {
  uint64_t k = key ^ len;
  return (size_t)(((k ^ k >> 24) * 0x9e3779b97f4a7c15ull) >> x->shift);
}

/* The thread that interns into t: its index. */
static inline rp_name_index *rp_names_own_index(const rp_names *t) {
  return atomic_load_explicit(&t->index, memory_order_relaxed);
}

/* t's index as another thread sees it now.  While t is shared it stays
** valid, holding the names t held then: a lookup in it (rp_names_peek) finds
** those, and may miss the ones added since. */
static inline const rp_name_index *rp_names_shared_index(const rp_names *t) {
  return atomic_load_explicit(&t->index, memory_order_acquire);
}

/* Bring the slot a lookup of (key, len) in x starts at into the cache. */
static inline void rp_names_prefetch(const rp_name_index *x, uint64_t key, size_t len) {
  __builtin_prefetch(&x->slot[rp_names_home(x, key, len)]);
}

#define RP_NO_NAME UINT32_MAX

/* The id of a name of up to 8 bytes that index x holds, looked up from any
** thread while another may intern into its table; RP_NO_NAME if x does not
** hold it, or may (a longer name, whose characters may be moving). */
static inline uint32_t rp_names_peek(const rp_name_index *x, uint64_t key, size_t len) {
  if (len > 8) return RP_NO_NAME;
  for (size_t i = rp_names_home(x, key, len);; i = (i + 1) & x->mask) {
    uint32_t id = atomic_load_explicit(&x->slot[i].id, memory_order_acquire);
    if (id == 0) return RP_NO_NAME;
    if (x->slot[i].key == key && x->slot[i].length == len) return id - 1;
  }
}

/* The id of name[0..len), adding it if new.  A short name found in its
** home slot, the common case, is found inline. */
uint32_t rp_names_intern_slow(rp_names *t, const char *name, size_t len, uint64_t key);
static inline uint32_t rp_names_intern(rp_names *t, const char *name, size_t len) {
  uint64_t key = rp_names_key(name, len);
  const rp_name_index *x = rp_names_own_index(t);
  const rp_name_slot *s = &x->slot[rp_names_home(x, key, len)];
  uint32_t id = atomic_load_explicit(&s->id, memory_order_relaxed);
  if (id != 0 && s->key == key && s->length == len && len <= 8) return id - 1;
  return rp_names_intern_slow(t, name, len, key);
}

/* Forget the names with ids count and above (the table is as it was when
** it held count names). */
void rp_names_truncate(rp_names *t, size_t count);

/* The id of name[0..len), or UINT32_MAX if absent. */
uint32_t rp_names_find(const rp_names *t, const char *name, size_t len);

static inline const char *rp_names_get(const rp_names *t, uint32_t id) {
  RP_ASSERT(id < t->count, "an id this table interned");
  return t->chars + t->entry[id].offset;
}

/* The length of name id (which may hold NUL bytes: lock sets' keys do). */
static inline size_t rp_names_length(const rp_names *t, uint32_t id) {
  RP_ASSERT(id < t->count, "an id this table interned");
  return t->entry[id].length;
}

#endif
