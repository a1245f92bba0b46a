/*
** Compressed output, the counterpart of input_stream.h: a file whose name
** ends in .xz, .gz or .zst is written compressed (liblzma, zlib, libzstd),
** so that its name tells the truth to every tool that reads it (xz -dc,
** rp bench's decompressing pipe).  The compressor sits behind an ordinary
** FILE (fopencookie), so a writer does not know it is there.
*/
#ifndef RP_OUTPUT_STREAM_H
#define RP_OUTPUT_STREAM_H

#include <stddef.h>
#include <stdio.h>

#include "input_stream.h"

/* The compression a file name asks for, and in *ext_len the length of its
** extension (".xz": 3), 0 for none.  Returns -1 for the extension of a
** compression this cannot write (.bz2, .lz4, .lzma, .lz, .Z, .zip, .7z,
** .br): writing it plain under that name would lie. */
int rp_compression_of_name(const char *path, size_t *ext_len);

/* A FILE that writes into f compressed with c (not NONE).  Closing it
** finishes the compressed stream and closes f; a failed write or close is
** reported as by any FILE (ferror, EOF from fclose, errno).  NULL if the
** compressor cannot be set up. */
FILE *rp_compressing_stream(FILE *f, rp_compression c);

#endif
