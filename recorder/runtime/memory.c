/*
** Memory that is freed and used again: a heap block freed by one thread
** and handed out again to another, or the stack of a thread that ended,
** reused for the next thread.  The words are the same addresses but new
** variables, unordered with the old ones by any synchronization the
** program made; ThreadSanitizer forgets their history at allocation.  Here
** a FREE record marks the range, and rp record names its words anew after
** it (tools/record), so the old and new uses do not look like races.
** An ALLOC record gives a block's start, size and the call that asked for
** it, from which rp record names the block's words after their allocation
** site.
*/
#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>

#include "log.h"

void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *p, size_t size);
void __real_pthread_exit(void *result) __attribute__((noreturn));
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t count, size_t size);
void __wrap_free(void *p);
void *__wrap_realloc(void *p, size_t size);
void __wrap_pthread_exit(void *result) __attribute__((noreturn));

static void freed(const void *p, size_t size) {
  if (rt_active && p) rt_log(RP_RAW_FREE, (uintptr_t)p, (uintptr_t)p + size);
}

/* Memory handed out may have been freed by another thread just now: the
** allocator's own lock orders the two, and the allocation is logged after
** it returns, so its record takes a clock value after the free's. */
void *__wrap_malloc(size_t size) {
  void *p = __real_malloc(size);
  rt_allocated(p, size, RT_CALLER());
  return p;
}

void *__wrap_calloc(size_t count, size_t size) {
  void *p = __real_calloc(count, size);
  rt_allocated(p, count * size, RT_CALLER());
  return p;
}

void rt_block_freed(const void *p) {
  if (p) freed(p, malloc_usable_size((void *)p));
}

void __wrap_free(void *p) {
  rt_block_freed(p);
  __real_free(p);
}

/* A block realloc moves is freed; one it grows or shrinks in place keeps
** its variables (rp record takes an allocation at a live block's start as
** its new size). */
void *__wrap_realloc(void *p, size_t size) {
  size_t old_size = p ? malloc_usable_size(p) : 0;
  void *q = __real_realloc(p, size);
  rt_allocated(q, size, RT_CALLER());
  if (q && p && q != p) freed(p, old_size);
  return q;
}

void rt_stack_retired(void) {
  pthread_attr_t attr;
  void *lo;
  size_t size;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return;
  if (pthread_attr_getstack(&attr, &lo, &size) == 0) freed(lo, size);
  pthread_attr_destroy(&attr);
}

void __wrap_pthread_exit(void *result) {
  rt_stack_retired();
  __real_pthread_exit(result);
}
