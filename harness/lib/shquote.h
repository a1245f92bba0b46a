/*
** Quoting for the POSIX shell, so that commands written into job scripts,
** meta files and CSV rows can be pasted back into a shell unchanged.
*/
#ifndef HARNESS_SHQUOTE_H
#define HARNESS_SHQUOTE_H

/* s itself when it needs no quotes, else s in single quotes; malloc'd. */
char *shquote(const char *s);

/* The words of argv (NULL-terminated), each quoted, joined by spaces; malloc'd. */
char *shquote_argv(char *const *argv);

#endif
