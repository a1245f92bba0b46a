/* Double-checked locking: the first check of `instance` is outside the
** lock, so a thread that sees it set reads the object's fields with no
** ordering after the thread that built it (HB reports the races). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct config { long size, flags; };
static struct config *instance;
static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;

static struct config *get_config(void) {
  if (instance == NULL) {
    pthread_mutex_lock(&init_lock);
    if (instance == NULL) {
      struct config *c = malloc(sizeof *c);
      c->size = 64;
      c->flags = 3;
      instance = c;
    }
    pthread_mutex_unlock(&init_lock);
  }
  return instance;
}

static void *user(void *arg) {
  (void)arg;
  long sum = 0;
  for (int i = 0; i < 4; i++) sum += get_config()->size;
  return (void *)sum;
}

int main(void) {
  enum { USERS = 4 };
  pthread_t t[USERS];
  for (int i = 0; i < USERS; i++) pthread_create(&t[i], NULL, user, NULL);
  for (int i = 0; i < USERS; i++) pthread_join(t[i], NULL);
  printf("%ld\n", instance->size);
  free(instance);
  return 0;
}
