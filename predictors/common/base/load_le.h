/*
** Little-endian loads of unaligned bytes: the word that p[0..4) or p[0..8)
** make with p[0] lowest, whatever the machine's byte order.  Compilers turn
** each into one load (and a byte swap on a big-endian machine).
*/
#ifndef RP_LOAD_LE_H
#define RP_LOAD_LE_H

#include <stdint.h>
#include <string.h>

static inline uint32_t rp_load_le32(const void *p) {
  uint32_t w;
  memcpy(&w, p, sizeof w);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  w = __builtin_bswap32(w);
#endif
  return w;
}

static inline uint64_t rp_load_le64(const void *p) {
  uint64_t w;
  memcpy(&w, p, sizeof w);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  w = __builtin_bswap64(w);
#endif
  return w;
}

#endif
