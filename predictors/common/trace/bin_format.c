/* Binary trace format; see bin_format.h for the layout. */
#include "bin_format.h"

#include <string.h>

typedef struct bin_header {
  unsigned char magic[RP_BIN_MAGIC_LEN];
  uint32_t version, header_size, record_size, reserved0;
  uint64_t event_count, events_offset, names_offset, file_size, reserved1;
} bin_header;

_Static_assert(sizeof(bin_header) == RP_BIN_HEADER_SIZE, "header is 64 bytes");
_Static_assert(sizeof(rp_event) == 16, "records are 16 bytes");

bool rp_bin_has_magic(const void *data, size_t len) {
  return len >= RP_BIN_MAGIC_LEN && memcmp(data, RP_BIN_MAGIC, RP_BIN_MAGIC_LEN) == 0;
}

/* Parse one name table at data[*at..len) into names. */
static int read_table(const unsigned char *data, size_t len, size_t *at,
                      rp_names *names, const char **expected) {
  uint32_t count, bytes;
  if (len - *at < 8) {
    *expected = "expected a name table, found the end of the file";
    return -1;
  }
  memcpy(&count, data + *at, 4);
  memcpy(&bytes, data + *at + 4, 4);
  *at += 8;
  if (bytes > len - *at) {
    *expected = "expected a name table within the file";
    return -1;
  }
  const char *p = (const char *)data + *at, *end = p + bytes;
  for (uint32_t i = 0; i < count; i++) {
    const char *nul = memchr(p, '\0', (size_t)(end - p));
    if (nul == NULL) {
      *expected = "expected a NUL-terminated name in a name table";
      return -1;
    }
    if (rp_names_intern(names, p, (size_t)(nul - p)) != i) {
      *expected = "expected distinct names in a name table";
      return -1;
    }
    p = nul + 1;
  }
  if (p != end) {
    *expected = "expected a name table's byte length to match its names";
    return -1;
  }
  *at += bytes;
  return 0;
}

int rp_bin_open(const unsigned char *data, size_t len, rp_symbols *sym,
                rp_bin_view *view, const char **expected) {
  bin_header h;
  if (len < sizeof h || !rp_bin_has_magic(data, len)) {
    *expected = "expected a binary trace header";
    return -1;
  }
  memcpy(&h, data, sizeof h);
  if (h.version != RP_BIN_VERSION) {
    *expected = "expected binary format version 1";
    return -1;
  }
  if (h.header_size != sizeof h || h.record_size != sizeof(rp_event) ||
      h.file_size != len || h.events_offset != sizeof h ||
      h.event_count > (len - sizeof h) / sizeof(rp_event) ||
      h.names_offset != h.events_offset + h.event_count * sizeof(rp_event)) {
    *expected = "expected a consistent header (sizes and offsets match the file)";
    return -1;
  }
  size_t at = h.names_offset;
  rp_names *tables[4] = {&sym->threads, &sym->locks, &sym->vars, &sym->locs};
  for (int i = 0; i < 4; i++)
    if (read_table(data, len, &at, tables[i], expected) < 0) return -1;
  if (at != len) {
    *expected = "expected the file to end after the name tables";
    return -1;
  }
  view->events = (const rp_event *)(data + h.events_offset);
  view->count = h.event_count;
  return 0;
}

int rp_bin_writer_start(rp_bin_writer *w, FILE *out) {
  bin_header h;
  memset(&h, 0, sizeof h);
  w->out = out;
  w->count = 0;
  return fwrite(&h, sizeof h, 1, out) == 1 ? 0 : -1;
}

void rp_bin_writer_event(rp_bin_writer *w, const rp_event *ev) {
  /* one writer per stream: the stream's lock would cost more than the copy */
  fwrite_unlocked(ev, sizeof *ev, 1, w->out);
  w->count++;
}

static void write_table(FILE *out, const rp_names *names) {
  uint32_t count = (uint32_t)names->count, bytes = (uint32_t)names->chars_len;
  fwrite(&count, 4, 1, out);
  fwrite(&bytes, 4, 1, out);
  if (names->chars_len) fwrite(names->chars, 1, names->chars_len, out);
}

int rp_bin_writer_finish(rp_bin_writer *w, const rp_symbols *sym) {
  write_table(w->out, &sym->threads);
  write_table(w->out, &sym->locks);
  write_table(w->out, &sym->vars);
  write_table(w->out, &sym->locs);
  long size = ftell(w->out);
  if (size < 0) return -1;

  bin_header h;
  memset(&h, 0, sizeof h);
  memcpy(h.magic, RP_BIN_MAGIC, RP_BIN_MAGIC_LEN);
  h.version = RP_BIN_VERSION;
  h.header_size = sizeof h;
  h.record_size = sizeof(rp_event);
  h.event_count = w->count;
  h.events_offset = sizeof h;
  h.names_offset = sizeof h + w->count * sizeof(rp_event);
  h.file_size = (uint64_t)size;
  if (fseek(w->out, 0, SEEK_SET) != 0 || fwrite(&h, sizeof h, 1, w->out) != 1 ||
      fflush(w->out) != 0 || ferror(w->out))
    return -1;
  return 0;
}
