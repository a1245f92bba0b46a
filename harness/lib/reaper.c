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

int reaper_become(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1) == 0 ? 0 : -1; }

/* Parent of process pid from /proc/PID/stat, or -1.  The command name in
** parentheses may itself hold ") ", so the fields are read after the last ')'. */
static pid_t parent_of(const char *pid) {
  char path[64], buf[512];
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

/* SIGKILLs every process whose parent is this one. */
static void kill_children(void) {
  DIR *proc = opendir("/proc");
  if (!proc) return;
  pid_t self = getpid();
  struct dirent *e;
  while ((e = readdir(proc)) != NULL)
    if (isdigit((unsigned char)e->d_name[0]) && parent_of(e->d_name) == self)
      kill((pid_t)atoi(e->d_name), SIGKILL);
  closedir(proc);
}

void reaper_kill_all(pid_t pgid) {
  if (pgid > 0) kill(-pgid, SIGKILL);
  for (;;) {
    kill_children();
    pid_t dead = waitpid(-1, NULL, 0);
    if (dead < 0 && errno == ECHILD) return;
    if (dead < 0 && errno != EINTR) return;
  }
}
