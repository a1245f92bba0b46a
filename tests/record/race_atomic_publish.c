/* A value published through an atomic flag (release/acquire: no race)
** and a second value written after the flag, read by the waiter: racy. */
#include <pthread.h>
#include <stdatomic.h>
#include <sched.h>
#include <stdio.h>

static long payload, late;
static atomic_int published;

static void *publisher(void *arg) {
  (void)arg;
  payload = 99;
  atomic_store_explicit(&published, 1, memory_order_release);
  late = 5;
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, publisher, NULL);
  while (!atomic_load_explicit(&published, memory_order_acquire)) sched_yield();
  long seen = payload + late;
  pthread_join(t, NULL);
  printf("%ld\n", seen);
  return 0;
}
