/*
** Diagnostics and the exit-code convention shared by every program of the
** workbench, predictors, tools and harness alike (docs/design.md):
**
**   0  success          2  bad input (malformed line, ill-formed trace)
**   1  usage error      3  resource exhaustion: out of memory, or an output
**                          that cannot be written (disk full, /dev/full)
**   4  internal error    130  interrupted (rp run, rp bench: SIGINT/SIGTERM)
*/
#ifndef RP_DIAG_H
#define RP_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

enum {
  RP_EXIT_OK = 0,
  RP_EXIT_USAGE = 1,
  RP_EXIT_INPUT = 2,
  RP_EXIT_RESOURCE = 3,
  RP_EXIT_INTERNAL = 4,
  RP_EXIT_INTERRUPTED = 130   /* 128 + SIGINT, as a shell reports it */
};

/* The program name used as the prefix of messages; set once by main. */
extern const char *rp_progname;

/* Print "prog: message" to stderr and exit with the given code. */
_Noreturn void rp_die(int code, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Flush standard output at exit and turn a failed write into a message and
** exit 3 (registered once by rp_cli_parse for every tool).  Also ignores
** SIGPIPE, so that writing to a pipe whose reader has gone is such a failed
** write (EPIPE) on standard output and on any other output. */
void rp_check_stdout_at_exit(void);

/* Flush standard output now: on a failed write say so, as the check at exit
** does (once), and return RP_EXIT_RESOURCE; else return rc.  For a program
** that returns its status from main (the harness) and for --help. */
int rp_flush_stdout(int rc);

/* Allocation that never returns NULL, not even for 0 bytes: running out of
** memory is exit 3. */
void *rp_malloc(size_t n);
void *rp_calloc(size_t count, size_t size);
void *rp_realloc(void *p, size_t n);
char *rp_strdup(const char *s);
/* A formatted string, malloc'd. */
char *rp_asprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *rp_vasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* A contract of a common function, checked at its entry where a misuse
** would corrupt memory or counts: RP_ASSERT(cond, "what the caller
** promises") prints "PROG: contract of FUNCTION violated: PROMISE (cond)" and
** aborts.  Each check is a compare on values in hand, so every build keeps
** them; NDEBUG (a bench build) compiles them out.  RP_ASSERT_OF names the
** function, for a check shared by several entry points. */
#ifdef NDEBUG
#define RP_ASSERT_OF(function, cond, promise) ((void)(function), (void)sizeof(!(cond)))
#else
#define RP_ASSERT_OF(function, cond, promise) \
  (__builtin_expect(!!(cond), 1) ? (void)0 : rp_contract_violated(function, promise, #cond))
#endif
#define RP_ASSERT(cond, promise) RP_ASSERT_OF(__func__, cond, promise)
_Noreturn void rp_contract_violated(const char *function, const char *promise,
                                    const char *condition);

/* Grow the array arr, of capacity cap (an unsigned integer of any width),
** so that index `need` fits: the capacity doubles, from `first` when the
** array is empty; the new elements are zeroed.  A capacity past the
** largest value cap can hold, or past memory, is exit 3. */
#define RP_GROW_FROM(arr, cap, need, first)                                     \
  ((size_t)(need) < (cap)                                                       \
       ? (void)0                                                                \
       : (void)((cap) = rp_grown_cap((void **)&(arr), (cap), (need), sizeof *(arr), \
                                     (first), RP_UNSIGNED_MAX(cap))))
/* The same, from 8 elements. */
#define RP_GROW(arr, cap, need) RP_GROW_FROM(arr, cap, need, 8)

/* The largest value of an unsigned integer as wide as x. */
#define RP_UNSIGNED_MAX(x) (SIZE_MAX >> (8 * (sizeof(size_t) - sizeof(x))))
/* RP_GROW_FROM's work: the new capacity. */
size_t rp_grown_cap(void **array, size_t cap, size_t need, size_t elem_size, size_t first,
                    size_t cap_max);

#endif
