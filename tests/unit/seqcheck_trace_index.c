/* Unit tests of SeqCheck's narrow index (predictors/seqcheck/trace_index.h):
** each derived value against a direct computation from the events, on a
** generated trace long enough for a thread to span several rank blocks, with
** branch-free stretches longer than a distance byte holds, out-of-order
** releases and a lock still held at the end. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "trace_index.h"

enum { THREADS = 3, LOCKS = 3, VARS = 5, EVENTS = 3 * (1 << SC_BLOCK_BITS) + 1000 };

static uint64_t rng = 12345;
static uint32_t next_random(uint32_t below) {
  rng = rng * 6364136223846793005u + 1442695040888963407u;
  return (uint32_t)(rng >> 33) % below;
}

/* One event of thread t: mostly accesses; locks taken when free and released
** in any order; thread 2 has branches only in its first few events, so its
** reads see long branch-free stretches. */
static void write_event(FILE *f, uint32_t t, uint32_t i, int *owner) {
  uint32_t pick = next_random(100), l = next_random(LOCKS);
  if (pick < 10 && owner[l] < 0) {
    owner[l] = (int)t;
    fprintf(f, "T%u|acq(l%u)|%u\n", t, l, i % 97);
  } else if (pick < 20 && owner[l] == (int)t) {
    owner[l] = -1;
    fprintf(f, "T%u|rel(l%u)|%u\n", t, l, i % 97);
  } else if (pick < 25 && (t != 2 || i < 500)) {
    fprintf(f, "T%u|br|%u\n", t, i % 97);
  } else {
    fprintf(f, "T%u|%s(x%u)|%u\n", t, pick < 60 ? "r" : "w", next_random(VARS), i % 97);
  }
}

static void load(rp_trace *t) {
  char path[] = "/tmp/rp-sc-index-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  FILE *f = fdopen(fd, "w");
  int owner[LOCKS];
  for (int l = 0; l < LOCKS; l++) owner[l] = -1;
  for (uint32_t i = 0; i < EVENTS; i++) {
    uint32_t t = next_random(8) < 6 ? 0 : 1 + next_random(THREADS - 1);   /* T0 crosses blocks */
    write_event(f, t, i, owner);
  }
  for (int l = 0; l < LOCKS; l++)   /* a lock held at the end */
    if (owner[l] < 0) {
      fprintf(f, "T1|acq(l%d)|1\n", l);
      break;
    }
  fclose(f);
  rp_trace_load_or_die(t, path, 0);
  unlink(path);
}

static rp_trace trace;
static rp_trace_threads full;   /* the common split with ranks and writers */

static int setup(void **state) {
  (void)state;
  load(&trace);
  rp_trace_threads_build(&full, &trace);
  return 0;
}

static int teardown(void **state) {
  (void)state;
  rp_trace_threads_free(&full);
  rp_trace_free(&trace);
  return 0;
}

static void ranks_and_writers(void **state) {
  (void)state;
  sc_index ix;
  sc_index_build(&ix, &trace, RP_BRANCHES_TRACE);
  uint32_t longest = 0;
  for (uint32_t t = 0; t < ix.k; t++)
    if (full.len[t] > longest) longest = full.len[t];
  assert_true(longest > 2 * (1u << SC_BLOCK_BITS));
  for (uint32_t e = 0; e < ix.n; e++) {
    assert_int_equal(sc_rank(&ix, e), full.rank[e]);
    assert_int_equal(sc_writer(&ix, e), full.writer[e]);
  }
  sc_index_free(&ix);
}

/* Each write's readers: those reads whose writer it is, in trace order. */
static void readers(void **state) {
  (void)state;
  sc_index ix;
  sc_index_build(&ix, &trace, RP_BRANCHES_TRACE);
  uint32_t *seen = calloc(ix.n, sizeof *seen), total = 0;
  for (uint32_t w = 0; w < ix.n; w++) {
    if (sc_op(&ix, w) != RP_OP_WRITE) continue;
    uint32_t last = 0, r;
    for (uint32_t j = sc_readers_from(&ix, w); (r = sc_reader(&ix, w, j)) != SC_NONE; j++, total++) {
      assert_int_equal(full.writer[r], w);
      assert_true(r > last);
      last = r, seen[r]++;
    }
  }
  for (uint32_t e = 0; e < ix.n; e++) assert_int_equal(seen[e], full.writer[e] != RP_NONE);
  assert_int_equal(total, ix.reads);
  free(seen);
  sc_index_free(&ix);
}

/* next_br by its definition: the first later rank with a branch before it
** (or the thread's length), thread by thread from its end. */
static void next_branches(void **state) {
  (void)state;
  rp_branch_model models[] = {RP_BRANCHES_TRACE, RP_BRANCHES_EVERY_READ, RP_BRANCHES_NONE};
  uint32_t longest = 0;
  for (size_t m = 0; m < sizeof models / sizeof *models; m++) {
    sc_index ix;
    sc_index_build(&ix, &trace, models[m]);
    for (uint32_t t = 0; t < ix.k; t++)
      for (uint32_t k = full.len[t], next = k; k-- > 0;) {
        assert_int_equal(sc_next_br(&ix, full.ev[t][k]), next);
        if (next - k > longest) longest = next - k;
        if (sc_branch_before(&ix, full.ev[t][k])) next = k;
      }
    sc_index_free(&ix);
  }
  assert_true(longest > 2 * SC_BR_FAR);
}

/* Lock partners, the held-lock chains and the lock-free cuts, against a
** replay that keeps each thread's held locks innermost first. */
static void locks(void **state) {
  (void)state;
  sc_index ix;
  sc_index_build(&ix, &trace, RP_BRANCHES_TRACE);
  uint32_t stack[THREADS][LOCKS], depth[THREADS] = {0}, open = 0, free_at = 0;
  uint32_t acq_of[LOCKS];
  bool copied = false;
  for (uint32_t e = 0; e < ix.n; e++) {
    uint32_t t = sc_tid(&ix, e), l = sc_opnd(&ix, e);
    if (open == 0) free_at = e;
    assert_int_equal(sc_free_cut(&ix, e), free_at);
    if (sc_op(&ix, e) == RP_OP_ACQ) stack[t][depth[t]++] = e, acq_of[l] = e, open++;
    if (sc_op(&ix, e) == RP_OP_REL) {
      uint32_t d = 0;
      while (sc_opnd(&ix, stack[t][d]) != l) d++;
      copied |= d + 1 != depth[t];
      memmove(&stack[t][d], &stack[t][d + 1], (--depth[t] - d) * sizeof **stack);
      assert_int_equal(sc_match(&ix, e), acq_of[l]);
      assert_int_equal(sc_match(&ix, acq_of[l]), e);
      open--;
    }
    uint32_t node = sc_held(&ix, e);
    for (uint32_t d = depth[t]; d-- > 0; node = sc_outer(&ix, node))
      assert_int_equal(sc_node_acq(&ix, node), stack[t][d]);
    assert_int_equal(node, SC_NONE);
  }
  assert_true(copied && open > 0);
  assert_int_equal(sc_free_cut(&ix, ix.n), free_at);
  sc_index_free(&ix);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(ranks_and_writers),
      cmocka_unit_test(readers),
      cmocka_unit_test(next_branches),
      cmocka_unit_test(locks),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
