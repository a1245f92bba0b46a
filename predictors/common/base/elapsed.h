/*
** Time that passes, on the monotonic clock (which no change of the date
** moves): a run's wall time, a phase's milliseconds, a deadline.  One copy
** for the predictors, the tools and the harness.
*/
#ifndef RP_ELAPSED_H
#define RP_ELAPSED_H

/* Seconds from an arbitrary start: only the difference of two readings
** means something. */
double rp_now_s(void);

/* Milliseconds since `start`, a reading of rp_now_s(). */
double rp_ms_since(double start);

#endif
