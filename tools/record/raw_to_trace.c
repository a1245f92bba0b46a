/*
** Each distinct code address, data word and lock is symbolized once, the
** first time a record names it: key tables map the raw values to dense ids
** and arrays beside them hold the trace's name ids.
*/
#include "raw_to_trace.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/key_table.h"
#include "base/output_file.h"
#include "trace/bin_format.h"
#include "heap_blocks.h"
#include "raw_merge.h"
#include "rwlock_readers.h"
#include "trace/std_format.h"

enum { NAME_MAX_LEN = 512, PC_CACHE = 1024, WORD_CACHE = 1 << 16 };
#define NO_WORD UINT64_MAX   /* not a word address (words are 8-aligned) */

typedef struct namer {
  symbolizer *names;
  rp_symbols sym;
  const char *skip_accesses;
  rp_key_table pcs, words, locks;
  struct pc_info { uint32_t loc; bool skips_accesses; } *pc_info;
  uint32_t *var_of_word, *lock_of_key;
  uint32_t *word_generation;   /* times the word was freed: a suffix of its name */
  size_t generation_cap;
  size_t pc_cap, word_cap, lock_cap;
  uint32_t *thread_id;   /* trace id of thread number n, or UINT32_MAX */
  const rwlock_readers *readers;
  heap_blocks blocks;
  /* an allocation whose size record comes next */
  struct { bool set; uint32_t thread, site; uint64_t start; } allocating;
  /* direct-mapped caches in front of the pc and word tables: a program
  ** touches few code addresses and the same words again and again */
  struct { uint64_t pc; uint32_t k; } pc_cache[PC_CACHE];
  struct { uint64_t word; uint32_t var; } word_cache[WORD_CACHE];
  size_t thread_cap;
} namer;

static uint32_t key_of(rp_key_table *t, uint64_t a, uint32_t b, bool *added) {
  uint32_t key[3] = {(uint32_t)a, (uint32_t)(a >> 32), b};
  return rp_key_table_add(t, key, added);
}

/* Whether the file of location "file:line" matches the glob. */
static bool file_matches(const char *loc, const char *glob) {
  char file[NAME_MAX_LEN];
  snprintf(file, sizeof file, "%s", loc);
  char *colon = strrchr(file, ':');
  if (colon) *colon = '\0';
  return fnmatch(glob, file, 0) == 0;
}

/* What is known of code address pc: its location, and whether accesses
** there are left out. */
static const struct pc_info *pc_info_of(namer *n, uint64_t pc) {
  size_t c = (pc ^ (pc >> 10)) % PC_CACHE;
  if (n->pc_cache[c].pc == pc) return &n->pc_info[n->pc_cache[c].k];
  bool added;
  uint32_t k = key_of(&n->pcs, pc, 0, &added);
  if (added) {
    char name[NAME_MAX_LEN];
    symbolize_location(n->names, pc, name, sizeof name);
    RP_GROW(n->pc_info, n->pc_cap, k);
    n->pc_info[k].loc = rp_names_intern(&n->sym.locs, name, strlen(name));
    n->pc_info[k].skips_accesses = n->skip_accesses && file_matches(name, n->skip_accesses);
  }
  n->pc_cache[c].pc = pc;
  n->pc_cache[c].k = k;
  return &n->pc_info[k];
}

/* The name of data address a in buf: "heap@SITE#N" or "heap@SITE#N+OFFSET"
** in the N-th block allocated at location SITE, else symbolize_data's
** name.  Whether it is a heap name. */
static bool name_data(namer *n, uint64_t a, char *buf, size_t size) {
  const heap_block *b = heap_blocks_find(&n->blocks, a);
  if (b == NULL) {
    symbolize_data(n->names, a, buf, size);
    return false;
  }
  const char *site = rp_names_get(&n->sym.locs, b->site);
  if (a == b->start) snprintf(buf, size, "heap@%s#%u", site, b->serial);
  else snprintf(buf, size, "heap@%s#%u+%llu", site, b->serial, (unsigned long long)(a - b->start));
  return true;
}

static uint32_t var_of(namer *n, uint64_t word) {
  size_t c = (word >> 3) % WORD_CACHE;
  if (n->word_cache[c].word == word) return n->word_cache[c].var;
  bool added;
  uint32_t k = key_of(&n->words, word, 0, &added);
  if (added) {
    RP_GROW(n->var_of_word, n->word_cap, k);
    RP_GROW(n->word_generation, n->generation_cap, k);
    n->word_generation[k] = 0;
  }
  if (added || n->var_of_word[k] == UINT32_MAX) {
    char name[NAME_MAX_LEN];
    if (!name_data(n, word, name, sizeof name) && n->word_generation[k])
      snprintf(name + strlen(name), sizeof name - strlen(name), "#%u", n->word_generation[k]);
    n->var_of_word[k] = rp_names_intern(&n->sym.vars, name, strlen(name));
  }
  n->word_cache[c].word = word;
  n->word_cache[c].var = n->var_of_word[k];
  return n->var_of_word[k];
}

static void forget_word(namer *n, uint32_t k) {
  if (n->var_of_word[k] == UINT32_MAX) return;
  n->var_of_word[k] = UINT32_MAX;
  n->word_generation[k]++;
}

/* Memory [lo, hi) was freed: its words named from now on are new
** variables.  Walks the range or the words seen so far, whichever is
** shorter (a thread's stack is megabytes, of which few words were used). */
static void forget_range(namer *n, uint64_t lo, uint64_t hi) {
  lo &= ~(uint64_t)7;
  for (size_t c = 0; c < WORD_CACHE; c++)
    if (n->word_cache[c].word >= lo && n->word_cache[c].word < hi) n->word_cache[c].word = NO_WORD;
  size_t seen = rp_key_table_count(&n->words);
  if (hi <= lo) return;
  if ((hi - lo) / 8 <= seen) {
    for (uint64_t w = lo; w < hi; w += 8) {
      uint32_t key[3] = {(uint32_t)w, (uint32_t)(w >> 32), 0};
      uint32_t k = rp_key_table_find(&n->words, key);
      if (k != RP_KEY_NONE) forget_word(n, k);
    }
    return;
  }
  for (uint32_t k = 0; k < seen; k++) {
    const uint32_t *key = rp_key_table_key(&n->words, k);
    uint64_t w = key[0] | (uint64_t)key[1] << 32;
    if (w >= lo && w < hi) forget_word(n, k);
  }
}

/* A lock, or with reader set the read-side lock "L.r.Tn" of rwlock L. */
static uint32_t lock_of(namer *n, uint64_t addr, bool reader, uint32_t thread) {
  bool added;
  uint32_t k = key_of(&n->locks, addr, reader ? (uint32_t)thread + 1 : 0, &added);
  if (added) {
    char name[NAME_MAX_LEN];
    name_data(n, addr, name, sizeof name);
    if (reader) snprintf(name + strlen(name), sizeof name - strlen(name), ".r.T%u", thread);
    RP_GROW(n->lock_of_key, n->lock_cap, k);
    n->lock_of_key[k] = rp_names_intern(&n->sym.locks, name, strlen(name));
  }
  return n->lock_of_key[k];
}

static uint32_t thread_of(namer *n, uint32_t number) {
  if (number >= n->thread_cap) {
    size_t old = n->thread_cap;
    RP_GROW(n->thread_id, n->thread_cap, number);
    memset(n->thread_id + old, 0xff, (n->thread_cap - old) * sizeof *n->thread_id);
  }
  if (n->thread_id[number] == UINT32_MAX) {
    char name[16];
    snprintf(name, sizeof name, "T%u", number);
    n->thread_id[number] = rp_names_intern(&n->sym.threads, name, strlen(name));
  }
  return n->thread_id[number];
}

/* Where events go: the trace file, in either format. */
typedef struct sink {
  const trace_request *req;
  FILE *out;
  rp_bin_writer bin;
  trace_shape shape;
} sink;

static void emit(namer *n, sink *k, const rp_event *ev) {
  k->shape.events++;
  k->shape.branches += ev->op == RP_OP_BRANCH;
  char problem[256];
  if (!k->req->std) rp_bin_writer_event(&k->bin, ev);
  else if (rp_std_write_event(k->out, &n->sym, ev, problem, sizeof problem) < 0)
    rp_die(RP_EXIT_INTERNAL, "%s: %s", k->req->path, problem);
}

/* A write lock of rwlock addr, or its release: L, then the read-side lock
** of each reader of L (released in reverse order). */
static void emit_write_side(namer *n, sink *k, rp_event ev, uint64_t addr, bool acquire) {
  uint32_t count;
  const uint32_t *readers = rwlock_readers_of(n->readers, addr, &count);
  if (acquire) {
    ev.operand = lock_of(n, addr, false, 0);
    emit(n, k, &ev);
  }
  for (uint32_t i = 0; i < count; i++) {
    ev.operand = lock_of(n, addr, true, readers[acquire ? i : count - 1 - i]);
    emit(n, k, &ev);
  }
  if (!acquire) {
    ev.operand = lock_of(n, addr, false, 0);
    emit(n, k, &ev);
  }
}

/* A record that is no event, only news of memory: a freed range, a block
** allocated (its start, then its size).  Whether r is one. */
static bool track_memory(namer *n, const rp_raw_event *r) {
  switch (r->op) {
    case RP_RAW_FREE:
      forget_range(n, r->addr, r->pc);
      heap_blocks_freed(&n->blocks, r->addr);
      return true;
    case RP_RAW_ALLOC:
      n->allocating.set = true;
      n->allocating.thread = r->thread;
      n->allocating.start = r->addr;
      n->allocating.site = pc_info_of(n, r->pc)->loc;
      return true;
    case RP_RAW_BLOCK_SIZE:
      if (n->allocating.set && n->allocating.thread == r->thread &&
          heap_blocks_allocated(&n->blocks, n->allocating.start, n->allocating.start + r->addr,
                                n->allocating.site))
        forget_range(n, n->allocating.start, n->allocating.start + r->addr);
      n->allocating.set = false;
      return true;
    default: return false;
  }
}

/* The events of record r: none for a hole, news of memory or a left-out
** access, several for a write lock. */
static void convert(namer *n, sink *k, const rp_raw_event *r) {
  static const uint16_t op_of[RP_RAW_OP_COUNT] = {
      [RP_RAW_READ] = RP_OP_READ, [RP_RAW_WRITE] = RP_OP_WRITE,
      [RP_RAW_ACQ] = RP_OP_ACQ, [RP_RAW_REL] = RP_OP_REL,
      [RP_RAW_READER_ACQ] = RP_OP_ACQ, [RP_RAW_READER_REL] = RP_OP_REL,
      [RP_RAW_WRITER_ACQ] = RP_OP_ACQ, [RP_RAW_WRITER_REL] = RP_OP_REL,
      [RP_RAW_FORK] = RP_OP_FORK, [RP_RAW_JOIN] = RP_OP_JOIN, [RP_RAW_BRANCH] = RP_OP_BRANCH};
  unsigned op = r->op;
  if (op == RP_RAW_HOLE || op >= RP_RAW_OP_COUNT || track_memory(n, r)) return;
  const struct pc_info *at = pc_info_of(n, r->pc);
  rp_event ev = {.thread = thread_of(n, r->thread), .loc = at->loc, .op = op_of[op],
                 .operand = RP_NO_OPERAND};
  switch (op) {
    case RP_RAW_READ:
    case RP_RAW_WRITE:
      if (at->skips_accesses) return;
      ev.operand = var_of(n, r->addr);
      break;
    case RP_RAW_ACQ:
    case RP_RAW_REL: ev.operand = lock_of(n, r->addr, false, 0); break;
    case RP_RAW_READER_ACQ:
    case RP_RAW_READER_REL: ev.operand = lock_of(n, r->addr, true, r->thread); break;
    case RP_RAW_WRITER_ACQ:
    case RP_RAW_WRITER_REL: emit_write_side(n, k, ev, r->addr, op == RP_RAW_WRITER_ACQ); return;
    case RP_RAW_FORK:
    case RP_RAW_JOIN: ev.operand = thread_of(n, (uint32_t)r->addr); break;
    default: break;
  }
  emit(n, k, &ev);
}

static void write_failed(const char *path) {
  rp_die(RP_EXIT_RESOURCE, "%s: write error: %s", path, strerror(errno));
}

/* On the heap: the caches make a namer over a megabyte, more than a
** thread's stack may hold. */
static namer *namer_new(symbolizer *names, const trace_request *req,
                        const rwlock_readers *readers) {
  namer *n = rp_calloc(1, sizeof *n);
  n->names = names;
  n->skip_accesses = req->skip_accesses;
  n->readers = readers;
  rp_symbols_init(&n->sym);
  rp_key_table_init(&n->pcs, 3);
  rp_key_table_init(&n->words, 3);
  rp_key_table_init(&n->locks, 3);
  heap_blocks_init(&n->blocks);
  memset(n->pc_cache, 0xff, sizeof n->pc_cache);   /* no pc is UINT64_MAX */
  memset(n->word_cache, 0xff, sizeof n->word_cache);
  thread_of(n, 0);   /* T0 is the main thread even if it logged nothing */
  return n;
}

static void namer_free(namer *n) {
  rp_symbols_free(&n->sym);
  rp_key_table_free(&n->pcs);
  rp_key_table_free(&n->words);
  rp_key_table_free(&n->locks);
  heap_blocks_free(&n->blocks);
  free(n->pc_info);
  free(n->var_of_word);
  free(n->word_generation);
  free(n->lock_of_key);
  free(n->thread_id);
  free(n);
}

static void sink_open(sink *k, const trace_request *req) {
  *k = (sink){.req = req, .out = rp_output_open(req->path)};
  setvbuf(k->out, NULL, _IOFBF, 1 << 20);
  if (!req->std && rp_bin_writer_start(&k->bin, k->out) < 0) write_failed(req->path);
}

/* Finish the file (the note, the binary format's name tables) and close
** it; the shape of what was written. */
static trace_shape sink_close(sink *k, const rp_symbols *sym, bool cut) {
  const trace_request *req = k->req;
  if (req->std && req->note)
    fprintf(k->out, "# rp record: %s%s\n", req->note, cut ? RAW_CUT_NOTE : "");
  int failed = req->std ? fflush(k->out) : rp_bin_writer_finish(&k->bin, sym);
  if (failed || ferror(k->out) || (k->out != stdout && fclose(k->out) != 0))
    write_failed(req->path);
  trace_shape shape = k->shape;
  shape.threads = sym->threads.count;
  shape.locks = sym->locks.count;
  shape.vars = sym->vars.count;
  shape.locs = sym->locs.count;
  return shape;
}

trace_shape raw_to_trace(const rp_raw_header *h, const rp_raw_event *records, symbolizer *names,
                         const trace_request *req, bool *cut) {
  rwlock_readers readers;
  rwlock_readers_find(&readers, h, records);
  namer *n = namer_new(names, req, &readers);
  sink k;
  sink_open(&k, req);
  raw_merge merge;
  raw_merge_start(&merge, h, records);
  const rp_raw_event *r;
  uint64_t converted = 0;
  while (converted < req->max_records && (r = raw_merge_next(&merge))) {
    convert(n, &k, r);
    converted++;
  }
  *cut = h->stopped == RP_RAW_FULL ||
         (converted == req->max_records && raw_merge_next(&merge) != NULL);
  raw_merge_free(&merge);
  trace_shape shape = sink_close(&k, &n->sym, *cut);
  namer_free(n);
  rwlock_readers_free(&readers);
  return shape;
}
