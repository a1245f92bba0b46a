/* The files of a --witness directory; see witness_files.h. */
#include "witness_files.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "cli/outputs.h"

/* Witness paths are built in buffers of this size; a longer directory
** name would truncate them. */
enum { WITNESS_DIR_MAX = 3072 };

void rp_witness_dir_prepare(const char *dir) {
  if (strlen(dir) > WITNESS_DIR_MAX)
    rp_die(RP_EXIT_USAGE, "--witness: a directory name of at most %d bytes", WITNESS_DIR_MAX);
  if (mkdir(dir, 0777) != 0 && errno != EEXIST)
    rp_die(RP_EXIT_USAGE, "%s: cannot create the witness directory: %s", dir, strerror(errno));
  char probe[WITNESS_DIR_MAX + 32];
  snprintf(probe, sizeof probe, "%s/.rp-witness-XXXXXX", dir);
  int fd = mkstemp(probe);
  if (fd < 0)
    rp_die(RP_EXIT_USAGE, "%s: cannot create witnesses in it: %s", dir, strerror(errno));
  close(fd);
  unlink(probe);
}

FILE *rp_witness_create(char *path, size_t size, const char *dir, const char *name) {
  snprintf(path, size, "%s/%s", dir, name);
  rp_output_check_new(path);
  FILE *f = fopen(path, "w");
  if (f == NULL) rp_die(RP_EXIT_RESOURCE, "%s: cannot write: %s", path, strerror(errno));
  return f;
}

void rp_witness_close(FILE *f, const char *path) {
  if (ferror(f) | fclose(f)) rp_die(RP_EXIT_RESOURCE, "%s: write error", path);
}
