/*
** The shared event file: mapping it at start-up and appending records.
** The index counter in the file's header is the trace order: an acquire is
** logged after the lock is held, a release before it is let go, so two
** events on one lock are claimed in the order they happened.
*/
#include "log.h"

#include <fcntl.h>
#include <sched.h>
#include <link.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Looked for by rp-record in the executable: this program can record. */
__attribute__((used)) const char rt_runtime_mark[] = RP_RAW_RUNTIME_MARK;

bool rt_active;
bool rt_branches;
__thread uint32_t rt_thread;

static rp_raw_header *header;
static rp_raw_event *events;

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
  header = map;
  uint64_t room = ((uint64_t)st.st_size - sizeof *header) / sizeof *events;
  if (header->magic != RP_RAW_MAGIC || header->capacity > room) return false;
  events = (rp_raw_event *)(header + 1);
  return true;
}

void rt_init(void) {
  static int once;
  if (__atomic_exchange_n(&once, 1, __ATOMIC_ACQ_REL)) return;
  const char *path = getenv(RP_RAW_ENV);
  if (path == NULL || !map_file(path)) return;
  unsetenv(RP_RAW_ENV);   /* programs this one runs do not share the file */
  dl_iterate_phdr(record_main_base, &header->exe_base);
  pthread_atfork(NULL, NULL, stop_in_child);
  rt_branches = header->branches != 0;
  header->threads = 1;
  __atomic_store_n(&header->started, 1, __ATOMIC_RELEASE);
  rt_active = true;
}

void rt_log(rp_raw_op op, uint64_t addr, uintptr_t pc) {
  uint64_t i = __atomic_fetch_add(&header->next, 1, __ATOMIC_RELAXED);
  if (i >= header->capacity) {
    rt_active = false;
    header->stopped = RP_RAW_FULL;
    return;
  }
  rp_raw_event *e = &events[i];
  e->pc = pc;
  e->addr = addr;
  e->thread = rt_thread;
  e->reserved = 0;
  __atomic_store_n(&e->op, (uint16_t)op, __ATOMIC_RELEASE);
}

void rt_log_sync_read(const volatile void *object, uintptr_t pc) {
  rt_log(RP_RAW_READ, (uintptr_t)object & ~(uintptr_t)7, pc);
  if (rt_branches) rt_log(RP_RAW_BRANCH, 0, pc);
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
