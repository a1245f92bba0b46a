/* Reading plain or compressed bytes from a file descriptor; see input_stream.h. */
#include "input_stream.h"

#include <errno.h>
#include <lzma.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "base/diag.h"

#define INPUT_CHUNK (1u << 18)
#define MAGIC_LEN 6

struct rp_input {
  int fd;
  const char *path;
  rp_compression kind;
  /* Raw bytes read but not yet consumed: the decoders' input, and for a
  ** plain stream the bytes read to look for a magic number. */
  unsigned char *raw;
  size_t raw_pos, raw_len;
  bool raw_eof;
  bool ended;             /* the decoder has seen the end of its last stream */
  lzma_stream xz;
  z_stream gz;
  bool gz_between;        /* a gzip member ended; another may follow */
  ZSTD_DStream *zs;
  size_t zs_hint;         /* 0 once a zstd frame is complete */
};

static ssize_t fail(char *error, size_t len, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(error, len, fmt, ap);
  va_end(ap);
  return -1;
}

/* Read more raw bytes when all have been consumed; sets raw_eof at the end. */
static ssize_t refill(rp_input *in, char *error, size_t len) {
  if (in->raw_pos < in->raw_len || in->raw_eof) return 0;
  ssize_t n;
  do n = read(in->fd, in->raw, INPUT_CHUNK);
  while (n < 0 && errno == EINTR);
  if (n < 0) return fail(error, len, "%s: read error: %s", in->path, strerror(errno));
  in->raw_pos = 0;
  in->raw_len = (size_t)n;
  if (n == 0) in->raw_eof = true;
  return 0;
}

static rp_compression detect(const unsigned char *p, size_t n) {
  static const unsigned char xz[] = {0xFD, '7', 'z', 'X', 'Z', 0x00};
  static const unsigned char gz[] = {0x1F, 0x8B};
  static const unsigned char zst[] = {0x28, 0xB5, 0x2F, 0xFD};
  if (n >= sizeof xz && memcmp(p, xz, sizeof xz) == 0) return RP_COMPRESSION_XZ;
  if (n >= sizeof gz && memcmp(p, gz, sizeof gz) == 0) return RP_COMPRESSION_GZIP;
  if (n >= sizeof zst && memcmp(p, zst, sizeof zst) == 0) return RP_COMPRESSION_ZSTD;
  return RP_COMPRESSION_NONE;
}

static int start_decoder(rp_input *in, char *error, size_t len) {
  switch (in->kind) {
    case RP_COMPRESSION_XZ:
      in->xz = (lzma_stream)LZMA_STREAM_INIT;
      if (lzma_stream_decoder(&in->xz, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
        return (int)fail(error, len, "%s: cannot start the xz decoder", in->path);
      return 0;
    case RP_COMPRESSION_GZIP:
      if (inflateInit2(&in->gz, 15 + 16) != Z_OK)
        return (int)fail(error, len, "%s: cannot start the gzip decoder", in->path);
      return 0;
    case RP_COMPRESSION_ZSTD:
      in->zs = ZSTD_createDStream();
      if (in->zs == NULL || ZSTD_isError(ZSTD_initDStream(in->zs)))
        return (int)fail(error, len, "%s: cannot start the zstd decoder", in->path);
      in->zs_hint = 1;
      return 0;
    case RP_COMPRESSION_NONE: break;
  }
  return 0;
}

rp_input *rp_input_open(int fd, const char *path, char *error, size_t error_len) {
  rp_input *in = rp_calloc(1, sizeof *in);
  in->fd = fd;
  in->path = path;
  in->raw = rp_malloc(INPUT_CHUNK);
  /* Gather the first bytes (a pipe may deliver them piecemeal). */
  while (!in->raw_eof && in->raw_len < MAGIC_LEN) {
    ssize_t n = read(fd, in->raw + in->raw_len, INPUT_CHUNK - in->raw_len);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      fail(error, error_len, "%s: read error: %s", path, strerror(errno));
      rp_input_close(in);
      return NULL;
    }
    if (n == 0) in->raw_eof = true;
    in->raw_len += (size_t)n;
  }
  in->kind = detect(in->raw, in->raw_len);
  if (start_decoder(in, error, error_len) < 0) {
    rp_input_close(in);
    return NULL;
  }
  return in;
}

static ssize_t read_plain(rp_input *in, unsigned char *buf, size_t cap, char *error, size_t len) {
  if (in->raw_pos < in->raw_len) {
    size_t n = in->raw_len - in->raw_pos < cap ? in->raw_len - in->raw_pos : cap;
    memcpy(buf, in->raw + in->raw_pos, n);
    in->raw_pos += n;
    return (ssize_t)n;
  }
  if (in->raw_eof) return 0;
  ssize_t n;
  do n = read(in->fd, buf, cap);
  while (n < 0 && errno == EINTR);
  if (n < 0) return fail(error, len, "%s: read error: %s", in->path, strerror(errno));
  return n;
}

static const char *xz_problem(lzma_ret r) {
  switch (r) {
    case LZMA_FORMAT_ERROR: return "not an xz stream";
    case LZMA_OPTIONS_ERROR: return "unsupported options";
    case LZMA_DATA_ERROR: return "corrupt data";
    default: return "liblzma error";
  }
}

static ssize_t read_xz(rp_input *in, unsigned char *buf, size_t cap, char *error, size_t len) {
  in->xz.next_out = buf;
  in->xz.avail_out = cap;
  while (in->xz.avail_out == cap && !in->ended) {
    if (refill(in, error, len) < 0) return -1;
    in->xz.next_in = in->raw + in->raw_pos;
    in->xz.avail_in = in->raw_len - in->raw_pos;
    lzma_ret r = lzma_code(&in->xz, in->raw_eof ? LZMA_FINISH : LZMA_RUN);
    in->raw_pos = in->raw_len - in->xz.avail_in;
    if (r == LZMA_STREAM_END) in->ended = true;
    else if (r == LZMA_BUF_ERROR)
      return fail(error, len, "%s: expected more xz data (the file is truncated)", in->path);
    else if (r == LZMA_MEM_ERROR || r == LZMA_MEMLIMIT_ERROR)
      rp_die(RP_EXIT_RESOURCE, "%s: out of memory decompressing xz", in->path);
    else if (r != LZMA_OK)
      return fail(error, len, "%s: expected valid xz data (%s)", in->path, xz_problem(r));
  }
  return (ssize_t)(cap - in->xz.avail_out);
}

static ssize_t read_gzip(rp_input *in, unsigned char *buf, size_t cap, char *error, size_t len) {
  in->gz.next_out = buf;
  in->gz.avail_out = (uInt)(cap > UINT32_MAX ? UINT32_MAX : cap);
  uInt out_cap = in->gz.avail_out;
  while (in->gz.avail_out == out_cap) {
    if (refill(in, error, len) < 0) return -1;
    if (in->raw_pos == in->raw_len) {   /* raw_eof */
      if (in->gz_between) break;
      return fail(error, len, "%s: expected more gzip data (the file is truncated)", in->path);
    }
    if (in->gz_between) {   /* another member follows */
      inflateReset(&in->gz);
      in->gz_between = false;
    }
    in->gz.next_in = in->raw + in->raw_pos;
    in->gz.avail_in = (uInt)(in->raw_len - in->raw_pos);
    int r = inflate(&in->gz, Z_NO_FLUSH);
    in->raw_pos = in->raw_len - in->gz.avail_in;
    if (r == Z_STREAM_END) in->gz_between = true;
    else if (r == Z_MEM_ERROR) rp_die(RP_EXIT_RESOURCE, "%s: out of memory decompressing gzip", in->path);
    else if (r != Z_OK && r != Z_BUF_ERROR)
      return fail(error, len, "%s: expected valid gzip data (%s)", in->path,
                  in->gz.msg ? in->gz.msg : "zlib error");
  }
  return (ssize_t)(out_cap - in->gz.avail_out);
}

static ssize_t read_zstd(rp_input *in, unsigned char *buf, size_t cap, char *error, size_t len) {
  ZSTD_outBuffer out = {buf, cap, 0};
  while (out.pos == 0) {
    if (refill(in, error, len) < 0) return -1;
    if (in->raw_pos == in->raw_len) {   /* raw_eof */
      if (in->zs_hint == 0) break;
      return fail(error, len, "%s: expected more zstd data (the file is truncated)", in->path);
    }
    ZSTD_inBuffer src = {in->raw + in->raw_pos, in->raw_len - in->raw_pos, 0};
    size_t r = ZSTD_decompressStream(in->zs, &out, &src);
    in->raw_pos += src.pos;
    if (ZSTD_isError(r))
      return fail(error, len, "%s: expected valid zstd data (%s)", in->path,
                  ZSTD_getErrorName(r));
    in->zs_hint = r;
  }
  return (ssize_t)out.pos;
}

ssize_t rp_input_read(rp_input *in, void *buf, size_t cap, char *error, size_t error_len) {
  switch (in->kind) {
    case RP_COMPRESSION_XZ: return read_xz(in, buf, cap, error, error_len);
    case RP_COMPRESSION_GZIP: return read_gzip(in, buf, cap, error, error_len);
    case RP_COMPRESSION_ZSTD: return read_zstd(in, buf, cap, error, error_len);
    case RP_COMPRESSION_NONE: break;
  }
  return read_plain(in, buf, cap, error, error_len);
}

void rp_input_close(rp_input *in) {
  if (in == NULL) return;
  switch (in->kind) {
    case RP_COMPRESSION_XZ: lzma_end(&in->xz); break;
    case RP_COMPRESSION_GZIP: inflateEnd(&in->gz); break;
    case RP_COMPRESSION_ZSTD: ZSTD_freeDStream(in->zs); break;
    case RP_COMPRESSION_NONE: break;
  }
  free(in->raw);
  free(in);
}
