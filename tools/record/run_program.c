#include "run_program.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/diag.h"

static bool is_executable(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

static char *search_path(const char *name) {
  if (strchr(name, '/')) return is_executable(name) ? rp_strdup(name) : NULL;
  const char *dirs = getenv("PATH");
  for (const char *d = dirs ? dirs : "/usr/bin:/bin"; *d;) {
    size_t len = strcspn(d, ":");
    char *path = rp_asprintf("%.*s/%s", (int)len, len ? d : ".", name);
    if (is_executable(path)) return path;
    free(path);
    d += len + (d[len] == ':');
  }
  return NULL;
}

/* Whether the file holds mark (the runtime's: a program linked by rp cc). */
static bool has_mark(const char *path, const char *mark) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  bool found = false;
  if (fd >= 0 && fstat(fd, &st) == 0 && st.st_size > 0) {
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map != MAP_FAILED) {
      found = memmem(map, (size_t)st.st_size, mark, strlen(mark)) != NULL;
      munmap(map, (size_t)st.st_size);
    }
  }
  if (fd >= 0) close(fd);
  return found;
}

char *find_recordable_program(const char *argv0) {
  char *path = search_path(argv0);
  if (path == NULL) rp_die(RP_EXIT_USAGE, "%s: no such program", argv0);
  if (!has_mark(path, RP_RAW_RUNTIME_MARK))
    rp_die(RP_EXIT_INPUT,
           has_mark(path, RP_RAW_RUNTIME_MARK_STEM)
               ? "%s was built by another version of rp cc; build it again with this one"
               : "%s was not built with rp cc (it holds no recording runtime); "
                 "build it with `rp cc` and record it again",
           path);
  return path;
}

enum { CHUNK_RECORDS = 1 << 14, SPARE_CHUNKS = 64 };

void raw_file_create(raw_file *f, uint64_t max_events, bool branches) {
  const char *dir = getenv("TMPDIR");
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/rp-record.XXXXXX", dir && *dir ? dir : "/tmp");
  int fd = mkstemp(path);
  if (fd < 0) rp_die(RP_EXIT_RESOURCE, "cannot create %s: %s", path, strerror(errno));
  unlink(path);   /* gone however rp record ends; the program opens it through fd */
  uint64_t chunks = (max_events + CHUNK_RECORDS - 1) / CHUNK_RECORDS + SPARE_CHUNKS;
  if (chunks > UINT32_MAX) rp_die(RP_EXIT_USAGE, "--max-events %llu is too large",
                                  (unsigned long long)max_events);
  f->size = sizeof(rp_raw_header) + chunks * CHUNK_RECORDS * sizeof(rp_raw_event);
  void *map = MAP_FAILED;
  if (ftruncate(fd, (off_t)f->size) == 0)
    map = mmap(NULL, f->size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd, 0);
  if (map == MAP_FAILED) rp_die(RP_EXIT_RESOURCE, "cannot map %s: %s", path, strerror(errno));
  f->fd = fd;
  snprintf(f->path, sizeof f->path, "/proc/self/fd/%d", fd);
  f->header = map;
  f->records = (rp_raw_event *)(f->header + 1);
  *f->header = (rp_raw_header){.magic = RP_RAW_MAGIC, .chunks = (uint32_t)chunks,
                               .chunk_records = CHUNK_RECORDS, .stop_clock = UINT64_MAX,
                               .branches = branches};
}

void raw_file_remove(raw_file *f) {
  munmap(f->header, f->size);
  close(f->fd);
}

static volatile pid_t child;

static void pass_on(int sig) {
  if (child > 0) kill(child, sig);
}

int run_program(const char *path, char **argv, const raw_file *f) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) rp_die(RP_EXIT_RESOURCE, "cannot fork: %s", strerror(errno));
  if (pid == 0) {
    /* the same addresses every run: raw heap names and traces repeat */
    personality(ADDR_NO_RANDOMIZE);
    setenv(RP_RAW_ENV, f->path, 1);
    execv(path, argv);
    fprintf(stderr, "%s: cannot run %s: %s\n", rp_progname, path, strerror(errno));
    _exit(127);
  }
  child = pid;
  signal(SIGINT, SIG_IGN);
  signal(SIGTERM, pass_on);
  signal(SIGHUP, pass_on);
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) rp_die(RP_EXIT_INTERNAL, "waitpid: %s", strerror(errno));
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  signal(SIGHUP, SIG_DFL);
  return status;
}

void describe_status(int status, char *buf, size_t size) {
  if (WIFSIGNALED(status))
    snprintf(buf, size, "killed by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
  else
    snprintf(buf, size, "exited with status %d", WEXITSTATUS(status));
}
