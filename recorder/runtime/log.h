/*
** The recording runtime's core: the shared event file and how a thread
** appends to it.  Everything here runs inside the recorded program, so it
** allocates nothing on the event path, takes no pthread lock (the program's
** calls to those are wrapped) and keeps a thread's cost to one 32-byte
** store per access, plus one atomic increment per synchronization event.
*/
#ifndef RP_RT_LOG_H
#define RP_RT_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace/recorded_raw.h"

/* Whether events are being logged: the file is mapped and not yet full. */
extern bool rt_active;
/* Whether branches are logged too. */
extern bool rt_branches;

/* Map the file named by RP_RECORD_RAW, once; does nothing if unset. */
void rt_init(void);

/* Append one event of this thread (a synchronization op takes a new clock
** value first). */
void rt_log(rp_raw_op op, uint64_t addr, uintptr_t pc);

/* The clock value this thread took last (a fork's, for its child). */
uint64_t rt_thread_clock(void);
/* The thread just started runs as number, after the fork at clock. */
void rt_thread_begin(uint32_t number, uint64_t clock);
/* This thread got the heap block [p, p + size) from the allocator by the
** call at pc; the block may have been freed by another thread just before:
** the record takes a clock value, so its next events come after that free. */
void rt_allocated(const void *p, size_t size, uintptr_t pc);

/* The counter a synchronization object keeps (a barrier's, a semaphore's)
** read, tested and, if writes, written, as one critical section on a lock
** named like the object: acq(C) r(C) [br] [w(C)] rel(C), the branch (what
** the object's implementation would test) when branches are logged.  The
** events are one step under the object's stripe lock, so the trace has the
** steps on one counter in the order they were logged. */
void rt_log_counter(const volatile void *object, bool writes, uintptr_t pc);

/* The next thread number (for a thread about to be created). */
uint32_t rt_new_thread(void);

/* Heap block p (or NULL) is about to be freed: its words are new
** variables once it is handed out again (memory.c). */
void rt_block_freed(const void *p);

/* The calling thread is ending: its stack will be reused (memory.c). */
void rt_stack_retired(void);

/* The C library's allocator, for the runtime's own blocks: free and malloc
** are wrapped (memory.c), and the runtime's calls would be logged too. */
void *__real_malloc(size_t size);
void __real_free(void *p);

/* The variable an address belongs to: its aligned 8-byte word (access.c
** says why), also for the counters and atomics logged as variables. */
static inline uint64_t rt_word_of(const volatile void *addr) {
  return (uint64_t)(uintptr_t)addr & ~(uint64_t)7;
}

/* The pc of the call that led here, for rt_log. */
#define RT_CALLER() ((uintptr_t)__builtin_return_address(0))

/* A spin lock of a small striped table, chosen by an address: it makes
** the real operation and its events one step in the trace (atomics, the
** counters of barriers and semaphores), or guards the runtime's own tables
** (threads.c) without a pthread lock, whose calls are wrapped. */
void rt_stripe_lock(const volatile void *addr);
void rt_stripe_unlock(const volatile void *addr);

/* The extra parameters and arguments of a wrapped call, for the wrapper
** macros of locks.c and rwlocks.c: none, or a timed call's deadline. */
#define NONE
#define TIMEOUT , const struct timespec *abstime
#define TIMEOUT_ARG , abstime

/* The wrapper of the C library's locking call `name` on a `type *`: it
** calls the real one, then after(its result, the lock, the caller's pc). */
#define RT_WRAP_LOCKING(name, type, after, params, args)                     \
  int __real_##name(type *l params);                                         \
  int __wrap_##name(type *l params);                                         \
  int __wrap_##name(type *l params) {                                        \
    int rc = __real_##name(l args);                                          \
    after(rc, l, RT_CALLER());                                               \
    return rc;                                                               \
  }

#endif
