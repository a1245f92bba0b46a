/* Writing CSV fields (RFC 4180): a field is quoted only when it holds a
** comma, a quote or a line break, with quotes doubled. */
#ifndef RP_CSV_WRITE_H
#define RP_CSV_WRITE_H

#include <stdio.h>

void rp_csv_field(FILE *out, const char *s);

#endif
