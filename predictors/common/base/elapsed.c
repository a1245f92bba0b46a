#include "elapsed.h"

#include <time.h>

double rp_now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

double rp_ms_since(double start) { return (rp_now_s() - start) * 1e3; }
