/* A cgroup v2 per run; see cgroup.h. */
#include "cgroup.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"

/* Writes text to dir/file; 0 or -1 with errno. */
static int write_file(const char *dir, const char *file, const char *text) {
  char *path = xasprintf("%s/%s", dir, file);
  FILE *f = fopen(path, "w");
  free(path);
  if (!f) return -1;
  int ok = fputs(text, f) >= 0;
  ok = (fclose(f) == 0) && ok;
  return ok ? 0 : -1;
}

/* The value after "key " in a flat-keyed file, or the file's single number
** when key is NULL; -1 if absent. */
static long long read_number(const char *dir, const char *file, const char *key) {
  char *path = xasprintf("%s/%s", dir, file);
  FILE *f = fopen(path, "r");
  free(path);
  if (!f) return -1;
  char line[256];
  long long value = -1;
  size_t klen = key ? strlen(key) : 0;
  while (value < 0 && fgets(line, sizeof line, f)) {
    if (!key) value = atoll(line);
    else if (strncmp(line, key, klen) == 0 && line[klen] == ' ') value = atoll(line + klen + 1);
  }
  fclose(f);
  return value;
}

/* Mount point of the unified hierarchy, from /proc/self/mountinfo. */
static char *cgroup2_mount(void) {
  FILE *f = fopen("/proc/self/mountinfo", "r");
  if (!f) return NULL;
  char line[4096], mnt[4096];
  char *found = NULL;
  while (!found && fgets(line, sizeof line, f)) {
    char *sep = strstr(line, " - cgroup2 ");
    if (sep && sscanf(line, "%*s %*s %*s %*s %4095s", mnt) == 1) found = xstrdup(mnt);
  }
  fclose(f);
  return found;
}

/* This process's cgroup path inside the unified hierarchy ("0::/path"). */
static char *own_cgroup(void) {
  FILE *f = fopen("/proc/self/cgroup", "r");
  if (!f) return NULL;
  char line[4096];
  char *found = NULL;
  while (!found && fgets(line, sizeof line, f))
    if (strncmp(line, "0::", 3) == 0) {
      line[strcspn(line, "\n")] = '\0';
      found = xstrdup(line + 3);
    }
  fclose(f);
  return found;
}

/* Makes sure children of parent get the memory controller. */
static int delegate_memory(const char *parent) {
  char *path = xasprintf("%s/cgroup.subtree_control", parent);
  FILE *f = fopen(path, "r");
  free(path);
  char line[1024] = "";
  if (f) {
    if (!fgets(line, sizeof line, f)) line[0] = '\0';
    fclose(f);
  }
  if (strstr(line, "memory")) return 0;
  return write_file(parent, "cgroup.subtree_control", "+memory");
}

static int fail(Cgroup *cg, char *err, size_t errlen, const char *why) {
  snprintf(err, errlen, "%s", why);
  if (cg->path) rmdir(cg->path);
  free(cg->path);
  cg->path = NULL;
  return -1;
}

int cgroup_create(Cgroup *cg, long long max_bytes, char *err, size_t errlen) {
  cg->path = NULL;
  char *mount = cgroup2_mount(), *own = own_cgroup();
  if (!mount || !own) {
    free(mount);
    free(own);
    return fail(cg, err, errlen, "no cgroup v2 hierarchy");
  }
  char *parent = xasprintf("%s%s", mount, strcmp(own, "/") == 0 ? "" : own);
  free(mount);
  free(own);
  int delegated = delegate_memory(parent) == 0;
  cg->path = xasprintf("%s/rp-run-%ld", parent, (long)getpid());
  free(parent);
  if (!delegated) return fail(cg, err, errlen, "cannot delegate the memory controller");
  if (mkdir(cg->path, 0755) != 0 && errno != EEXIST) return fail(cg, err, errlen, "cannot create a cgroup");
  char limit[32];
  snprintf(limit, sizeof limit, "%lld", max_bytes);
  if (write_file(cg->path, "memory.max", limit) != 0)
    return fail(cg, err, errlen, "cannot set memory.max");
  write_file(cg->path, "memory.swap.max", "0"); /* else the limit only moves pages to swap */
  return 0;
}

int cgroup_enter(const Cgroup *cg) { return write_file(cg->path, "cgroup.procs", "0"); }

long long cgroup_oom_kills(const Cgroup *cg) {
  long long n = read_number(cg->path, "memory.events", "oom_kill");
  return n > 0 ? n : 0;
}

long long cgroup_peak_bytes(const Cgroup *cg) { return read_number(cg->path, "memory.peak", NULL); }

/* Without cgroup.kill (kernels before 5.14) the members are killed one by one. */
static void kill_members(const Cgroup *cg) {
  if (write_file(cg->path, "cgroup.kill", "1") == 0) return;
  char *path = xasprintf("%s/cgroup.procs", cg->path);
  FILE *f = fopen(path, "r");
  free(path);
  if (!f) return;
  long pid;
  while (fscanf(f, "%ld", &pid) == 1) kill((pid_t)pid, SIGKILL);
  fclose(f);
}

void cgroup_destroy(Cgroup *cg) {
  if (!cg->path) return;
  kill_members(cg);
  /* rmdir fails with EBUSY until the killed members are gone. */
  for (int tries = 0; tries < 200 && rmdir(cg->path) != 0 && errno == EBUSY; tries++)
    usleep(5000);
  free(cg->path);
  cg->path = NULL;
}
