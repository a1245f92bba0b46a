/*
** How one limited run ended.  The classification is a pure function of what
** the runner observed, so it can be tested without running anything.
*/
#ifndef HARNESS_RUNSTATUS_H
#define HARNESS_RUNSTATUS_H

typedef enum RunStatus { RUN_OK, RUN_TIMEOUT, RUN_MEMOUT, RUN_CRASH, RUN_ERROR } RunStatus;

typedef struct RunOutcome {
  int signal;            /* terminating signal, or 0 if the command exited */
  int exit_code;         /* exit status when signal == 0 */
  int timed_out;         /* the wall-clock limit passed while it still ran */
  int memory_exhausted;  /* the memory controller says so (cgroup.h) */
} RunOutcome;

RunStatus run_classify(const RunOutcome *o);

/* "ok", "timeout", "memout", "crash" or "error". */
const char *run_status_name(RunStatus s);

/* "SIGSEGV" and the like; "" for 0.  Returns a static buffer for unknown ones. */
const char *run_signal_name(int sig);

#endif
