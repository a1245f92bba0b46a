/*
** The shared event file: mapping it at start-up and appending records to
** this thread's chunk (trace/recorded_raw.h says how the clock orders the
** threads' records).
*/
#include "log.h"

#include <fcntl.h>
#include <sched.h>
#include <link.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Looked for by rp-record in the executable: this program can record. */
__attribute__((used)) const char rt_runtime_mark[] = RP_RAW_RUNTIME_MARK;

bool rt_active;
bool rt_branches;
/* This thread's number: 0 for the main thread, then in creation order. */
static __thread uint32_t rt_thread;

static rp_raw_header *header;
static rp_raw_event *records;

/* This thread's chunk: the next record and the end; and its clock. */
static __thread rp_raw_event *next_record, *chunk_end;
static __thread uint64_t thread_clock;

enum { STRIPES = 256 };
static struct {
  _Alignas(64) int held;
} stripes[STRIPES];

static int record_main_base(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  *(uint64_t *)data = info->dlpi_addr;   /* the first object is the executable */
  return 1;
}

/* A child process made by fork must not write into its parent's trace. */
static void stop_in_child(void) { rt_active = false; }

static bool map_file(const char *path) {
  int fd = open(path, O_RDWR | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat st;
  void *map = MAP_FAILED;
  if (fstat(fd, &st) == 0 && (size_t)st.st_size >= sizeof(rp_raw_header))
    map = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE,
               fd, 0);
  close(fd);
  if (map == MAP_FAILED) return false;
  rp_raw_header *h = map;
  uint64_t room = ((uint64_t)st.st_size - sizeof *h) / sizeof *records;
  if (h->magic != RP_RAW_MAGIC || (uint64_t)h->chunks * h->chunk_records > room) {
    munmap(map, (size_t)st.st_size);   /* another version's file: record nothing */
    return false;
  }
  header = h;
  records = (rp_raw_event *)(h + 1);
  return true;
}

/* rp record hands the file down as /proc/self/fd/N: once it is mapped, N
** is the program's no longer. */
static void close_inherited(const char *path) {
  const char *prefix = "/proc/self/fd/";
  if (strncmp(path, prefix, strlen(prefix)) == 0) close(atoi(path + strlen(prefix)));
}

void rt_init(void) {
  static int once;
  if (__atomic_exchange_n(&once, 1, __ATOMIC_ACQ_REL)) return;
  const char *path = getenv(RP_RAW_ENV);
  if (path == NULL || !map_file(path)) return;
  close_inherited(path);
  unsetenv(RP_RAW_ENV);   /* programs this one runs do not share the file */
  dl_iterate_phdr(record_main_base, &header->exe_base);
  pthread_atfork(NULL, NULL, stop_in_child);
  rt_branches = header->branches != 0;
  header->threads = 1;
  header->stop_clock = UINT64_MAX;
  __atomic_store_n(&header->started, 1, __ATOMIC_RELEASE);
  rt_active = true;
}

static uint64_t new_clock(void) { return __atomic_add_fetch(&header->clock, 1, __ATOMIC_RELAXED); }

static bool claim_chunk(void) {
  uint64_t c = __atomic_fetch_add(&header->next_chunk, 1, __ATOMIC_RELAXED);
  if (c >= header->chunks) return false;
  next_record = records + c * header->chunk_records;
  chunk_end = next_record + header->chunk_records;
  return true;
}

/* No chunk is left: the trace ends at this clock value, and every thread
** stops logging. */
static void stop_recording(uint64_t clock) {
  uint64_t stop = __atomic_load_n(&header->stop_clock, __ATOMIC_RELAXED);
  while (clock < stop && !__atomic_compare_exchange_n(&header->stop_clock, &stop, clock, true,
                                                       __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  header->stopped = RP_RAW_FULL;
  rt_active = false;
}

void rt_log(rp_raw_op op, uint64_t addr, uintptr_t pc) {
  if (rp_raw_op_is_sync(op)) thread_clock = new_clock();
  if (next_record == chunk_end && !claim_chunk()) {
    stop_recording(rp_raw_op_is_sync(op) ? thread_clock : new_clock());
    return;
  }
  rp_raw_event *e = next_record++;
  e->pc = pc;
  e->addr = addr;
  e->clock = thread_clock;
  e->thread = rt_thread;
  __atomic_store_n(&e->op, (uint16_t)op, __ATOMIC_RELEASE);
}

uint64_t rt_thread_clock(void) { return thread_clock; }

void rt_thread_begin(uint32_t number, uint64_t clock) {
  rt_thread = number;
  thread_clock = clock;
}

void rt_allocated(const void *p, size_t size, uintptr_t pc) {
  if (!rt_active || p == NULL) return;
  rt_log(RP_RAW_ALLOC, (uintptr_t)p, pc);
  rt_log(RP_RAW_BLOCK_SIZE, size, pc);
}

void rt_log_counter(const volatile void *object, bool writes, uintptr_t pc) {
  if (!rt_active) return;
  uint64_t counter = rt_word_of(object);
  rt_stripe_lock(object);
  rt_log(RP_RAW_ACQ, (uintptr_t)object, pc);
  rt_log(RP_RAW_READ, counter, pc);
  if (rt_branches) rt_log(RP_RAW_BRANCH, 0, pc);
  if (writes) rt_log(RP_RAW_WRITE, counter, pc);
  rt_log(RP_RAW_REL, (uintptr_t)object, pc);
  rt_stripe_unlock(object);
}

uint32_t rt_new_thread(void) {
  return header ? __atomic_fetch_add(&header->threads, 1, __ATOMIC_RELAXED) : 0;
}

static int *stripe_of(const volatile void *addr) {
  uintptr_t a = (uintptr_t)addr >> 3;
  return &stripes[(a ^ (a >> 8)) % STRIPES].held;
}

void rt_stripe_lock(const volatile void *addr) {
  int *held = stripe_of(addr);
  while (__atomic_exchange_n(held, 1, __ATOMIC_ACQUIRE))
    while (__atomic_load_n(held, __ATOMIC_RELAXED)) sched_yield();
}

void rt_stripe_unlock(const volatile void *addr) {
  __atomic_store_n(stripe_of(addr), 0, __ATOMIC_RELEASE);
}
