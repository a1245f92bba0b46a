/*
** The distribution of race distances in memory bounded by the number of
** distinct magnitudes, not of pairs: a log-linear histogram.  Distances
** below 2^RP_HIST_EXACT_BITS each have a bucket of their own; a larger one
** shares its bucket with the distances that agree in its leading
** RP_HIST_EXACT_BITS bits (a relative width under 2^-12).  Each bucket keeps
** its count, its least distance and whether it holds another, so the median
** is a distance that occurs, and it is exact unless it falls in a bucket
** holding two different distances.  A bucket takes 16 bytes: a predictor
** racing on most events adds to a random one each time, and the octaves in
** use then fill the caches.
*/
#ifndef RP_DISTANCE_HIST_H
#define RP_DISTANCE_HIST_H

#include <stdbool.h>
#include <stdint.h>

#define RP_HIST_EXACT_BITS 13

typedef struct rp_hist_bucket {
  uint64_t count;   /* and RP_HIST_MIXED when it holds two different distances */
  uint64_t min;
} rp_hist_bucket;

#define RP_HIST_MIXED ((uint64_t)1 << 63)   /* a count never reaches it */

typedef struct rp_distance_hist {
  rp_hist_bucket *octave[64];   /* allocated on first use */
  uint64_t count, max;
} rp_distance_hist;

void rp_hist_init(rp_distance_hist *h);
void rp_hist_free(rp_distance_hist *h);
void rp_hist_add(rp_distance_hist *h, uint64_t d);
/* Start loading the bucket rp_hist_add(h, d) will update (a prefetch). */
void rp_hist_prefetch(const rp_distance_hist *h, uint64_t d);

/* The lower median (0 when empty); *exact says whether it is exactly the
** median or a distance of the median's bucket. */
uint64_t rp_hist_median(const rp_distance_hist *h, bool *exact);

#endif
