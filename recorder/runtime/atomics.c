/*
** ThreadSanitizer's atomic callbacks: the operation is performed here, for
** real, and logged as a critical section on a lock named by the atomic's
** word: acq(A) r(A) rel(A) for a load (or a failed compare-exchange),
** acq(A) w(A) rel(A) for a store, acq(A) r(A) w(A) rel(A) for a
** read-modify-write.  The operation and its events are one step under a
** striped spin lock, so the trace orders the atomics on a word as they
** happened.  Predictors thus see every atomic as sequentially consistent:
** an atomic orders what came before it in its thread before every later
** atomic on the same word, whatever memory order the program asked for.
** Fences are not events.
*/
#include "log.h"

typedef unsigned char a8;
typedef unsigned short a16;
typedef unsigned int a32;
typedef unsigned long long a64;

static void begin(const volatile void *a, uintptr_t pc) {
  rt_stripe_lock(a);
  if (rt_active) rt_log(RP_RAW_ACQ, rt_word_of(a), pc);
}
static void logged(rp_raw_op op, const volatile void *a, uintptr_t pc) {
  if (rt_active) rt_log(op, rt_word_of(a), pc);
}
static void end(const volatile void *a, uintptr_t pc) {
  if (rt_active) rt_log(RP_RAW_REL, rt_word_of(a), pc);
  rt_stripe_unlock(a);
}

#define RMW(T, N, name, builtin)                                             \
  T __tsan_atomic##N##_##name(volatile T *a, T v, int mo);             \
  T __tsan_atomic##N##_##name(volatile T *a, T v, int mo) {            \
    (void)mo;                                                          \
    uintptr_t pc = RT_CALLER();                                        \
    begin(a, pc);                                                      \
    logged(RP_RAW_READ, a, pc);                                        \
    logged(RP_RAW_WRITE, a, pc);                                       \
    T old = builtin(a, v, __ATOMIC_SEQ_CST);                           \
    end(a, pc);                                                        \
    return old;                                                        \
  }

/* A compare-exchange writes only if it succeeds. */
static int compare_exchange(const volatile void *a, bool swapped, uintptr_t pc) {
  logged(RP_RAW_READ, a, pc);
  if (swapped) logged(RP_RAW_WRITE, a, pc);
  end(a, pc);
  return swapped;
}

#define ATOMICS(T, N)                                                                   \
  T __tsan_atomic##N##_load(const volatile T *a, int mo);                               \
  T __tsan_atomic##N##_load(const volatile T *a, int mo) {                              \
    (void)mo;                                                                           \
    uintptr_t pc = RT_CALLER();                                                         \
    begin(a, pc);                                                                       \
    logged(RP_RAW_READ, a, pc);                                                         \
    T v = __atomic_load_n(a, __ATOMIC_SEQ_CST);                                         \
    end(a, pc);                                                                         \
    return v;                                                                           \
  }                                                                                     \
  void __tsan_atomic##N##_store(volatile T *a, T v, int mo);                            \
  void __tsan_atomic##N##_store(volatile T *a, T v, int mo) {                           \
    (void)mo;                                                                           \
    uintptr_t pc = RT_CALLER();                                                         \
    begin(a, pc);                                                                       \
    logged(RP_RAW_WRITE, a, pc);                                                        \
    __atomic_store_n(a, v, __ATOMIC_SEQ_CST);                                           \
    end(a, pc);                                                                         \
  }                                                                                     \
  RMW(T, N, exchange, __atomic_exchange_n)                                                    \
  RMW(T, N, fetch_add, __atomic_fetch_add)                                                    \
  RMW(T, N, fetch_sub, __atomic_fetch_sub)                                                    \
  RMW(T, N, fetch_and, __atomic_fetch_and)                                                    \
  RMW(T, N, fetch_or, __atomic_fetch_or)                                                      \
  RMW(T, N, fetch_xor, __atomic_fetch_xor)                                                    \
  RMW(T, N, fetch_nand, __atomic_fetch_nand)                                                  \
  static int cas##N(volatile T *a, T *c, T v, uintptr_t pc) {                          \
    begin(a, pc);                                                                       \
    bool ok = __atomic_compare_exchange_n(a, c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
    return compare_exchange(a, ok, pc);                                                 \
  }                                                                                     \
  int __tsan_atomic##N##_compare_exchange_strong(volatile T *a, T *c, T v, int mo, int fmo); \
  int __tsan_atomic##N##_compare_exchange_strong(volatile T *a, T *c, T v, int mo, int fmo) { \
    (void)mo, (void)fmo;                                                                \
    return cas##N(a, c, v, RT_CALLER());                                                \
  }                                                                                     \
  int __tsan_atomic##N##_compare_exchange_weak(volatile T *a, T *c, T v, int mo, int fmo); \
  int __tsan_atomic##N##_compare_exchange_weak(volatile T *a, T *c, T v, int mo, int fmo) { \
    (void)mo, (void)fmo;                                                                \
    return cas##N(a, c, v, RT_CALLER());                                                \
  }                                                                                     \
  T __tsan_atomic##N##_compare_exchange_val(volatile T *a, T c, T v, int mo, int fmo);  \
  T __tsan_atomic##N##_compare_exchange_val(volatile T *a, T c, T v, int mo, int fmo) { \
    (void)mo, (void)fmo;                                                                \
    cas##N(a, &c, v, RT_CALLER());                                                      \
    return c;                                                                           \
  }

ATOMICS(a8, 8)
ATOMICS(a16, 16)
ATOMICS(a32, 32)
ATOMICS(a64, 64)

void __tsan_atomic_thread_fence(int mo);
void __tsan_atomic_signal_fence(int mo);
void __tsan_atomic_thread_fence(int mo) { (void)mo; __atomic_thread_fence(__ATOMIC_SEQ_CST); }
void __tsan_atomic_signal_fence(int mo) { (void)mo; __atomic_signal_fence(__ATOMIC_SEQ_CST); }
