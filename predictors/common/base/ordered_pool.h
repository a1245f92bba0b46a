/*
** An ordered pool: independent pieces of work done on several threads, their
** results taken back in the order the work was added.  An offline predictor
** whose decisions read only shared, finished data (M2's RaceDecision reads
** the model and nothing else) adds its items in trace order; workers, each
** with a context of its own (its scratch), do them a slice at a time; the
** adding thread takes the results back batch by batch, in order, doing
** itself every slice no worker has started, so that a run with one thread
** and a run with many report exactly the same things in the same order.
**
** The adding thread is one of the pool's doers: with n contexts the pool
** starts n - 1 workers, and with one context it does everything inline.
*/
#ifndef RP_ORDERED_POOL_H
#define RP_ORDERED_POOL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RP_POOL_BATCH 4096   /* items a batch */
#define RP_POOL_SLICE 64     /* items a doer takes at a time */
#define RP_POOL_RING 8       /* batches in flight */

/* Do one item into its result, with the doer's context. */
typedef void rp_pool_do_fn(void *doer, const void *item, void *result);
/* Take back one item and its result, on the adding thread, in order. */
typedef void rp_pool_take_fn(void *taker, const void *item, const void *result);

typedef struct rp_pool_batch {
  unsigned char *items, *results;
  uint32_t n;         /* items added */
  uint32_t claimed;   /* items handed to a doer, from the front */
  uint32_t done;      /* items whose result is in */
} rp_pool_batch;

typedef struct rp_pool_worker {
  struct rp_ordered_pool *pool;
  void *doer;
  pthread_t thread;
} rp_pool_worker;

typedef struct rp_ordered_pool {
  size_t item_size, result_size;
  rp_pool_do_fn *work;
  rp_pool_take_fn *take;
  void *taker;
  void *own_doer;                /* the adding thread's context */
  rp_pool_worker *workers;
  unsigned nworkers;
  rp_pool_batch ring[RP_POOL_RING];
  /* Batches counted from the start: those in [first, filling) are published
  ** and not yet taken back; ring[filling % RING] is being filled. */
  uint64_t first, filling;
  uint64_t waiting;              /* items added, not yet taken back: the progress line shows them */
  bool closing;
  pthread_mutex_t mutex;
  pthread_cond_t published;      /* a batch was published, or the pool closes */
  pthread_cond_t finished;       /* a batch's last result is in */
} rp_ordered_pool;

/* How many CPUs this process may run on (at least 1). */
unsigned rp_cpus_usable(void);

/* A pool with one context per doer: doers[0] is the adding thread's, and a
** worker thread starts for each other one. */
void rp_pool_start(rp_ordered_pool *p, size_t item_size, size_t result_size, rp_pool_do_fn *work,
                   void *const *doers, unsigned ndoers, rp_pool_take_fn *take, void *taker);
/* Add an item (copied); results of earlier items may be taken back here. */
void rp_pool_add(rp_ordered_pool *p, const void *item);
/* Do and take back everything added, stop the workers, free the pool. */
void rp_pool_finish(rp_ordered_pool *p);

#endif
