/* Heap blocks named by allocation site, without a race: a scratch block
** allocated, used and freed twice at one site (the allocator hands the
** same address out again: two blocks, two names), one block per worker
** allocated at one site by main before the workers start (three blocks of
** one site, one per thread: no race), and a block allocated by realloc. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { WORKERS = 3, CELLS = 4 };
/* The last block made, kept so that the compiler keeps the blocks. */
long *last_block;

static void *work(void *arg) {
  long *own = arg;
  for (int i = 0; i < CELLS; i++) own[i] += i;
  return NULL;
}

int main(void) {
  long sum = 0;
  for (int round = 0; round < 2; round++) {
    volatile long *scratch = malloc(CELLS * sizeof *scratch);
    scratch[1] = round;   /* volatile: kept, though the block is freed */
    sum += scratch[1];
    free((void *)scratch);
  }
  long *blocks[WORKERS];
  pthread_t threads[WORKERS];
  for (int i = 0; i < WORKERS; i++) blocks[i] = calloc(CELLS, sizeof(long));
  for (int i = 0; i < WORKERS; i++) pthread_create(&threads[i], NULL, work, blocks[i]);
  for (int i = 0; i < WORKERS; i++) pthread_join(threads[i], NULL);
  long *grown = realloc(NULL, 2 * CELLS * sizeof *grown);
  last_block = grown;
  grown[CELLS] = blocks[0][1] + blocks[WORKERS - 1][CELLS - 1];
  sum += grown[CELLS];
  printf("%ld\n", sum);
  for (int i = 0; i < WORKERS; i++) free(blocks[i]);
  free(grown);
  return 0;
}
