/*
** rp-cc: compile and link like cc, for `rp record`.
**
**   rp cc [CC-ARGS...]        RP_CC names the compiler (default cc; gcc or clang)
**
** Adds the compiler's ThreadSanitizer instrumentation (memory accesses,
** atomics) and its comparison tracing (branches) to every compilation, and
** at the link the recording runtime (build/lib/rp/librprecord.a) in place of
** the sanitizer's, with the pthread calls it records wrapped.
*/
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "trace/recorded_raw.h"

static void usage(void) {
  printf("rp-cc: compile and link a C program like cc, instrumented for rp record\n\n"
         "usage: rp cc [CC-ARGS...]\n\n"
         "Runs the compiler named by RP_CC (default cc; gcc or clang) with the arguments,\n"
         "adding -g, -fsanitize=thread and -fsanitize-coverage=trace-cmp to every\n"
         "compilation and, when it links, the recording runtime instead of\n"
         "ThreadSanitizer's. Run the program with `rp record -- PROGRAM ARGS`;\n"
         "run alone, it behaves as the plain program. `rp cc --version` prints the\n"
         "workbench's version, `$RP_CC --version` the compiler's. See docs/record.md.\n");
}

/* Whether the compiler is clang (its --version says so). */
static bool is_clang(const char *compiler) {
  char command[PATH_MAX + 32];
  snprintf(command, sizeof command, "'%s' --version 2>/dev/null", compiler);
  FILE *p = popen(command, "r");
  if (p == NULL) return false;
  char line[512] = "";
  bool clang = fgets(line, sizeof line, p) && strstr(line, "clang");
  while (fgets(line, sizeof line, p)) {}
  pclose(p);
  return clang;
}

/* Whether the arguments ask the compiler to link (no -c, -S, -E, ...). */
static bool links(int argc, char **argv) {
  static const char *const stops[] = {"-c", "-S", "-E", "-M", "-MM", "-fsyntax-only",
                                      "-dumpversion", "-dumpmachine", NULL};
  if (argc == 1) return false;
  for (int i = 1; i < argc; i++)
    for (const char *const *s = stops; *s; s++)
      if (strcmp(argv[i], *s) == 0) return false;
  return true;
}

/* The directory of the runtime: lib/rp beside this program's bin/. */
static char *runtime_dir(void) {
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) rp_die(RP_EXIT_INTERNAL, "cannot find this program's directory");
  exe[n] = '\0';
  *strrchr(exe, '/') = '\0';
  return rp_asprintf("%s/../lib/rp", exe);
}

/* "-Wl,--wrap=A,--wrap=B,..." for the calls the runtime wraps. */
static char *wrap_flags(void) {
  const char *names = RP_RAW_WRAPPED;
  size_t count = 1;
  for (const char *c = names; *c; c++) count += *c == ',';
  char *flags = rp_malloc(strlen("-Wl") + strlen(names) + count * strlen(",--wrap=") + 1);
  strcpy(flags, "-Wl");
  for (const char *name = names; *name;) {
    size_t len = strcspn(name, ",");
    strcat(flags, ",--wrap=");
    strncat(flags, name, len);
    name += len + (name[len] == ',');
  }
  return flags;
}

int main(int argc, char **argv) {
  rp_progname = "rp-cc";
  if (argc == 2 && strcmp(argv[1], "--help") == 0) {
    usage();
    return 0;
  }
  if (argc == 2 && strcmp(argv[1], "--version") == 0) {   /* $RP_CC --version: the compiler's */
    printf("rp-cc %s\n", RP_VERSION);
    return 0;
  }
  const char *compiler = getenv("RP_CC");
  if (compiler == NULL || *compiler == '\0') compiler = "cc";
  bool clang = is_clang(compiler);
  char *lib = runtime_dir();
  char *runtime = rp_asprintf("%s/librprecord.a", lib);
  if (access(runtime, R_OK) != 0)
    rp_die(RP_EXIT_USAGE, "the recording runtime %s is missing (run make)", runtime);

  char **args = rp_calloc((size_t)argc + 16, sizeof *args);
  int n = 0;
  args[n++] = (char *)compiler;
  args[n++] = "-g";
  for (int i = 1; i < argc; i++) args[n++] = argv[i];
  args[n++] = "-fsanitize=thread";
  args[n++] = clang ? "-fsanitize-coverage=inline-8bit-counters,trace-cmp"
                    : "-fsanitize-coverage=trace-cmp";
  if (clang) args[n++] = "-gdwarf-aranges";   /* libdw finds a pc's unit by them */
  if (links(argc, argv)) {
    args[n++] = "-pthread";
    args[n++] = wrap_flags();
    args[n++] = runtime;
    if (clang) {
      args[n++] = "-fno-sanitize-link-runtime";
    } else {   /* gcc's -ltsan and libtsan_preinit.o find the empty stand-ins */
      args[n++] = rp_asprintf("-B%s/gcc-stub/", lib);
      args[n++] = rp_asprintf("-L%s/gcc-stub", lib);
    }
  }
  args[n] = NULL;
  execvp(compiler, args);
  rp_die(RP_EXIT_USAGE, "cannot run the compiler %s: %s", compiler, strerror(errno));
}
