/* Unit tests of the race report's counting in bounded memory: the distance
** histogram (distance_hist.h), the racy-event count (race_report.h) and the
** distinct locations and location pairs (location_counts.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli/cli.h"
#include "base/u64set.h"
#include "report/distance_hist.h"
#include "report/location_counts.h"
#include "report/race_report.h"

static void small_distances_give_the_exact_lower_median(void **state) {
  (void)state;
  rp_distance_hist h;
  rp_hist_init(&h);
  bool exact;
  assert_int_equal(rp_hist_median(&h, &exact), 0);
  const uint64_t d[] = {7, 1, 8191, 3, 3, 5000};
  for (size_t i = 0; i < 6; i++) rp_hist_add(&h, d[i]);
  assert_int_equal(rp_hist_median(&h, &exact), 3);   /* 1 3 [3] 7 5000 8191 */
  assert_true(exact);
  assert_int_equal(h.max, 8191);
  rp_hist_free(&h);
}

static void large_distances_are_exact_unless_a_bucket_mixes(void **state) {
  (void)state;
  rp_distance_hist h;
  rp_hist_init(&h);
  bool exact;
  for (int i = 0; i < 3; i++) rp_hist_add(&h, 1000000007);
  assert_int_equal(rp_hist_median(&h, &exact), 1000000007);
  assert_true(exact);
  rp_hist_add(&h, 1000000008);   /* same bucket, another distance */
  rp_hist_add(&h, 1000000008);
  uint64_t m = rp_hist_median(&h, &exact);
  assert_int_equal(m, 1000000007);   /* a distance that occurs, of the median's bucket */
  assert_false(exact);
  rp_hist_add(&h, UINT64_MAX);
  assert_int_equal(h.max, UINT64_MAX);
  rp_hist_free(&h);
}

/* A bucket keeps its least distance, whichever order the distances came in. */
static void a_bucket_keeps_its_least_distance(void **state) {
  (void)state;
  rp_distance_hist h;
  rp_hist_init(&h);
  bool exact;
  rp_hist_add(&h, 1000000008);
  rp_hist_add(&h, 1000000007);   /* same bucket, smaller */
  rp_hist_add(&h, 1000000008);
  assert_int_equal(rp_hist_median(&h, &exact), 1000000007);
  assert_false(exact);
  rp_hist_free(&h);
}

/* The stats row of a report fed with pairs (first, second). */
static void stats_of(const uint64_t (*pairs)[2], size_t n, char *row, size_t size) {
  char path[] = "/tmp/rp-unit-stats-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  rp_symbols sym;
  rp_symbols_init(&sym);
  rp_names_intern(&sym.threads, "T0", 2);
  rp_names_intern(&sym.threads, "T1", 2);
  rp_names_intern(&sym.vars, "x", 1);
  rp_names_intern(&sym.locs, "1", 1);
  rp_options opt = {.trace = "t.std", .stats_path = path, .quiet = true};
  rp_race_report rep;
  rp_report_open(&rep, &opt, "unit", &sym, NULL);
  for (size_t i = 0; i < n; i++) {
    rp_access a = {pairs[i][0], 0, 0, RP_OP_WRITE}, b = {pairs[i][1], 1, 0, RP_OP_WRITE};
    rp_report_pair(&rep, &a, &b, 0, NULL);
  }
  rp_report_finish(&rep, 100);
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  assert_non_null(fgets(row, (int)size, f));
  assert_non_null(strstr(row, ",analysis_ms,approximate,stopped_early,partial"));
  assert_non_null(fgets(row, (int)size, f));
  fclose(f);
  unlink(path);
  rp_symbols_free(&sym);
}

static void racy_events_in_order_are_exact(void **state) {
  (void)state;
  static const uint64_t pairs[][2] = {{1, 5}, {2, 5}, {3, 6}, {7, 9}, {8, 9}, {2, 9}};
  char row[512];
  stats_of(pairs, 6, row, sizeof row);
  /* racy_pairs 6, racy_events 3 (5, 6, 9); nothing approximate */
  assert_non_null(strstr(row, "unit,t.std,100,2,0,1,6,3,1,1,7,"));
  assert_non_null(strstr(row, ",,0,\n"));   /* approximate empty, not stopped early, complete */
}

/* More pairs than the report adds to its histogram at a time: none lost,
** the last (the largest distances) neither. */
static void many_pairs_are_all_counted(void **state) {
  (void)state;
  uint64_t pairs[200][2];
  for (uint64_t i = 0; i < 200; i++) {
    pairs[i][0] = i + 1;
    pairs[i][1] = i + 1 + (i < 100 ? 1000 : i < 196 ? 2000 : 3000);
  }
  char row[512];
  stats_of((const uint64_t (*)[2])pairs, 200, row, sizeof row);
  /* 200 pairs and racy events, max distance 3000, lower median 1000 */
  assert_non_null(strstr(row, "unit,t.std,100,2,0,1,200,200,1,1,3000,1000,"));
}

static void racy_events_out_of_order_are_flagged(void **state) {
  (void)state;
  static const uint64_t pairs[][2] = {{1, 9}, {1, 5}, {2, 5}, {1, 9}};
  char row[512];
  stats_of(pairs, 4, row, sizeof row);
  assert_non_null(strstr(row, "unit,t.std,100,2,0,1,4,2,"));   /* 9 and 5: still right */
  assert_non_null(strstr(row, ",racy_events,0,\n"));
}

/* Random pairs of locations on both sides of the pair bitmap's bound, each
** in either order and often again, count as hash sets of their keys do;
** so do their locations. */
static void location_counts_count_like_sets_of_keys(void **state) {
  (void)state;
  rp_location_pairs pairs;
  rp_location_pairs_init(&pairs);
  rp_location_set locs;
  rp_location_set_init(&locs);
  rp_u64set expected_pairs, expected_locs;
  rp_u64set_init(&expected_pairs);
  rp_u64set_init(&expected_locs);
  srand(7);
  const uint32_t span = RP_LOC_PAIRS_DENSE + 64;   /* a few ids past the bound */
  for (int i = 0; i < 200000; i++) {
    uint32_t a = (uint32_t)rand() % span, b = (uint32_t)rand() % (i % 3 ? 100 : span);
    rp_location_pairs_add(&pairs, a, b);
    rp_location_pairs_add(&pairs, b, a);
    rp_u64set_add(&expected_pairs, rp_location_pair_key(a, b));
    rp_location_set_add(&locs, a);
    rp_u64set_add(&expected_locs, a);
    if (i % 1000 == 0) {
      assert_int_equal(rp_location_pairs_count(&pairs), rp_u64set_count(&expected_pairs));
      assert_int_equal(locs.count, rp_u64set_count(&expected_locs));
    }
  }
  assert_int_equal(rp_location_pairs_count(&pairs), rp_u64set_count(&expected_pairs));
  assert_int_equal(locs.count, rp_u64set_count(&expected_locs));
  assert_true(pairs.dense > 0 && rp_u64set_count(&pairs.sparse) > 0);   /* both halves used */
  rp_u64set_free(&expected_pairs);
  rp_u64set_free(&expected_locs);
  rp_location_set_free(&locs);
  rp_location_pairs_free(&pairs);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(small_distances_give_the_exact_lower_median),
      cmocka_unit_test(large_distances_are_exact_unless_a_bucket_mixes),
      cmocka_unit_test(a_bucket_keeps_its_least_distance),
      cmocka_unit_test(racy_events_in_order_are_exact),
      cmocka_unit_test(many_pairs_are_all_counted),
      cmocka_unit_test(racy_events_out_of_order_are_flagged),
      cmocka_unit_test(location_counts_count_like_sets_of_keys),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
