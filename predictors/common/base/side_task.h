/*
** A side task: one function run on a second thread while the caller does
** other work, for an offline build whose steps write disjoint data (M2's
** model: its indexes beside its lock sets and clocks).  Without a second
** thread (threaded false, or a thread that cannot start) the task runs
** inline at rp_side_task_start, so the result never depends on it.
*/
#ifndef RP_SIDE_TASK_H
#define RP_SIDE_TASK_H

#include <pthread.h>
#include <stdbool.h>

typedef void rp_side_fn(void *arg);

typedef struct rp_side_task {
  rp_side_fn *fn;
  void *arg;
  pthread_t thread;
  bool running;   /* on its own thread, not yet joined */
} rp_side_task;

void rp_side_task_start(rp_side_task *s, rp_side_fn *fn, void *arg, bool threaded);
/* Wait until the task has finished. */
void rp_side_task_join(rp_side_task *s);

#endif
