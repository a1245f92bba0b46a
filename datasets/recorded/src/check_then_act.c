/* An atomicity violation without a data race: T1 stores its claim in a
** shared slot and, in a second critical section, reads it back to act on
** it, assuming nobody wrote the slot in between.  T2 wrote the slot
** earlier in the run (T1 sleeps first: the sleep orders the run, it is not
** synchronization).  Every access is locked, so no predictor reports a
** race; but T2's write can be moved between T1's write and its read, which
** then sees T2's value (SeqCheck reports the atomicity violation). */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t slot_lock = PTHREAD_MUTEX_INITIALIZER;
static long slot;

static void *claim(void *arg) {
  long me = (long)arg;
  usleep(50000);
  pthread_mutex_lock(&slot_lock);
  slot = me;
  pthread_mutex_unlock(&slot_lock);
  pthread_mutex_lock(&slot_lock);
  long owner = slot;
  pthread_mutex_unlock(&slot_lock);
  if (owner != me) printf("claim lost\n");
  return NULL;
}

static void *overwrite(void *arg) {
  pthread_mutex_lock(&slot_lock);
  slot = (long)arg;
  pthread_mutex_unlock(&slot_lock);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, claim, (void *)1);
  pthread_create(&t2, NULL, overwrite, (void *)2);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("slot %ld\n", slot);
  return 0;
}
