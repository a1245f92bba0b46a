/* Threads joined while others are created: glibc hands a joined thread's
** handle to the next new thread, so a join must be logged under the
** number the handle had before the join returned.  Each worker creates
** and joins children in a loop; a child writes its worker's slot, which
** the worker reads after the join: no race, for ThreadSanitizer and for
** every predictor. */
#include <pthread.h>
#include <stdio.h>

enum { WORKERS = 3, ROUNDS = 400 };
static long slot[WORKERS];

static void *child(void *arg) {
  long *s = arg;
  *s += 1;
  return NULL;
}

static void *worker(void *arg) {
  long *s = arg;
  for (int i = 0; i < ROUNDS; i++) {
    pthread_t t;
    pthread_create(&t, NULL, child, s);
    pthread_join(t, NULL);
    if (*s != i + 1) return s;
  }
  return NULL;
}

int main(void) {
  pthread_t w[WORKERS];
  for (int i = 0; i < WORKERS; i++) pthread_create(&w[i], NULL, worker, &slot[i]);
  int bad = 0;
  for (int i = 0; i < WORKERS; i++) {
    void *r;
    pthread_join(w[i], &r);
    bad |= r != NULL;
  }
  printf("%s\n", bad ? "lost a write" : "ok");
  return bad;
}
