/* Unit tests of the "did you mean" rule (base/nearest.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "base/nearest.h"

static const char *const options[] = {"--races", "--stats", "--max-races", "--first-race",
                                      "--quiet", "--format", "--help", "--version"};
enum { OPTIONS = sizeof options / sizeof *options };

static const char *near(const char *word) { return rp_nearest_name(word, options, OPTIONS); }

static void a_typo_names_the_option(void **state) {
  (void)state;
  assert_string_equal(near("--race"), "--races");     /* one letter short (also a prefix) */
  assert_string_equal(near("--qiuet"), "--quiet");    /* two letters swapped: distance 2 */
  assert_string_equal(near("--verison"), "--version");
  assert_string_equal(near("--stat"), "--stats");
}

static void an_abbreviation_wins_over_a_closer_name(void **state) {
  (void)state;
  static const char *const commands[] = {"shb", "show"};
  /* "sho" is one edit from both; it begins only "show" */
  assert_string_equal(rp_nearest_name("sho", commands, 2), "show");
  assert_string_equal(rp_nearest_name("hbb", (const char *const[]){"dc", "hb", "m2"}, 3), "hb");
}

static void a_word_far_from_every_name_has_no_hint(void **state) {
  (void)state;
  assert_null(near("--no-such-option"));
  assert_null(near("-x"));
  assert_null(near("--zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"));
  assert_null(rp_nearest_name("--race", options, 0));
}

static void short_words_allow_one_edit_longer_ones_a_third(void **state) {
  (void)state;
  static const char *const names[] = {"abcdefghi"};
  assert_null(rp_nearest_name("abc", (const char *const[]){"xyz"}, 1));
  assert_string_equal(rp_nearest_name("abd", (const char *const[]){"abc"}, 1), "abc");
  assert_string_equal(rp_nearest_name("abcxyzghi", names, 1), "abcdefghi");   /* 3 of 9 */
  assert_null(rp_nearest_name("abwxyzghi", names, 1));                         /* 4 of 9 */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_typo_names_the_option),
      cmocka_unit_test(an_abbreviation_wins_over_a_closer_name),
      cmocka_unit_test(a_word_far_from_every_name_has_no_hint),
      cmocka_unit_test(short_words_allow_one_edit_longer_ones_a_third),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
