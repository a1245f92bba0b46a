/*
** The one open-addressing hash table of the predictors: an index from keys
** to dense ids 0, 1, 2, ... that the caller assigns.  The caller keeps the
** keys, in whatever form suits it (key_table.h: fixed-width words in id
** order), and the index keeps per slot only the id and the key's 32-bit
** hash: a probe compares hashes, and the caller compares the key of an id
** only when its hash matches, so a lookup touches the caller's keys about
** once, and growing never looks at them.
**
** Linear probing, at most half full.  A lookup with its insertion:
**   rp_hash_probe p = rp_hash_probe_start(x, hash);
**   for (uint32_t id; (id = rp_hash_probe_next(x, &p)) != RP_HASH_NONE;)
**     if (KEY(id) equals key) return id;
**   rp_hash_index_insert(x, &p, NEW_ID);
*/
#ifndef RP_HASH_INDEX_H
#define RP_HASH_INDEX_H

#include <stddef.h>
#include <stdint.h>

#define RP_HASH_NONE UINT32_MAX

typedef struct rp_hash_slot {
  uint32_t id;     /* id + 1; 0 marks an empty slot */
  uint32_t hash;   /* the key's hash: its home slot and a quick inequality test */
} rp_hash_slot;

typedef struct rp_hash_index {
  rp_hash_slot *slot;
  size_t mask;     /* slots - 1, slots a power of two */
  size_t count;    /* ids inserted */
} rp_hash_index;

void rp_hash_index_init(rp_hash_index *x);
void rp_hash_index_free(rp_hash_index *x);

/* The slots one lookup visits, from the key's home slot on. */
typedef struct rp_hash_probe {
  size_t at;
  uint32_t hash;
} rp_hash_probe;

static inline rp_hash_probe rp_hash_probe_start(const rp_hash_index *x, uint32_t hash) {
  rp_hash_probe p = {hash & x->mask, hash};
  return p;
}

/* The next id whose key has the probe's hash, or RP_HASH_NONE at the first
** empty slot, where the probe then stays: the key is not in the index. */
static inline uint32_t rp_hash_probe_next(const rp_hash_index *x, rp_hash_probe *p) {
  for (;;) {
    rp_hash_slot s = x->slot[p->at];
    if (s.id == 0) return RP_HASH_NONE;
    p->at = (p->at + 1) & x->mask;
    if (s.hash == p->hash) return s.id - 1;
  }
}

/* Insert id for the key of probe p, which ended at RP_HASH_NONE. */
void rp_hash_index_insert(rp_hash_index *x, const rp_hash_probe *p, uint32_t id);

/* A 32-bit hash of n words. */
uint32_t rp_hash_words(const uint32_t *w, size_t n);

#endif
