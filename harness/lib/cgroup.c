/* A cgroup per run in v1 and v2 hierarchies; see cgroup.h. */
#include "cgroup.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"

/* Writes text to dir/file; 0 or -1 with errno. */
static int write_file(const char *dir, const char *file, const char *text) {
  char *path = rp_asprintf("%s/%s", dir, file);
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
  char *path = rp_asprintf("%s/%s", dir, file);
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

/* The first line of dir/file into buf ("" if it cannot be read). */
static void read_line(const char *dir, const char *file, char *buf, int size) {
  char *path = rp_asprintf("%s/%s", dir, file);
  FILE *f = fopen(path, "r");
  free(path);
  buf[0] = '\0';
  if (f) {
    if (!fgets(buf, size, f)) buf[0] = '\0';
    fclose(f);
  }
}

static int file_exists(const char *dir, const char *file) {
  char *path = rp_asprintf("%s/%s", dir, file);
  int ok = access(path, F_OK) == 0;
  free(path);
  return ok;
}

/* Whether word is one of the comma-separated items of list. */
static int has_item(const char *list, const char *word) {
  size_t n = strlen(word);
  for (const char *p = list; p; p = strchr(p, ',')) {
    if (*p == ',') p++;
    if (strncmp(p, word, n) == 0 && (p[n] == ',' || p[n] == '\0')) return 1;
  }
  return 0;
}

/* This process's path in the hierarchy with controller (v1), or in the
** unified one when controller is NULL, from /proc/self/cgroup. */
static char *own_path(const char *controller) {
  FILE *f = fopen("/proc/self/cgroup", "r");
  if (!f) return NULL;
  char line[4096];
  char *found = NULL;
  while (!found && fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = '\0';
    char *list = strchr(line, ':'), *path = list ? strchr(list + 1, ':') : NULL;
    if (!path) continue;
    *path++ = '\0';
    *list++ = '\0';
    int match = controller ? has_item(list, controller) : strcmp(line, "0") == 0 && *list == '\0';
    if (match) found = rp_strdup(path);
  }
  fclose(f);
  return found;
}

/* The mount point and root of the hierarchy with controller (v1), or of the
** unified one when controller is NULL, from /proc/self/mountinfo. */
static int find_mount(const char *controller, char *mnt, char *root) {
  FILE *f = fopen("/proc/self/mountinfo", "r");
  if (!f) return -1;
  char line[4096], type[64], opts[1024];
  int found = 0;
  while (!found && fgets(line, sizeof line, f)) {
    char *sep = strstr(line, " - ");
    if (!sep || sscanf(line, "%*s %*s %*s %4095s %4095s", root, mnt) != 2
        || sscanf(sep + 3, "%63s %*s %1023s", type, opts) != 2)
      continue;
    found = controller ? strcmp(type, "cgroup") == 0 && has_item(opts, controller)
                       : strcmp(type, "cgroup2") == 0;
  }
  fclose(f);
  return found ? 0 : -1;
}

/* The directory of this process's own cgroup in that hierarchy, or NULL. */
static char *own_dir(const char *controller) {
  char mnt[4096], root[4096];
  char *own = own_path(controller);
  if (!own || find_mount(controller, mnt, root) != 0) {
    free(own);
    return NULL;
  }
  size_t rlen = strcmp(root, "/") == 0 ? 0 : strlen(root);
  const char *rel = strncmp(own, root, rlen) == 0 ? own + rlen : own;
  char *dir = rp_asprintf("%s%s", mnt, strcmp(rel, "/") == 0 ? "" : rel);
  free(own);
  return dir;
}

/* Kills each listed member of dir; returns how many were listed.  A pid
** of 0 or less is never a member (a fake tree may hold the "0" a child
** wrote to join), and kill() would take it for a process group. */
static int kill_listed(const char *dir) {
  char *path = rp_asprintf("%s/cgroup.procs", dir);
  FILE *f = fopen(path, "r");
  free(path);
  if (!f) return 0;
  long pid;
  int n = 0;
  while (fscanf(f, "%ld", &pid) == 1) {
    if (pid <= 0) continue;
    kill((pid_t)pid, SIGKILL);
    n++;
  }
  fclose(f);
  return n;
}

/* Kills the members of dir round after round, as forks may add new ones,
** until none is listed (or a hundred rounds passed). */
static void kill_members(const char *dir) {
  for (int rounds = 0; rounds < 100 && kill_listed(dir) > 0; rounds++) usleep(1000);
}

/* rmdir fails with EBUSY until the killed members are gone. */
static void remove_dir(const char *dir) {
  for (int tries = 0; tries < 200 && rmdir(dir) != 0 && errno == EBUSY; tries++) usleep(5000);
}

/* Clears away the cgroups of rp runs that died without cleaning up (killed
** by SIGKILL): what their commands left running there (grandchildren the
** parent-death signal does not reach) would otherwise run on with no one to
** enforce the time limit.  A run is dead when no process has its PID, so
** the rp runs sharing a parent cgroup must share a PID namespace.  A frozen
** v1 cgroup (its runner died while killing it) is thawed first: a frozen
** process does not die of SIGKILL. */
static void remove_stale(const char *parent) {
  DIR *d = opendir(parent);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    long pid;
    char rest;
    if (sscanf(e->d_name, "rp-run-%ld%c", &pid, &rest) != 1 || pid <= 0) continue;
    if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;
    char *path = rp_asprintf("%s/%s", parent, e->d_name);
    if (file_exists(path, "freezer.state")) write_file(path, "freezer.state", "THAWED");
    if (!file_exists(path, "cgroup.kill") || write_file(path, "cgroup.kill", "1") != 0)
      kill_members(path);
    remove_dir(path);
    free(path);
  }
  closedir(d);
}

/* The cgroup under which the run's cgroups are made in that hierarchy:
** below $RP_CGROUP_ROOT when it is set, else this process's own cgroup. */
static char *parent_dir(const char *controller) {
  const char *root = getenv(CGROUP_ROOT_VARIABLE);
  if (!root || !*root) return own_dir(controller);
  char *dir = controller ? rp_asprintf("%s/%s", root, controller) : rp_strdup(root);
  if (file_exists(dir, "cgroup.procs")) return dir;
  free(dir);
  return NULL;
}

/* Makes a child rp-run-PID of the parent cgroup in that hierarchy and
** remembers it for removal; NULL if it cannot. */
static char *make_child(Cgroup *cg, const char *controller) {
  char *parent = parent_dir(controller);
  if (!parent) return NULL;
  remove_stale(parent);
  char *dir = rp_asprintf("%s/rp-run-%ld", parent, (long)getpid());
  free(parent);
  if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
    free(dir);
    return NULL;
  }
  cg->dirs[cg->ndirs++] = dir;
  return dir;
}

/* Whether the unified cgroup's children can get the memory controller:
** it must be offered here and delegated to the children. */
static int unified_memory(void) {
  char *parent = parent_dir(NULL);
  if (!parent) return 0;
  char line[1024];
  read_line(parent, "cgroup.subtree_control", line, sizeof line);
  int ok = strstr(line, "memory") || write_file(parent, "cgroup.subtree_control", "+memory") == 0;
  free(parent);
  return ok;
}

void cgroup_create_partial(Cgroup *cg) {
  *cg = (Cgroup){0};
  cg->unified = make_child(cg, NULL);
  if (cg->unified && !file_exists(cg->unified, "cgroup.kill")) cg->freezer = make_child(cg, "freezer");
  if (!cg->unified) cg->freezer = make_child(cg, "freezer");
  if (cg->unified && file_exists(cg->unified, "cpu.stat")) {
    cg->cpu = cg->unified;
    cg->cpu_version = 2;
  } else if ((cg->cpu = make_child(cg, "cpuacct")) != NULL) {
    cg->cpu_version = 1;
  }
}

/* Sets the limit in the memory cgroup, swap included where the kernel
** accounts it (without that, the limit would only push pages to swap). */
static int set_limit(const Cgroup *cg, long long bytes) {
  char text[32];
  snprintf(text, sizeof text, "%lld", bytes);
  if (cg->memory_version == 2) {
    if (write_file(cg->memory, "memory.max", text) != 0) return -1;
    if (file_exists(cg->memory, "memory.swap.max")) write_file(cg->memory, "memory.swap.max", "0");
    return 0;
  }
  if (write_file(cg->memory, "memory.limit_in_bytes", text) != 0) return -1;
  if (file_exists(cg->memory, "memory.memsw.limit_in_bytes"))
    write_file(cg->memory, "memory.memsw.limit_in_bytes", text);
  return 0;
}

int cgroup_create(Cgroup *cg, long long limit_bytes, char *err, size_t errlen) {
  cgroup_create_partial(cg);
  if (cg->unified && unified_memory() && file_exists(cg->unified, "memory.max")) {
    cg->memory = cg->unified;
    cg->memory_version = 2;
  } else if ((cg->memory = make_child(cg, "memory")) != NULL) {
    cg->memory_version = 1;
  }
  const char *why = !cg->memory ? "no writable memory cgroup (v1 or v2)"
                  : limit_bytes > 0 && set_limit(cg, limit_bytes) != 0 ? "cannot set the memory limit"
                  : NULL;
  if (!why) return 0;
  const char *root = getenv(CGROUP_ROOT_VARIABLE);
  if (root && *root) snprintf(err, errlen, "%s under %s=%s", why, CGROUP_ROOT_VARIABLE, root);
  else snprintf(err, errlen, "%s", why);
  cgroup_destroy(cg);
  return -1;
}

int cgroup_enter(const Cgroup *cg) {
  for (int i = 0; i < cg->ndirs; i++)
    if (write_file(cg->dirs[i], "cgroup.procs", "0") != 0) return -1;
  return 0;
}

/* A positive count, or a flag that is set, of file's key. */
static int counted(const char *dir, const char *file, const char *key) {
  return read_number(dir, file, key) > 0;
}

int cgroup_memory_exhausted(const Cgroup *cg) {
  if (cg->memory_version == 2)
    return counted(cg->memory, "memory.events", "oom_kill") || counted(cg->memory, "memory.events", "oom");
  if (cg->memory_version == 1)
    return counted(cg->memory, "memory.oom_control", "oom_kill")
        || counted(cg->memory, "memory.oom_control", "under_oom");
  return 0;
}

long long cgroup_process_bytes(const Cgroup *cg) {
  long long resident = -1, swapped = -1;
  if (cg->memory_version == 2) {
    resident = read_number(cg->memory, "memory.stat", "anon");
    swapped = read_number(cg->memory, "memory.swap.current", NULL);
  } else if (cg->memory_version == 1) {
    resident = read_number(cg->memory, "memory.stat", "total_rss");
    swapped = read_number(cg->memory, "memory.stat", "total_swap");
  }
  return resident < 0 ? -1 : resident + (swapped > 0 ? swapped : 0);
}

long long cgroup_peak_bytes(const Cgroup *cg) {
  if (cg->memory_version == 2) return read_number(cg->memory, "memory.peak", NULL);
  if (cg->memory_version != 1) return -1;
  long long with_swap = read_number(cg->memory, "memory.memsw.max_usage_in_bytes", NULL);
  return with_swap >= 0 ? with_swap : read_number(cg->memory, "memory.max_usage_in_bytes", NULL);
}

int cgroup_cpu_times(const Cgroup *cg, double *user_s, double *sys_s) {
  long long user = -1, sys = -1;
  if (cg->cpu_version == 2) {
    user = read_number(cg->cpu, "cpu.stat", "user_usec");
    sys = read_number(cg->cpu, "cpu.stat", "system_usec");
    *user_s = user / 1e6, *sys_s = sys / 1e6;
  } else if (cg->cpu_version == 1) {
    user = read_number(cg->cpu, "cpuacct.usage_user", NULL);
    sys = read_number(cg->cpu, "cpuacct.usage_sys", NULL);
    *user_s = user / 1e9, *sys_s = sys / 1e9;
  }
  return user >= 0 && sys >= 0 ? 0 : -1;
}

/* A frozen cgroup cannot fork while its members are killed one by one. */
static void kill_frozen(const char *freezer) {
  write_file(freezer, "freezer.state", "FROZEN");
  for (int tries = 0; tries < 1000; tries++) {
    char state[32];
    read_line(freezer, "freezer.state", state, sizeof state);
    if (strncmp(state, "FREEZING", 8) != 0) break;
    usleep(1000);
  }
  kill_listed(freezer);
  write_file(freezer, "freezer.state", "THAWED");
}

void cgroup_kill_all(const Cgroup *cg) {
  if (cg->unified && write_file(cg->unified, "cgroup.kill", "1") == 0) return;
  if (cg->freezer) kill_frozen(cg->freezer);
  const char *members = cg->memory ? cg->memory : cg->cpu ? cg->cpu : cg->freezer;
  if (members) kill_members(members);
}

void cgroup_destroy(Cgroup *cg) {
  if (cg->ndirs > 0) cgroup_kill_all(cg);
  for (int i = cg->ndirs - 1; i >= 0; i--) {
    remove_dir(cg->dirs[i]);
    free(cg->dirs[i]);
  }
  *cg = (Cgroup){0};
}

static const char *version_name(int v) { return v == 2 ? "cgroup-v2" : v == 1 ? "cgroup-v1" : NULL; }

const char *cgroup_memory_method(const Cgroup *cg) { return version_name(cg->memory_version); }
const char *cgroup_cpu_method(const Cgroup *cg) { return version_name(cg->cpu_version); }
