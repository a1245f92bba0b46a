/*
** An input stream reads the bytes of a file descriptor, decompressing them
** on the fly when they start with the magic number of xz, gzip or zstd
** (liblzma, zlib, libzstd): a compressed trace is read as it is, from a file
** or a pipe, with no temporary file and memory independent of its length.
**
** A compressed stream must end properly: input that stops inside a stream
** (a truncated file) or that the decoder rejects is an error, never a
** silently shorter trace.  Concatenated streams (`cat a.gz b.gz`, several
** xz streams or zstd frames) are read one after the other, as the command
** line tools do.
*/
#ifndef RP_INPUT_STREAM_H
#define RP_INPUT_STREAM_H

#include <stddef.h>
#include <sys/types.h>

typedef enum rp_compression {
  RP_COMPRESSION_NONE, RP_COMPRESSION_XZ, RP_COMPRESSION_GZIP, RP_COMPRESSION_ZSTD
} rp_compression;

typedef struct rp_input rp_input;

/* Start reading fd (not closed by the stream) and detect the compression
** from its first bytes.  Returns NULL, with the reason in error, when even
** those cannot be read or a decoder cannot be set up. */
rp_input *rp_input_open(int fd, const char *path, char *error, size_t error_len);

/* Up to cap decompressed bytes into buf: the count, 0 at the end of the
** input, or -1 with "PATH: expected ..." / "PATH: read error ..." in error. */
ssize_t rp_input_read(rp_input *in, void *buf, size_t cap, char *error, size_t error_len);

void rp_input_close(rp_input *in);

#endif
