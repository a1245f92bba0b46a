/*
** Branches come from the compiler's comparison tracing
** (-fsanitize-coverage=trace-cmp): each comparison the program makes on
** values it computed, and each switch, is a `br` event of the thread, at
** the comparison.  A comparison whose result does not decide a jump is
** logged too; that only makes SeqCheck keep more reads' writers.
*/
#include "log.h"

static void log_branch(uintptr_t pc) {
  if (rt_active && rt_branches) rt_log(RP_RAW_BRANCH, 0, pc);
}

/* One callback per operand type; the compiler emits the calls. */
#define BRANCH_CALLBACK(name, type)                 \
  void name(type a, type b);                        \
  void name(type a, type b) {                       \
    (void)a, (void)b;                               \
    log_branch(RT_CALLER());                        \
  }
BRANCH_CALLBACK(__sanitizer_cov_trace_cmp1, uint8_t)
BRANCH_CALLBACK(__sanitizer_cov_trace_cmp2, uint16_t)
BRANCH_CALLBACK(__sanitizer_cov_trace_cmp4, uint32_t)
BRANCH_CALLBACK(__sanitizer_cov_trace_cmp8, uint64_t)
BRANCH_CALLBACK(__sanitizer_cov_trace_const_cmp1, uint8_t)
BRANCH_CALLBACK(__sanitizer_cov_trace_const_cmp2, uint16_t)
BRANCH_CALLBACK(__sanitizer_cov_trace_const_cmp4, uint32_t)
BRANCH_CALLBACK(__sanitizer_cov_trace_const_cmp8, uint64_t)
BRANCH_CALLBACK(__sanitizer_cov_trace_cmpf, float)
BRANCH_CALLBACK(__sanitizer_cov_trace_cmpd, double)

void __sanitizer_cov_trace_switch(uint64_t value, uint64_t *cases);
void __sanitizer_cov_trace_switch(uint64_t value, uint64_t *cases) {
  (void)value, (void)cases;
  log_branch(RT_CALLER());
}

/* clang's trace-cmp needs a coverage kind; rp cc asks for the cheapest,
** inline 8-bit counters, and ignores them. */
void __sanitizer_cov_8bit_counters_init(char *start, char *end);
void __sanitizer_cov_8bit_counters_init(char *start, char *end) { (void)start, (void)end; }
