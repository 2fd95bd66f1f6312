/* kibitz/record.h: record an engine's search as a Kibitz trace (.kbz, format version 2).
 *
 * One C99 header, no dependencies beyond the C standard library; C and C++ engines alike.
 * In exactly one source file of the engine:
 *
 *     #define KIBITZ_RECORD_IMPLEMENTATION
 *     #include "kibitz/record.h"
 *
 * and plain #include "kibitz/record.h" everywhere else. Tutorial: docs/recording.md; the file
 * format: docs/trace-format.md. The JavaScript (include/kibitz/record.mjs) and Python
 * (include/kibitz/record.py) writers make the same calls write the same bytes (text given as
 * valid UTF-8, values as integers; they differ in how a refused call is told, below).
 *
 * The search reports what it does, in the order it does it:
 *
 *     kbz_enter(r, alpha, beta, "e2e4");    a node is entered with window [alpha, beta]
 *       kbz_evaluate(r, v);                 ... a leaf: its static value
 *       kbz_enter(...) ... kbz_leave(...)   ... or its successors, one after another
 *       kbz_cutoff(r);                      ... the successor that just returned ends the loop
 *     kbz_leave(r, value);                  the node returns `value`
 *
 * Values are negamax values: from the point of view of the side to move at the node the call
 * is about. Everything else is derived, as search! (Kibitz's seed 000) computes it: the
 * parent's child_return, best (the largest -ret so far), alpha (max(alpha0, best), written
 * while it does not exceed beta), and each node's bound and Pv/Cut/All kind from its window
 * and the cutoff criterion (kbz_steps). Infinity is KBZ_INF; larger values are clamped to it.
 *
 * Every call takes the recorder first and returns 0, or -1 when it was refused (a call out of
 * order, a bad argument, a write that failed): it writes nothing, the first refusal is kept,
 * kbz_error() tells it and kbz_close() returns it. After a refused kbz_enter, kbz_leave or
 * iteration call (or a failed write) later calls would no longer nest, so the recorder takes no
 * more events; after any other refusal it goes on. (record.mjs and record.py throw RecordError
 * instead and stay usable.) A NULL recorder makes every call a no-op that returns 0, so the
 * calls can stay in a search that is not recording. Text that is not valid UTF-8 is written
 * with U+FFFD for each byte that starts no valid sequence.
 *
 * Memory: one 1 MiB buffer of events, plus every distinct string (move labels are interned).
 * The header and the facts are written with the first event, the events a chunk of 65,536 at a
 * time: a search killed midway leaves a file Kibitz opens up to its last complete chunk (before
 * the first chunk: the facts, and no events).
 */
#ifndef KIBITZ_RECORD_H
#define KIBITZ_RECORD_H

#ifdef __cplusplus
extern "C" {
#endif

#define KBZ_INF 1000000000

typedef struct kbz_recorder kbz_recorder;

/* Opens `path` for writing. NULL when it cannot be opened (errno tells why).
 *
 * Live: a path "tcp://HOST:PORT" streams the trace to a viewer listening there
 * (`kibitz-desktop --listen PORT`, or `kibitz serve` for the page), and "tcp://HOST:PORT?file=F"
 * also writes it to the file F. Event chunks are then sealed every 50 ms as well as every
 * 65,536 events, so the tree grows on screen as the search goes. The viewer never stalls the
 * search: bytes it has not taken yet wait in memory, and past 16 MiB it is dropped; with a file
 * the recording goes on there alone (one line on stderr says so; kbz_stream_missed counts the
 * events the viewer missed), without one the recorder stops as after a failed write. With no
 * viewer listening, "tcp://HOST:PORT" fails to open (NULL) and "...?file=F" records to F only.
 * POSIX systems only (elsewhere a tcp:// path fails to open). docs/live.md tells the rest. */
kbz_recorder* kbz_open(const char* path);

/* How Kibitz reads the steps; before the first event. `criterion` is the cutoff test: "ge"
 * (the loop stops when best >= beta: the default, as most engines do) or "gt" (best > beta,
 * as the seed writes it); it classifies nodes as Pv/Cut/All and says what kbz_cutoff accepts.
 * `rule` is NULL or "none" (the default: Kibitz checks that the events nest and agree), or
 * "alphabeta" when the search is exactly search! of seed 000 (fail-soft alpha-beta): Kibitz
 * then checks every step against its rule and refuses the file at the first that differs,
 * naming it. With the rule, every interior node needs kbz_expand before its first successor. */
int kbz_steps(kbz_recorder* r, const char* rule, const char* criterion);

/* A fact about the search ("engine", "algo", "position", "depth", ...), as text. Facts given
 * before the first event are written with it; later ones at the end (a value given again
 * replaces it there). */
int kbz_meta(kbz_recorder* r, const char* key, const char* value);

/* Iterative deepening: each iteration is a root between these two (no node open). */
int kbz_iteration_begin(kbz_recorder* r, int depth);
int kbz_iteration_end(kbz_recorder* r, int value);

/* A node entered with window [alpha, beta] (alpha <= beta), by the move `move` (NULL: none;
 * any text: "e2e4", "Nf3", "B"). With no node open it is a root. */
int kbz_enter(kbz_recorder* r, int alpha, int beta, const char* move);

/* The open node's position (FEN, a board as text), and how many successors it generated
 * (those never entered are then shown as pruned; once per node, and required before the first
 * successor when a rule is declared). Right after kbz_enter. */
int kbz_position(kbz_recorder* r, const char* text);
int kbz_expand(kbz_recorder* r, int count);

/* The open node's static value. Before any successor: the node is a leaf with this value.
 * If successors follow (a quiescence search's stand-pat), it is kept as a note instead.
 * A node left with no successor and no kbz_evaluate is a leaf whose value is what it returns. */
int kbz_evaluate(kbz_recorder* r, int value);

/* The successor that has just returned caused a cutoff: the open node searches no more. Right
 * after that successor's kbz_leave; refused unless best (the largest -ret) meets the
 * criterion against beta. */
int kbz_cutoff(kbz_recorder* r);

/* The open node returns `value` (its own point of view). */
int kbz_leave(kbz_recorder* r, int value);

/* A line of text about the open node (or about no node, with none open). */
int kbz_note(kbz_recorder* r, const char* text);

/* ---- A modern engine's search (docs/recording.md, "Modern engines") ----------------------- */

/* Marks a value or fact as not known (kbz_enter_search's depth and ply). */
#define KBZ_NONE (-2147483647 - 1)

/* Bounds: what a value is (kbz_leave_bound, kbz_table). */
#define KBZ_BOUND_UPPER 0 /* the true value is at most this (a fail low) */
#define KBZ_BOUND_EXACT 1
#define KBZ_BOUND_LOWER 2 /* at least this (a fail high) */

/* How a node is searched (kbz_enter_search's `search`): one of */
#define KBZ_SEARCH 0    /* a plain search of a move */
#define KBZ_NULL_MOVE 1 /* the side to move passes; counts only if kbz_cutoff follows */
#define KBZ_PROBE 2     /* a reduced or zero-window search of a move, searched again if it
                           fails high */
#define KBZ_RESEARCH 3  /* the move just searched, searched again: that attempt then counts
                           towards nothing (not best, alpha, the kind) */
/* ... with KBZ_QUIESCENCE added (|) for a node of the quiescence search. */
#define KBZ_QUIESCENCE 4
/* Why a probe or a re-search (kbz_enter_search's `why`). */
#define KBZ_WHY_NONE 0
#define KBZ_WHY_LMR 1       /* late-move reduction */
#define KBZ_WHY_PVS 2       /* principal variation search's zero window */
#define KBZ_WHY_VERIFY 3    /* null-move verification */
#define KBZ_WHY_SINGULAR 4  /* singular-extension test */

/* A node entered as kbz_enter does, saying how it is searched (KBZ_SEARCH ... KBZ_RESEARCH,
 * | KBZ_QUIESCENCE),
 * why (KBZ_WHY_*, for a probe or a re-search; else KBZ_WHY_NONE), its remaining depth and its
 * ply from the root (in the engine's own units; KBZ_NONE when not known). A re-search must
 * follow the kbz_leave of the attempt it repeats, with the same move. */
int kbz_enter_search(kbz_recorder* r, int alpha, int beta, const char* move, int search, int why,
                     int depth, int ply);

/* The open node's static evaluation and 64-bit position key; right after the enter. A static
 * evaluation does not make the node a leaf (kbz_evaluate does). */
int kbz_static_eval(kbz_recorder* r, int value);
int kbz_hash(kbz_recorder* r, unsigned long long key);

/* The table probed at the open node, before its first successor: KBZ_TT_MISS; KBZ_TT_HIT, an
 * entry that does not settle the node (its move goes first); KBZ_TT_CUT, an entry that settles
 * it: the node then takes no successor and its kbz_leave returns the table's value. `bound`,
 * `depth`, `value`: the entry's (ignored on a miss; a depth below 0 is kept as 0); `move`: the
 * move it suggests, or NULL. */
#define KBZ_TT_MISS 0
#define KBZ_TT_HIT 1
#define KBZ_TT_CUT 2
int kbz_table(kbz_recorder* r, int result, int bound, int depth, int value, const char* move);

/* kbz_leave, saying the bound of the value returned (KBZ_BOUND_*): a fail-hard engine's
 * alpha is an upper bound, beta a lower bound. Refused when it contradicts the window: a lower
 * bound below beta, an upper bound above alpha, an exact value outside the window (a node
 * without successors may return an exact value anywhere). */
int kbz_leave_bound(kbz_recorder* r, int value, int bound);

/* A move of the open node pruned without a search, named (NULL: unnamed), and why. No
 * kbz_expand is needed: the viewer shows the moves pruned by name. */
#define KBZ_PRUNE_OTHER 0
#define KBZ_PRUNE_FUTILITY 1
#define KBZ_PRUNE_LATE_MOVE 2 /* move-count pruning */
#define KBZ_PRUNE_SEE 3       /* a losing static exchange */
#define KBZ_PRUNE_RAZOR 4
#define KBZ_PRUNE_HISTORY 5
int kbz_prune(kbz_recorder* r, const char* move, int why);

/* Ends the recording: nodes still open are left unfinished (a search stopped by time or a node
 * budget), the file is completed and closed, `r` freed. Returns NULL when the file is
 * complete, else the first error (valid until the next kbz_close). */
const char* kbz_close(kbz_recorder* r);

/* The first error so far, or NULL. */
const char* kbz_error(const kbz_recorder* r);

/* Live recording (a tcp:// path): the events the viewer did not get (it fell behind, or was
 * not there); 0 for a file. */
unsigned long long kbz_stream_missed(const kbz_recorder* r);

/* ---- Triggered capture (docs/recording.md, "Triggered capture") --------------------------- */

/* Record only the subtrees of the nodes where every condition set holds, each such node a root
 * of the trace labelled with the moves from the search's root to it ("e2e4 e7e5 g1f3"); the rest
 * of the search is followed (its calls are still checked) but not written. Before the first
 * event. The same conditions can be given in the environment, read by kbz_open:
 * KIBITZ_TRIGGER_PATH, KIBITZ_TRIGGER_HASH (decimal or 0x hex), KIBITZ_TRIGGER_PLY,
 * KIBITZ_TRIGGER_ITERATION, KIBITZ_TRIGGER_LIMIT (kbz_open fails with EINVAL, saying why on
 * stderr, when one is not a number or a path).
 *   path: the node reached by these moves from a root, as kbz_enter named them, separated by
 *         spaces ("" is the root itself);
 *   hash: the nodes whose kbz_hash is `key` (kbz_hash right after the enter, before
 *         kbz_static_eval, whose value would otherwise not be recorded for that node);
 *   ply: the nodes at this ply (0: the root);
 *   iteration: within the n-th kbz_iteration_begin only (1: the first); alone, that whole
 *         iteration is recorded, with its iteration events (which are left out otherwise);
 *   limit: at most this many subtrees (0, the default: no limit).
 * Facts: "trigger" (the conditions), and at the end "trigger_captures" (how many). */
int kbz_trigger_path(kbz_recorder* r, const char* moves);
int kbz_trigger_hash(kbz_recorder* r, unsigned long long key);
int kbz_trigger_ply(kbz_recorder* r, int ply);
int kbz_trigger_iteration(kbz_recorder* r, int n);
int kbz_trigger_limit(kbz_recorder* r, unsigned long n);

#ifdef __cplusplus
}
#endif

#endif /* KIBITZ_RECORD_H */

/* ---------------------------------------------------------------------------------------- */
#ifdef KIBITZ_RECORD_IMPLEMENTATION
#ifndef KIBITZ_RECORD_IMPLEMENTED
#define KIBITZ_RECORD_IMPLEMENTED

/* Live streams need POSIX sockets and clocks, which strict C (-std=c99) hides unless asked:
 * asked here, which works when this file is the first the source includes. */
#if (defined(__unix__) || defined(__APPLE__)) && defined(__STRICT_ANSI__) && \
    !defined(_POSIX_C_SOURCE) && !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* glibc without POSIX (strict C, with a header included before this one): no streams; a
 * tcp:// path then fails to open with EINVAL */
#if (defined(__unix__) || defined(__APPLE__)) && \
    (!defined(__GLIBC__) || (defined(__USE_XOPEN2K) && defined(__USE_POSIX199309)))
#define KBZ_HAVE_STREAMS 1
#include <fcntl.h>
#include <netdb.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>
#else
#define KBZ_HAVE_STREAMS 0
#endif

/* Event types and packing (docs/trace-format.md, "An event is 16 bytes"). */
enum {
  KBZ_ITERATION_BEGIN = 1,
  KBZ_ITERATION_END = 2,
  KBZ_ENTER = 3,
  KBZ_LABEL = 4,
  KBZ_POSITION = 5,
  KBZ_EXPAND = 6,
  KBZ_EVALUATE = 7,
  /* 8-10 (child_return, best_set, alpha_set): derived by the reader, never written */
  KBZ_CUTOFF = 11,
  KBZ_LEAVE = 12,
  KBZ_TT_PROBE = 32,
  KBZ_ATTEMPT = 34,
  KBZ_NODE_FACTS = 35,
  KBZ_STATIC_EVAL = 36,
  KBZ_HASH_KEY = 37,
  KBZ_PRUNE = 38,
  KBZ_TABLE_MOVE = 39,
  KBZ_NOTE = 64
};
enum { KBZ_UPPER = 0, KBZ_EXACT = 1, KBZ_LOWER = 2 };
enum { KBZ_UNKNOWN = 0, KBZ_PV = 1, KBZ_CUT = 2, KBZ_ALL = 3, KBZ_LEAF = 4 };
#define KBZ_CHUNK_EVENTS 65536u
#define KBZ_EVENT_MAX 23 /* type, mask, flags, then four varints of at most 5 bytes */
#define KBZ_NO_NODE 0xFFFFFFFFu

typedef struct {
  unsigned long id;
  int alpha0, beta, alpha, best;
  long k;           /* successors returned so far */
  int evaluated;    /* kbz_evaluate before any successor */
  int static_value; /* that value, written when the node turns out a leaf */
  int pending;      /* a successor returned: its steps are written by the next call (none
                       when it is searched again, or was a null move that did not cut) */
  int pending_ret;  /* its value */
  int pending_null; /* it was a null move */
  long last_label;  /* the move of the successor entered last (string id) */
  int cut;          /* kbz_cutoff was called */
  int entered;      /* successors entered */
  int expanded;     /* kbz_expand was called */
  int search;       /* KBZ_SEARCH ... KBZ_RESEARCH */
  int table_cut;    /* kbz_table(KBZ_TT_CUT): no successor may follow */
  int table_bound;  /* that entry's bound */
  long label;       /* its move (string id; 0: none) */
  int facts_mask, facts_depth, facts_ply; /* its node_facts event, to write it again */
  int hash_candidate; /* triggered capture: it may fire once its kbz_hash comes */
} kbz_node_;

typedef struct {
  char* text;
  unsigned long len;
} kbz_string_;

struct kbz_recorder {
  FILE* file; /* NULL when streaming without a file */
  /* live (tcp://): the viewer's socket (-1: none, or dropped), the bytes it has not taken */
  int sock;
  int streaming; /* opened with tcp://: chunks are sealed every 50 ms (header flag 0x800) */
  unsigned char* backlog;
  size_t backlog_len, backlog_cap;
  unsigned long long missed; /* events the viewer did not get */
  unsigned long long events_total;
  double last_seal_ms;
  char where[128]; /* "tcp://HOST:PORT" */
  unsigned long long hash; /* FNV-1a 64 of every byte written */
  unsigned char* events;   /* the chunk's events, encoded (at most KBZ_EVENT_MAX bytes each) */
  unsigned long count;     /* events in the buffer */
  size_t used;             /* its bytes */
  unsigned prev_node;      /* the node of the chunk's last event (deltas) */
  int started;             /* the header and the first META are written */
  unsigned flags;
  int ge;
  /* facts: keys and values, in the order given; `meta_first` were known at the start */
  char **meta_keys, **meta_values;
  unsigned long meta_count, meta_cap, meta_first;
  /* strings: id i + 1 is strings[i]; `strings_written` of them are in the file */
  kbz_string_* strings;
  unsigned long string_count, string_cap, strings_written;
  unsigned long* slots; /* open addressing: string id or 0 */
  unsigned long slot_cap;
  kbz_node_* stack;
  unsigned long depth, stack_cap;
  unsigned long next_id;
  int iteration_open;
  unsigned long iteration;
  int last_iteration_value;
  int write_failed; /* the file is incomplete: END is not written */
  int stopped;      /* a refused enter, leave or iteration: later calls would not nest */
  int expand_due;   /* a rule is declared: a node's successors need kbz_expand first */
  /* triggered capture (kbz_trigger_*): only the subtrees of the nodes where every condition
   * holds are written; `capturing` inside one (from stack index `capture_depth`) */
  int trigger_on, capturing;
  unsigned long capture_depth;
  long* trigger_path; /* string ids of the moves */
  unsigned long trigger_path_len;
  int trigger_path_set, trigger_hash_set;
  unsigned long long trigger_hash;
  int trigger_ply; /* -1: any */
  unsigned long trigger_iteration, trigger_limit, captures;
  char error[200];
  const void* thread; /* the opening thread's marker (a search's nesting is one thread's) */
};

static char kbz_close_error_[200];

/* Triggered capture (below): the "trigger" fact, the environment's conditions, whether a
 * condition is on subtrees rather than a whole iteration. */
static void kbz_trigger_fact_(kbz_recorder* r);
static int kbz_env_triggers_(kbz_recorder* r);
static int kbz_subtree_trigger_(const kbz_recorder* r);

/* A refused call: it writes nothing; the first refusal is kept for kbz_error and kbz_close. */
static int kbz_fail_(kbz_recorder* r, const char* what) {
  if (!r->error[0]) {
    strncpy(r->error, what, sizeof r->error - 1);
    r->error[sizeof r->error - 1] = '\0';
  }
  return -1;
}

/* A refusal after which the calls would no longer nest: the recorder takes no more events. */
static int kbz_stop_(kbz_recorder* r, const char* what) {
  r->stopped = 1;
  return kbz_fail_(r, what);
}

static int kbz_clamp_(long long v) {
  return v > KBZ_INF ? KBZ_INF : v < -KBZ_INF ? -KBZ_INF : (int)v;
}


/* Live recording: bytes for the viewer go through a backlog, sent without blocking. */
#define KBZ_BACKLOG_MAX ((size_t)16 << 20)
#define KBZ_SEAL_MS 50.0

static void kbz_stream_drop_(kbz_recorder* r, const char* why) {
#if KBZ_HAVE_STREAMS
  close(r->sock);
#endif
  r->sock = -1;
  r->backlog_len = 0;
  if (r->file) {
    fprintf(stderr, "kibitz record: %s at %s: the recording goes on in its file only\n", why,
            r->where);
  } else {
    r->write_failed = 1; /* nothing more can be written anywhere */
    kbz_stop_(r, "the viewer stopped taking the stream and there is no ?file= to go on in");
  }
}

/* Sends what the socket takes now; the rest waits. */
static void kbz_stream_send_(kbz_recorder* r) {
#if KBZ_HAVE_STREAMS
  size_t sent = 0;
  while (sent < r->backlog_len) {
    ssize_t n = send(r->sock, r->backlog + sent, r->backlog_len - sent, MSG_NOSIGNAL);
    if (n > 0) {
      sent += (size_t)n;
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      break;
    } else {
      kbz_stream_drop_(r, "the viewer closed the connection");
      return;
    }
  }
  memmove(r->backlog, r->backlog + sent, r->backlog_len - sent);
  r->backlog_len -= sent;
#else
  (void)r;
#endif
}

static void kbz_stream_put_(kbz_recorder* r, const unsigned char* p, size_t n) {
  if (r->backlog_len + n > KBZ_BACKLOG_MAX) {
    kbz_stream_send_(r);
    if (r->sock < 0) return;
    if (r->backlog_len + n > KBZ_BACKLOG_MAX) {
      kbz_stream_drop_(r, "the viewer is not keeping up (16 MiB unsent)");
      return;
    }
  }
  if (r->backlog_len + n > r->backlog_cap) {
    size_t cap = r->backlog_cap ? r->backlog_cap : 65536;
    unsigned char* grown;
    while (cap < r->backlog_len + n) cap *= 2;
    grown = (unsigned char*)realloc(r->backlog, cap);
    if (!grown) {
      kbz_stream_drop_(r, "out of memory for the viewer's bytes");
      return;
    }
    r->backlog = grown;
    r->backlog_cap = cap;
  }
  memcpy(r->backlog + r->backlog_len, p, n);
  r->backlog_len += n;
}

static double kbz_now_ms_(void) {
#if KBZ_HAVE_STREAMS
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
#else
  return 0.0;
#endif
}

/* Opens "tcp://HOST:PORT[?file=F]": the socket (or none when no viewer listens and F is
 * given) and F. 0 on success, else errno's value. */
static int kbz_stream_open_(kbz_recorder* r, const char* path) {
#if KBZ_HAVE_STREAMS
  const char* hostport = path + 6;
  const char* query = strchr(hostport, '?');
  const char* file = NULL;
  char host[100], port[16];
  const char* colon;
  size_t hp_len = query ? (size_t)(query - hostport) : strlen(hostport);
  struct addrinfo hints, *found = NULL, *a;
  if (query) {
    if (strncmp(query, "?file=", 6) != 0 || !query[6]) return EINVAL;
    file = query + 6;
  }
  /* HOST:PORT, or [IPV6]:PORT; the port a number from 1 to 65535 */
  {
    const char* host_at = hostport;
    size_t host_len, i;
    long port_value = 0;
    if (hostport[0] == '[') {
      const char* close_at = (const char*)memchr(hostport, ']', hp_len);
      if (!close_at) return EINVAL;
      host_at = hostport + 1;
      host_len = (size_t)(close_at - host_at);
      colon = close_at + 1 < hostport + hp_len && close_at[1] == ':' ? close_at + 1 : NULL;
    } else {
      colon = (const char*)memchr(hostport, ':', hp_len);
      host_len = colon ? (size_t)(colon - hostport) : 0;
    }
    if (!colon || host_len == 0 || host_len >= sizeof host) return EINVAL;
    i = hp_len - (size_t)(colon + 1 - hostport);
    if (i == 0 || i >= sizeof port) return EINVAL;
    memcpy(host, host_at, host_len);
    host[host_len] = '\0';
    memcpy(port, colon + 1, i);
    port[i] = '\0';
    for (i = 0; port[i]; ++i) {
      if (port[i] < '0' || port[i] > '9') return EINVAL;
      port_value = port_value * 10 + (port[i] - '0');
      if (port_value > 65535) return EINVAL;
    }
    if (port_value == 0) return EINVAL;
  }
  snprintf(r->where, sizeof r->where, hostport[0] == '[' ? "tcp://[%s]:%s" : "tcp://%s:%s", host,
           port);
  r->streaming = 1;
  if (file) {
    r->file = fopen(file, "wb");
    if (!r->file) return errno ? errno : EIO;
  }
  memset(&hints, 0, sizeof hints);
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  if (getaddrinfo(host, port, &hints, &found) != 0) {
    if (!file) return EHOSTUNREACH;
    fprintf(stderr, "kibitz record: the host of %s is not known: recording to %s only\n",
            r->where, file);
    return 0;
  } else {
    for (a = found; a && r->sock < 0; a = a->ai_next) {
      int s = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
      if (s < 0) continue;
      if (connect(s, a->ai_addr, a->ai_addrlen) == 0) {
        fcntl(s, F_SETFL, fcntl(s, F_GETFL) | O_NONBLOCK);
        r->sock = s;
      } else {
        close(s);
      }
    }
    freeaddrinfo(found);
  }
  if (r->sock >= 0) return 0;
  if (!file) return ECONNREFUSED;
  fprintf(stderr, "kibitz record: no viewer listens at %s: recording to %s only\n", r->where,
          file);
  return 0;
#else
  (void)r;
  (void)path;
  return EINVAL;
#endif
}

/* kbz_close: the viewer gets what is left, waiting at most 5 s for it to take it. */
static void kbz_stream_close_(kbz_recorder* r) {
#if KBZ_HAVE_STREAMS
  double until = kbz_now_ms_() + 5000.0;
  while (r->sock >= 0 && r->backlog_len && kbz_now_ms_() < until) {
    struct timespec pause = {0, 2000000};
    kbz_stream_send_(r);
    if (r->backlog_len) nanosleep(&pause, NULL);
  }
  if (r->sock >= 0) close(r->sock);
#endif
  r->sock = -1;
  free(r->backlog);
}

static void kbz_write_(kbz_recorder* r, const unsigned char* p, size_t n) {
  size_t i;
  unsigned long long h = r->hash; /* in a register: p's bytes may alias the recorder */
  for (i = 0; i < n; ++i) {
    h ^= p[i];
    h *= 0x100000001b3ull;
  }
  r->hash = h;
  if (r->sock >= 0) kbz_stream_put_(r, p, n);
  if (!r->write_failed && r->file && fwrite(p, 1, n, r->file) != n) {
    r->write_failed = 1;
    kbz_stop_(r, "the trace file could not be written");
  }
}

static void kbz_put32_(unsigned char* p, unsigned long v) {
  p[0] = (unsigned char)(v & 0xFF);
  p[1] = (unsigned char)(v >> 8 & 0xFF);
  p[2] = (unsigned char)(v >> 16 & 0xFF);
  p[3] = (unsigned char)(v >> 24 & 0xFF);
}

static void kbz_chunk_head_(kbz_recorder* r, const char* tag, unsigned long long len) {
  unsigned char h[16];
  int i;
  memcpy(h, tag, 4);
  kbz_put32_(h + 4, 0);
  for (i = 0; i < 8; ++i) h[8 + i] = (unsigned char)(len >> (8 * i) & 0xFF);
  kbz_write_(r, h, 16);
}

/* JSON string with its quotes: the bytes of `s`, escaped. Returns the length; writes when
 * `out` is not NULL. */
static size_t kbz_json_string_(const char* s, char* out) {
  static const char hex[] = "0123456789abcdef";
  size_t n = 0;
  const unsigned char* p = (const unsigned char*)s;
  if (out) out[n] = '"';
  ++n;
  for (; *p; ++p) {
    if (*p == '"' || *p == '\\') {
      if (out) {
        out[n] = '\\';
        out[n + 1] = (char)*p;
      }
      n += 2;
    } else if (*p < 0x20) {
      if (out) {
        memcpy(out + n, "\\u00", 4);
        out[n + 4] = hex[*p >> 4];
        out[n + 5] = hex[*p & 15];
      }
      n += 6;
    } else {
      if (out) out[n] = (char)*p;
      ++n;
    }
  }
  if (out) out[n] = '"';
  return n + 1;
}

/* A META chunk with facts [from, to). */
static void kbz_write_meta_(kbz_recorder* r, unsigned long from, unsigned long to) {
  size_t n = 2, at = 0;
  unsigned long i;
  char* json;
  for (i = from; i < to; ++i)
    n += kbz_json_string_(r->meta_keys[i], NULL) + 1 + kbz_json_string_(r->meta_values[i], NULL) +
         (i + 1 < to ? 1 : 0);
  json = (char*)malloc(n);
  if (!json) {
    kbz_stop_(r, "out of memory");
    return;
  }
  json[at++] = '{';
  for (i = from; i < to; ++i) {
    at += kbz_json_string_(r->meta_keys[i], json + at);
    json[at++] = ':';
    at += kbz_json_string_(r->meta_values[i], json + at);
    if (i + 1 < to) json[at++] = ',';
  }
  json[at++] = '}';
  kbz_chunk_head_(r, "META", n);
  kbz_write_(r, (const unsigned char*)json, n);
  free(json);
}

static void kbz_start_(kbz_recorder* r) {
  unsigned char h[16];
  if (r->started) return;
  r->started = 1;
  memcpy(h, "KIBITZ\r\n", 8);
  kbz_put32_(h + 8, 2);
  /* 0x400: the steps after a successor returns are derived by the reader (not written) */
  /* 0x800: a live stream, whose event chunks may hold fewer than 65,536 events */
  kbz_put32_(h + 12, r->flags | (r->ge ? 0x100u : 0u) | 0x400u | (r->streaming ? 0x800u : 0u));
  kbz_write_(r, h, 16);
  if (r->trigger_on) kbz_trigger_fact_(r);
  r->meta_first = r->meta_count;
  kbz_write_meta_(r, 0, r->meta_count);
}

/* The strings not yet in the file, as a STRS chunk. */
static void kbz_write_strings_(kbz_recorder* r) {
  unsigned char b[8];
  unsigned long long len = 8;
  unsigned long i;
  if (r->strings_written == r->string_count) return;
  for (i = r->strings_written; i < r->string_count; ++i) len += 4 + r->strings[i].len;
  kbz_chunk_head_(r, "STRS", len);
  kbz_put32_(b, r->strings_written + 1);
  kbz_put32_(b + 4, r->string_count - r->strings_written);
  kbz_write_(r, b, 8);
  for (i = r->strings_written; i < r->string_count; ++i) {
    kbz_put32_(b, r->strings[i].len);
    kbz_write_(r, b, 4);
    kbz_write_(r, (const unsigned char*)r->strings[i].text, r->strings[i].len);
  }
  r->strings_written = r->string_count;
}

static void kbz_flush_(kbz_recorder* r) {
  unsigned char b[4];
  kbz_start_(r);
  if (r->count == 0) return;
  kbz_write_strings_(r);
  kbz_chunk_head_(r, "EVTV", 4 + (unsigned long long)r->used);
  kbz_put32_(b, r->count);
  kbz_write_(r, b, 4);
  kbz_write_(r, r->events, r->used);
  r->count = 0;
  r->used = 0;
  r->prev_node = 0;
  if (r->file) fflush(r->file);
  if (r->sock >= 0) kbz_stream_send_(r);
  r->last_seal_ms = r->streaming ? kbz_now_ms_() : 0.0;
}

/* Variable-length integers: 7 bits a byte, low first; signed ones zigzagged (0, -1, 1, ...). */
static unsigned char* kbz_varint_(unsigned char* p, unsigned v) {
  while (v >= 0x80u) {
    *p++ = (unsigned char)(v | 0x80u);
    v >>= 7;
  }
  *p++ = (unsigned char)v;
  return p;
}
static unsigned kbz_zigzag_(unsigned v) { /* v: an int32's bits */
  return (v << 1) ^ (0u - (v >> 31));
}

static void kbz_event_(kbz_recorder* r, int type, int flags, unsigned aux, unsigned long node,
                       int a, int b) {
  /* an EVTV event: type, a mask of the fields that are not zero, then those fields (the node as
   * the difference from the chunk's previous event's); locals, as the bytes may alias r */
  unsigned char* const first = r->events + r->used;
  unsigned char* p = first + 2;
  const unsigned id = (unsigned)(node & 0xFFFFFFFFu), delta = id - r->prev_node;
  unsigned mask = 0;
  if (r->trigger_on && !r->capturing) return; /* outside the captured subtrees */
  if (!r->started) { /* the header and the facts go out with the first event */
    kbz_start_(r);
    if (r->file) fflush(r->file);
    if (r->sock >= 0) kbz_stream_send_(r);
    r->last_seal_ms = r->streaming ? kbz_now_ms_() : 0.0;
  }
  if (flags) {
    mask |= 1;
    *p++ = (unsigned char)flags;
  }
  if (aux) {
    mask |= 2;
    p = kbz_varint_(p, aux & 0xFFFFu);
  }
  if (delta) {
    mask |= 4;
    p = kbz_varint_(p, kbz_zigzag_(delta));
  }
  if (type == KBZ_HASH_KEY) { /* a position key's halves are random bits: 4 bytes each */
    mask |= 8 | 16;
    kbz_put32_(p, (unsigned long)(unsigned)a);
    kbz_put32_(p + 4, (unsigned long)(unsigned)b);
    p += 8;
  } else {
    if (a) {
      mask |= 8;
      p = kbz_varint_(p, kbz_zigzag_((unsigned)a));
    }
    if (b) {
      mask |= 16;
      p = kbz_varint_(p, kbz_zigzag_((unsigned)b));
    }
  }
  first[0] = (unsigned char)type;
  first[1] = (unsigned char)mask;
  r->prev_node = id;
  r->used = (size_t)(p - r->events);
  ++r->events_total;
  if (r->streaming && r->sock < 0) ++r->missed;
  if (++r->count == KBZ_CHUNK_EVENTS) {
    kbz_flush_(r);
  } else if (r->streaming && (r->count & 63u) == 0 &&
             kbz_now_ms_() - r->last_seal_ms >= KBZ_SEAL_MS) {
    kbz_flush_(r); /* live: the viewer sees the search as it goes */
  }
}

/* The length of the valid UTF-8 sequence at p (of n bytes left), or 0 if it is not one. */
static size_t kbz_utf8_length_(const unsigned char* p, size_t n) {
  size_t len, i;
  unsigned lo = 0x80, hi = 0xBF;
  if (p[0] < 0x80) return 1;
  if (p[0] >= 0xC2 && p[0] <= 0xDF)
    len = 2;
  else if (p[0] >= 0xE0 && p[0] <= 0xEF)
    len = 3;
  else if (p[0] >= 0xF0 && p[0] <= 0xF4)
    len = 4;
  else
    return 0;
  if (p[0] == 0xE0) lo = 0xA0;
  if (p[0] == 0xED) hi = 0x9F;
  if (p[0] == 0xF0) lo = 0x90;
  if (p[0] == 0xF4) hi = 0x8F;
  if (n < len || p[1] < lo || p[1] > hi) return 0;
  for (i = 2; i < len; ++i)
    if (p[i] < 0x80 || p[i] > 0xBF) return 0;
  return len;
}

/* `s` as valid UTF-8 (malloc'd): each byte that starts no valid sequence becomes U+FFFD, so
 * a reader of the file's JSON never meets ill-formed text. NULL when out of memory. */
static char* kbz_utf8_(const char* s) {
  const unsigned char* p = (const unsigned char*)s;
  size_t n = strlen(s), i = 0, at = 0, len;
  char* out = (char*)malloc(3 * n + 1);
  if (!out) return NULL;
  while (i < n) {
    len = kbz_utf8_length_(p + i, n - i);
    if (len) {
      memcpy(out + at, p + i, len);
      at += len;
      i += len;
    } else {
      memcpy(out + at, "\xEF\xBF\xBD", 3);
      at += 3;
      ++i;
    }
  }
  out[at] = '\0';
  return out;
}

static unsigned long kbz_hash_text_(const char* s, size_t n) {
  unsigned long h = 2166136261ul;
  size_t i;
  for (i = 0; i < n; ++i) h = (h ^ (unsigned char)s[i]) * 16777619ul & 0xFFFFFFFFul;
  return h;
}

/* The id of `s` (n bytes, valid UTF-8, hashed h by kbz_hash_text_) in the string table, adding
 * it the first time. */
static long kbz_intern_n_(kbz_recorder* r, const char* s, size_t n, unsigned long h) {
  unsigned long i, id;
  if (2 * (r->string_count + 1) > r->slot_cap) {
    unsigned long cap = r->slot_cap ? 2 * r->slot_cap : 1024, j;
    unsigned long* slots = (unsigned long*)calloc(cap, sizeof *slots);
    if (!slots) return kbz_stop_(r, "out of memory");
    for (j = 0; j < r->string_count; ++j) {
      unsigned long k = kbz_hash_text_(r->strings[j].text, r->strings[j].len) & (cap - 1);
      while (slots[k]) k = (k + 1) & (cap - 1);
      slots[k] = j + 1;
    }
    free(r->slots);
    r->slots = slots;
    r->slot_cap = cap;
  }
  for (i = h & (r->slot_cap - 1); (id = r->slots[i]) != 0;
       i = (i + 1) & (r->slot_cap - 1)) {
    if (r->strings[id - 1].len == n && memcmp(r->strings[id - 1].text, s, n) == 0) return (long)id;
  }
  if (r->string_count == r->string_cap) {
    unsigned long cap = r->string_cap ? 2 * r->string_cap : 256;
    kbz_string_* grown = (kbz_string_*)realloc(r->strings, cap * sizeof *grown);
    if (!grown) return kbz_stop_(r, "out of memory");
    r->strings = grown;
    r->string_cap = cap;
  }
  r->strings[r->string_count].text = (char*)malloc(n + 1);
  if (!r->strings[r->string_count].text) return kbz_stop_(r, "out of memory");
  memcpy(r->strings[r->string_count].text, s, n + 1);
  r->strings[r->string_count].len = (unsigned long)n;
  r->slots[i] = ++r->string_count;
  return (long)r->string_count;
}

/* The id of valid UTF-8 text `s` (0 for NULL or ""), adding it the first time. */
static long kbz_intern_valid_(kbz_recorder* r, const char* s) {
  size_t n;
  if (!s || !*s) return 0;
  n = strlen(s);
  return kbz_intern_n_(r, s, n, kbz_hash_text_(s, n));
}

/* As kbz_intern_valid_, for any text: ill-formed UTF-8 is interned as kbz_utf8_ makes it. */
static long kbz_intern_(kbz_recorder* r, const char* s) {
  const unsigned char* p = (const unsigned char*)s;
  size_t n, i, len;
  unsigned long h = 2166136261ul;
  unsigned ascii = 0;
  char* valid;
  long id;
  if (!s) return 0;
  /* the common case in one pass: plain ASCII (a move's name), its length and hash */
  for (n = 0; p[n]; ++n) {
    ascii |= p[n];
    h = (h ^ p[n]) * 16777619ul & 0xFFFFFFFFul;
  }
  if (n == 0) return 0;
  if (ascii < 0x80u) return kbz_intern_n_(r, s, n, h);
  for (i = 0; i < n; i += len) {
    len = kbz_utf8_length_(p + i, n - i);
    if (!len) break;
  }
  if (i == n) return kbz_intern_valid_(r, s);
  valid = kbz_utf8_(s);
  if (!valid) return kbz_stop_(r, "out of memory");
  id = kbz_intern_valid_(r, valid);
  free(valid);
  return id;
}

/* An iteration as written: its number, or the captured iteration's (the first written is 1). */
static unsigned long kbz_iteration_number_(const kbz_recorder* r) {
  return r->trigger_on ? r->captures : r->iteration;
}

static kbz_node_* kbz_top_(kbz_recorder* r) {
  return r->depth ? &r->stack[r->depth - 1] : NULL;
}

/* The open node's state after the successor that returned last, due since it returned unless
 * a cutoff or a re-search came; a null move that did not cut counts towards nothing. The steps
 * (child_return, best_set, alpha_set) are not written: the reader derives them the same way
 * (src/trace/derive_returns.cpp). */
static void kbz_count_return_(kbz_node_* n) {
  int ret = n->pending_ret;
  n->best = -ret > n->best ? -ret : n->best;
  ++n->k;
}

static void kbz_settle_(kbz_recorder* r) {
  kbz_node_* n = kbz_top_(r);
  int alpha;
  if (!n || !n->pending) return;
  n->pending = 0;
  if (n->pending_null) return;
  kbz_count_return_(n);
  alpha = n->best > n->alpha ? n->best : n->alpha;
  if (alpha > n->beta) return; /* a fail high the search did not cut: alpha stays */
  n->alpha = alpha;
}

/* A per-thread marker: its address tells the threads apart (GCC and Clang; elsewhere, one). */
#if defined(__GNUC__)
static __thread char kbz_thread_marker_;
#else
static char kbz_thread_marker_;
#endif

static int kbz_usable_(kbz_recorder* r) {
  if (!r->stopped && r->thread != &kbz_thread_marker_)
    kbz_stop_(r, "a call from another thread than the one that opened this recorder: give each "
                 "thread its own recorder and file (docs/recording.md, several threads)");
  return !r->stopped;
}

kbz_recorder* kbz_open(const char* path) {
  kbz_recorder* r = (kbz_recorder*)calloc(1, sizeof *r);
  if (!r) return NULL;
  r->sock = -1;
  r->hash = 0xcbf29ce484222325ull;
  r->ge = 1;
  r->thread = &kbz_thread_marker_;
  r->trigger_ply = -1;
  r->events = (unsigned char*)malloc(KBZ_EVENT_MAX * (size_t)KBZ_CHUNK_EVENTS);
  if (!r->events || kbz_env_triggers_(r) != 0) { /* before any file is made */
    const int err = r->events ? EINVAL : ENOMEM;
    if (r->error[0]) fprintf(stderr, "kibitz record: %s\n", r->error);
    r->write_failed = 1; /* nothing to write, nowhere to write it */
    kbz_close(r);
    errno = err;
    return NULL;
  }
  if (strncmp(path, "tcp://", 6) == 0) {
    int err = kbz_stream_open_(r, path);
    if (err) {
      r->write_failed = 1;
      kbz_close(r);
      errno = err;
      return NULL;
    }
  } else {
    r->file = fopen(path, "wb");
  }
  if (!r->file && r->sock < 0) {
    const int err = errno;
    r->write_failed = 1;
    kbz_close(r);
    errno = err;
    return NULL;
  }
  return r;
}

int kbz_steps(kbz_recorder* r, const char* rule, const char* criterion) {
  int alphabeta;
  if (!r) return 0;
  if (!kbz_usable_(r)) return -1;
  if (r->next_id || r->started) return kbz_fail_(r, "kbz_steps after the first event");
  alphabeta = rule && strcmp(rule, "alphabeta") == 0;
  if (rule && !alphabeta && strcmp(rule, "none") != 0)
    return kbz_fail_(r, "kbz_steps: the rule is neither \"none\" nor \"alphabeta\"");
  if (!criterion || (strcmp(criterion, "gt") != 0 && strcmp(criterion, "ge") != 0))
    return kbz_fail_(r, "kbz_steps: the criterion is neither \"gt\" nor \"ge\"");
  r->flags = alphabeta ? 2u : 0u; /* the .kbz header's rule: 2 is alpha-beta */
  r->expand_due = alphabeta;
  r->ge = criterion[1] == 'e';
  return kbz_meta(r, "criterion", criterion);
}

static char* kbz_copy_(const char* s) {
  return kbz_utf8_(s);
}

int kbz_meta(kbz_recorder* r, const char* key, const char* value) {
  unsigned long i;
  char* v;
  if (!r) return 0;
  if (!kbz_usable_(r)) return -1;
  if (!key || !*key || !value) return kbz_fail_(r, "kbz_meta needs a key and a value");
  v = kbz_copy_(value);
  if (!v) return kbz_stop_(r, "out of memory");
  /* a key written in the first META keeps its place there only until the file starts */
  for (i = r->started ? r->meta_first : 0; i < r->meta_count; ++i) {
    if (strcmp(r->meta_keys[i], key) == 0) {
      free(r->meta_values[i]);
      r->meta_values[i] = v;
      return 0;
    }
  }
  if (r->meta_count == r->meta_cap) {
    unsigned long cap = r->meta_cap ? 2 * r->meta_cap : 16;
    char** k = (char**)realloc(r->meta_keys, cap * sizeof *k);
    if (k) r->meta_keys = k;
    char** w = k ? (char**)realloc(r->meta_values, cap * sizeof *w) : NULL;
    if (!w) {
      free(v);
      return kbz_stop_(r, "out of memory");
    }
    r->meta_values = w;
    r->meta_cap = cap;
  }
  r->meta_keys[r->meta_count] = kbz_copy_(key);
  if (!r->meta_keys[r->meta_count]) {
    free(v);
    return kbz_stop_(r, "out of memory");
  }
  r->meta_values[r->meta_count++] = v;
  return 0;
}

int kbz_iteration_begin(kbz_recorder* r, int depth) {
  if (!r) return 0;
  if (!kbz_usable_(r)) return -1;
  if (r->depth) return kbz_stop_(r, "kbz_iteration_begin with a node open");
  if (r->iteration_open) return kbz_stop_(r, "kbz_iteration_begin inside an iteration");
  r->iteration_open = 1;
  ++r->iteration;
  if (r->trigger_on && !kbz_subtree_trigger_(r) && r->iteration == r->trigger_iteration) {
    r->capturing = 1; /* the whole iteration */
    r->capture_depth = (unsigned long)-1;
    ++r->captures;
  }
  kbz_event_(r, KBZ_ITERATION_BEGIN, 0, 0, kbz_iteration_number_(r), kbz_clamp_(depth), 0);
  return 0;
}

int kbz_iteration_end(kbz_recorder* r, int value) {
  if (!r) return 0;
  if (!kbz_usable_(r)) return -1;
  if (r->depth) return kbz_stop_(r, "kbz_iteration_end with a node open");
  if (!r->iteration_open) return kbz_stop_(r, "kbz_iteration_end without kbz_iteration_begin");
  r->iteration_open = 0;
  r->last_iteration_value = kbz_clamp_(value);
  kbz_event_(r, KBZ_ITERATION_END, 0, 0, kbz_iteration_number_(r), r->last_iteration_value, 0);
  if (r->trigger_on && r->capture_depth == (unsigned long)-1) r->capturing = 0;
  if (r->streaming) kbz_flush_(r); /* live: a finished iteration is shown at once */
  return 0;
}

/* ---- Triggered capture ------------------------------------------------------------------- */

/* Conditions on subtrees (path, hash, ply), as opposed to a whole iteration. */
static int kbz_subtree_trigger_(const kbz_recorder* r) {
  return r->trigger_path_set || r->trigger_hash_set || r->trigger_ply >= 0;
}

/* Whether the node on top (just entered) meets the conditions known at its enter. */
static int kbz_trigger_holds_(const kbz_recorder* r) {
  unsigned long ply = r->depth - 1, i;
  if (r->trigger_limit && r->captures >= r->trigger_limit) return 0;
  if (r->trigger_iteration && r->iteration != r->trigger_iteration) return 0;
  if (r->trigger_ply >= 0 && ply != (unsigned long)r->trigger_ply) return 0;
  if (r->trigger_path_set) {
    if (ply != r->trigger_path_len) return 0;
    for (i = 0; i < r->trigger_path_len; ++i)
      if (r->stack[i + 1].label != r->trigger_path[i]) return 0;
  }
  return 1;
}

/* The moves from the root to the node on top, as one label ("e2e4 e7e5"; "-" for a move not
 * named), interned; the root's own label for a root. */
static long kbz_path_label_(kbz_recorder* r) {
  size_t len = 0, at = 0;
  unsigned long i;
  char* text;
  long id;
  if (r->depth <= 1) return r->depth ? r->stack[0].label : 0;
  for (i = 1; i < r->depth; ++i)
    len += (r->stack[i].label ? r->strings[r->stack[i].label - 1].len : 1) + 1;
  text = (char*)malloc(len);
  if (!text) return kbz_stop_(r, "out of memory");
  for (i = 1; i < r->depth; ++i) {
    const long l = r->stack[i].label;
    const size_t n = l ? r->strings[l - 1].len : 1;
    memcpy(text + at, l ? r->strings[l - 1].text : "-", n);
    at += n;
    text[at++] = i + 1 < r->depth ? ' ' : '\0';
  }
  id = kbz_intern_(r, text);
  free(text);
  return id;
}

/* The node on top fires: from here to its leave the events are written, it the root. */
static void kbz_capture_(kbz_recorder* r, kbz_node_* n) {
  const long label = kbz_path_label_(r);
  if (label < 0) return;
  r->capturing = 1;
  r->capture_depth = r->depth - 1;
  ++r->captures;
  n->id = r->next_id++;
  kbz_event_(r, KBZ_ENTER, 0, 0xFFFFu, n->id, n->alpha0, n->beta);
  if (label) kbz_event_(r, KBZ_LABEL, 0, 0, n->id, (int)label, 0);
  if (n->facts_mask)
    kbz_event_(r, KBZ_NODE_FACTS, n->facts_mask, 0, n->id, n->facts_depth, n->facts_ply);
}

/* After a node is left (the stack popped): the capture ends with its root. */
static void kbz_capture_left_(kbz_recorder* r) {
  if (r->capturing && r->capture_depth == r->depth) r->capturing = 0;
}

/* The conditions, in words ("path e2e4 e7e5, iteration 3"), into text[400]. */
static void kbz_trigger_text_(const kbz_recorder* r, char* text) {
  const size_t size = 400;
  size_t n = 0;
  text[0] = '\0';
  if (r->trigger_path_set) {
    unsigned long i;
    n += (size_t)snprintf(text + n, size - n, "path");
    for (i = 0; i < r->trigger_path_len && n < size - 40; ++i)
      n += (size_t)snprintf(text + n, size - n, " %s",
                            r->strings[r->trigger_path[i] - 1].text);
    if (!r->trigger_path_len) n += (size_t)snprintf(text + n, size - n, " (the root)");
  }
  if (r->trigger_hash_set && n < size - 40)
    n += (size_t)snprintf(text + n, size - n, "%shash 0x%016llx", n ? ", " : "",
                          r->trigger_hash);
  if (r->trigger_ply >= 0 && n < size - 40)
    n += (size_t)snprintf(text + n, size - n, "%sply %d", n ? ", " : "", r->trigger_ply);
  if (r->trigger_iteration && n < size - 40)
    n += (size_t)snprintf(text + n, size - n, "%siteration %lu", n ? ", " : "",
                          r->trigger_iteration);
  if (r->trigger_limit && n < size - 40)
    snprintf(text + n, size - n, "%sat most %lu", n ? ", " : "", r->trigger_limit);
}

/* The "trigger" fact: the conditions, in words. */
static void kbz_trigger_fact_(kbz_recorder* r) {
  char text[400];
  kbz_trigger_text_(r, text);
  kbz_meta(r, "trigger", text);
}

static int kbz_trigger_ready_(kbz_recorder* r, const char* call) {
  char text[96];
  if (!kbz_usable_(r)) return 0;
  if (r->started || r->depth || r->iteration) {
    snprintf(text, sizeof text, "%s: a trigger is set before the first event", call);
    kbz_fail_(r, text);
    return 0;
  }
  r->trigger_on = 1;
  return 1;
}

int kbz_trigger_path(kbz_recorder* r, const char* moves) {
  const char* p = moves;
  if (!r) return 0;
  if (!moves) return kbz_fail_(r, "kbz_trigger_path: moves is NULL (\"\" is the root)");
  if (!kbz_trigger_ready_(r, "kbz_trigger_path")) return -1;
  free(r->trigger_path);
  r->trigger_path = NULL;
  r->trigger_path_len = 0;
  r->trigger_path_set = 1;
  while (*p) {
    const char* end;
    char* word;
    long* grown;
    long id;
    while (*p == ' ') ++p;
    if (!*p) break;
    for (end = p; *end && *end != ' '; ++end) continue;
    word = (char*)malloc((size_t)(end - p) + 1);
    grown = (long*)realloc(r->trigger_path, (r->trigger_path_len + 1) * sizeof *grown);
    if (!word || !grown) {
      free(word);
      if (grown) r->trigger_path = grown;
      return kbz_stop_(r, "out of memory");
    }
    r->trigger_path = grown;
    memcpy(word, p, (size_t)(end - p));
    word[end - p] = '\0';
    id = kbz_intern_(r, word);
    free(word);
    if (id < 0) return -1;
    r->trigger_path[r->trigger_path_len++] = id;
    p = end;
  }
  return 0;
}

int kbz_trigger_hash(kbz_recorder* r, unsigned long long key) {
  if (!r) return 0;
  if (!kbz_trigger_ready_(r, "kbz_trigger_hash")) return -1;
  r->trigger_hash_set = 1;
  r->trigger_hash = key;
  return 0;
}

int kbz_trigger_ply(kbz_recorder* r, int ply) {
  if (!r) return 0;
  if (ply < 0) return kbz_fail_(r, "kbz_trigger_ply: a ply is 0 (the root) or more");
  if (!kbz_trigger_ready_(r, "kbz_trigger_ply")) return -1;
  r->trigger_ply = ply;
  return 0;
}

int kbz_trigger_iteration(kbz_recorder* r, int n) {
  if (!r) return 0;
  if (n < 1) return kbz_fail_(r, "kbz_trigger_iteration: iterations count from 1");
  if (!kbz_trigger_ready_(r, "kbz_trigger_iteration")) return -1;
  r->trigger_iteration = (unsigned long)n;
  return 0;
}

int kbz_trigger_limit(kbz_recorder* r, unsigned long n) {
  if (!r) return 0;
  if (!kbz_trigger_ready_(r, "kbz_trigger_limit")) return -1;
  r->trigger_limit = n;
  return 0;
}

/* KIBITZ_TRIGGER_* from the environment: 0, or -1 after saying on stderr which is not valid. */
static int kbz_env_number_(const char* name, unsigned long long* out, int* set) {
  const char* v = getenv(name);
  char* end = NULL;
  *set = 0;
  if (!v || !*v) return 0;
  errno = 0;
  *out = strtoull(v, &end, 0);
  if (errno || *end || *v == '-') {
    fprintf(stderr, "kibitz record: %s='%s' is not a number%s\n", name, v,
            strcmp(name, "KIBITZ_TRIGGER_HASH") == 0 ? " (decimal, or hex as 0x...)" : "");
    return -1;
  }
  *set = 1;
  return 0;
}

static int kbz_env_triggers_(kbz_recorder* r) {
  unsigned long long hash, ply, iteration, limit;
  int hash_set, ply_set, iteration_set, limit_set;
  const char* path = getenv("KIBITZ_TRIGGER_PATH");
  if (kbz_env_number_("KIBITZ_TRIGGER_HASH", &hash, &hash_set) ||
      kbz_env_number_("KIBITZ_TRIGGER_PLY", &ply, &ply_set) ||
      kbz_env_number_("KIBITZ_TRIGGER_ITERATION", &iteration, &iteration_set) ||
      kbz_env_number_("KIBITZ_TRIGGER_LIMIT", &limit, &limit_set))
    return -1;
  if ((ply_set && ply > 100000) || (iteration_set && (iteration < 1 || iteration > 100000000))) {
    fprintf(stderr, "kibitz record: KIBITZ_TRIGGER_%s is out of range\n",
            ply_set && ply > 100000 ? "PLY" : "ITERATION (from 1)");
    return -1;
  }
  if (path) kbz_trigger_path(r, path);
  if (hash_set) kbz_trigger_hash(r, hash);
  if (ply_set) kbz_trigger_ply(r, (int)ply);
  if (iteration_set) kbz_trigger_iteration(r, (int)iteration);
  if (limit_set) kbz_trigger_limit(r, (unsigned long)limit);
  return r->error[0] ? -1 : 0;
}

/* The checks of a re-search against the attempt it repeats (the parent's successor that has
 * just returned): NULL when it may follow, else why not. */
static const char* kbz_research_refusal_(const kbz_node_* parent, long label) {
  if (!parent) return "kbz_enter_search: a re-search with no node open";
  if (!parent->pending)
    return "kbz_enter_search: a re-search that does not follow the kbz_leave of an attempt";
  if (parent->pending_null) return "kbz_enter_search: a re-search of a null move";
  if (label && parent->last_label && label != parent->last_label)
    return "kbz_enter_search: a re-search of another move than the attempt that just returned";
  return NULL;
}

/* The attempt record that announces the successor about to be entered. */
static void kbz_announce_(kbz_recorder* r, kbz_node_* parent, int search, int why) {
  static const int flags[] = {0, 3, 1, 2}; /* by KBZ_SEARCH ... KBZ_RESEARCH */
  if (!parent || !flags[search]) return;
  kbz_event_(r, KBZ_ATTEMPT, flags[search], search == KBZ_NULL_MOVE ? 0u : (unsigned)why,
             parent->id, (int)parent->k, 0);
}

int kbz_enter_search(kbz_recorder* r, int alpha, int beta, const char* move, int search, int why,
                     int depth, int ply) {
  kbz_node_ *parent, *n;
  long label = 0;
  const char* refusal;
  int quiescence;
  if (!r) return 0;
  if (!kbz_usable_(r)) return -1;
  alpha = kbz_clamp_(alpha);
  beta = kbz_clamp_(beta);
  if (alpha > beta) return kbz_stop_(r, "kbz_enter: alpha is above beta");
  if (search < 0 || search > (KBZ_RESEARCH | KBZ_QUIESCENCE))
    return kbz_stop_(r, "kbz_enter_search: `search` is none of KBZ_SEARCH ... KBZ_RESEARCH "
                        "(| KBZ_QUIESCENCE)");
  quiescence = search & KBZ_QUIESCENCE;
  search &= 3;
  if (why < KBZ_WHY_NONE || why > KBZ_WHY_SINGULAR)
    return kbz_stop_(r, "kbz_enter_search: `why` is none of KBZ_WHY_*");
  if (r->next_id == KBZ_NO_NODE) return kbz_stop_(r, "kbz_enter: more than 2^32 - 1 nodes");
  parent = kbz_top_(r);
  if (search == KBZ_RESEARCH) {
    /* (a re-search's parent has successors: no static-value note comes before its label) */
    if ((label = kbz_intern_(r, move)) < 0) return -1;
    if ((refusal = kbz_research_refusal_(parent, label)) != NULL) return kbz_stop_(r, refusal);
    parent->pending = 0; /* the attempt is superseded: it counts towards nothing */
  } else {
    kbz_settle_(r);
  }
  if (parent && parent->cut) return kbz_stop_(r, "kbz_enter: a successor after a cutoff");
  if (parent && parent->table_cut)
    return kbz_stop_(r, "kbz_enter: a successor of a node the table settled (KBZ_TT_CUT)");
  if (parent && r->expand_due && !parent->expanded && !parent->entered)
    return kbz_stop_(r,
                     "kbz_enter: with a rule declared (kbz_steps), call kbz_expand before a node's "
                     "first successor");
  if (parent && parent->evaluated && !parent->entered) {
    char text[48];
    sprintf(text, "static value %d", parent->static_value);
    kbz_event_(r, KBZ_NOTE, 0, 0, parent->id, (int)kbz_intern_(r, text), 0);
  }
  if (search != KBZ_RESEARCH && (label = kbz_intern_(r, move)) < 0) return -1;
  if (r->depth == r->stack_cap) {
    unsigned long cap = r->stack_cap ? 2 * r->stack_cap : 64;
    kbz_node_* grown = (kbz_node_*)realloc(r->stack, cap * sizeof *grown);
    if (!grown) return kbz_stop_(r, "out of memory");
    r->stack = grown;
    r->stack_cap = cap;
    parent = kbz_top_(r);
  }
  if (parent) {
    ++parent->entered;
    parent->last_label = label;
  }
  kbz_announce_(r, parent, search, why);
  n = &r->stack[r->depth++];
  memset(n, 0, sizeof *n);
  n->id = KBZ_NO_NODE; /* numbered when written */
  n->alpha0 = n->alpha = alpha;
  n->beta = beta;
  n->best = -KBZ_INF;
  n->search = search;
  n->label = label;
  n->facts_mask = (quiescence != 0) | (depth != KBZ_NONE) << 1 | (ply != KBZ_NONE) << 2;
  n->facts_depth = depth != KBZ_NONE ? depth : 0;
  n->facts_ply = ply != KBZ_NONE ? ply : 0;
  if (r->trigger_on && !r->capturing) { /* not written, unless it fires */
    if (kbz_subtree_trigger_(r) && kbz_trigger_holds_(r)) {
      if (r->trigger_hash_set)
        n->hash_candidate = 1; /* decided by its kbz_hash */
      else
        kbz_capture_(r, n);
    }
    return 0;
  }
  n->id = r->next_id++;
  kbz_event_(r, KBZ_ENTER, 0, 0xFFFFu, n->id, alpha, beta);
  if (label) kbz_event_(r, KBZ_LABEL, 0, 0, n->id, (int)label, 0);
  if (n->facts_mask)
    kbz_event_(r, KBZ_NODE_FACTS, n->facts_mask, 0, n->id, n->facts_depth, n->facts_ply);
  return 0;
}

int kbz_enter(kbz_recorder* r, int alpha, int beta, const char* move) {
  return kbz_enter_search(r, alpha, beta, move, KBZ_SEARCH, KBZ_WHY_NONE, KBZ_NONE, KBZ_NONE);
}

/* The open node, when it has not yet begun its search (no successor, no evaluation). */
static kbz_node_* kbz_fresh_(kbz_recorder* r, const char* call) {
  kbz_node_* n = kbz_top_(r);
  char text[64];
  if (n && !n->entered && !n->evaluated) return n;
  sprintf(text, "%s: not right after kbz_enter", call);
  kbz_fail_(r, text);
  return NULL;
}

int kbz_static_eval(kbz_recorder* r, int value) {
  kbz_node_* n;
  if (!r) return 0;
  if (!kbz_usable_(r)) return -1;
  if (!(n = kbz_fresh_(r, "kbz_static_eval"))) return -1;
  kbz_event_(r, KBZ_STATIC_EVAL, 0, 0, n->id, kbz_clamp_(value), 0);
  return 0;
}

int kbz_hash(kbz_recorder* r, unsigned long long key) {
  kbz_node_* n;
  if (!r) return 0;
  if (!kbz_usable_(r)) return -1;
  if (!(n = kbz_fresh_(r, "kbz_hash"))) return -1;
  if (n->hash_candidate) {
    n->hash_candidate = 0;
    if (key == r->trigger_hash && !r->capturing) kbz_capture_(r, n);
  }
  kbz_event_(r, KBZ_HASH_KEY, 0, 0, n->id, (int)(unsigned)(key & 0xFFFFFFFFu),
             (int)(unsigned)(key >> 32));
  return 0;
}

int kbz_table(kbz_recorder* r, int result, int bound, int depth, int value, const char* move) {
  kbz_node_* n;
  long label = 0;
  unsigned aux;
  if (!r) return 0;
  if (!kbz_usable_(r)) return -1;
  if (result < KBZ_TT_MISS || result > KBZ_TT_CUT)
    return kbz_fail_(r, "kbz_table: `result` is none of KBZ_TT_MISS, KBZ_TT_HIT, KBZ_TT_CUT");
  if (result != KBZ_TT_MISS && (bound < KBZ_BOUND_UPPER || bound > KBZ_BOUND_LOWER))
    return kbz_fail_(r, "kbz_table: `bound` is none of KBZ_BOUND_*");
  n = kbz_top_(r);
  if (!n) return kbz_fail_(r, "kbz_table with no node open");
  if (n->entered) return kbz_fail_(r, "kbz_table: the node already has successors");
  if (n->table_cut) return kbz_fail_(r, "kbz_table: the table already settled the node");
  if (move && *move && (label = kbz_intern_(r, move)) < 0) return -1;
  aux = result == KBZ_TT_MISS ? 0xFFFFu : depth < 0 ? 0u : depth > 65534 ? 65534u : (unsigned)depth;
  kbz_event_(r, KBZ_TT_PROBE, result == KBZ_TT_MISS ? 0 : result | bound << 2, aux, n->id,
             result == KBZ_TT_MISS ? 0 : kbz_clamp_(value), -1);
  if (label) kbz_event_(r, KBZ_TABLE_MOVE, 0, 0, n->id, (int)label, 0);
  if (result == KBZ_TT_CUT) {
    n->table_cut = 1;
    n->table_bound = bound;
  }
  return 0;
}

int kbz_prune(kbz_recorder* r, const char* move, int why) {
  kbz_node_* n;
  long label = 0;
  if (!r) return 0;
  if (!kbz_usable_(r)) return -1;
  if (why < KBZ_PRUNE_OTHER || why > KBZ_PRUNE_HISTORY)
    return kbz_fail_(r, "kbz_prune: `why` is none of KBZ_PRUNE_*");
  kbz_settle_(r);
  n = kbz_top_(r);
  if (!n) return kbz_fail_(r, "kbz_prune with no node open");
  if (n->cut || n->table_cut) return kbz_fail_(r, "kbz_prune after the node was cut");
  if (move && *move && (label = kbz_intern_(r, move)) < 0) return -1;
  kbz_event_(r, KBZ_PRUNE, 0, (unsigned)why, n->id, (int)label, 0);
  return 0;
}

int kbz_position(kbz_recorder* r, const char* text) {
  kbz_node_* n;
  long id;
  if (!r) return 0;
  if (!kbz_usable_(r)) return -1;
  n = kbz_top_(r);
  if (!n || n->entered || n->evaluated)
    return kbz_fail_(r, "kbz_position: not right after kbz_enter");
  id = kbz_intern_(r, text);
  if (id < 0) return -1;
  kbz_event_(r, KBZ_POSITION, 0, 0, n->id, (int)id, 0);
  return 0;
}

int kbz_expand(kbz_recorder* r, int count) {
  kbz_node_* n;
  if (!r) return 0;
  if (!kbz_usable_(r)) return -1;
  n = kbz_top_(r);
  if (!n || n->entered || n->evaluated)
    return kbz_fail_(r, "kbz_expand: not right after kbz_enter");
  if (count < 0) return kbz_fail_(r, "kbz_expand: a negative count");
  if (n->expanded) return kbz_fail_(r, "kbz_expand: called twice for one node");
  n->expanded = 1;
  kbz_event_(r, KBZ_EXPAND, 0, 0, n->id, count, 0);
  return 0;
}

int kbz_evaluate(kbz_recorder* r, int value) {
  kbz_node_* n;
  if (!r) return 0;
  if (!kbz_usable_(r)) return -1;
  n = kbz_top_(r);
  if (!n) return kbz_fail_(r, "kbz_evaluate with no node open");
  if (n->entered) return kbz_fail_(r, "kbz_evaluate after a successor was entered");
  n->evaluated = 1;
  n->static_value = kbz_clamp_(value);
  return 0;
}

int kbz_cutoff(kbz_recorder* r) {
  kbz_node_* n;
  int best;
  if (!r) return 0;
  if (!kbz_usable_(r)) return -1;
  n = kbz_top_(r);
  if (!n || !n->pending) return kbz_fail_(r, "kbz_cutoff: no successor has just returned");
  best = -n->pending_ret > n->best ? -n->pending_ret : n->best;
  if (r->ge ? best < n->beta : best <= n->beta)
    return kbz_fail_(r, r->ge ? "kbz_cutoff: best is below beta (the criterion is >=)"
                              : "kbz_cutoff: best is not above beta (the criterion is >)");
  n->pending = 0;
  kbz_count_return_(n); /* a null move too: it caused the cutoff */
  n->cut = 1;
  kbz_event_(r, KBZ_CUTOFF, 0, 0, n->id, (int)n->k - 1, n->best);
  return 0;
}

/* Kind and bound of a node searched with window [alpha0, beta] that returned `ret`; `bound`:
 * the engine's (KBZ_NONE: derived from the window). */
static int kbz_leave_flags_(const kbz_recorder* r, const kbz_node_* n, int ret, int bound) {
  int cut = r->ge ? ret >= n->beta : ret > n->beta;
  int all = r->ge ? ret <= n->alpha0 : ret < n->alpha0;
  int kind = !n->entered && !n->table_cut ? KBZ_LEAF : cut ? KBZ_CUT : all ? KBZ_ALL : KBZ_PV;
  if (bound == KBZ_NONE)
    bound = n->table_cut ? n->table_bound
            : !n->entered ? KBZ_EXACT
            : cut         ? KBZ_LOWER
            : all         ? KBZ_UPPER
                          : KBZ_EXACT;
  return bound | kind << 2;
}

/* Why a bound contradicts the window (NULL: it does not). */
static const char* kbz_bound_refusal_(const kbz_recorder* r, const kbz_node_* n, int ret,
                                      int bound) {
  int cut = r->ge ? ret >= n->beta : ret > n->beta;
  int all = r->ge ? ret <= n->alpha0 : ret < n->alpha0;
  if (bound < KBZ_BOUND_UPPER || bound > KBZ_BOUND_LOWER)
    return "kbz_leave_bound: `bound` is none of KBZ_BOUND_*";
  if (bound == KBZ_BOUND_LOWER && !cut)
    return "kbz_leave_bound: a lower bound that does not reach beta";
  if (bound == KBZ_BOUND_UPPER && !all)
    return "kbz_leave_bound: an upper bound above alpha";
  if (bound == KBZ_BOUND_EXACT && n->entered && (cut || all))
    return "kbz_leave_bound: an exact value outside the window";
  return NULL;
}

static int kbz_leave_as_(kbz_recorder* r, int value, int bound) {
  kbz_node_ *n, *parent;
  int ret = kbz_clamp_(value);
  const char* refusal;
  if (!r) return 0;
  if (!kbz_usable_(r)) return -1;
  n = kbz_top_(r);
  if (!n) return kbz_stop_(r, "kbz_leave with no node open");
  if (bound != KBZ_NONE && (refusal = kbz_bound_refusal_(r, n, ret, bound)) != NULL)
    return kbz_stop_(r, refusal);
  kbz_settle_(r);
  if (!n->entered && !n->table_cut)
    kbz_event_(r, KBZ_EVALUATE, 0, 0, n->id, n->evaluated ? n->static_value : ret, 0);
  kbz_event_(r, KBZ_LEAVE, kbz_leave_flags_(r, n, ret, bound), 0, n->id, ret, 0);
  --r->depth;
  kbz_capture_left_(r);
  parent = kbz_top_(r);
  if (!parent) return 0;
  parent->pending = 1; /* its steps wait for the next call: a re-search would supersede it */
  parent->pending_ret = ret;
  parent->pending_null = n->search == KBZ_NULL_MOVE;
  return 0;
}

int kbz_leave(kbz_recorder* r, int value) {
  return kbz_leave_as_(r, value, KBZ_NONE);
}

int kbz_leave_bound(kbz_recorder* r, int value, int bound) {
  return kbz_leave_as_(r, value, bound);
}

int kbz_note(kbz_recorder* r, const char* text) {
  kbz_node_* n;
  long id;
  if (!r) return 0;
  if (!kbz_usable_(r)) return -1;
  kbz_settle_(r);
  n = kbz_top_(r);
  id = kbz_intern_(r, text ? text : "");
  if (id < 0) return -1;
  kbz_event_(r, KBZ_NOTE, 0, 0, n ? n->id : KBZ_NO_NODE, (int)id, 0);
  return 0;
}

const char* kbz_error(const kbz_recorder* r) {
  return r && r->error[0] ? r->error : NULL;
}

unsigned long long kbz_stream_missed(const kbz_recorder* r) {
  return r ? r->missed : 0;
}

const char* kbz_close(kbz_recorder* r) {
  unsigned char b[8];
  unsigned long long h;
  unsigned long i;
  int fail;
  if (!r) return NULL;
  if (!r->write_failed) {
    /* after a refused call too: what was written is consistent, refused calls wrote nothing */
    kbz_settle_(r);
    /* unfinished nodes: left with kind unknown and the best value found so far */
    while (r->depth) {
      kbz_node_* n = kbz_top_(r);
      int ret = n->k ? n->best : n->alpha0;
      kbz_event_(r, KBZ_LEAVE, KBZ_EXACT | KBZ_UNKNOWN << 2, 0, n->id, ret, 0);
      --r->depth;
      kbz_capture_left_(r);
    }
    if (r->iteration_open)
      kbz_event_(r, KBZ_ITERATION_END, 0, 0, kbz_iteration_number_(r), r->last_iteration_value,
                 0);
    if (r->trigger_on) {
      char captures[32];
      sprintf(captures, "%lu", r->captures);
      kbz_meta(r, "trigger_captures", captures);
      if (!r->captures) {
        char text[400];
        kbz_trigger_text_(r, text);
        fprintf(stderr, "kibitz record: the trigger (%s) never fired: the trace has no events\n",
                text);
      }
    }
    kbz_flush_(r);
    kbz_write_strings_(r);
    if (r->meta_count > r->meta_first) kbz_write_meta_(r, r->meta_first, r->meta_count);
    h = r->hash;
    kbz_chunk_head_(r, "END ", 8);
    for (i = 0; i < 8; ++i) b[i] = (unsigned char)(h >> (8 * i) & 0xFF);
    kbz_write_(r, b, 8);
  }
  kbz_stream_close_(r);
  fail = r->file && fclose(r->file) != 0;
  if (fail) kbz_fail_(r, "the trace file could not be closed");
  strcpy(kbz_close_error_, r->error);
  for (i = 0; i < r->meta_count; ++i) {
    free(r->meta_keys[i]);
    free(r->meta_values[i]);
  }
  for (i = 0; i < r->string_count; ++i) free(r->strings[i].text);
  free(r->meta_keys);
  free(r->meta_values);
  free(r->strings);
  free(r->slots);
  free(r->stack);
  free(r->events);
  free(r->trigger_path);
  fail = kbz_close_error_[0] != '\0';
  free(r);
  return fail ? kbz_close_error_ : NULL;
}

#endif /* KIBITZ_RECORD_IMPLEMENTED */
#endif /* KIBITZ_RECORD_IMPLEMENTATION */
