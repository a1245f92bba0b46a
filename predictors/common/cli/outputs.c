/* Outputs that would destroy data; see outputs.h. */
#include "outputs.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"

/* Where a path leads: an existing regular file (its device and inode), a
** file yet to be made (its folder's device and inode, and its name), or
** nothing that can clash (a terminal, a pipe, /dev/null, an unreachable
** folder: writing there destroys no file). */
typedef struct file_id {
  enum { ID_NONE, ID_FILE, ID_NEW } kind;
  dev_t dev;
  ino_t ino;
  char name[NAME_MAX + 1];
} file_id;

static file_id of_stat(const struct stat *st) {
  file_id id = {S_ISREG(st->st_mode) ? ID_FILE : ID_NONE, st->st_dev, st->st_ino, ""};
  return id;
}

/* A path to a file not yet made, past any symbolic links that lead to it:
** the folder it is in and its name.  link holds the path on entry. */
static file_id of_new(char link[PATH_MAX]) {
  file_id none = {ID_NONE, 0, 0, ""};
  struct stat st;
  for (int hops = 0; lstat(link, &st) == 0; hops++) {   /* a dangling link */
    char target[PATH_MAX];
    ssize_t n = readlink(link, target, sizeof target - 1);
    if (!S_ISLNK(st.st_mode) || n < 0 || hops == 40) return none;
    target[n] = '\0';
    char *slash = strrchr(link, '/');
    if (target[0] == '/' || !slash) snprintf(link, PATH_MAX, "%s", target);
    else if (snprintf(slash + 1, (size_t)(PATH_MAX - (slash + 1 - link)), "%s", target) >=
             PATH_MAX - (slash + 1 - link))
      return none;
  }
  char *slash = strrchr(link, '/');
  const char *name = slash ? slash + 1 : link;
  size_t len = strlen(name);
  if (len > NAME_MAX) return none;
  file_id id = {ID_NEW, 0, 0, ""};
  memcpy(id.name, name, len + 1);
  if (slash == link) slash[1] = '\0';   /* "/name": the root folder */
  else if (slash) *slash = '\0';
  if (stat(slash ? link : ".", &st) != 0) return none;
  id.dev = st.st_dev;
  id.ino = st.st_ino;
  return id;
}

/* Where path leads; "-" is the file descriptor fd (0 for the trace, 1 for
** an output). */
static file_id identify(const char *path, int fd) {
  struct stat st;
  file_id none = {ID_NONE, 0, 0, ""};
  if (strcmp(path, "-") == 0) return fstat(fd, &st) == 0 ? of_stat(&st) : none;
  if (stat(path, &st) == 0) return of_stat(&st);
  char link[PATH_MAX];
  if (errno != ENOENT || snprintf(link, sizeof link, "%s", path) >= (int)sizeof link) return none;
  return of_new(link);
}

static bool same_file(const file_id *a, const file_id *b) {
  return a->kind != ID_NONE && a->kind == b->kind && a->dev == b->dev && a->ino == b->ino &&
         strcmp(a->name, b->name) == 0;
}

/* What was checked, for rp_output_check_new; outputs live as long as argv. */
static const char *checked_trace;
static const rp_output *checked;
static size_t checked_n;

void rp_outputs_check(const char *trace, const rp_output *outputs, size_t n) {
  file_id input = identify(trace, 0);
  for (size_t i = 0; i < n; i++) {
    file_id out = identify(outputs[i].path, 1);
    if (same_file(&out, &input))
      rp_die(RP_EXIT_USAGE, "%s %s is the trace %s: writing it would destroy the trace",
                     outputs[i].option, outputs[i].path, trace);
    for (size_t j = 0; j < i; j++) {
      bool both_stdout = !strcmp(outputs[i].path, "-") && !strcmp(outputs[j].path, "-");
      file_id other = identify(outputs[j].path, 1);
      if (!both_stdout && same_file(&out, &other))
        rp_die(RP_EXIT_USAGE, "%s %s and %s %s are the same file: one would overwrite the other",
                       outputs[j].option, outputs[j].path, outputs[i].option, outputs[i].path);
    }
  }
  checked_trace = trace;
  checked = outputs;
  checked_n = n;
}

void rp_output_check_new(const char *path) {
  file_id out = identify(path, -1);
  file_id input = checked_trace ? identify(checked_trace, 0) : (file_id){ID_NONE, 0, 0, ""};
  if (same_file(&out, &input))
    rp_die(RP_EXIT_USAGE, "%s is the trace %s: writing it would destroy the trace", path, checked_trace);
  for (size_t i = 0; i < checked_n; i++) {
    file_id other = identify(checked[i].path, 1);
    if (same_file(&out, &other))
      rp_die(RP_EXIT_USAGE, "%s is %s %s: writing it would overwrite that output", path,
                     checked[i].option, checked[i].path);
  }
}
