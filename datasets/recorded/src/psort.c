/* A parallel merge sort: each half of a range is sorted by a new thread
** down to a cut-off, then merged by the parent after joining both.  Every
** shared access is ordered by fork and join: no race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 256, CUTOFF = 32 };
static int data[N], scratch[N];

struct range { int lo, hi; };

static void merge(int lo, int mid, int hi) {
  int i = lo, j = mid, k = lo;
  while (i < mid && j < hi) scratch[k++] = data[i] <= data[j] ? data[i++] : data[j++];
  while (i < mid) scratch[k++] = data[i++];
  while (j < hi) scratch[k++] = data[j++];
  memcpy(data + lo, scratch + lo, (size_t)(hi - lo) * sizeof *data);
}

static void *sort(void *arg) {
  struct range r = *(struct range *)arg;
  if (r.hi - r.lo <= CUTOFF) {
    for (int i = r.lo + 1; i < r.hi; i++)
      for (int j = i; j > r.lo && data[j - 1] > data[j]; j--) {
        int t = data[j]; data[j] = data[j - 1]; data[j - 1] = t;
      }
    return NULL;
  }
  int mid = (r.lo + r.hi) / 2;
  struct range halves[2] = {{r.lo, mid}, {mid, r.hi}};
  pthread_t t[2];
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, sort, &halves[i]);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  merge(r.lo, mid, r.hi);
  return NULL;
}

int main(void) {
  srand(1);
  for (int i = 0; i < N; i++) data[i] = rand() % 1000;
  struct range all = {0, N};
  sort(&all);
  for (int i = 1; i < N; i++)
    if (data[i - 1] > data[i]) return 1;
  printf("sorted %d\n", N);
  return 0;
}
