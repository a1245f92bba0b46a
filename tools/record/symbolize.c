/*
** Symbolization with libdw's offline mode: the executable is reported as
** the only module, and a run-time address A is the module address
** A - load_bias + the module's own bias.
*/
#include "symbolize.h"

#include <elfutils/libdwfl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

struct symbolizer {
  Dwfl *dwfl;
  Dwfl_Module *module;   /* NULL when the file could not be read */
  uint64_t load_bias;
  Dwarf_Addr module_bias, low, high;
  /* the last global named: the words of one array come one after another */
  Dwarf_Addr last_start, last_end;
  const char *last_name;
};

static const Dwfl_Callbacks offline_callbacks = {
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
};

symbolizer *symbolizer_open(const char *path, uint64_t load_bias) {
  symbolizer *s = rp_calloc(1, sizeof *s);
  s->load_bias = load_bias;
  s->dwfl = dwfl_begin(&offline_callbacks);
  if (s->dwfl == NULL) return s;
  dwfl_report_begin(s->dwfl);
  s->module = dwfl_report_offline(s->dwfl, "", path, -1);
  dwfl_report_end(s->dwfl, NULL, NULL);
  if (s->module) {
    dwfl_module_info(s->module, NULL, &s->low, &s->high, NULL, NULL, NULL, NULL);
    if (dwfl_module_getelf(s->module, &s->module_bias) == NULL) s->module = NULL;
  }
  return s;
}

void symbolizer_close(symbolizer *s) {
  if (s->dwfl) dwfl_end(s->dwfl);
  free(s);
}

/* The module address of run-time address a; false if outside the module. */
static bool module_address(const symbolizer *s, uint64_t a, Dwarf_Addr *out) {
  if (s->module == NULL || a < s->load_bias) return false;
  *out = a - s->load_bias + s->module_bias;
  return *out >= s->low && *out < s->high;
}

/* STD names hold no whitespace and no '|': a file name with them is
** spelled with '_' instead. */
static void make_name_safe(char *name) {
  for (char *c = name; *c; c++)
    if (strchr(" \t\n\r\v\f|", *c)) *c = '_';
}

void symbolize_location(symbolizer *s, uint64_t pc, char *buf, size_t size) {
  Dwarf_Addr a;
  if (!module_address(s, pc - 1, &a)) {
    snprintf(buf, size, "0x%llx", (unsigned long long)pc);
    return;
  }
  Dwfl_Line *line = dwfl_module_getsrc(s->module, a);
  int lineno = 0;
  const char *file = line ? dwfl_lineinfo(line, NULL, &lineno, NULL, NULL, NULL) : NULL;
  if (file == NULL || lineno <= 0) {
    snprintf(buf, size, "0x%llx", (unsigned long long)(pc - s->load_bias));
    return;
  }
  const char *base = strrchr(file, '/');
  snprintf(buf, size, "%s:%d", base ? base + 1 : file, lineno);
  make_name_safe(buf);
}

/* The global containing module address a: its name and start, or NULL. */
static const char *global_at(symbolizer *s, Dwarf_Addr a, Dwarf_Addr *start) {
  if (a >= s->last_start && a < s->last_end) {
    *start = s->last_start;
    return s->last_name;
  }
  GElf_Off offset = 0;
  GElf_Sym sym;
  const char *name = dwfl_module_addrinfo(s->module, a, &offset, &sym, NULL, NULL, NULL);
  if (name == NULL || *name == '\0' || GELF_ST_TYPE(sym.st_info) == STT_FUNC ||
      (offset >= sym.st_size && offset != 0))
    return NULL;
  *start = a - offset;
  s->last_start = *start;
  s->last_end = *start + (sym.st_size ? sym.st_size : 1);
  s->last_name = name;
  return name;
}

void symbolize_data(symbolizer *s, uint64_t addr, char *buf, size_t size) {
  Dwarf_Addr a, start = 0;
  const char *name = module_address(s, addr, &a) ? global_at(s, a, &start) : NULL;
  if (name == NULL) snprintf(buf, size, "0x%llx", (unsigned long long)addr);
  else if (a == start) snprintf(buf, size, "%s", name);
  else snprintf(buf, size, "%s+%llu", name, (unsigned long long)(a - start));
  make_name_safe(buf);
}
