/* Name interning with an open-addressing hash table; see names.h. */
#include "names.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

/* Most names in traces are short ("T3", "V1207", "17"): up to 8 bytes
** they are their own key, so a lookup compares one word and touches one
** slot; longer names are keyed by a hash and compared byte for byte.  A
** short key is gathered with two overlapping loads, not a loop whose exit
** the varying lengths would make unpredictable. */
static inline uint32_t load_le32(const char *s) {
  const unsigned char *u = (const unsigned char *)s;
  return u[0] | (uint32_t)u[1] << 8 | (uint32_t)u[2] << 16 | (uint32_t)u[3] << 24;
}

static inline uint64_t name_key(const char *s, size_t len) {
  if (len >= 4 && len <= 8)
    return load_le32(s) | (uint64_t)load_le32(s + len - 4) << (8 * (len - 4));
  if (len < 4) {
    if (len == 0) return 0;
    const unsigned char *u = (const unsigned char *)s;
    return u[0] | (uint64_t)u[len / 2] << (8 * (len / 2)) | (uint64_t)u[len - 1] << (8 * (len - 1));
  }
  uint64_t k = 14695981039346656037ull;   /* FNV-1a */
  for (size_t i = 0; i < len; i++) k = (k ^ (unsigned char)s[i]) * 1099511628211ull;
  return k;
}

static size_t slot_index(uint64_t key, size_t len, size_t mask) {
  uint64_t h = (key ^ len) * 0x9e3779b97f4a7c15ull;
  return (size_t)(h >> 32) & mask;
}

void rp_names_init(rp_names *t) {
  memset(t, 0, sizeof *t);
  t->slot_mask = 63;
  t->slots = rp_calloc(t->slot_mask + 1, sizeof *t->slots);
}

void rp_names_free(rp_names *t) {
  free(t->chars);
  free(t->offset);
  free(t->length);
  free(t->slots);
  memset(t, 0, sizeof *t);
}

static inline size_t probe(const rp_names *t, const char *name, size_t len, uint64_t key) {
  size_t i = slot_index(key, len, t->slot_mask);
  for (;; i = (i + 1) & t->slot_mask) {
    const struct rp_name_slot *s = &t->slots[i];
    if (s->id == 0) return i;
    if (s->key == key && s->len == len &&
        (len <= 8 || memcmp(t->chars + t->offset[s->id - 1], name, len) == 0))
      return i;
  }
}

static void rehash(rp_names *t) {
  size_t n = (t->slot_mask + 1) * 2;
  struct rp_name_slot *slots = rp_calloc(n, sizeof *slots);
  for (size_t i = 0; i <= t->slot_mask; i++) {
    const struct rp_name_slot *s = &t->slots[i];
    if (s->id == 0) continue;
    size_t j = slot_index(s->key, s->len, n - 1);
    while (slots[j].id) j = (j + 1) & (n - 1);
    slots[j] = *s;
  }
  free(t->slots);
  t->slots = slots;
  t->slot_mask = n - 1;
}

uint32_t rp_names_find(const rp_names *t, const char *name, size_t len) {
  size_t i = probe(t, name, len, name_key(name, len));
  return t->slots[i].id ? t->slots[i].id - 1 : UINT32_MAX;
}

uint32_t rp_names_intern(rp_names *t, const char *name, size_t len) {
  uint64_t key = name_key(name, len);
  size_t i = probe(t, name, len, key);
  if (t->slots[i].id) return t->slots[i].id - 1;

  if (t->count >= UINT32_MAX - 1 || t->chars_len + len + 1 > UINT32_MAX)
    rp_die(RP_EXIT_RESOURCE, "too many names");
  if (t->guard) pthread_mutex_lock(t->guard);
  uint32_t id = (uint32_t)t->count++;
  RP_GROW(t->offset, t->offset_cap, id);
  size_t length_cap = t->offset_cap;
  t->length = rp_realloc(t->length, length_cap * sizeof *t->length);
  RP_GROW(t->chars, t->chars_cap, t->chars_len + len + 1);
  memcpy(t->chars + t->chars_len, name, len);
  t->chars[t->chars_len + len] = '\0';
  t->offset[id] = (uint32_t)t->chars_len;
  t->length[id] = (uint32_t)len;
  t->chars_len += len + 1;
  if (t->guard) pthread_mutex_unlock(t->guard);

  t->slots[i].key = key;
  t->slots[i].id = id + 1;
  t->slots[i].len = (uint32_t)len;
  if (t->count * 2 > t->slot_mask) rehash(t);
  return id;
}

void rp_names_truncate(rp_names *t, size_t count) {
  if (count >= t->count) return;
  t->count = count;
  t->chars_len = t->offset[count];
  memset(t->slots, 0, (t->slot_mask + 1) * sizeof *t->slots);
  for (uint32_t id = 0; id < count; id++) {
    const char *name = t->chars + t->offset[id];
    size_t len = t->length[id];
    uint64_t key = name_key(name, len);
    size_t i = probe(t, name, len, key);
    t->slots[i].key = key;
    t->slots[i].id = id + 1;
    t->slots[i].len = (uint32_t)len;
  }
}
