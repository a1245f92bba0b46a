/* Unit tests of correct reorderings (reorder.h): the rules that decide
** whether an event may be appended, per definition, and the memo key. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "reorder/reorder.h"

/* Load an STD trace given as text. */
static void load(rp_trace *t, const char *text) {
  char path[] = "/tmp/rp-reorder-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
  close(fd);
  rp_trace_load_or_die(t, path, 0);
  unlink(path);
}

typedef struct fixture {
  rp_trace t;
  rp_rmodel m;
  rp_rstate s;
} fixture;

static fixture *setup(const char *text, const char *def) {
  fixture *f = calloc(1, sizeof *f);
  load(&f->t, text);
  rp_rmodel_init(&f->m, &f->t, rp_rdef_find(def));
  rp_rstate_init(&f->s, &f->m);
  return f;
}

static void teardown(fixture *f) {
  rp_rstate_free(&f->s);
  rp_rmodel_free(&f->m);
  rp_trace_free(&f->t);
  free(f);
}

/* Event index i (0-based) may be appended now. */
static bool can(fixture *f, uint32_t i) { return rp_rcan_append(&f->m, &f->s, i, NULL); }
static void add(fixture *f, uint32_t i) { rp_rappend(&f->m, &f->s, i); }

static void reads_keep_their_writer(void **state) {
  (void)state;
  fixture *f = setup("T1|w(x)|1\nT1|w(x)|2\nT2|r(x)|3\n", "enabled");
  assert_int_equal(f->m.by_thread.writer[2], 1);
  assert_false(can(f, 2));          /* no write yet: r@3 would see none */
  assert_false(can(f, 1));          /* not next in T1 */
  add(f, 0);
  assert_false(can(f, 2));          /* would see w@1, not w@2 */
  add(f, 1);
  assert_true(can(f, 2));
  teardown(f);
}

static void locks_forks_and_joins(void **state) {
  (void)state;
  fixture *f = setup("T0|acq(l)|1\nT0|fork(T1)|2\nT0|rel(l)|3\nT1|acq(l)|4\n"
                     "T1|rel(l)|5\nT0|join(T1)|6\n", "enabled");
  assert_false(can(f, 3));          /* T1 not forked yet */
  add(f, 0);
  add(f, 1);
  assert_true(rp_rforked(&f->m, &f->s, 3));
  assert_false(can(f, 3));          /* l held by T0 */
  add(f, 2);
  assert_true(can(f, 3));
  assert_false(can(f, 5));          /* T1 still has events */
  add(f, 3);
  add(f, 4);
  assert_true(can(f, 5));
  teardown(f);
}

static void branches_pin_earlier_reads(void **state) {
  (void)state;
  fixture *f = setup("T1|w(x)|1\nT2|r(x)|2\nT2|br|3\n", "branch");
  assert_true(can(f, 1));           /* a free read may see the initial value */
  add(f, 1);
  assert_false(can(f, 2));          /* but then T2 cannot pass its branch */
  rp_rstate_free(&f->s);
  rp_rstate_init(&f->s, &f->m);
  add(f, 0);
  add(f, 1);
  assert_true(can(f, 2));
  teardown(f);
}

static void conflicting_accesses_keep_their_order_under_ca(void **state) {
  (void)state;
  fixture *f = setup("T1|r(x)|1\nT2|w(x)|2\nT2|w(y)|3\n", "adjacent-ca");
  assert_false(can(f, 1));          /* w@2 after the earlier conflicting r@1 */
  add(f, 0);
  assert_true(can(f, 1));
  teardown(f);
}

static void cs_preserving_keeps_release_acquire_order(void **state) {
  (void)state;
  fixture *f = setup("T1|acq(l)|1\nT1|rel(l)|2\nT2|acq(l)|3\nT2|rel(l)|4\n", "cs-preserving");
  assert_false(can(f, 2));
  fixture *g = setup("T1|acq(l)|1\nT1|rel(l)|2\nT2|acq(l)|3\nT2|rel(l)|4\n", "enabled");
  assert_true(can(g, 2));
  teardown(f);
  teardown(g);
}

static void adjacency_needs_the_racing_read_to_keep_its_writer(void **state) {
  (void)state;
  fixture *f = setup("T1|w(x)|1\nT1|w(x)|2\nT2|r(x)|3\n", "adjacent");
  assert_false(f->m.def->race_at(&f->m, &f->s, 0, 2));
  assert_false(f->m.def->race_at(&f->m, &f->s, 2, 0));
  add(f, 0);
  assert_true(f->m.def->race_at(&f->m, &f->s, 1, 2));   /* w@2 then r@3 */
  assert_false(f->m.def->race_at(&f->m, &f->s, 2, 1));  /* r@3 would see w@1 */
  assert_int_equal(f->s.cut[0], 1);                     /* state restored */
  teardown(f);
}

static void keys_forget_writers_no_read_needs(void **state) {
  (void)state;
  /* Two orders of the writes reach the same cut; r@4 is done in both, so
  ** the last writer of x no longer matters and the keys are equal. */
  fixture *f = setup("T1|w(x)|1\nT2|w(x)|2\nT3|r(y)|3\nT3|r(x)|4\n", "enabled");
  size_t n = rp_rkey_words(&f->m);
  uint32_t *k1 = calloc(n, sizeof *k1), *k2 = calloc(n, sizeof *k2);
  add(f, 0); add(f, 1);
  rp_rkey(&f->m, &f->s, k1);
  rp_rstate_free(&f->s); rp_rstate_init(&f->s, &f->m);
  add(f, 1); add(f, 0);
  rp_rkey(&f->m, &f->s, k2);
  assert_memory_not_equal(k1, k2, n * sizeof *k1);   /* r@4 still to come */
  teardown(f);
  free(k1), free(k2);
  f = setup("T1|w(x)|1\nT2|w(x)|2\nT3|r(y)|3\n", "enabled");
  n = rp_rkey_words(&f->m);
  k1 = calloc(n, sizeof *k1), k2 = calloc(n, sizeof *k2);
  add(f, 0); add(f, 1);
  rp_rkey(&f->m, &f->s, k1);
  rp_rstate_free(&f->s); rp_rstate_init(&f->s, &f->m);
  add(f, 1); add(f, 0);
  rp_rkey(&f->m, &f->s, k2);
  assert_memory_equal(k1, k2, n * sizeof *k1);
  teardown(f);
  free(k1), free(k2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(reads_keep_their_writer),
      cmocka_unit_test(locks_forks_and_joins),
      cmocka_unit_test(branches_pin_earlier_reads),
      cmocka_unit_test(conflicting_accesses_keep_their_order_under_ca),
      cmocka_unit_test(cs_preserving_keeps_release_acquire_order),
      cmocka_unit_test(adjacency_needs_the_racing_read_to_keep_its_writer),
      cmocka_unit_test(keys_forget_writers_no_read_needs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
