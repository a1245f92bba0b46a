/* Unit tests of rp record's live heap blocks (tools/record/heap_blocks.h):
** lookups, numbering per site, resize in place, and a long random sequence
** of allocations and frees checked against a plain list of the blocks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "heap_blocks.h"

static void a_word_is_found_in_its_block_only(void **state) {
  (void)state;
  heap_blocks b;
  heap_blocks_init(&b);
  heap_blocks_allocated(&b, 0x1000, 0x1020, 7);
  heap_blocks_allocated(&b, 0x1040, 0x1050, 7);
  assert_null(heap_blocks_find(&b, 0xfff));
  assert_int_equal(heap_blocks_find(&b, 0x1000)->start, 0x1000);
  assert_int_equal(heap_blocks_find(&b, 0x101f)->serial, 1);
  assert_null(heap_blocks_find(&b, 0x1020));   /* between the blocks */
  assert_int_equal(heap_blocks_find(&b, 0x1048)->serial, 2);
  assert_int_equal(heap_blocks_find(&b, 0x1048)->site, 7);
  heap_blocks_free(&b);
}

static void a_block_at_a_freed_address_is_the_next_of_its_site(void **state) {
  (void)state;
  heap_blocks b;
  heap_blocks_init(&b);
  heap_blocks_allocated(&b, 0x1000, 0x1020, 3);
  heap_blocks_allocated(&b, 0x2000, 0x2020, 4);
  heap_blocks_freed(&b, 0x1000);
  assert_null(heap_blocks_find(&b, 0x1008));
  heap_blocks_allocated(&b, 0x1000, 0x1010, 3);
  assert_int_equal(heap_blocks_find(&b, 0x1008)->serial, 2);
  assert_int_equal(heap_blocks_find(&b, 0x2008)->serial, 1);
  heap_blocks_freed(&b, 0x1234);   /* never allocated: nothing happens */
  assert_non_null(heap_blocks_find(&b, 0x2000));
  heap_blocks_free(&b);
}

static void an_allocation_at_a_live_start_resizes_in_place(void **state) {
  (void)state;
  heap_blocks b;
  heap_blocks_init(&b);
  heap_blocks_allocated(&b, 0x1000, 0x1010, 3);
  heap_blocks_allocated(&b, 0x1000, 0x1040, 9);   /* realloc in place */
  const heap_block *k = heap_blocks_find(&b, 0x1038);
  assert_non_null(k);
  assert_int_equal(k->site, 3);
  assert_int_equal(k->serial, 1);
  heap_blocks_free(&b);
}

static void a_new_block_drops_the_stale_ones_it_overlaps(void **state) {
  (void)state;
  heap_blocks b;
  heap_blocks_init(&b);
  assert_false(heap_blocks_allocated(&b, 0x1000, 0x1100, 1));   /* freed unseen */
  assert_false(heap_blocks_allocated(&b, 0x1100, 0x1110, 1));   /* freed unseen */
  assert_true(heap_blocks_allocated(&b, 0x0ff0, 0x1200, 2));
  assert_int_equal(heap_blocks_find(&b, 0x1108)->start, 0x0ff0);
  assert_int_equal(heap_blocks_find(&b, 0x11f8)->start, 0x0ff0);
  heap_blocks_free(&b);
}

/* Random allocations and frees of non-overlapping blocks in SLOTS slots,
** each lookup compared with the list of live blocks. */
enum { SLOTS = 512, STEPS = 20000, SLOT_BYTES = 64 };
static void random_use_agrees_with_a_plain_list(void **state) {
  (void)state;
  heap_blocks b;
  heap_blocks_init(&b);
  struct { int live; uint64_t end; uint32_t site, serial; } slot[SLOTS] = {{0}};
  uint32_t made[4] = {0};
  srand(12345);
  for (int step = 0; step < STEPS; step++) {
    int s = rand() % SLOTS;
    uint64_t start = 0x10000 + (uint64_t)s * SLOT_BYTES;
    if (slot[s].live) {
      heap_blocks_freed(&b, start);
      slot[s].live = 0;
    } else {
      uint32_t site = (uint32_t)(rand() % 4);
      slot[s].live = 1;
      slot[s].end = start + 8 + (uint64_t)(rand() % (SLOT_BYTES - 8));
      slot[s].site = site;
      slot[s].serial = ++made[site];
      assert_false(heap_blocks_allocated(&b, start, slot[s].end, site));
    }
    uint64_t probe = 0x10000 + (uint64_t)(rand() % (SLOTS * SLOT_BYTES));
    int p = (int)((probe - 0x10000) / SLOT_BYTES);
    const heap_block *k = heap_blocks_find(&b, probe);
    if (slot[p].live && probe < slot[p].end) {
      assert_non_null(k);
      assert_int_equal(k->site, slot[p].site);
      assert_int_equal(k->serial, slot[p].serial);
    } else {
      assert_null(k);
    }
  }
  heap_blocks_free(&b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_word_is_found_in_its_block_only),
      cmocka_unit_test(a_block_at_a_freed_address_is_the_next_of_its_site),
      cmocka_unit_test(an_allocation_at_a_live_start_resizes_in_place),
      cmocka_unit_test(a_new_block_drops_the_stale_ones_it_overlaps),
      cmocka_unit_test(random_use_agrees_with_a_plain_list),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
