/* A heap object with one field under a mutex and one field written by the
** creator after the fork, read by the child before it locks: whichever critical section comes first,
** the two accesses are not ordered. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct account {
  pthread_mutex_t lock;
  long balance;   /* under lock */
  long audits;    /* racy */
};

static void *auditor(void *arg) {
  struct account *a = arg;
  long audits = a->audits;
  pthread_mutex_lock(&a->lock);
  a->balance += 10;
  pthread_mutex_unlock(&a->lock);
  return (void *)audits;
}

int main(void) {
  struct account *a = calloc(1, sizeof *a);
  pthread_mutex_init(&a->lock, NULL);
  pthread_t t;
  pthread_create(&t, NULL, auditor, a);
  a->audits = 1;
  pthread_mutex_lock(&a->lock);
  a->balance -= 5;
  pthread_mutex_unlock(&a->lock);
  pthread_join(t, NULL);
  printf("%ld\n", a->balance);
  pthread_mutex_destroy(&a->lock);
  free(a);
  return 0;
}
