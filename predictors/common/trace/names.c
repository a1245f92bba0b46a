/* Name interning on the predictors' hash index (hash_index.h); see names.h. */
#include "names.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/load_le.h"

/* Most names in traces are short ("T3", "V1207", "17"): up to 8 bytes
** they are their own key, so a match compares one word of its entry and never
** reads the characters; longer names are keyed by a hash and compared byte
** for byte.  A short key is gathered with two overlapping loads, not a loop
** whose exit the varying lengths would make unpredictable. */
static inline uint64_t name_key(const char *s, size_t len) {
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

static inline uint32_t name_hash(uint64_t key, size_t len) {
  return (uint32_t)(((key ^ len) * 0x9e3779b97f4a7c15ull) >> 32);
}

void rp_names_init(rp_names *t) {
  memset(t, 0, sizeof *t);
  rp_hash_index_init(&t->index);
}

void rp_names_free(rp_names *t) {
  free(t->chars);
  free(t->entry);
  rp_hash_index_free(&t->index);
  memset(t, 0, sizeof *t);
}

/* The id of the name with this key, or RP_HASH_NONE with *p where it goes. */
static inline uint32_t lookup(const rp_names *t, const char *name, size_t len, uint64_t key,
                              rp_hash_probe *p) {
  *p = rp_hash_probe_start(&t->index, name_hash(key, len));
  for (uint32_t id; (id = rp_hash_probe_next(&t->index, p)) != RP_HASH_NONE;)
    if (t->entry[id].key == key && t->entry[id].length == len &&
        (len <= 8 || memcmp(t->chars + t->entry[id].offset, name, len) == 0))
      return id;
  return RP_HASH_NONE;
}

uint32_t rp_names_find(const rp_names *t, const char *name, size_t len) {
  rp_hash_probe p;
  uint32_t id = lookup(t, name, len, name_key(name, len), &p);
  return id == RP_HASH_NONE ? UINT32_MAX : id;
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

uint32_t rp_names_intern(rp_names *t, const char *name, size_t len) {
  uint64_t key = name_key(name, len);
  rp_hash_probe p;
  uint32_t id = lookup(t, name, len, key, &p);
  if (id != RP_HASH_NONE) return id;
  id = append(t, name, len, key);
  rp_hash_index_insert(&t->index, &p, id);
  return id;
}

void rp_names_truncate(rp_names *t, size_t count) {
  if (count >= t->count) return;
  t->count = count;
  t->chars_len = t->entry[count].offset;
  rp_hash_index_free(&t->index);
  rp_hash_index_init(&t->index);
  for (uint32_t id = 0; id < count; id++) {
    rp_hash_probe p = rp_hash_probe_start(&t->index, name_hash(t->entry[id].key, t->entry[id].length));
    while (rp_hash_probe_next(&t->index, &p) != RP_HASH_NONE) continue;
    rp_hash_index_insert(&t->index, &p, id);
  }
}
