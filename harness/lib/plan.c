/* Parsing benchmark plans; see plan.h. */
#include "plan.h"

#include <ctype.h>
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/number.h"
#include "cpulist.h"
#include "runner.h"

/* Strips blanks at both ends, in place. */
static char *trim(char *s) {
  while (isspace((unsigned char)*s)) s++;
  char *end = s + strlen(s);
  while (end > s && isspace((unsigned char)end[-1])) *--end = '\0';
  return s;
}

static void push_words(StrVec *v, char *value) {
  for (char *w = strtok(value, " \t"); w; w = strtok(NULL, " \t")) strvec_push(v, w);
}

/* A variant's name goes into file names and job scripts: the characters of
** a trace's name (bench/expand.c) only. */
static int valid_variant_name(const char *name, size_t len) {
  static const char allowed[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-+_";
  return len > 0 && strspn(name, allowed) >= len;
}

/* The '=' after VARIANT in a predictor word VARIANT=NAME|PATH, or NULL.  A
** path holding '=' in a folder's name (dir=1/tool) stays a path, as it was
** before variants. */
static const char *variant_end(const char *word) {
  const char *eq = strchr(word, '=');
  return eq && !memchr(word, '/', (size_t)(eq - word)) ? eq : NULL;
}

/* The name the runs of a predictor word get: VARIANT, NAME, or a path's
** file name; malloc'd. */
static char *predictor_name(const char *word) {
  const char *eq = variant_end(word);
  if (eq) return rp_asprintf("%.*s", (int)(eq - word), word);
  char *copy = rp_strdup(word), *name = rp_strdup(strchr(word, '/') ? basename(copy) : word);
  free(copy);
  return name;
}

/* Adds each predictor word of value (VARIANT=NAME|PATH, NAME or PATH) with
** the name its runs get; returns NULL or what was wrong, in why. */
static const char *add_predictors(Plan *plan, char *value, char *why, size_t whylen) {
  for (char *w = strtok(value, " \t"); w; w = strtok(NULL, " \t")) {
    const char *eq = variant_end(w);
    if (eq && (!valid_variant_name(w, (size_t)(eq - w)) || !eq[1])) {
      snprintf(why, whylen, "predictor '%s': expected VARIANT=NAME or VARIANT=PATH, VARIANT made of "
                            "letters, digits and .-+_", w);
      return why;
    }
    char *name = predictor_name(w);
    if (strvec_find(&plan->predictor_names, name) >= 0) {
      snprintf(why, whylen, "predictor '%s' is listed twice (to run it again with other args, "
                            "name the second VARIANT=%s)", name, eq ? eq + 1 : w);
      free(name);
      return why;
    }
    strvec_push_owned(&plan->predictor_names, name);
    strvec_push(&plan->predictors, w);
  }
  return NULL;
}

/* Applies one "key: value" line; returns NULL or what was wrong (a constant,
** or why).  The limits are those rp run accepts, 0 meaning none. */
static const char *apply(Plan *plan, const char *key, char *value, char *why, size_t whylen) {
  uint64_t n;
  if (strcmp(key, "predictors") == 0) return add_predictors(plan, value, why, whylen);
  else if (strcmp(key, "traces") == 0) push_words(&plan->traces, value);
  else if (strcmp(key, "repetitions") == 0) {
    if (!rp_parse_whole(value, 1, 1000000, &n)) return "repetitions must be a whole number from 1 to 1000000";
    plan->repetitions = (int)n;
  } else if (strcmp(key, "timeout") == 0) {
    if (!rp_parse_real(value, 0, 1e9, &plan->timeout_s)) return "timeout must be seconds from 0 (none) to 1e9";
  } else if (strcmp(key, "memory") == 0) {
    if (!rp_parse_whole(value, 0, RUN_MAX_MEMORY_MB, &n)) return "memory must be MiB from 0 (none) to 2^40";
    plan->memory_mb = (long)n;
  } else if (strcmp(key, "cpus") == 0) {
    cpu_set_t set;
    if (cpulist_parse(value, &set)) return "cpus must be a CPU list such as 0 or 0,2-3";
    free(plan->cpus);
    plan->cpus = rp_strdup(value);
  } else if (strncmp(key, "args.", 5) == 0 && key[5]) {
    strvec_push(&plan->arg_names, key + 5);
    strvec_push(&plan->arg_values, value);
  } else {
    return "unknown key (expected predictors, traces, repetitions, timeout, memory, cpus or args.NAME)";
  }
  return NULL;
}

static int parse_lines(FILE *f, const char *path, Plan *plan, char *err, size_t errlen) {
  char *line = NULL, buf[512];
  size_t cap = 0;
  int rc = 0;
  for (int lineno = 1; rc == 0 && getline(&line, &cap, f) > 0; lineno++) {
    char *s = trim(line);
    if (*s == '\0' || *s == '#') continue;
    char *colon = strchr(s, ':');
    const char *why = NULL;
    if (!colon) why = "expected 'key: value'";
    else {
      *colon = '\0';
      char *value = trim(colon + 1);
      why = *value ? apply(plan, trim(s), value, buf, sizeof buf) : "empty value";
    }
    if (why) {
      snprintf(err, errlen, "%s:%d: %s", path, lineno, why);
      rc = -1;
    }
  }
  free(line);
  return rc;
}

int plan_parse(const char *path, Plan *plan, char *err, size_t errlen) {
  *plan = (Plan){.repetitions = 1};
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  int rc = parse_lines(f, path, plan, err, errlen);
  fclose(f);
  if (rc == 0 && plan->predictors.n == 0) {
    snprintf(err, errlen, "%s: no 'predictors:' line", path);
    rc = -1;
  }
  if (rc == 0 && plan->traces.n == 0) {
    snprintf(err, errlen, "%s: no 'traces:' line", path);
    rc = -1;
  }
  if (rc != 0) plan_free(plan);
  return rc;
}

const char *plan_predictor_program(const Plan *plan, int i) {
  const char *eq = variant_end(plan->predictors.items[i]);
  return eq ? eq + 1 : plan->predictors.items[i];
}

const char *plan_args(const Plan *plan, const char *name) {
  int i = strvec_find(&plan->arg_names, name);
  return i < 0 ? "" : plan->arg_values.items[i];
}

void plan_free(Plan *plan) {
  strvec_free(&plan->predictors);
  strvec_free(&plan->predictor_names);
  strvec_free(&plan->traces);
  strvec_free(&plan->arg_names);
  strvec_free(&plan->arg_values);
  free(plan->cpus);
  *plan = (Plan){0};
}
