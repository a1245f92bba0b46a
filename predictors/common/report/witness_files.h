/*
** The files of a --witness directory: a predictor that writes witnesses
** (reorder/witness.h gives their format) prepares the directory before its
** analysis, so that a directory that cannot be used is a usage error like
** any output that cannot be created (exit 1), and then creates one file per
** bug in it.
*/
#ifndef RP_WITNESS_FILES_H
#define RP_WITNESS_FILES_H

#include <stddef.h>
#include <stdio.h>

/* Create the witness directory dir (one level) unless it exists, and make
** sure a file can be created in it: else exit 1, before the analysis. */
void rp_witness_dir_prepare(const char *dir);

/* Create the witness file dir/name, its path in path[0..size): exit 1 if it
** is the trace or an output (cli/outputs.h), exit 3 if it cannot be created
** (the directory was prepared: the system ran out of something).
** rp_witness_close closes it, exit 3 on a write error. */
FILE *rp_witness_create(char *path, size_t size, const char *dir, const char *name);
void rp_witness_close(FILE *f, const char *path);

#endif
