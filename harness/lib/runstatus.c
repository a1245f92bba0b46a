/* Classifying how a limited run ended; see runstatus.h. */
#include "runstatus.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cmdline.h"

/*
** The order matters.  A run that passed its deadline is a timeout however it
** then died (our SIGTERM/SIGKILL, or a crash while being stopped).  Under a
** memory limit, a cgroup OOM kill or a SIGKILL that we did not send (the
** kernel's OOM killer) mean the memory ran out; the contract's exit 3
** (EXIT_RESOURCES, every rp command's code) means it with or without a limit
** (the machine's memory ran out).
*/
RunStatus run_classify(const RunOutcome *o) {
  if (o->timed_out) return RUN_TIMEOUT;
  if (o->oom_killed) return RUN_MEMOUT;
  if (o->signal == 0 && o->exit_code == EXIT_RESOURCES) return RUN_MEMOUT;
  if (o->memory_limited && o->signal == SIGKILL) return RUN_MEMOUT;
  if (o->signal != 0) return RUN_CRASH;
  if (o->exit_code != 0) return RUN_ERROR;
  return RUN_OK;
}

const char *run_status_name(RunStatus s) {
  static const char *const names[] = {"ok", "timeout", "memout", "crash", "error"};
  return names[s];
}

const char *run_signal_name(int sig) {
  static char buf[32];
  if (sig == 0) return "";
  const char *abbrev = sigabbrev_np(sig);
  if (abbrev) snprintf(buf, sizeof buf, "SIG%s", abbrev);
  else snprintf(buf, sizeof buf, "%d", sig);
  return buf;
}
