/*
** libFuzzer target for the trace readers: any byte string is fed, as a
** file, through the checked trace source (STD or binary, detected by magic)
** and the raw one.  Bad input must come back as an error, never a crash,
** a hang or a sanitizer report; good input must be fully consumed.
*/
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "trace/trace_source.h"

static void read_all(const char *path, int mode) {
  rp_source s;
  rp_event ev;
  if (rp_source_open(&s, path, mode) == 0)
    while (rp_source_next(&s, &ev) > 0) {
    }
  rp_source_close(&s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  int fd = memfd_create("trace", 0);
  if (fd < 0) return 0;
  if (write(fd, data, size) == (ssize_t)size) {
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    read_all(path, RP_SOURCE_CHECKED);
    read_all(path, RP_SOURCE_RAW);
  }
  close(fd);
  return 0;
}
