/*
** The header of an rp run --out file: a file that already holds rows under
** another header (other labels, an older rp run with other columns) must
** not get a row whose fields do not line up with it.
*/
#ifndef HARNESS_RUN_OUT_HEADER_H
#define HARNESS_RUN_OUT_HEADER_H
#include <stddef.h>

typedef enum OutHeader { OUT_EMPTY, OUT_SAME, OUT_OTHER } OutHeader;

/* Whether the file open for reading at fd is empty (the header is still to
** be written), starts with header[0..len) (its line end included), or
** starts with another line, then copied (cut short) into found. */
OutHeader out_header_state(int fd, const char *header, size_t len, char *found, size_t size);

#endif
