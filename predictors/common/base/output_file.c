/* Files named on the command line; see output_file.h. */
#include "output_file.h"

#include <errno.h>
#include <string.h>

#include "diag.h"

FILE *rp_output_open(const char *path) {
  if (path == NULL) return NULL;
  if (strcmp(path, "-") == 0) return stdout;
  FILE *f = fopen(path, "w");
  if (f == NULL) rp_die(RP_EXIT_USAGE, "%s: cannot write: %s", path, strerror(errno));
  return f;
}

void rp_output_close(FILE *f, const char *what) {
  if (f == NULL) return;
  if (fflush(f) != 0 || ferror(f) || (f != stdout && fclose(f) != 0))
    rp_die(RP_EXIT_RESOURCE, "error writing %s: %s", what, strerror(errno));
}
