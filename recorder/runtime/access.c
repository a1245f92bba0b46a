/*
** ThreadSanitizer's memory access callbacks.  A variable is an aligned
** 8-byte word: an access is logged once per word it touches, so a 16-byte
** or unaligned access that spans two words is two events, and accesses to
** different bytes of one word are accesses to one variable.
*/
#include <stddef.h>

#include "log.h"

/* clang's coverage counters (rp cc asks for them, see branches.c) are
** bumped by instrumented stores; they are not the program's data. */
extern char __start___sancov_cntrs[] __attribute__((weak));
extern char __stop___sancov_cntrs[] __attribute__((weak));

static void log_words(rp_raw_op op, const volatile void *addr, size_t size, uintptr_t pc) {
  if (!rt_active || size == 0) return;
  const volatile char *p = addr;
  if (p >= __start___sancov_cntrs && p < __stop___sancov_cntrs) return;
  uint64_t first = rt_word_of(p), last = rt_word_of(p + size - 1);
  for (uint64_t w = first; w <= last && rt_active; w += 8) rt_log(op, w, pc);
}

#define ACCESS_CALLBACKS(size)                                               \
  void __tsan_read##size(void *a) { log_words(RP_RAW_READ, a, size, RT_CALLER()); }   \
  void __tsan_write##size(void *a) { log_words(RP_RAW_WRITE, a, size, RT_CALLER()); } \
  void __tsan_unaligned_read##size(void *a) { log_words(RP_RAW_READ, a, size, RT_CALLER()); } \
  void __tsan_unaligned_write##size(void *a) { log_words(RP_RAW_WRITE, a, size, RT_CALLER()); } \
  void __tsan_volatile_read##size(void *a) { log_words(RP_RAW_READ, a, size, RT_CALLER()); }  \
  void __tsan_volatile_write##size(void *a) { log_words(RP_RAW_WRITE, a, size, RT_CALLER()); }

/* Declared here only to define them: the compiler emits the calls. */
#define ACCESS_DECLS(size)                                                   \
  void __tsan_read##size(void *a);                                           \
  void __tsan_write##size(void *a);                                          \
  void __tsan_unaligned_read##size(void *a);                                 \
  void __tsan_unaligned_write##size(void *a);                                \
  void __tsan_volatile_read##size(void *a);                                  \
  void __tsan_volatile_write##size(void *a);

ACCESS_DECLS(1) ACCESS_DECLS(2) ACCESS_DECLS(4) ACCESS_DECLS(8) ACCESS_DECLS(16)
ACCESS_CALLBACKS(1)
ACCESS_CALLBACKS(2)
ACCESS_CALLBACKS(4)
ACCESS_CALLBACKS(8)
ACCESS_CALLBACKS(16)

void __tsan_read_range(void *a, unsigned long size);
void __tsan_write_range(void *a, unsigned long size);
void __tsan_vptr_update(void **vptr, void *value);
void __tsan_vptr_read(void **vptr);
void __tsan_func_entry(void *caller);
void __tsan_func_exit(void);
void __tsan_init(void);

void __tsan_read_range(void *a, unsigned long size) {
  log_words(RP_RAW_READ, a, size, RT_CALLER());
}
void __tsan_write_range(void *a, unsigned long size) {
  log_words(RP_RAW_WRITE, a, size, RT_CALLER());
}
/* A C++ object's vtable pointer is a word like any other. */
void __tsan_vptr_update(void **vptr, void *value) {
  (void)value;
  log_words(RP_RAW_WRITE, vptr, sizeof *vptr, RT_CALLER());
}
void __tsan_vptr_read(void **vptr) { log_words(RP_RAW_READ, vptr, sizeof *vptr, RT_CALLER()); }

/* Calls and returns are not events (ThreadSanitizer keeps them for stacks). */
void __tsan_func_entry(void *caller) { (void)caller; }
void __tsan_func_exit(void) {}

/* Each instrumented file's constructor calls this; the first call maps. */
void __tsan_init(void) { rt_init(); }
