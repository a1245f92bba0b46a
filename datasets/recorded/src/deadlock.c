/* A lock-order inversion that did not deadlock in the run: T1 takes
** `accounts` then `audit`; T2, later (the sleep orders the run), takes
** `audit` then `accounts`.  Reordered so that each holds its first lock,
** both wait forever: a predictable deadlock (SeqCheck reports it).  T2
** reads nothing T1 wrote before its second acquire (it sets `audited`, it
** does not increment it): had it read T1's write, no reordering in which
** reads keep their writers could stop T1 before that write, and the
** inversion would be a deadlock only if the read could see another value. */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t accounts = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t audit = PTHREAD_MUTEX_INITIALIZER;
static long balance, audited;

static void *transfer(void *arg) {
  (void)arg;
  pthread_mutex_lock(&accounts);
  balance += 100;
  pthread_mutex_lock(&audit);
  audited++;
  pthread_mutex_unlock(&audit);
  pthread_mutex_unlock(&accounts);
  return NULL;
}

static void *report(void *arg) {
  (void)arg;
  usleep(50000);
  pthread_mutex_lock(&audit);
  audited = 1;
  pthread_mutex_lock(&accounts);
  long seen = balance;
  pthread_mutex_unlock(&accounts);
  pthread_mutex_unlock(&audit);
  return (void *)seen;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, transfer, NULL);
  pthread_create(&t2, NULL, report, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("%ld %ld\n", balance, audited);
  return 0;
}
