/*
** Making sure a run leaves no process behind.  The runner becomes a "child
** subreaper", so descendants orphaned by the command (daemons, background
** jobs, double forks, even ones that left the process group with setsid)
** are re-parented to it rather than to init, where it can find and kill them.
*/
#ifndef HARNESS_REAPER_H
#define HARNESS_REAPER_H
#include <signal.h>
#include <sys/types.h>

/* Call before starting the command. Returns 0, or -1 if the kernel refuses. */
int reaper_become(void);

/* SIGKILLs process group pgid and then every child of this process, round
** after round as orphans are re-parented to us, and reaps them all; returns
** when this process has no children left.  Each process is killed and waited
** for once, so the cost is linear in the number of processes (times the
** depth of the tree they formed). */
void reaper_kill_all(pid_t pgid);

/* The signals a supervisor blocks and waits for with sigtimedwait: SIGCHLD
** (a child ended) and SIGINT, SIGTERM, SIGHUP (it is asked to stop). */
void reaper_wake_signals(sigset_t *set);

/* Sends sig to every descendant of this process (children, their children,
** ...), whatever process group or session each is in. */
void reaper_signal_descendants(int sig);

#endif
