/* Compressed output; see output_stream.h. */
#include "output_stream.h"

#include <errno.h>
#include <lzma.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

#include "base/diag.h"

int rp_compression_of_name(const char *path, size_t *ext_len) {
  static const struct { const char *ext; int compression; } table[] = {
      {".xz", RP_COMPRESSION_XZ},   {".gz", RP_COMPRESSION_GZIP}, {".zst", RP_COMPRESSION_ZSTD},
      {".bz2", -1}, {".lz4", -1}, {".lzma", -1}, {".lz", -1}, {".Z", -1}, {".zip", -1},
      {".7z", -1},  {".br", -1},
  };
  size_t n = strlen(path);
  for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
    size_t k = strlen(table[i].ext);
    if (n > k && strcmp(path + n - k, table[i].ext) == 0) {
      *ext_len = k;
      return table[i].compression;
    }
  }
  *ext_len = 0;
  return RP_COMPRESSION_NONE;
}

typedef struct compressor {
  rp_compression kind;
  FILE *out;
  lzma_stream xz;
  z_stream gz;
  ZSTD_CStream *zst;
  unsigned char buf[1 << 16];
} compressor;

static int put(compressor *c, size_t n) {
  return n == 0 || fwrite(c->buf, 1, n, c->out) == n ? 0 : -1;
}

/* Each step compresses in[0..len) (finishing the stream if finish) and
** writes what comes out: 0, or -1. */
static int xz_step(compressor *c, const void *in, size_t len, bool finish) {
  c->xz.next_in = in;
  c->xz.avail_in = len;
  for (;;) {
    c->xz.next_out = c->buf;
    c->xz.avail_out = sizeof c->buf;
    lzma_ret r = lzma_code(&c->xz, finish ? LZMA_FINISH : LZMA_RUN);
    if ((r != LZMA_OK && r != LZMA_STREAM_END) || put(c, sizeof c->buf - c->xz.avail_out) < 0)
      return -1;
    if (finish ? r == LZMA_STREAM_END : c->xz.avail_in == 0 && c->xz.avail_out != 0) return 0;
  }
}

static int gz_step(compressor *c, const void *in, size_t len, bool finish) {
  c->gz.next_in = (Bytef *)in;
  c->gz.avail_in = (uInt)len;   /* the FILE's buffer: far below 4 GiB */
  for (;;) {
    c->gz.next_out = c->buf;
    c->gz.avail_out = sizeof c->buf;
    int r = deflate(&c->gz, finish ? Z_FINISH : Z_NO_FLUSH);
    if (r == Z_STREAM_ERROR || put(c, sizeof c->buf - c->gz.avail_out) < 0) return -1;
    if (finish ? r == Z_STREAM_END : c->gz.avail_in == 0 && c->gz.avail_out != 0) return 0;
  }
}

static int zst_step(compressor *c, const void *in, size_t len, bool finish) {
  ZSTD_inBuffer from = {in, len, 0};
  for (;;) {
    ZSTD_outBuffer to = {c->buf, sizeof c->buf, 0};
    size_t left = ZSTD_compressStream2(c->zst, &to, &from, finish ? ZSTD_e_end : ZSTD_e_continue);
    if (ZSTD_isError(left) || put(c, to.pos) < 0) return -1;
    if (finish ? left == 0 : from.pos == from.size) return 0;
  }
}

static int step(compressor *c, const void *in, size_t len, bool finish) {
  int r = c->kind == RP_COMPRESSION_XZ     ? xz_step(c, in, len, finish)
          : c->kind == RP_COMPRESSION_GZIP ? gz_step(c, in, len, finish)
                                           : zst_step(c, in, len, finish);
  if (r < 0 && errno == 0) errno = EIO;
  return r;
}

static ssize_t cookie_write(void *cookie, const char *buf, size_t size) {
  errno = 0;
  return step(cookie, buf, size, false) == 0 ? (ssize_t)size : -1;
}

static void end_codec(compressor *c) {
  if (c->kind == RP_COMPRESSION_XZ) lzma_end(&c->xz);
  else if (c->kind == RP_COMPRESSION_GZIP) deflateEnd(&c->gz);
  else ZSTD_freeCStream(c->zst);
}

static int cookie_close(void *cookie) {
  compressor *c = cookie;
  errno = 0;
  int r = step(c, NULL, 0, true);
  end_codec(c);
  if (fclose(c->out) != 0) r = -1;
  free(c);
  return r == 0 ? 0 : EOF;
}

static bool start_codec(compressor *c) {
  switch (c->kind) {
    case RP_COMPRESSION_XZ:
      c->xz = (lzma_stream)LZMA_STREAM_INIT;
      return lzma_easy_encoder(&c->xz, LZMA_PRESET_DEFAULT, LZMA_CHECK_CRC64) == LZMA_OK;
    case RP_COMPRESSION_GZIP:   /* 15 + 16: a gzip header, as gzip writes */
      return deflateInit2(&c->gz, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
                          Z_DEFAULT_STRATEGY) == Z_OK;
    case RP_COMPRESSION_ZSTD: return (c->zst = ZSTD_createCStream()) != NULL;
    case RP_COMPRESSION_NONE: break;
  }
  return false;
}

FILE *rp_compressing_stream(FILE *f, rp_compression kind) {
  compressor *c = rp_calloc(1, sizeof *c);
  c->kind = kind;
  c->out = f;
  if (!start_codec(c)) {
    free(c);
    return NULL;
  }
  cookie_io_functions_t io = {.write = cookie_write, .close = cookie_close};
  FILE *stream = fopencookie(c, "w", io);
  if (stream == NULL) {
    end_codec(c);
    free(c);
  }
  return stream;
}
