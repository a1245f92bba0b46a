/*
** The raw event file `rp record` shares with the recording runtime
** (recorder/runtime) linked into a program built by `rp cc`.
**
** rp-record creates the file (header, then `chunks` chunks of
** `chunk_records` records, sparse), names it in the environment variable
** RP_RECORD_RAW, and runs the program; the runtime maps it MAP_SHARED.
** Because the pages belong to a file, what the program wrote survives
** however it ends (exit from any thread, a crash, SIGKILL), and rp-record
** turns the records into a trace afterwards (tools/record).
**
** Each thread appends to chunks of its own, claimed from `next_chunk`, so
** logging an access costs no shared write.  The order between threads
** comes from `clock`: a synchronization event (acquire, release, fork,
** join, free, allocation) takes the next value of it, every other event carries the
** value its thread took last.  Sorting by (clock, thread) keeps each
** thread's order and orders the synchronization events as they happened,
** since an acquire takes its value after the lock is held and a release
** before it is let go.  A record's op is stored last (release): one whose
** op is still RP_RAW_HOLE was never finished, and ends its chunk.
** Header only: the runtime must not link predictors/common.
*/
#ifndef RP_RECORDED_RAW_H
#define RP_RECORDED_RAW_H

#include <stdint.h>

#define RP_RAW_ENV "RP_RECORD_RAW"
/* Both change with the layout below, so that a program built by another
** version of rp cc is refused rather than misread. */
#define RP_RAW_MAGIC 0x34574152505200ull   /* "\0RPRAW4\0" little-endian */
/* A string the runtime holds and rp-record looks for in the executable, to
** tell a program built with `rp cc` from one that is not. */
#define RP_RAW_RUNTIME_MARK_STEM "rp-record-runtime-"
#define RP_RAW_RUNTIME_MARK RP_RAW_RUNTIME_MARK_STEM "4"

/* The C library calls the runtime wraps: rp cc links with
** -Wl,--wrap=NAME for each, and the runtime defines __wrap_NAME. */
#define RP_RAW_WRAPPED                                                        \
  "pthread_create,pthread_join,"                                              \
  "pthread_mutex_lock,pthread_mutex_trylock,pthread_mutex_timedlock,pthread_mutex_unlock," \
  "pthread_spin_lock,pthread_spin_trylock,pthread_spin_unlock,"               \
  "pthread_cond_wait,pthread_cond_timedwait,pthread_barrier_wait,"            \
  "pthread_rwlock_rdlock,pthread_rwlock_tryrdlock,pthread_rwlock_timedrdlock," \
  "pthread_rwlock_wrlock,pthread_rwlock_trywrlock,pthread_rwlock_timedwrlock," \
  "pthread_rwlock_unlock,pthread_exit,malloc,calloc,realloc,free,"            \
  "sem_post,sem_wait,sem_trywait,sem_timedwait,"                             \
  "_Znwm,_Znam,_ZdlPv,_ZdaPv,_ZdlPvm,_ZdaPvm"

typedef enum rp_raw_op {
  RP_RAW_HOLE,      /* never finished (or not yet written) */
  RP_RAW_READ,      /* addr: the 8-byte word */
  RP_RAW_WRITE,
  RP_RAW_ACQ,       /* addr: the lock (mutex, spin lock, rwlock, barrier, atomic word) */
  RP_RAW_REL,
  RP_RAW_READER_ACQ,   /* addr: an rwlock, taken or let go for reading */
  RP_RAW_READER_REL,
  RP_RAW_WRITER_ACQ,   /* addr: an rwlock, taken or let go for writing */
  RP_RAW_WRITER_REL,
  RP_RAW_FORK,      /* addr: the child's thread number */
  RP_RAW_JOIN,
  RP_RAW_BRANCH,    /* addr: 0 */
  RP_RAW_FREE,      /* memory [addr, pc) was freed (free, a thread's stack at its
                    ** end): not an event; its words are new variables after it */
  RP_RAW_ALLOC,     /* a heap block starting at addr was handed out by the call
                    ** at pc (malloc, calloc, realloc): not an event; followed
                    ** at once by its RP_RAW_BLOCK_SIZE */
  RP_RAW_BLOCK_SIZE,   /* addr: the size in bytes of the block just allocated */
  RP_RAW_OP_COUNT
} rp_raw_op;

typedef struct rp_raw_event {
  uint64_t pc;       /* the return address of the call that logged it */
  uint64_t addr;
  uint64_t clock;    /* the order between threads (above) */
  uint32_t thread;   /* 0 = the main thread, then in creation order */
  uint16_t reserved; /* zero */
  uint16_t op;       /* rp_raw_op, written last */
} rp_raw_event;

/* Whether an op takes a new clock value (see above). */
static inline int rp_raw_op_is_sync(unsigned op) {
  return op != RP_RAW_READ && op != RP_RAW_WRITE && op != RP_RAW_BRANCH &&
         op != RP_RAW_BLOCK_SIZE;
}

/* `stopped`: recording stopped before the program ended, no chunk being left. */
enum { RP_RAW_FULL = 1 };

typedef struct rp_raw_header {
  uint64_t magic;
  uint32_t chunks;          /* chunks the file has room for (rp-record) */
  uint32_t chunk_records;   /* records a chunk holds (rp-record) */
  uint64_t next_chunk;      /* the next chunk to claim; may pass chunks */
  uint64_t clock;           /* the last clock value taken */
  uint64_t stop_clock;      /* when full: events after this value are cut */
  uint64_t exe_base;        /* the executable's load bias (runtime) */
  uint32_t started;         /* 1 once the runtime has mapped the file */
  uint32_t stopped;         /* RP_RAW_FULL when a thread found no chunk left */
  uint32_t branches;        /* 0: do not log branches (rp-record) */
  uint32_t threads;         /* threads numbered so far (runtime) */
} rp_raw_header;

_Static_assert(sizeof(rp_raw_event) == 32, "a raw record is 32 bytes");
_Static_assert(sizeof(rp_raw_header) == 64, "the raw header is 64 bytes");

#endif
