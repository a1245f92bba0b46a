/*
** Names for what a recorded program touched, read from its executable's
** symbol table and debug information with elfutils' libdw: a code address
** becomes "file:line", a data address "symbol+offset".
*/
#ifndef RP_RECORD_SYMBOLIZE_H
#define RP_RECORD_SYMBOLIZE_H

#include <stddef.h>
#include <stdint.h>

typedef struct symbolizer symbolizer;

/* Open the executable path, loaded at load_bias in the recorded run.
** Never fails: without debug information, names are raw addresses. */
symbolizer *symbolizer_open(const char *path, uint64_t load_bias);
void symbolizer_close(symbolizer *s);

/* "file:line" of the instruction before the return address pc (the call
** that logged the event), the file without its directories; else
** "0xOFFSET" in the executable, or "0xADDRESS" outside it. */
void symbolize_location(symbolizer *s, uint64_t pc, char *buf, size_t size);

/* "symbol" or "symbol+offset" for an address inside a global of the
** executable, else "0xADDRESS". */
void symbolize_data(symbolizer *s, uint64_t addr, char *buf, size_t size);

#endif
