/*
** rp: the git-style front door of the workbench.
**
**   rp CMD ARGS...     executes rp-CMD ARGS...
**   rp help [CMD]      lists the commands, or shows rp-CMD --help
**
** rp-CMD is looked up first in the directory holding this executable (so
** build/bin/rp always runs the build/bin/rp-* beside it, whatever PATH says)
** and then on PATH.  The command list is made by scanning that directory for
** rp-* executables; each one's description is the first line of its --help.
*/
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/nearest.h"
#include "base/opt.h"

/* How long one `rp-CMD --help` may take before the listing gives up on it. */
#define HELP_TIMEOUT_MS 2000
#define MAX_COMMANDS 256

/* Fills dir with the directory of this executable; "" if unknown. */
static void own_directory(char *dir, size_t size) {
  ssize_t n = readlink("/proc/self/exe", dir, size - 1);
  dir[n > 0 ? n : 0] = '\0';
  char *slash = strrchr(dir, '/');
  if (slash) *slash = '\0';
  else dir[0] = '\0';
}

static int is_executable_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* A command name must not smuggle in a path: rp ../../bin/sh is refused. */
static int is_valid_name(const char *name) {
  return name[0] != '\0' && name[0] != '-' && strchr(name, '/') == NULL;
}

/* Replaces this process by rp-NAME with argv as its arguments (argv[0] is
** overwritten).  Returns only if no such command exists. */
static void exec_command(const char *dir, const char *name, char **argv) {
  char prog[PATH_MAX];
  snprintf(prog, sizeof prog, "rp-%s", name);
  argv[0] = prog;
  char path[PATH_MAX];
  if (dir[0] && snprintf(path, sizeof path, "%s/%s", dir, prog) < (int)sizeof path
      && is_executable_file(path)) {
    execv(path, argv);
    fprintf(stderr, "rp: cannot execute %s: %s\n", path, strerror(errno));
    exit(126);
  }
  execvp(prog, argv);
  if (errno != ENOENT) {
    fprintf(stderr, "rp: cannot execute %s: %s\n", prog, strerror(errno));
    exit(126);
  }
}

/* Reads the summary `path --help` prints first ("rp-NAME: what it does",
** its first line and the indented lines that continue it) into line, as one
** line of at most size-1 chars.  The child gets
** HELP_TIMEOUT_MS; a silent or hung one yields "". */
static void help_summary(const char *path, char *line, size_t size) {
  line[0] = '\0';
  int fds[2];
  if (pipe(fds) != 0) return;
  pid_t pid = fork();
  if (pid < 0) { close(fds[0]); close(fds[1]); return; }
  if (pid == 0) {
    setpgid(0, 0); /* so a hung helper and its children die together */
    dup2(fds[1], STDOUT_FILENO);
    int null = open("/dev/null", 0);
    if (null >= 0) { dup2(null, STDIN_FILENO); dup2(null, STDERR_FILENO); }
    close(fds[0]); close(fds[1]);
    execl(path, path, "--help", (char *)NULL);
    _exit(127);
  }
  close(fds[1]);
  size_t len = 0;
  struct pollfd pfd = {.fd = fds[0], .events = POLLIN};
  while (len + 1 < size && !strstr(line, "\n\n") && poll(&pfd, 1, HELP_TIMEOUT_MS) > 0) {
    ssize_t n = read(fds[0], line + len, size - 1 - len);
    if (n <= 0) break;
    len += (size_t)n;
    line[len] = '\0';
  }
  /* the first line and the indented lines that continue it, joined */
  char *out = line;
  for (const char *p = line; *p && *p != '\r'; p++) {
    if (*p != '\n') {
      *out++ = *p;
      continue;
    }
    if (strncmp(p + 1, "  ", 2) != 0) break;
    while (p[1] == ' ') p++;
    *out++ = ' ';
  }
  *out = '\0';
  close(fds[0]);
  kill(-pid, SIGKILL);
  kill(pid, SIGKILL);
  waitpid(pid, NULL, 0);
}

/* "  NAME           text", the text wrapped to 79 columns under itself. */
static void print_command(const char *name, const char *text) {
  enum { COLUMN = 17 };
  int at = printf("  %-14s", name);   /* a long name pushes the text right */
  if (at < COLUMN && *text) at += printf(" ");
  rp_help_wrapped(text, COLUMN, at);
}

static int compare_names(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Collects the names (without "rp-") of the rp-* executables in dir. */
static int list_commands(const char *dir, char **names, int max) {
  DIR *d = dir[0] ? opendir(dir) : NULL;
  if (!d) return 0;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL && n < max) {
    char path[PATH_MAX];
    if (strncmp(e->d_name, "rp-", 3) != 0 || !is_valid_name(e->d_name + 3)) continue;
    if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path) continue;
    if (is_executable_file(path)) names[n++] = rp_strdup(e->d_name + 3);
  }
  closedir(d);
  qsort(names, (size_t)n, sizeof *names, compare_names);
  return n;
}

static int print_help(const char *dir) {
  printf("usage: rp COMMAND [ARGS...]\n"
         "       rp help [COMMAND]\n"
         "       rp --version\n\n"
         "Runs rp-COMMAND from %s (or from PATH).\n\ncommands:\n",
         dir[0] ? dir : "PATH");
  char *names[MAX_COMMANDS];
  int n = list_commands(dir, names, MAX_COMMANDS);
  for (int i = 0; i < n; i++) {
    char path[PATH_MAX], line[512] = "";
    if (snprintf(path, sizeof path, "%s/rp-%s", dir, names[i]) < (int)sizeof path)
      help_summary(path, line, sizeof line);
    /* the summary reads "rp-NAME: what it does" */
    const char *what = line;
    size_t prefix = strlen(names[i]) + 5;   /* "rp-" NAME ": " */
    if (strncmp(line, "rp-", 3) == 0 && strncmp(line + 3, names[i], prefix - 5) == 0 &&
        strncmp(line + prefix - 2, ": ", 2) == 0)
      what = line + prefix;
    print_command(names[i], what);
    free(names[i]);
  }
  if (n == 0) printf("  (none found)\n");
  return rp_flush_stdout(RP_EXIT_OK);
}

/* A mistyped command or option of rp itself: say so, and what was meant
** when a command of dir (or an option of rp) is near. */
static int unknown_command(const char *dir, const char *name) {
  if (name[0] == '-') {
    const char *const options[] = {"--help", "--version"};
    const char *near = rp_nearest_name(name, options, 2);
    fprintf(stderr, "rp: unknown option %s%s%s%s; see 'rp help'\n", name,
            near ? " (did you mean " : "", near ? near : "", near ? "?)" : "");
    return RP_EXIT_USAGE;
  }
  char *names[MAX_COMMANDS];
  int n = list_commands(dir, names, MAX_COMMANDS);
  const char *near = rp_nearest_name(name, (const char *const *)names, (size_t)n);
  fprintf(stderr, "rp: '%s' is not an rp command%s%s%s; see 'rp help'\n", name,
          near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "");
  for (int i = 0; i < n; i++) free(names[i]);
  return RP_EXIT_USAGE;
}

int main(int argc, char **argv) {
  char dir[PATH_MAX];
  own_directory(dir, sizeof dir);
  if (argc < 2) {   /* a usage error: say what is possible, exit 1 */
    int status = print_help(dir);
    return status ? status : RP_EXIT_USAGE;
  }
  if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0
      || (strcmp(argv[1], "help") == 0 && argc == 2))
    return print_help(dir);
  if (strcmp(argv[1], "--version") == 0) {
    printf("rp %s\n", RP_VERSION);
    return rp_flush_stdout(RP_EXIT_OK);
  }
  if (strcmp(argv[1], "help") == 0) {
    /* rp help CMD == rp CMD --help */
    char *help_argv[] = {NULL, "--help", NULL};
    if (is_valid_name(argv[2])) exec_command(dir, argv[2], help_argv);
    return unknown_command(dir, argv[2]);
  }
  const char *name = argv[1]; /* exec_command overwrites argv[1] */
  if (is_valid_name(name)) exec_command(dir, name, argv + 1);
  return unknown_command(dir, name);
}
