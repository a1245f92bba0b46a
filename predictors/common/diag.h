/*
** Diagnostics and the exit-code convention shared by every tool.
**
**   0  success          2  bad input (malformed line, ill-formed trace)
**   1  usage error      3  resource exhaustion: out of memory, or an output
**                          that cannot be written (disk full, /dev/full)
**   4  internal error
*/
#ifndef RP_DIAG_H
#define RP_DIAG_H

#include <stddef.h>

enum {
  RP_EXIT_OK = 0,
  RP_EXIT_USAGE = 1,
  RP_EXIT_INPUT = 2,
  RP_EXIT_RESOURCE = 3,
  RP_EXIT_INTERNAL = 4
};

/* The program name used as the prefix of messages; set once by main. */
extern const char *rp_progname;

/* Print "prog: message" to stderr and exit with the given code. */
_Noreturn void rp_die(int code, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Flush standard output at exit and turn a failed write into a message and
** exit 3 (registered once by rp_cli_parse for every tool). */
void rp_check_stdout_at_exit(void);

/* Allocation that never returns NULL: running out of memory is exit 3. */
void *rp_malloc(size_t n);
void *rp_calloc(size_t count, size_t size);
void *rp_realloc(void *p, size_t n);
char *rp_strdup(const char *s);

/* Grow *array (of elements of elem_size bytes) so that index `need` fits. */
void rp_grow(void **array, size_t *cap, size_t need, size_t elem_size);
#define RP_GROW(arr, cap, need)                                    \
  ((size_t)(need) < (cap) ? (void)0                                 \
                          : rp_grow((void **)&(arr), &(cap), (need), sizeof *(arr)))

#endif
