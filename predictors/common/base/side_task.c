/* Side tasks; see side_task.h. */
#include "side_task.h"

static void *side_main(void *arg) {
  rp_side_task *s = arg;
  s->fn(s->arg);
  return NULL;
}

void rp_side_task_start(rp_side_task *s, rp_side_fn *fn, void *arg, bool threaded) {
  s->fn = fn;
  s->arg = arg;
  s->running = threaded && pthread_create(&s->thread, NULL, side_main, s) == 0;
  if (!s->running) fn(arg);
}

void rp_side_task_join(rp_side_task *s) {
  if (s->running) pthread_join(s->thread, NULL);
  s->running = false;
}
