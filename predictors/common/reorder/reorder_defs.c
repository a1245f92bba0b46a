/*
** The reordering definitions by name (reorder.h): the one place that lists
** them, apart from reorder.c, which each definition calls and which so
** never calls a definition back.
*/
#include <string.h>

#include "base/opt.h"
#include "reorder.h"

extern const rp_rdef rp_rdef_adjacent, rp_rdef_enabled, rp_rdef_branch,
    rp_rdef_adjacent_ca, rp_rdef_cs_preserving, rp_rdef_gt_ext, rp_rdef_sync_preserving;

const rp_rdef *const rp_rdefs[] = {
    &rp_rdef_enabled, &rp_rdef_adjacent, &rp_rdef_branch,
    &rp_rdef_adjacent_ca, &rp_rdef_cs_preserving, &rp_rdef_gt_ext,
    &rp_rdef_sync_preserving, NULL,
};

const rp_rdef *rp_rdef_find(const char *name) {
  for (int i = 0; rp_rdefs[i]; i++)
    if (strcmp(rp_rdefs[i]->name, name) == 0) return rp_rdefs[i];
  return NULL;
}

const char *rp_rdef_names(void) {
  static char names[256];
  if (names[0]) return names;
  for (int i = 0; rp_rdefs[i]; i++) {
    if (i) strcat(names, ", ");
    strcat(names, rp_rdefs[i]->name);
  }
  return names;
}

void rp_rdef_parse_option(const char *name, const char *value, void *target) {
  if (!(*(const rp_rdef **)target = rp_rdef_find(value)))
    rp_usage_error("%s expects one of %s", name, rp_rdef_names());
}
