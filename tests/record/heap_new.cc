// C++'s new and delete named like malloc and free: a block made by new at
// one site twice, deleted in between (the allocator hands the same address
// out again: two blocks, two names), an array made by new[], and a
// std::vector, whose blocks its allocator's header makes.
#include <pthread.h>
#include <vector>

struct Cell {
  long a, b;
};

static void *work(void *arg) {
  static_cast<Cell *>(arg)->b += 1;
  return nullptr;
}

int main() {
  Cell *cells = new Cell[2]();
  for (int round = 0; round < 2; round++) {
    Cell *one = new Cell{round, 2};
    pthread_t t;
    pthread_create(&t, nullptr, work, one);
    pthread_join(t, nullptr);
    cells[1].a += one->b;
    delete one;
  }
  long r = cells[1].a;
  delete[] cells;
  std::vector<long> v(3);
  v[2] = r;
  return v[2] == 6 ? 0 : 1;
}
