/* Killing every descendant of the runner; see reaper.h. */
#include "reaper.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/diag.h"

int reaper_become(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1) == 0 ? 0 : -1; }

void reaper_wake_signals(sigset_t *set) {
  sigemptyset(set);
  sigaddset(set, SIGCHLD);
  sigaddset(set, SIGINT);
  sigaddset(set, SIGTERM);
  sigaddset(set, SIGHUP);
}

typedef struct PidList {
  pid_t *pids;
  size_t n, cap;
} PidList;

static void push(PidList *l, pid_t pid) {
  RP_GROW_FROM(l->pids, l->cap, l->n, 64);
  l->pids[l->n++] = pid;
}

/* Parent of process pid from /proc/PID/stat, or -1.  The command name in
** parentheses may itself hold ") ", so the fields are read after the last ')'. */
static pid_t parent_of(const char *pid) {
  char path[300], buf[512];
  snprintf(path, sizeof path, "/proc/%s/stat", pid);
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  char *close_paren = strrchr(buf, ')');
  int ppid;
  if (!close_paren || sscanf(close_paren + 1, " %*c %d", &ppid) != 1) return -1;
  return ppid;
}

/* Appends the children of every thread of process pid, from the kernel's
** own lists (CONFIG_PROC_CHILDREN); -1 where the kernel keeps none. */
static int append_children(PidList *l, pid_t pid) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%ld/task", (long)pid);
  DIR *tasks = opendir(path);
  if (!tasks) return -1;
  int found = 0;
  struct dirent *e;
  while ((e = readdir(tasks)) != NULL) {
    if (!isdigit((unsigned char)e->d_name[0])) continue;
    char file[400];
    snprintf(file, sizeof file, "/proc/%ld/task/%s/children", (long)pid, e->d_name);
    FILE *f = fopen(file, "r");
    if (!f) continue;
    found = 1;
    long child;
    while (fscanf(f, "%ld", &child) == 1) push(l, (pid_t)child);
    fclose(f);
  }
  closedir(tasks);
  return found ? 0 : -1;
}

void reaper_signal_descendants(int sig) {
  PidList l = {0};
  append_children(&l, getpid());
  for (size_t i = 0; i < l.n; i++) append_children(&l, l.pids[i]);
  for (size_t i = 0; i < l.n; i++) kill(l.pids[i], sig);
  free(l.pids);
}

/* Every child of this process: from the kernel's own list where it keeps
** one unless scan is set, else by reading all of /proc. */
static void list_children(PidList *l, int scan) {
  l->n = 0;
  if (!scan && append_children(l, getpid()) == 0) return;
  DIR *proc = opendir("/proc");
  if (!proc) return;
  pid_t self = getpid();
  struct dirent *e;
  while ((e = readdir(proc)) != NULL)
    if (isdigit((unsigned char)e->d_name[0]) && parent_of(e->d_name) == self)
      push(l, (pid_t)atoi(e->d_name));
  closedir(proc);
}

void reaper_kill_all(pid_t pgid) {
  if (pgid > 0) kill(-pgid, SIGKILL);
  PidList children = {0};
  int scan = 0;
  for (;;) {
    list_children(&children, scan);
    for (size_t i = 0; i < children.n; i++) kill(children.pids[i], SIGKILL);
    /* Their own orphans are re-parented to us as they die: the next round. */
    for (size_t i = 0; i < children.n; i++)
      while (waitpid(children.pids[i], NULL, 0) < 0 && errno == EINTR) continue;
    if (children.n > 0) continue;
    pid_t dead = waitpid(-1, NULL, WNOHANG);
    if (dead == 0) {  /* a child the listing missed: look through /proc */
      scan = 1;
      usleep(1000);
      continue;
    }
    if (dead < 0 && errno != EINTR) break;
  }
  free(children.pids);
}
