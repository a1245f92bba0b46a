/* The program scripts/record-overhead times plain, under ThreadSanitizer
** and under rp record: two threads each sweep their half of an array
** (reads, writes, comparisons) and add to a shared total under a mutex
** every 64 elements.  argv[1]: the sweeps (default 20). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 16, THREADS = 2 };
static long data[N];
static long total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;
static int sweeps = 20;

static void *sweep(void *arg) {
  long id = (long)arg, lo = id * (N / THREADS), hi = lo + N / THREADS;
  for (int s = 0; s < sweeps; s++) {
    long part = 0;
    for (long i = lo; i < hi; i++) {
      data[i] = data[i] * 3 + i;
      if (data[i] % 7 == 0) part++;
      if ((i & 63) == 63) {
        pthread_mutex_lock(&total_lock);
        total += part;
        pthread_mutex_unlock(&total_lock);
        part = 0;
      }
    }
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc > 1) sweeps = atoi(argv[1]);
  pthread_t t[THREADS];
  for (long i = 0; i < THREADS; i++) pthread_create(&t[i], NULL, sweep, (void *)i);
  for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
  printf("%ld\n", total);
  return 0;
}
