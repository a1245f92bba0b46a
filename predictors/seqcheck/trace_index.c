/* SeqCheck's per-trace precomputation; see trace_index.h. */
#include "trace_index.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/watch.h"

int sc_class_of(unsigned op) {
  switch (op) {
  case RP_OP_READ: return SC_R;
  case RP_OP_WRITE: return SC_W;
  case RP_OP_ACQ: return SC_A;
  case RP_OP_REL: return SC_Q;
  default: return -1;
  }
}

static uint32_t operand_count(const sc_index *ix, int c) {
  return c == SC_R || c == SC_W ? ix->vars : ix->locks;
}

/* Buckets filled thread by thread in program order, so each is sorted by
** (thread, eid) without a sort. */
static void build_buckets(sc_index *ix) {
  const rp_trace_event *ev = ix->trace->events;
  for (int c = 0; c < SC_CLASSES; c++) {
    uint32_t ops = operand_count(ix, c);
    ix->boff[c] = rp_calloc((size_t)ops + 2, sizeof **ix->boff);
  }
  for (uint32_t i = 0; i < ix->n && !rp_watch_poll_within(); i++) {
    int c = sc_class_of(ev[i].op);
    if (c >= 0) ix->boff[c][ev[i].operand + 2]++;
  }
  for (int c = 0; c < SC_CLASSES; c++) {
    uint32_t ops = operand_count(ix, c);
    for (uint32_t x = 0; x < ops; x++) ix->boff[c][x + 2] += ix->boff[c][x + 1];
    ix->bev[c] = rp_calloc((size_t)ix->boff[c][ops + 1] + 1, sizeof **ix->bev);
  }
  for (uint32_t t = 0; t < ix->k; t++)
    for (uint32_t e = 0; e < ix->by_thread.len[t] && !rp_watch_poll_within(); e++) {
      uint32_t i = ix->by_thread.ev[t][e];
      int c = sc_class_of(ev[i].op);
      if (c >= 0) ix->bev[c][ix->boff[c][ev[i].operand + 1]++] = i;
    }
}

/* shared[c] for the thread pairs: from the distinct threads in each bucket. */
static void build_shared(sc_index *ix) {
  uint32_t k = ix->k;
  ix->contended = rp_calloc((size_t)ix->vars + ix->locks + 1, 1);
  for (int s = 0; s < 2; s++) {
    int from = s == 0 ? SC_W : SC_A, to = s == 0 ? SC_R : SC_Q;
    uint32_t ops = operand_count(ix, from);
    uint8_t *in_from = rp_calloc(k + 1, 1), *in_to = rp_calloc(k + 1, 1);
    ix->sh_off[s] = rp_calloc((size_t)k * k + 2, sizeof **ix->sh_off);
    for (int pass = 0; pass < 2; pass++) {
      uint32_t *fill = NULL;
      if (pass == 1) {
        for (size_t p = 0; p < (size_t)k * k; p++) ix->sh_off[s][p + 1] += ix->sh_off[s][p];
        ix->sh_list[s] = rp_calloc((size_t)ix->sh_off[s][(size_t)k * k] + 1, sizeof **ix->sh_list);
        fill = rp_calloc((size_t)k * k + 1, sizeof *fill);
        memcpy(fill, ix->sh_off[s], (size_t)k * k * sizeof *fill);
      }
      for (uint32_t x = 0; x < ops && !rp_watch_poll_within(); x++) {
        memset(in_from, 0, k), memset(in_to, 0, k);
        for (uint32_t b = ix->boff[from][x]; b < ix->boff[from][x + 1]; b++)
          in_from[sc_tid(ix, ix->bev[from][b])] = 1;
        for (int c = to; c <= (s == 0 ? SC_W : to); c++)   /* a write is an access too */
          for (uint32_t b = ix->boff[c][x]; b < ix->boff[c][x + 1]; b++)
            in_to[sc_tid(ix, ix->bev[c][b])] = 1;
        for (uint32_t i = 0; i < k; i++)
          for (uint32_t j = 0; in_from[i] && j < k; j++) {
            if (i == j || !in_to[j]) continue;
            ix->contended[(s == 0 ? 0 : ix->vars) + x] = 1;
            if (pass == 0) ix->sh_off[s][(size_t)i * k + j + 1]++;
            else ix->sh_list[s][fill[(size_t)i * k + j]++] = x;
          }
      }
      free(fill);
    }
    free(in_from), free(in_to);
  }
}

/* A copy of node `node` on top of `up`: a new node, same acquire. */
static uint32_t copy_node(sc_index *ix, uint32_t node, uint32_t up) {
  size_t i = ix->copies++;
  RP_GROW(ix->copy, ix->copy_cap, i);
  ix->copy[i] = (struct sc_copy){sc_node_acq(ix, node), up};
  return (uint32_t)(ix->n + i);
}

/* The node chain top without the node of the lock the release rel
** releases (whose acquire goes to *acq): the nodes inside it are copied
** onto the one outside it when the release is out of nesting order.  The
** reader checked that the lock is held. */
static uint32_t release_node(sc_index *ix, uint32_t top, uint32_t rel, uint32_t *acq) {
  const rp_trace_event *ev = ix->trace->events;
  uint32_t *inside = NULL, node = top;
  size_t ninside = 0, cap = 0;
  while (ev[sc_node_acq(ix, node)].operand != ev[rel].operand) {
    RP_GROW(inside, cap, ninside);
    inside[ninside++] = node;
    node = sc_outer(ix, node);
  }
  *acq = sc_node_acq(ix, node);
  uint32_t up = sc_outer(ix, node);
  while (ninside) up = copy_node(ix, inside[--ninside], up);
  free(inside);
  return up;
}

/* A stretch where some lock is held opens at event i or closes before it. */
static void mark_stretch(sc_index *ix, uint32_t i, bool opens) {
  if (opens) {
    RP_GROW(ix->stretch, ix->stretch_cap, ix->stretches);
    ix->stretch[ix->stretches++] = (struct sc_stretch){i, ix->n + 1};   /* to the end until closed */
  } else {
    ix->stretch[ix->stretches - 1].to = i;
  }
}

/* Lock matching, the held-lock node chains and the stretches with a lock held. */
static void build_locks(sc_index *ix) {
  const rp_trace_event *ev = ix->trace->events;
  uint32_t *top = rp_calloc(ix->k + 1, sizeof *top);   /* innermost held node */
  uint32_t open = 0;
  for (uint32_t t = 0; t < ix->k; t++) top[t] = SC_NONE;
  for (uint32_t i = 0; i < ix->n && !rp_watch_poll_within(); i++) {
    uint32_t t = ev[i].thread, a;
    if (ev[i].op == RP_OP_ACQ) {
      if (open++ == 0) mark_stretch(ix, i, true);
      ix->link[i] = SC_NONE;   /* until its release */
      ix->held[i] = top[t];
      top[t] = i;
      continue;
    }
    if (ev[i].op == RP_OP_REL) {
      top[t] = release_node(ix, top[t], i, &a);
      ix->link[i] = a, ix->link[a] = i;
      if (--open == 0) mark_stretch(ix, i + 1, false);
    }
    ix->held[i] = top[t];
  }
  free(top);
}

uint32_t sc_free_cut(const sc_index *ix, uint32_t i) {
  size_t lo = 0, hi = ix->stretches;   /* the first stretch opening at or after i */
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (ix->stretch[mid].from < i) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && i < ix->stretch[lo - 1].to ? ix->stretch[lo - 1].from : i;
}

/* The reads' writers and the readers of each write (link, rd_list): a
** write's link counts its readers, then ends, then starts their group. */
static void build_reads(sc_index *ix) {
  const rp_trace_event *ev = ix->trace->events;
  uint32_t *last_write = rp_calloc((size_t)ix->vars + 1, sizeof *last_write);
  for (uint32_t i = 0; i < ix->n && !rp_watch_poll_within(); i++) {
    uint32_t x = ev[i].operand, w = x < ix->vars ? last_write[x] : 0;
    if (ev[i].op == RP_OP_WRITE) ix->link[i] = 0, last_write[x] = i + 1;
    if (ev[i].op != RP_OP_READ) continue;
    ix->link[i] = w ? w - 1 : SC_NONE;
    if (w) ix->link[w - 1]++, ix->reads++;
  }
  free(last_write);
  for (uint32_t i = 0, ends = 0; i < ix->n; i++)
    if (ev[i].op == RP_OP_WRITE) ends += ix->link[i], ix->link[i] = ends;
  ix->rd_list = rp_calloc((size_t)ix->reads + 1, sizeof *ix->rd_list);
  for (uint32_t i = ix->n; i-- > 0 && !rp_watch_poll_within();)
    if (ev[i].op == RP_OP_READ && ix->link[i] != SC_NONE) ix->rd_list[--ix->link[ix->link[i]]] = i;
}

/* next_br under the branch model, as distances (SC_BR_FAR).  A virtual
** branch after a read sits between the read and its successor, so it is in
** F exactly when the successor is: the race query's after(e2) phantom lies
** before it and leaves the racing read free (docs/seqcheck.md §B2). */
static void build_next_br(sc_index *ix) {
  const rp_trace_event *ev = ix->trace->events;
  for (uint32_t t = 0; t < ix->k; t++) {
    uint32_t next = ix->by_thread.len[t];
    for (uint32_t e = ix->by_thread.len[t]; e-- > 0 && !rp_watch_poll_within();) {
      uint32_t i = ix->by_thread.ev[t][e];
      if (ix->branches == RP_BRANCHES_EVERY_READ && ev[i].op == RP_OP_READ) next = e + 1;
      ix->br_dist[i] = next - e < SC_BR_FAR ? (uint8_t)(next - e) : SC_BR_FAR;
      if (ix->branches == RP_BRANCHES_TRACE && ev[i].op == RP_OP_BRANCH) next = e;
    }
  }
}

/* The ranks: their low bits per event, per thread its counts at the block
** starts it spans. */
static void build_ranks(sc_index *ix) {
  const rp_trace_threads *th = &ix->by_thread;
  size_t total = 0;
  ix->cp_base = rp_calloc(ix->k + 1, sizeof *ix->cp_base);
  ix->cp_first = rp_calloc(ix->k + 1, sizeof *ix->cp_first);
  for (uint32_t t = 0; t < ix->k; t++) {
    ix->cp_base[t] = (uint32_t)total;
    if (th->len[t] == 0) continue;
    ix->cp_first[t] = th->ev[t][0] >> SC_BLOCK_BITS;
    total += (th->ev[t][th->len[t] - 1] >> SC_BLOCK_BITS) - ix->cp_first[t] + 1;
  }
  ix->cp = rp_calloc(total + 1, sizeof *ix->cp);
  for (uint32_t t = 0; t < ix->k; t++) {
    uint32_t k = 0;
    for (uint32_t *c = ix->cp + ix->cp_base[t]; c < ix->cp + (t + 1 < ix->k ? ix->cp_base[t + 1] : total);
         c++) {
      uint64_t block_start = (uint64_t)(ix->cp_first[t] + (uint32_t)(c - ix->cp - ix->cp_base[t]))
                             << SC_BLOCK_BITS;
      while (k < th->len[t] && th->ev[t][k] < block_start) ix->rank_low[th->ev[t][k]] = (uint16_t)k, k++;
      *c = k;
    }
    for (; k < th->len[t]; k++) ix->rank_low[th->ev[t][k]] = (uint16_t)k;
  }
}

void sc_index_build(sc_index *ix, const rp_trace *trace, rp_branch_model branches) {
  memset(ix, 0, sizeof *ix);
  ix->trace = trace;
  ix->branches = branches;
  ix->n = (uint32_t)trace->count;
  ix->k = (uint32_t)trace->sym.threads.count;
  ix->vars = (uint32_t)trace->sym.vars.count;
  ix->locks = (uint32_t)trace->sym.locks.count;
  rp_trace_threads_split(&ix->by_thread, trace, true);
  size_t n = ix->n + 1;
  ix->rank_low = rp_calloc(n, sizeof *ix->rank_low);
  ix->link = rp_calloc(n, sizeof *ix->link);
  ix->held = rp_calloc(n, sizeof *ix->held);
  ix->br_dist = rp_calloc(n, sizeof *ix->br_dist);
  build_ranks(ix);
  build_next_br(ix);
  build_locks(ix);
  build_reads(ix);
  build_buckets(ix);
  build_shared(ix);
}

void sc_index_free(sc_index *ix) {
  rp_trace_threads_free(&ix->by_thread);
  free(ix->rank_low), free(ix->cp), free(ix->cp_base), free(ix->cp_first);
  free(ix->link), free(ix->rd_list), free(ix->held), free(ix->copy);
  free(ix->stretch), free(ix->br_dist);
  for (int c = 0; c < SC_CLASSES; c++) free(ix->boff[c]), free(ix->bev[c]);
  for (int s = 0; s < 2; s++) free(ix->sh_off[s]), free(ix->sh_list[s]);
  free(ix->contended);
  memset(ix, 0, sizeof *ix);
}

/* Index in bucket (c, x) of the first event at or after (t, eid). */
static uint32_t lower_bound(const sc_index *ix, int c, uint32_t x, uint32_t t, uint32_t eid) {
  uint32_t lo = ix->boff[c][x], hi = ix->boff[c][x + 1];
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2, e = ix->bev[c][mid], u = sc_tid(ix, e);
    if (u < t || (u == t && sc_rank(ix, e) < eid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

uint32_t sc_first_from(const sc_index *ix, int c, uint32_t x, uint32_t t, uint32_t from) {
  if (x >= operand_count(ix, c)) return SC_NONE;
  uint32_t b = lower_bound(ix, c, x, t, from);
  if (b == ix->boff[c][x + 1] || sc_tid(ix, ix->bev[c][b]) != t) return SC_NONE;
  return ix->bev[c][b];
}

uint32_t sc_last_upto(const sc_index *ix, int c, uint32_t x, uint32_t t, int64_t upto) {
  if (upto < 0 || x >= operand_count(ix, c)) return SC_NONE;
  uint32_t b = lower_bound(ix, c, x, t, (uint32_t)upto + 1);
  if (b == ix->boff[c][x] || sc_tid(ix, ix->bev[c][b - 1]) != t) return SC_NONE;
  return ix->bev[c][b - 1];
}
