/* Running the plot scripts through gnuplot, passing on anything it says:
** a plot that draws with warnings is a plot to fix. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "report.h"

/* Runs gnuplot SCRIPT in out_dir; returns its exit status (127: not found)
** and sets *said when it wrote anything on stderr. */
static int run_one(const char *out_dir, const char *script, int *said) {
  int fds[2];
  if (pipe(fds) != 0) return -1;
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], STDERR_FILENO);
    close(fds[0]);
    close(fds[1]);
    if (chdir(out_dir) != 0) _exit(126);
    execlp("gnuplot", "gnuplot", script, (char *)NULL);
    _exit(127);
  }
  close(fds[1]);
  char buf[4096];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof buf)) > 0) {
    if (!*said) fprintf(stderr, "rp-report: gnuplot %s/%s says:\n", out_dir, script);
    *said = 1;
    fwrite(buf, 1, (size_t)n, stderr);
  }
  close(fds[0]);
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) < 0) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int run_gnuplot(const char *out_dir, const StrVec *scripts) {
  int rc = 0;
  for (int i = 0; i < scripts->n; i++) {
    int said = 0, status = run_one(out_dir, scripts->items[i], &said);
    if (status == 127) {
      fprintf(stderr, "rp-report: gnuplot not found; the plot scripts are in %s\n", out_dir);
      return 0;
    }
    if (status != 0 || said) rc = -1;
  }
  return rc;
}
