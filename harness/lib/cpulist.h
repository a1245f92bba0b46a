/* CPU lists in the kernel's notation ("0", "0-3", "0,2,4-5") for pinning. */
#ifndef HARNESS_CPULIST_H
#define HARNESS_CPULIST_H
#include <sched.h>

/* Fills set from list; returns 0, or -1 if list is malformed. */
int cpulist_parse(const char *list, cpu_set_t *set);

#endif
