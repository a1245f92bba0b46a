/*
** Thread creation and joining, wrapped at link time (rp cc passes
** -Wl,--wrap=pthread_create,... so the program's calls come here and
** __real_X is the C library's).  A thread is numbered when it is created:
** the fork is logged before the thread exists, the join after it is over.
** A detached thread is never joined: its events simply have no join.
*/
#include <errno.h>
#include <pthread.h>

#include "log.h"

int __real_pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg);
int __real_pthread_join(pthread_t t, void **result);
int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg);
int __wrap_pthread_join(pthread_t t, void **result);

typedef struct start {
  void *(*fn)(void *);
  void *arg;
  uint32_t number;
  uint64_t clock;   /* the fork's */
} start;

/* pthread_t -> thread number, for joins: open addressing, reused slots.  A
** handle names one thread from its creation until it is joined, and a
** race-free program learns a handle only after pthread_create returned it,
** so the entry is in place before any join can look it up. */
enum { TABLE_SIZE = 1 << 14 };
static struct { pthread_t handle; uint32_t number; int used; } table[TABLE_SIZE];
static int table_guard;

static size_t slot_of(pthread_t handle) {
  size_t i = ((uintptr_t)handle >> 4) % TABLE_SIZE;
  for (size_t n = 0; n < TABLE_SIZE && table[i].used && !pthread_equal(table[i].handle, handle); n++)
    i = (i + 1) % TABLE_SIZE;
  return i;
}

static void remember(pthread_t handle, uint32_t number) {
  rt_stripe_lock(&table_guard);
  size_t i = slot_of(handle);
  table[i].handle = handle;
  table[i].number = number;
  table[i].used = 1;
  rt_stripe_unlock(&table_guard);
}

/* The number of a thread created here; false for any other thread. */
static bool number_of(pthread_t handle, uint32_t *number) {
  rt_stripe_lock(&table_guard);
  size_t i = slot_of(handle);
  bool found = table[i].used && pthread_equal(table[i].handle, handle);
  if (found) *number = table[i].number;
  rt_stripe_unlock(&table_guard);
  return found;
}

static void *run(void *p) {
  start s = *(start *)p;
  rt_thread_begin(s.number, s.clock);
  __real_free(p);
  void *result = s.fn(s.arg);
  rt_stack_retired();
  return result;
}

int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg) {
  if (!rt_active) return __real_pthread_create(t, attr, fn, arg);
  start *s = __real_malloc(sizeof *s);
  if (s == NULL) return EAGAIN;
  *s = (start){fn, arg, rt_new_thread(), 0};
  uint32_t number = s->number;
  rt_log(RP_RAW_FORK, number, RT_CALLER());
  s->clock = rt_thread_clock();
  int rc = __real_pthread_create(t, attr, run, s);
  if (rc != 0) __real_free(s);
  else remember(*t, number);
  return rc;
}

/* The handle is looked up before the join: once the join returns, glibc
** may give the same handle to a thread another thread creates, whose number
** would replace this one in the table before the join is logged. */
int __wrap_pthread_join(pthread_t t, void **result) {
  uint32_t number;
  bool known = rt_active && number_of(t, &number);
  int rc = __real_pthread_join(t, result);
  if (rc == 0 && known) rt_log(RP_RAW_JOIN, number, RT_CALLER());
  return rc;
}
