/* A buffer dropped from its front; see sliding.h. */
#include "sliding.h"

#include <string.h>

#include "base/diag.h"

void sp_sliding_room(void **buf, uint32_t *off, uint32_t *cap, uint32_t len, size_t size) {
  if ((size_t)*off + len < *cap) return;
  if (*off) memmove(*buf, (char *)*buf + (size_t)*off * size, (size_t)len * size);
  *off = 0;
  if (2 * (size_t)len < *cap) return;
  if (*cap >= UINT32_MAX / 2) rp_die(RP_EXIT_RESOURCE, "a SyncP history of more than 2^31 entries");
  *cap = *cap ? 2 * *cap : 1;
  *buf = rp_realloc(*buf, (size_t)*cap * size);
}
