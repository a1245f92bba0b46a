/* The branch models of SeqCheck's feasibility; see branch_model.h. */
#include "branch_model.h"

#include <stdio.h>

#include "base/diag.h"

const char *const rp_branch_model_names[] = {"auto", "trace", "every-read", "none", NULL};

static bool has_branch(const rp_trace *t) {
  for (uint32_t i = 0; i < t->count; i++)
    if (t->events[i].op == RP_OP_BRANCH) return true;
  return false;
}

rp_branch_model rp_branch_model_resolve(rp_branch_model asked, const rp_trace *t) {
  if (asked == RP_BRANCHES_AUTO) return has_branch(t) ? RP_BRANCHES_TRACE : RP_BRANCHES_EVERY_READ;
  if (asked == RP_BRANCHES_TRACE && !has_branch(t))
    fprintf(stderr,
            "%s: warning: %s has no br event, so under --branches trace every read is free "
            "(as with --branches none); --branches every-read is the model for traces recorded "
            "without branches\n",
            rp_progname, t->path);
  return asked;
}
