/*
** Outputs that would destroy data.  A tool that opens for writing the file
** it reads truncates the trace before reading it (a mapped binary trace
** dies of SIGBUS), and two outputs naming one file leave only the one
** written last.  So every file a tool writes is compared with the trace and
** with the other outputs, under any name: paths, hard links and symbolic
** links (also links to files not yet made) that reach the same file are the
** same output.  "-" (standard output) is a file only when it is redirected
** to one.
*/
#ifndef RP_OUTPUTS_H
#define RP_OUTPUTS_H

#include <stddef.h>

/* One output named on the command line: the option and its value. */
typedef struct rp_output {
  const char *option;   /* "--races" */
  const char *path;     /* the value; "-" is standard output */
} rp_output;

/* Refuse (exit 1, before anything is opened for writing) an output that is
** the trace (path, or "-" for standard input) or the same file as another
** output; then remember them all for rp_output_check_new.  rp_cli_parse
** calls it with every output option of the tool. */
void rp_outputs_check(const char *trace, const rp_output *outputs, size_t n);

/* Refuse (exit 1) a file a tool is about to write that no option named (a
** witness in a --witness folder) when it is the trace or one of the
** outputs given to rp_outputs_check. */
void rp_output_check_new(const char *path);

#endif
