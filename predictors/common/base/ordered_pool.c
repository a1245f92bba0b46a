/* The ordered pool; see ordered_pool.h. */
#include "ordered_pool.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "watch.h"

unsigned rp_cpus_usable(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) return (unsigned)CPU_COUNT(&set);
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 1 ? (unsigned)n : 1;
}

static rp_pool_batch *batch_at(rp_ordered_pool *p, uint64_t k) {
  return &p->ring[k % RP_POOL_RING];
}

/* Under the mutex: the oldest published batch with items no doer has. */
static rp_pool_batch *unclaimed(rp_ordered_pool *p) {
  for (uint64_t k = p->first; k < p->filling; k++)
    if (batch_at(p, k)->claimed < batch_at(p, k)->n) return batch_at(p, k);
  return NULL;
}

/* Under the mutex, released while working: do the next slice of b. */
static void do_slice(rp_ordered_pool *p, rp_pool_batch *b, void *doer) {
  uint32_t from = b->claimed, to = b->n - from > RP_POOL_SLICE ? from + RP_POOL_SLICE : b->n;
  b->claimed = to;
  pthread_mutex_unlock(&p->mutex);
  for (uint32_t i = from; i < to; i++)
    p->work(doer, b->items + i * p->item_size, b->results + i * p->result_size);
  pthread_mutex_lock(&p->mutex);
  b->done += to - from;
  if (b->done == b->n) pthread_cond_broadcast(&p->finished);
}

static void *worker_main(void *arg) {
  rp_pool_worker *w = arg;
  rp_ordered_pool *p = w->pool;
  pthread_mutex_lock(&p->mutex);
  for (;;) {
    rp_pool_batch *b = unclaimed(p);
    if (b)
      do_slice(p, b, w->doer);
    else if (p->closing)
      break;
    else
      pthread_cond_wait(&p->published, &p->mutex);
  }
  pthread_mutex_unlock(&p->mutex);
  return NULL;
}

void rp_pool_start(rp_ordered_pool *p, size_t item_size, size_t result_size, rp_pool_do_fn *work,
                   void *const *doers, unsigned ndoers, rp_pool_take_fn *take, void *taker) {
  memset(p, 0, sizeof *p);
  p->item_size = item_size;
  p->result_size = result_size;
  p->work = work;
  p->take = take;
  p->taker = taker;
  p->own_doer = doers[0];
  for (int i = 0; i < RP_POOL_RING; i++) {
    p->ring[i].items = rp_malloc(RP_POOL_BATCH * item_size);
    p->ring[i].results = rp_malloc(RP_POOL_BATCH * result_size);
  }
  pthread_mutex_init(&p->mutex, NULL);
  pthread_cond_init(&p->published, NULL);
  pthread_cond_init(&p->finished, NULL);
  p->workers = rp_calloc(ndoers, sizeof *p->workers);
  for (unsigned i = 1; i < ndoers; i++) {
    rp_pool_worker *w = &p->workers[p->nworkers];
    *w = (rp_pool_worker){.pool = p, .doer = doers[i]};
    if (pthread_create(&w->thread, NULL, worker_main, w) == 0) p->nworkers++;
  }
  rp_watch_show_waiting(&p->waiting);   /* the verdicts behind the phase's count */
}

/* Take back the oldest published batch, doing the slices no worker took. */
static void take_oldest(rp_ordered_pool *p) {
  pthread_mutex_lock(&p->mutex);
  rp_pool_batch *b = batch_at(p, p->first);
  while (b->claimed < b->n) do_slice(p, b, p->own_doer);
  while (b->done < b->n) pthread_cond_wait(&p->finished, &p->mutex);
  pthread_mutex_unlock(&p->mutex);
  for (uint32_t i = 0; i < b->n; i++, p->waiting--)
    p->take(p->taker, b->items + i * p->item_size, b->results + i * p->result_size);
  pthread_mutex_lock(&p->mutex);
  b->n = b->claimed = b->done = 0;
  p->first++;
  pthread_mutex_unlock(&p->mutex);
}

static bool oldest_done(rp_ordered_pool *p) {
  pthread_mutex_lock(&p->mutex);
  bool done = p->first < p->filling && batch_at(p, p->first)->done == batch_at(p, p->first)->n;
  pthread_mutex_unlock(&p->mutex);
  return done;
}

static void publish(rp_ordered_pool *p) {
  pthread_mutex_lock(&p->mutex);
  p->filling++;
  pthread_cond_broadcast(&p->published);
  pthread_mutex_unlock(&p->mutex);
}

void rp_pool_add(rp_ordered_pool *p, const void *item) {
  rp_pool_batch *b = batch_at(p, p->filling);   /* unpublished: no worker reads it */
  memcpy(b->items + b->n++ * p->item_size, item, p->item_size);
  p->waiting++;
  if (b->n < RP_POOL_BATCH) return;
  publish(p);
  while (p->filling - p->first == RP_POOL_RING || oldest_done(p)) take_oldest(p);
}

void rp_pool_finish(rp_ordered_pool *p) {
  if (batch_at(p, p->filling)->n) publish(p);
  while (p->first < p->filling) take_oldest(p);
  pthread_mutex_lock(&p->mutex);
  p->closing = true;
  pthread_cond_broadcast(&p->published);
  pthread_mutex_unlock(&p->mutex);
  for (unsigned i = 0; i < p->nworkers; i++) pthread_join(p->workers[i].thread, NULL);
  free(p->workers);
  rp_watch_show_waiting(NULL);
  for (int i = 0; i < RP_POOL_RING; i++) {
    free(p->ring[i].items);
    free(p->ring[i].results);
  }
  pthread_mutex_destroy(&p->mutex);
  pthread_cond_destroy(&p->published);
  pthread_cond_destroy(&p->finished);
}
