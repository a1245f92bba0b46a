/* A check-then-act atomicity violation without a data race: T1 reserves a
** seat in one critical section and reads it back in another, assuming
** nobody changed it in between; T2, later (the sleep orders the run),
** writes the seat in its own critical section.  Every access is locked,
** so no predictor reports a race, but T2's write fits between T1's write
** and read (SeqCheck reports the atomicity violation). */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t seats_lock = PTHREAD_MUTEX_INITIALIZER;
static long seat_owner;

static void *reserve(void *arg) {
  long me = (long)arg;
  pthread_mutex_lock(&seats_lock);
  if (seat_owner == 0) seat_owner = me;
  pthread_mutex_unlock(&seats_lock);
  pthread_mutex_lock(&seats_lock);
  long owner = seat_owner;
  pthread_mutex_unlock(&seats_lock);
  if (owner != me) printf("seat lost\n");
  return NULL;
}

static void *take_over(void *arg) {
  usleep(50000);
  pthread_mutex_lock(&seats_lock);
  seat_owner = (long)arg;
  pthread_mutex_unlock(&seats_lock);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, reserve, (void *)1);
  pthread_create(&t2, NULL, take_over, (void *)2);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("owner %ld\n", seat_owner);
  return 0;
}
