/*
** C++'s operator new and delete (the plain and array forms, and the sized
** deletes), wrapped like malloc and free (memory.c) for calls from code
** rp cc compiled: a block new returns is named by its allocation site, and
** a deleted block's words are new variables when the memory is handed out
** again.  A file of its own, so that a C program, which calls none of
** them, does not pull in the __real_ symbols only libstdc++ defines.  The
** nothrow and aligned forms are not wrapped (their blocks keep raw
** addresses).
*/
#include <stddef.h>

#include "log.h"

/* The Itanium C++ ABI's names, as a C++ compiler on x86-64 calls them. */
#define NEW(name)                                                            \
  void *__real_##name(size_t size);                                          \
  void *__wrap_##name(size_t size);                                          \
  void *__wrap_##name(size_t size) {                                         \
    void *p = __real_##name(size);                                           \
    rt_allocated(p, size, RT_CALLER());                                      \
    return p;                                                                \
  }
#define DELETE(name, params, args)                                           \
  void __real_##name(void *p params);                                        \
  void __wrap_##name(void *p params);                                        \
  void __wrap_##name(void *p params) {                                       \
    rt_block_freed(p);                                                       \
    __real_##name(p args);                                                   \
  }
#define SIZED , size_t size
#define SIZE_ARG , size

NEW(_Znwm)    /* operator new(size_t) */
NEW(_Znam)    /* operator new[](size_t) */
DELETE(_ZdlPv, NONE, NONE)           /* operator delete(void *) */
DELETE(_ZdaPv, NONE, NONE)           /* operator delete[](void *) */
DELETE(_ZdlPvm, SIZED, SIZE_ARG)     /* operator delete(void *, size_t) */
DELETE(_ZdaPvm, SIZED, SIZE_ARG)     /* operator delete[](void *, size_t) */
