/* Reading a trace on a second thread; see event_feed.h. */
#include "event_feed.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/ordered_pool.h"

/* Checks of a condition before sleeping on it: a batch takes the other side
** tens of microseconds, and a sleep and a wake-up cost about as much. */
#define SPINS 4000

/* Append to b's copies the n events that rp_source_view gave, at the
** positions after `before`. */
static void append_copies(rp_feed_batch *b, const rp_event *ev, uint32_t n, uint64_t before) {
  memcpy(b->copied + b->n, ev, n * sizeof *ev);
  for (uint32_t i = 0; i < n; i++) b->pos[b->n + i] = before + 1 + i;
  b->n += n;
}

/* A batch of binary input: a view of the file while no event is dropped,
** else copies (a view per dropped event would make batches of a few events
** on a trace of re-entrant locks).  rp_source_view's result. */
static int fill_from_views(rp_source *src, rp_feed_batch *b) {
  uint64_t before = src->pos;
  const rp_event *ev;
  uint32_t n;
  int r = rp_source_view(src, &ev, RP_FEED_BATCH, &n);
  b->ev = ev;
  b->n = n;
  while (r > 0 && b->n < RP_FEED_BATCH) {   /* the view ended at a dropped event */
    if (b->ev != b->copied) {
      b->n = 0;
      append_copies(b, ev, n, before);
      b->ev = b->copied;
    }
    before = src->pos;
    r = rp_source_view(src, &ev, RP_FEED_BATCH - b->n, &n);
    append_copies(b, ev, n, before);
  }
  b->pos_listed = b->ev == b->copied;
  return r;
}

/* A chunk's progress; a batch's chunk is FILLED only while no thread has
** claimed it. */
enum { CHUNK_EMPTY, CHUNK_FILLED, CHUNK_CLAIMED, CHUNK_TOKENIZED };

/* Tokenize b's chunk if no thread has claimed it yet: whether this one did. */
static bool claim_and_tokenize(rp_feed *f, rp_feed_batch *b) {
  /* Look before claiming: a claim takes the line from the thread that may
  ** be tokenizing the chunk. */
  int filled = CHUNK_FILLED;
  if (atomic_load_explicit(&b->chunk_state, memory_order_relaxed) != CHUNK_FILLED ||
      !atomic_compare_exchange_strong(&b->chunk_state, &filled, CHUNK_CLAIMED))
    return false;
  rp_std_chunk_tokenize(&b->chunk, &f->src->sym);
  atomic_store(&b->chunk_state, CHUNK_TOKENIZED);
  return true;
}

/* The reader's: fill the chunks of the batches not in use with the next
** lines of the input, for either thread to tokenize. */
static void fill_ahead(rp_feed *f) {
  while (!f->input_done && f->filled < atomic_load(&f->released) + RP_FEED_RING) {
    rp_feed_batch *b = &f->ring[f->filled++ % RP_FEED_RING];
    rp_source_fill_chunk(f->src, &b->chunk, RP_FEED_CHUNK);
    f->input_done = b->chunk.end != RP_CHUNK_MORE;
    atomic_store(&b->chunk_state, CHUNK_FILLED);
  }
}

/* Tokenize a chunk of the batches after the next one to publish that no
** thread has claimed: the nearest such (the reader's) or the farthest (the
** predictor's, so that the two meet late).  Whether there was one. */
static bool tokenize_ahead(rp_feed *f, bool farthest) {
  uint64_t k = atomic_load(&f->published);
  for (uint64_t i = 1; i < RP_FEED_RING; i++) {
    uint64_t j = farthest ? k + RP_FEED_RING - i : k + i;
    if (claim_and_tokenize(f, &f->ring[j % RP_FEED_RING])) return true;
  }
  return false;
}

/* The events of b's chunk, once tokenized here or on the predictor's
** thread (meanwhile, this one tokenizes others). */
static int take_chunk(rp_feed *f, rp_feed_batch *b) {
  fill_ahead(f);
  if (!claim_and_tokenize(f, b))
    while (atomic_load(&b->chunk_state) != CHUNK_TOKENIZED)
      if (!tokenize_ahead(f, false)) sched_yield();
  if (b->chunk.count > b->cap) {
    b->cap = b->chunk.count;
    b->copied = rp_realloc(b->copied, b->cap * sizeof *b->copied);
    b->pos = rp_realloc(b->pos, b->cap * sizeof *b->pos);
  }
  b->ev = b->chunk.ev;
  return rp_source_take_chunk(f->src, &b->chunk, b->pos, &b->n, &b->pos_listed);
}

/* Fill b from the source: a full batch, or the last one (end set). */
static void fill_batch(rp_feed *f, rp_feed_batch *b) {
  rp_source *src = f->src;
  int r = 1;
  b->names[0] = src->sym.threads.count;
  b->names[1] = src->sym.locks.count;
  b->names[2] = src->sym.vars.count;
  b->names[3] = src->sym.locs.count;
  b->pos_before = src->pos;
  b->dropped_before = src->wf.reentrant_dropped;
  if (rp_source_has_view(src)) {
    r = fill_from_views(src, b);
  } else if (f->chunked) {
    r = take_chunk(f, b);
  } else {
    b->ev = b->copied;
    b->pos_listed = true;
    for (b->n = 0; b->n < RP_FEED_BATCH; b->n++) {
      if ((r = rp_source_next(src, &b->copied[b->n])) <= 0) break;
      b->pos[b->n] = src->pos;
    }
  }
  b->end = r > 0 ? 0 : r < 0 ? -1 : 1;
}

static bool batch_ready(rp_feed *f) {
  return atomic_load(&f->published) > atomic_load(&f->released);
}

static bool slot_free(rp_feed *f) {
  return atomic_load(&f->stop) ||
         atomic_load(&f->published) - atomic_load(&f->released) < RP_FEED_RING;
}

/* A reader that found the ring full waits until half of it is free: when
** the predictor is the slower side (binary input), it then wakes the reader
** once every RING / 2 batches instead of at every batch it releases (a
** wake-up is a system call on the predictor's path). */
static bool half_free(rp_feed *f) {
  return atomic_load(&f->stop) ||
         atomic_load(&f->published) - atomic_load(&f->released) <= RP_FEED_RING / 2;
}

/* Wait until ready(f).  The sequentially consistent counters and `sleeping`
** make a lost wake-up impossible: a notifier that reads sleeping == 0 stored
** its counter before the sleeper looked at it. */
static void wait_until(rp_feed *f, bool (*ready)(rp_feed *)) {
  for (int i = 0; i < SPINS; i++)
    if (ready(f)) return;
  pthread_mutex_lock(&f->mutex);
  atomic_fetch_add(&f->sleeping, 1);
  while (!ready(f)) pthread_cond_wait(&f->wake, &f->mutex);
  atomic_fetch_sub(&f->sleeping, 1);
  pthread_mutex_unlock(&f->mutex);
}

/* Wake a thread waiting for ready(f), if one sleeps and ready(f) holds
** (each waiter's condition only becomes true by the other's progress). */
static void notify(rp_feed *f, bool (*ready)(rp_feed *)) {
  if (atomic_load(&f->sleeping) == 0 || !ready(f)) return;
  pthread_mutex_lock(&f->mutex);
  pthread_cond_broadcast(&f->wake);
  pthread_mutex_unlock(&f->mutex);
}

static void *reader_main(void *arg) {
  rp_feed *f = arg;
  for (;;) {
    if (!slot_free(f)) wait_until(f, half_free);
    if (atomic_load(&f->stop)) break;
    uint64_t k = atomic_load(&f->published);
    rp_feed_batch *b = &f->ring[k % RP_FEED_RING];
    fill_batch(f, b);
    atomic_store(&f->published, k + 1);
    notify(f, batch_ready);
    if (b->end) break;
  }
  return NULL;
}

void rp_feed_start(rp_feed *f, rp_source *s) {
  memset(f, 0, sizeof *f);
  f->src = s;
  f->threaded = rp_cpus_usable() > 1;
  f->chunked = f->threaded && s->format == RP_FORMAT_STD;
  f->batches = f->threaded ? RP_FEED_RING : 1;
  f->ring = rp_calloc(f->batches, sizeof *f->ring);
  for (unsigned i = 0; i < f->batches; i++) {
    f->ring[i].cap = RP_FEED_BATCH;
    f->ring[i].copied = rp_malloc(RP_FEED_BATCH * sizeof *f->ring[i].copied);
    f->ring[i].pos = rp_malloc(RP_FEED_BATCH * sizeof *f->ring[i].pos);
  }
  pthread_mutex_init(&f->mutex, NULL);
  pthread_cond_init(&f->wake, NULL);
  if (!f->threaded) return;
  rp_symbols_share(&s->sym, &f->mutex);
  if (pthread_create(&f->thread, NULL, reader_main, f) != 0) {
    rp_symbols_share(&s->sym, NULL);
    f->threaded = f->chunked = false;
  }
}

/* While the next batch is not ready, tokenize the chunks after it that the
** reader filled and has not reached. */
static void help_reader(rp_feed *f) {
  if (!f->chunked) return;
  while (!batch_ready(f) && tokenize_ahead(f, true)) continue;
}

/* The batch after cur, or NULL after the last one. */
static rp_feed_batch *next_batch(rp_feed *f) {
  if (f->cur && f->cur->end) return NULL;
  if (!f->threaded) {
    fill_batch(f, f->ring);
    return f->ring;
  }
  if (f->cur) {
    atomic_fetch_add(&f->released, 1);
    notify(f, half_free);
  }
  help_reader(f);
  wait_until(f, batch_ready);
  return &f->ring[atomic_load(&f->released) % RP_FEED_RING];
}

bool rp_feed_next_slow(rp_feed *f, rp_event *ev, uint64_t *pos) {
  for (;;) {
    if (f->cur && f->next < f->cur->n) return rp_feed_next_or_die(f, ev, pos);
    if (f->cur && f->cur->end < 0) {
      rp_feed_finish(f);
      rp_die(RP_EXIT_INPUT, "%s", f->src->error);
    }
    rp_feed_batch *b = next_batch(f);
    if (b == NULL) return !(f->exhausted = true);
    f->cur = b;
    f->next = 0;
  }
}

static void grow_to(size_t *count, uint32_t id) {
  if (id != RP_NO_OPERAND && id >= *count) *count = (size_t)id + 1;
}

/* Names get ids in order of first appearance, so the tables as of the
** events taken are as of the batch's start plus the largest ids taken. */
static void rewind_source(rp_feed *f) {
  const rp_feed_batch *b = f->cur;
  size_t names[4] = {b->names[0], b->names[1], b->names[2], b->names[3]};
  for (uint32_t i = 0; i < f->next; i++) {
    const rp_event *ev = &b->ev[i];
    grow_to(&names[0], ev->thread);
    grow_to(&names[3], ev->loc);
    if (ev->op == RP_OP_FORK || ev->op == RP_OP_JOIN) grow_to(&names[0], ev->operand);
    if (ev->op == RP_OP_ACQ || ev->op == RP_OP_REL) grow_to(&names[1], ev->operand);
    if (rp_op_is_access(ev->op)) grow_to(&names[2], ev->operand);
  }
  rp_symbols *sym = &f->src->sym;
  rp_names_truncate(&sym->threads, names[0]);
  rp_names_truncate(&sym->locks, names[1]);
  rp_names_truncate(&sym->vars, names[2]);
  rp_names_truncate(&sym->locs, names[3]);
  uint64_t last = f->next ? rp_feed_batch_pos(b, f->next - 1) : b->pos_before;
  f->src->wf.reentrant_dropped = b->dropped_before + (last - b->pos_before) - f->next;
  f->src->pos = last;
}

void rp_feed_finish(rp_feed *f) {
  if (f->ring == NULL) return;
  if (f->threaded) {
    atomic_store(&f->stop, true);
    notify(f, half_free);
    pthread_join(f->thread, NULL);
    rp_symbols_share(&f->src->sym, NULL);
  }
  if (!f->exhausted && f->cur) rewind_source(f);
  pthread_mutex_destroy(&f->mutex);
  pthread_cond_destroy(&f->wake);
  for (unsigned i = 0; i < f->batches; i++) {
    free(f->ring[i].copied);
    free(f->ring[i].pos);
    rp_std_chunk_free(&f->ring[i].chunk);
  }
  free(f->ring);
  f->ring = NULL;
  f->cur = NULL;
}
