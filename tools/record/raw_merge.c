#include "raw_merge.h"

#include <stdlib.h>

#include "base/diag.h"

struct raw_thread_cursor {
  uint64_t *chunks;     /* this thread's chunks, in claim order */
  size_t count, cap;
  size_t chunk;         /* the current one */
  uint32_t at, length;  /* the next record in it, and its records */
};

uint64_t raw_chunks_used(const rp_raw_header *h) {
  return h->next_chunk < h->chunks ? h->next_chunk : h->chunks;
}

uint32_t raw_chunk_length(const rp_raw_header *h, const rp_raw_event *records, uint64_t c) {
  const rp_raw_event *chunk = records + c * h->chunk_records;
  uint32_t n = 0;
  while (n < h->chunk_records && __atomic_load_n(&chunk[n].op, __ATOMIC_ACQUIRE) != RP_RAW_HOLE) n++;
  return n;
}

static const rp_raw_event *current(const raw_merge *m, uint32_t t) {
  const raw_thread_cursor *c = &m->cursors[t];
  return m->records + c->chunks[c->chunk] * m->header->chunk_records + c->at;
}

/* Whether cursor t has a record left (moving to its next non-empty chunk),
** within the clock values recording kept. */
static bool has_record(raw_merge *m, uint32_t t) {
  raw_thread_cursor *c = &m->cursors[t];
  while (c->chunk < c->count && c->at == c->length) {
    if (++c->chunk == c->count) return false;
    c->at = 0;
    c->length = raw_chunk_length(m->header, m->records, c->chunks[c->chunk]);
  }
  return c->chunk < c->count && current(m, t)->clock <= m->header->stop_clock;
}

static bool before(const raw_merge *m, uint32_t a, uint32_t b) {
  const rp_raw_event *x = current(m, a), *y = current(m, b);
  return x->clock < y->clock || (x->clock == y->clock && x->thread < y->thread);
}

static void sift_down(raw_merge *m, uint32_t i) {
  for (;;) {
    uint32_t least = i, l = 2 * i + 1, r = l + 1;
    if (l < m->heap_len && before(m, m->heap[l], m->heap[least])) least = l;
    if (r < m->heap_len && before(m, m->heap[r], m->heap[least])) least = r;
    if (least == i) return;
    uint32_t t = m->heap[i];
    m->heap[i] = m->heap[least];
    m->heap[least] = t;
    i = least;
  }
}

void raw_merge_start(raw_merge *m, const rp_raw_header *h, const rp_raw_event *records) {
  *m = (raw_merge){.header = h, .records = records};
  uint32_t threads = h->threads ? h->threads : 1;
  m->cursors = rp_calloc(threads, sizeof *m->cursors);
  m->heap = rp_calloc(threads, sizeof *m->heap);
  m->threads = threads;
  uint64_t used = raw_chunks_used(h);
  for (uint64_t c = 0; c < used; c++) {
    const rp_raw_event *first = records + c * h->chunk_records;
    if (__atomic_load_n(&first->op, __ATOMIC_ACQUIRE) == RP_RAW_HOLE || first->thread >= threads)
      continue;
    raw_thread_cursor *t = &m->cursors[first->thread];
    RP_GROW(t->chunks, t->cap, t->count);
    t->chunks[t->count++] = c;
  }
  for (uint32_t t = 0; t < threads; t++) {
    raw_thread_cursor *c = &m->cursors[t];
    if (c->count == 0) continue;
    c->length = raw_chunk_length(h, records, c->chunks[0]);
    if (has_record(m, t)) m->heap[m->heap_len++] = t;
  }
  for (uint32_t i = m->heap_len / 2; i-- > 0;) sift_down(m, i);
}

const rp_raw_event *raw_merge_next(raw_merge *m) {
  if (m->heap_len == 0) return NULL;
  uint32_t t = m->heap[0];
  const rp_raw_event *r = current(m, t);
  m->cursors[t].at++;
  if (!has_record(m, t)) m->heap[0] = m->heap[--m->heap_len];
  sift_down(m, 0);
  return r;
}

void raw_merge_free(raw_merge *m) {
  for (uint32_t t = 0; t < m->threads; t++) free(m->cursors[t].chunks);
  free(m->cursors);
  free(m->heap);
}
