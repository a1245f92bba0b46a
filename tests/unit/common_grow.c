/* Unit tests of RP_GROW_FROM (base/diag.h): an array grows by doubling from
** its first capacity, keeps what it held, zeroes what it gains, works with a
** capacity of any unsigned width, and a capacity past that width or past
** memory is exit 3, never a wrapped count. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/diag.h"

static void grows_by_doubling_and_zeroes_the_new_part(void **state) {
  (void)state;
  uint64_t *a = NULL;
  uint32_t cap = 0;
  RP_GROW_FROM(a, cap, 0, 4);
  assert_int_equal(cap, 4);
  for (uint32_t i = 0; i < cap; i++) a[i] = i + 100;
  RP_GROW_FROM(a, cap, 4, 4);
  assert_int_equal(cap, 8);
  RP_GROW_FROM(a, cap, 7, 4);   /* index 7 fits already */
  assert_int_equal(cap, 8);
  RP_GROW_FROM(a, cap, 20, 4);
  assert_int_equal(cap, 32);
  for (uint32_t i = 0; i < 4; i++) assert_int_equal(a[i], i + 100);
  for (uint32_t i = 4; i < cap; i++) assert_int_equal(a[i], 0);
  free(a);
}

static void rp_grow_starts_at_eight(void **state) {
  (void)state;
  char *a = NULL;
  size_t cap = 0;
  RP_GROW(a, cap, 0);
  assert_int_equal(cap, 8);
  free(a);
}

/* The exit status of grow() run in a child, its messages dropped. */
static int exit_status_of(void (*grow)(void)) {
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    if (!freopen("/dev/null", "w", stderr)) _exit(99);
    grow();
    _exit(0);
  }
  int status;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(WIFEXITED(status));
  return WEXITSTATUS(status);
}

/* Index 127 fits in 128 elements, the last doubling a uint8_t counts;
** index 128 would need 256. */
static void past_a_byte_capacity(void) {
  char *a = NULL;
  uint8_t cap = 0;
  RP_GROW_FROM(a, cap, 127, 4);
  if (cap != 128) _exit(98);
  RP_GROW_FROM(a, cap, 128, 4);
}

static void past_the_address_space(void) {
  uint64_t *a = NULL;
  size_t cap = 0;
  RP_GROW(a, cap, SIZE_MAX / 4);   /* would overflow the byte count */
}

static void a_capacity_past_its_width_is_exit_3(void **state) {
  (void)state;
  assert_int_equal(exit_status_of(past_a_byte_capacity), RP_EXIT_RESOURCE);
  assert_int_equal(exit_status_of(past_the_address_space), RP_EXIT_RESOURCE);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(grows_by_doubling_and_zeroes_the_new_part),
      cmocka_unit_test(rp_grow_starts_at_eight),
      cmocka_unit_test(a_capacity_past_its_width_is_exit_3),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
