/*
** The locks one thread holds, in acquire order (innermost last), as the
** trace tools follow them: rp show draws them beside each event and rp info
** measures nesting with them.  A re-entrant acquire is listed again, and a
** release lets go of the innermost hold of its lock, which need not be the
** innermost lock: the tools look at traces as they are, not nested ones.
*/
#ifndef RP_HELD_LOCKS_H
#define RP_HELD_LOCKS_H

#include <stddef.h>
#include <stdint.h>

typedef struct rp_held_locks {
  uint32_t *lock;
  size_t n, cap;
} rp_held_locks;

void rp_held_acquire(rp_held_locks *h, uint32_t lock);

/* Let go of the innermost hold of lock.  Returns how many locks were
** acquired after it and are still held (0 when the release is well
** nested), or -1 when lock is not held, which raw input may do. */
long rp_held_release(rp_held_locks *h, uint32_t lock);

void rp_held_free(rp_held_locks *h);

#endif
