/* Classifying how a limited run ended; see runstatus.h. */
#include "runstatus.h"

#include <stdio.h>
#include <string.h>

/*
** The order matters.  A run that passed its deadline is a timeout however it
** then died (our SIGTERM/SIGKILL, or a crash while being stopped).  Memout
** is only ever the memory controller's word: an exit code cannot say it (a
** command's exit 3 may be a full disk, and a program that is not rp's means
** anything by it), nor can a SIGKILL (anyone may send one; the kernel's OOM
** kill is counted by the controller).  Any other signal is a crash, any other
** non-zero exit an error.
*/
RunStatus run_classify(const RunOutcome *o) {
  if (o->timed_out) return RUN_TIMEOUT;
  if (o->memory_exhausted) return RUN_MEMOUT;
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
