/*
** libFuzzer target for the trace readers: any byte string is fed, as a
** file, through the checked trace source (STD or binary, detected by magic)
** and the raw one.  Bad input must come back as an error, never a crash,
** a hang or a sanitizer report; good input must be fully consumed.  STD
** input is read a second way, in chunks of a few bytes of lines as the
** event feed reads it (on one thread here), which must give the same
** events, positions, names and error.
*/
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "trace/std_chunk.h"
#include "trace/trace_source.h"

/* What a way of reading gave: a digest of the events with their
** positions, then of the name tables, and how it ended. */
typedef struct outcome {
  uint64_t digest;
  int status;
  char error[512];
} outcome;

static void mix(outcome *o, uint64_t v) { o->digest = (o->digest ^ v) * 0x100000001b3ull; }

static void mix_event(outcome *o, const rp_event *ev, uint64_t pos) {
  mix(o, pos);
  mix(o, ev->thread | (uint64_t)ev->operand << 32);
  mix(o, ev->loc | (uint64_t)ev->op << 32);
}

static void mix_names(outcome *o, const rp_names *t) {
  mix(o, t->count);
  for (uint32_t id = 0; id < t->count; id++)
    for (const char *c = rp_names_get(t, id); *c; c++) mix(o, (unsigned char)*c);
}

static void end(outcome *o, rp_source *s, int status) {
  mix_names(o, &s->sym.threads);
  mix_names(o, &s->sym.locks);
  mix_names(o, &s->sym.vars);
  mix_names(o, &s->sym.locs);
  o->status = status;
  if (status < 0) snprintf(o->error, sizeof o->error, "%s", s->error);
}

static void by_lines(rp_source *s, outcome *o) {
  rp_event ev;
  int r;
  while ((r = rp_source_next(s, &ev)) > 0) mix_event(o, &ev, s->pos);
  end(o, s, r);
}

static void by_chunks(rp_source *s, size_t bytes, outcome *o) {
  rp_std_chunk c = {0};
  uint64_t *pos = NULL;
  size_t cap = 0;
  int r;
  do {
    uint64_t before = s->pos;
    rp_source_fill_chunk(s, &c, bytes);
    rp_std_chunk_tokenize(&c, &s->sym);
    if (c.count > cap) {
      cap = c.count;
      pos = realloc(pos, cap * sizeof *pos);
      if (!pos) abort();
    }
    uint32_t n;
    bool listed;
    r = rp_source_take_chunk(s, &c, pos, &n, &listed);
    for (uint32_t i = 0; i < n; i++) mix_event(o, &c.ev[i], listed ? pos[i] : before + 1 + i);
  } while (r > 0);
  end(o, s, r);
  free(pos);
  rp_std_chunk_free(&c);
}

/* Read path in mode: line by line, and if it is STD, in chunks of about
** `bytes` too; abort if the two differ. */
static void read_all(const char *path, int mode, size_t bytes) {
  rp_source s;
  outcome lines = {0}, chunks = {0};
  if (rp_source_open(&s, path, mode) == 0) by_lines(&s, &lines);
  bool std = s.format == RP_FORMAT_STD && s.input != NULL;
  rp_source_close(&s);
  if (!std) return;
  if (rp_source_open(&s, path, mode) == 0) by_chunks(&s, bytes, &chunks);
  rp_source_close(&s);
  if (lines.digest != chunks.digest || lines.status != chunks.status ||
      strcmp(lines.error, chunks.error) != 0) {
    fprintf(stderr, "lines: %d %s\nchunks of %zu: %d %s\n", lines.status, lines.error, bytes,
            chunks.status, chunks.error);
    abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  int fd = memfd_create("trace", 0);
  if (fd < 0) return 0;
  if (write(fd, data, size) == (ssize_t)size) {
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    /* Chunks of 1 to 64 bytes, so that small inputs span several. */
    size_t bytes = 1 + (size ? data[size - 1] % 64 : 0);
    read_all(path, RP_SOURCE_CHECKED, bytes);
    read_all(path, RP_SOURCE_RAW, bytes);
  }
  close(fd);
  return 0;
}
