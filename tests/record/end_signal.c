/* Ends abnormally while a second thread holds a lock, as argv[1] says:
** "exit" (exit from the second thread), "segv" (a crash there), or a
** signal sent to itself: "int", "term". */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long shared;
static const char *how;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  shared++;
  if (strcmp(how, "exit") == 0) exit(3);
  if (strcmp(how, "segv") == 0) raise(SIGSEGV);
  if (strcmp(how, "int") == 0) kill(getpid(), SIGINT);
  if (strcmp(how, "term") == 0) kill(getpid(), SIGTERM);
  pause();
  return NULL;
}

int main(int argc, char **argv) {
  how = argc > 1 ? argv[1] : "exit";
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  return 0;
}
