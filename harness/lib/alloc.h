/*
** Allocation that never returns NULL: the harness has no way to carry on
** without memory, so it says so and exits with EXIT_RESOURCES (3), as
** predictors/common's rp_malloc does.  The harness links no predictor code
** (tests/e2e/layering.sh), so it has this allocator of its own.
*/
#ifndef HARNESS_ALLOC_H
#define HARNESS_ALLOC_H
#include <stdarg.h>
#include <stddef.h>

void *xmalloc(size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
/* Says "out of memory" and exits 3: for an allocation made some other way
** (open_memstream) that failed. */
_Noreturn void xalloc_die(void);

#endif
