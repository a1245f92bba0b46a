/*
** rp-convert: STD <-> binary, losslessly.  Events pass raw (no
** well-formedness checks, no normalisation), names keep their ids, so a
** canonical STD file survives STD -> binary -> STD byte for byte.  Comments
** and blank lines are not events and are not kept.  Any input format is
** read (RAPID's RR and CSV too); RR and CSV can also be written, to test the
** importers and feed RAPID, with what those formats lose: RR keeps no
** location for synchronisation events, CSV names threads by column and
** takes positions as locations.  An output named *.xz, *.gz or *.zst is
** written compressed, the format then by the extension before it.
*/
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "trace/bin_format.h"
#include "cli/cli.h"
#include "trace/csv_format.h"
#include "trace/output_stream.h"
#include "base/diag.h"
#include "trace/rr_format.h"
#include "trace/std_format.h"
#include "trace/trace_source.h"

typedef struct convert_config {
  const char *output;
  const char *to;   /* "std", "bin", "rr", "csv", or NULL: by the output's name */
} convert_config;

static void parse_to(const char *name, const char *value, void *target) {
  if (rp_format_parse(value) < 0) rp_usage_error("%s expects std, bin, rr or csv", name);
  *(const char **)target = value;
}

static bool ends_with(const char *s, size_t n, const char *suffix) {
  size_t k = strlen(suffix);
  return n >= k && strncmp(s + n - k, suffix, k) == 0;
}

/* --to decides; else the output's extension (before .xz, .gz or .zst);
** else binary for a text input and STD for a binary one (and on standard
** output). */
static rp_format output_format(const convert_config *c, rp_format input, size_t compression_ext) {
  static const char *const ext[] = {".std", ".bin", ".rr", ".csv"};
  if (c->to) return (rp_format)rp_format_parse(c->to);
  for (int f = 0; f < 4; f++)
    if (ends_with(c->output, strlen(c->output) - compression_ext, ext[f])) return (rp_format)f;
  if (strcmp(c->output, "-") == 0) return RP_FORMAT_STD;
  return input == RP_FORMAT_BIN ? RP_FORMAT_STD : RP_FORMAT_BIN;
}

/* One event in a text format; a name the format cannot hold is bad input. */
static void write_text(FILE *out, rp_format to, const rp_source *src, const rp_event *ev) {
  const char *expected = NULL;
  char problem[512];
  if (to == RP_FORMAT_STD) {
    if (rp_std_write_event(out, &src->sym, ev, problem, sizeof problem) < 0) expected = problem;
  }
  else if (to == RP_FORMAT_RR) rp_rr_write_event(out, &src->sym, ev, &expected);
  else rp_csv_write_event(out, &src->sym, ev, &expected);
  if (expected)
    rp_die(RP_EXIT_INPUT, "%s: event %llu: %s", src->path, (unsigned long long)src->pos, expected);
}

static FILE *open_output(const char *path, bool binary, rp_compression compression) {
  if (strcmp(path, "-") == 0) {
    if (binary) rp_usage_error("binary output needs a file (it is patched at the end)");
    return stdout;
  }
  FILE *f = fopen(path, binary && !compression ? "w+b" : "w");
  if (f == NULL) rp_die(RP_EXIT_USAGE, "%s: cannot write: %s", path, strerror(errno));
  if (compression && (f = rp_compressing_stream(f, compression)) == NULL)
    rp_die(RP_EXIT_RESOURCE, "%s: cannot start the compressor", path);
  return f;
}

/* A binary trace is patched at its end: compressed, it is written to a
** temporary file first and then copied through the compressor. */
static FILE *binary_events_file(FILE *out, rp_compression compression) {
  if (!compression) return out;
  FILE *tmp = tmpfile();
  if (tmp == NULL) rp_die(RP_EXIT_RESOURCE, "cannot make a temporary file: %s", strerror(errno));
  return tmp;
}

static int copy_and_close(FILE *from, FILE *to) {
  char buf[1 << 16];
  size_t n;
  rewind(from);
  while ((n = fread(buf, 1, sizeof buf, from)) > 0)
    if (fwrite(buf, 1, n, to) != n) break;
  int failed = ferror(from) || ferror(to);
  return fclose(from) != 0 || failed ? -1 : 0;
}

int main(int argc, char **argv) {
  static convert_config config;
  static const rp_opt options[] = {
      {.name = "--output", .arg = "FILE", .kind = RP_OPT_TEXT,
       .target = &config.output, .alias = "-o", .output = true,
       .help = "where to write ('-': standard output, text only); a FILE named *.xz, *.gz or "
               "*.zst is written compressed"},
      {.name = "--to", .arg = "std|bin|rr|csv", .kind = RP_OPT_PARSE,
       .target = &config.to, .parse = parse_to,
       .help = "output format (default: by the extension .std, .bin, .rr or .csv; else binary "
               "for text input and STD for binary input and on standard output)"},
      {NULL}};
  static const rp_tool tool = {
      .name = RP_TOOL_NAME,
      .summary = "convert a trace between STD, binary, and RAPID's RR and CSV formats",
      .options = options,
      .ctx = &config,
      .no_common = true,
  };
  rp_options opt;
  rp_cli_parse(argc, argv, &tool, &opt);
  if (config.output == NULL) rp_usage_error("no output given (-o FILE)");

  size_t ext_len;
  int compression = rp_compression_of_name(config.output, &ext_len);
  if (compression < 0)
    rp_usage_error("cannot write %s compressed as its name says (.xz, .gz and .zst can be)",
                   config.output);
  rp_source src;
  rp_source_open_or_die(&src, opt.trace, RP_SOURCE_RAW | opt.source_format);
  rp_format to = output_format(&config, src.format, ext_len);
  bool binary = to == RP_FORMAT_BIN;
  FILE *out = open_output(config.output, binary, (rp_compression)compression);
  FILE *bin = binary ? binary_events_file(out, (rp_compression)compression) : NULL;
  rp_bin_writer w;
  if (binary && rp_bin_writer_start(&w, bin) < 0)
    rp_die(RP_EXIT_RESOURCE, "%s: write error: %s", config.output, strerror(errno));

  rp_event ev;
  while (rp_source_next_or_die(&src, &ev)) {
    if (binary) rp_bin_writer_event(&w, &ev);
    else write_text(out, to, &src, &ev);
  }
  int failed = binary ? rp_bin_writer_finish(&w, &src.sym) : fflush(out);
  if (!failed && bin && bin != out) failed = copy_and_close(bin, out);
  if (failed || ferror(out) || (out != stdout && fclose(out) != 0))
    rp_die(RP_EXIT_RESOURCE, "%s: write error: %s", config.output, strerror(errno));
  rp_source_close(&src);
  return 0;
}
