#include "rwlock_readers.h"

#include <stdlib.h>

#include "raw_merge.h"

static void address_key(uint64_t addr, uint32_t key[2]) {
  key[0] = (uint32_t)addr;
  key[1] = (uint32_t)(addr >> 32);
}

static void add_reader(rwlock_readers *r, rp_key_table *pairs, const rp_raw_event *e) {
  uint32_t key[2];
  address_key(e->addr, key);
  uint32_t pair[2] = {rp_key_table_add(&r->locks, key, NULL), e->thread};
  rp_key_table_add(pairs, pair, NULL);
}

void rwlock_readers_find(rwlock_readers *r, const rp_raw_header *h, const rp_raw_event *records) {
  rp_key_table pairs;   /* (rwlock id, thread) */
  rp_key_table_init(&pairs, 2);
  rp_key_table_init(&r->locks, 2);
  for (uint64_t c = 0, used = raw_chunks_used(h); c < used; c++) {
    const rp_raw_event *chunk = records + c * h->chunk_records;
    for (uint32_t i = 0, n = raw_chunk_length(h, records, c); i < n; i++)
      if (chunk[i].op == RP_RAW_READER_ACQ) add_reader(r, &pairs, &chunk[i]);
  }
  /* group the pairs by rwlock: count, prefix sums, place */
  size_t locks = rp_key_table_count(&r->locks), n = rp_key_table_count(&pairs);
  r->first = rp_calloc(locks + 1, sizeof *r->first);
  r->thread = rp_calloc(n ? n : 1, sizeof *r->thread);
  for (uint32_t k = 0; k < n; k++) r->first[rp_key_table_key(&pairs, k)[0] + 1]++;
  for (size_t l = 0; l < locks; l++) r->first[l + 1] += r->first[l];
  uint32_t *fill = rp_calloc(locks ? locks : 1, sizeof *fill);
  for (uint32_t k = 0; k < n; k++) {
    const uint32_t *pair = rp_key_table_key(&pairs, k);
    r->thread[r->first[pair[0]] + fill[pair[0]]++] = pair[1];
  }
  free(fill);
  rp_key_table_free(&pairs);
}

void rwlock_readers_free(rwlock_readers *r) {
  rp_key_table_free(&r->locks);
  free(r->first);
  free(r->thread);
}

const uint32_t *rwlock_readers_of(const rwlock_readers *r, uint64_t addr, uint32_t *n) {
  uint32_t key[2];
  address_key(addr, key);
  uint32_t id = rp_key_table_find(&r->locks, key);
  if (id == RP_KEY_NONE) {
    *n = 0;
    return r->thread;
  }
  *n = r->first[id + 1] - r->first[id];
  return r->thread + r->first[id];
}
