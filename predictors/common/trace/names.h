/*
** Interning: a name table maps each distinct name (thread, lock, variable or
** source location) to a dense id 0, 1, 2, ... in order of first appearance,
** and keeps the names so every report maps back to the input's spelling.
*/
#ifndef RP_NAMES_H
#define RP_NAMES_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "base/hash_index.h"

/* What a lookup compares, together: one cache line to miss, not three. */
typedef struct rp_name_entry {
  uint64_t key;       /* names of up to 8 bytes, the bytes; longer, a hash */
  uint32_t offset;    /* start of the name in chars */
  uint32_t length;    /* its strlen */
} rp_name_entry;

typedef struct rp_names {
  char *chars;        /* all names, each NUL-terminated, back to back */
  size_t chars_len, chars_cap;
  rp_name_entry *entry;   /* by id */
  size_t count, entry_cap;
  rp_hash_index index;   /* ids by the hash of (key, length) */
  /* Held while a new name moves the arrays, when another thread may read
  ** them (event_feed.h); NULL when one thread has the table. */
  pthread_mutex_t *guard;
} rp_names;

void rp_names_init(rp_names *t);
void rp_names_free(rp_names *t);

/* The id of name[0..len), adding it if new. */
uint32_t rp_names_intern(rp_names *t, const char *name, size_t len);

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
