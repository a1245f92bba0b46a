/*
** A buffer that is appended at its end and dropped from its front (SyncP's
** histories, once their oldest entries can no longer matter): the entries
** held are buf[off .. off + len).  Dropping moves off; the held entries
** move back to the front only when the buffer is full and at least half of
** it is free before them, else the buffer doubles, so each entry moves a
** constant number of times on average.
*/
#ifndef SYNCP_SLIDING_H
#define SYNCP_SLIDING_H

#include <stddef.h>
#include <stdint.h>

/* Make room for one more entry of `size` bytes after the len held. */
void sp_sliding_room(void **buf, uint32_t *off, uint32_t *cap, uint32_t len, size_t size);

#endif
