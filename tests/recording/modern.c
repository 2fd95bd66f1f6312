/* A small "modern" engine recording itself through record.h's modern calls: principal
 * variation search with aspiration windows at the root, a transposition table (moves first,
 * cuts), null-move pruning, late-move reductions with re-searches, futility pruning and a
 * quiescence search with stand-pat, over a game tree generated from a seed (no game: each
 * position is a 64-bit key, its moves and static value are hashed from it).
 *
 *     modern SEED DEPTH OUT.kbz CALLS.txt      prints, per finished iteration attempt,
 *         "iteration DEPTH ATTEMPT ALPHA BETA VALUE BEST"
 *
 * Built with -DMODERN_AS_PLAIN it records every node with plain kbz_enter, as engines did before
 * the modern calls (the test shows the derived best move is then wrong).
 *
 * MODERN_PAUSE_MS=N in the environment makes it pause N ms after each iteration attempt (a live
 * stream's tests watch the tree grow, and kill the engine midway); MODERN_HOLD_DEPTH=D makes
 * it wait, after its first attempt at depth D, until it is killed.
 *
 * Every recorder call is also written to CALLS.txt, one per line, so that record.py and
 * record.mjs can make the same calls (calls.py, calls.mjs) and be checked byte for byte. */
#define KIBITZ_RECORD_IMPLEMENTATION
#include "kibitz/record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static kbz_recorder* g_r;
static FILE* g_log;
static const char* g_error;

static void check(int rc) {
  if (rc != 0 && !g_error) g_error = kbz_error(g_r);
}

/* ---- the recorder calls, logged ------------------------------------------------------------ */
static void rec_enter(int alpha, int beta, const char* move, int search, int why, int depth,
                      int ply) {
  fprintf(g_log, "enter_search %d %d %s %d %d %d %d\n", alpha, beta, move ? move : "-", search,
          why, depth, ply);
#ifdef MODERN_AS_PLAIN /* as an engine recorded before the modern calls: every attempt counts */
  (void)search, (void)why, (void)depth, (void)ply;
  check(kbz_enter(g_r, alpha, beta, move));
#else
  check(kbz_enter_search(g_r, alpha, beta, move, search, why, depth, ply));
#endif
}
static void rec_leave(int value, int bound) {
  if (bound < 0) {
    fprintf(g_log, "leave %d\n", value);
    check(kbz_leave(g_r, value));
  } else {
    fprintf(g_log, "leave_bound %d %d\n", value, bound);
    check(kbz_leave_bound(g_r, value, bound));
  }
}
static void rec_int(const char* call, int v) {
  fprintf(g_log, "%s %d\n", call, v);
  if (strcmp(call, "evaluate") == 0) check(kbz_evaluate(g_r, v));
  if (strcmp(call, "static_eval") == 0) check(kbz_static_eval(g_r, v));
  if (strcmp(call, "iteration_begin") == 0) check(kbz_iteration_begin(g_r, v));
  if (strcmp(call, "iteration_end") == 0) check(kbz_iteration_end(g_r, v));
}
static void rec_cutoff(void) {
  fprintf(g_log, "cutoff\n");
  check(kbz_cutoff(g_r));
}
static void rec_hash(unsigned long long key) {
  fprintf(g_log, "hash %llu\n", key);
  check(kbz_hash(g_r, key));
}
static void rec_table(int result, int bound, int depth, int value, const char* move) {
  fprintf(g_log, "table %d %d %d %d %s\n", result, bound, depth, value, move ? move : "-");
  check(kbz_table(g_r, result, bound, depth, value, move));
}
static void rec_prune(const char* move, int why) {
  fprintf(g_log, "prune %s %d\n", move, why);
  check(kbz_prune(g_r, move, why));
}
static void rec_note(const char* text) {
  fprintf(g_log, "note %s\n", text);
  check(kbz_note(g_r, text));
}

/* ---- the game tree ------------------------------------------------------------------------- */
static unsigned long long g_seed;
static unsigned long long mix(unsigned long long x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  return x ^ (x >> 33);
}
static unsigned long long child_key(unsigned long long key, int i) {
  return mix(key + 0x9e3779b97f4a7c15ull * (unsigned long long)(i + 1));
}
static int moves_of(unsigned long long key, int ply) {
  return ply >= 14 ? 0 : 2 + (int)(key % 5); /* 2..6 moves, none at ply 14 */
}
static int static_value(unsigned long long key) {
  return (int)((key >> 20) % 401) - 200;
}
static int captures_of(unsigned long long key) {
  return (int)((key >> 8) % 3); /* its first 0..2 moves are "captures" */
}

/* ---- the table ----------------------------------------------------------------------------- */
typedef struct {
  unsigned long long key;
  int depth, value, bound, move; /* move: index, -1 none */
} Entry;
#define TABLE_SIZE 4096
static Entry g_table[TABLE_SIZE];

static void store(unsigned long long key, int depth, int value, int bound, int move) {
  Entry* e = &g_table[key % TABLE_SIZE];
  e->key = key;
  e->depth = depth;
  e->value = value;
  e->bound = bound;
  e->move = move;
}

static void move_name(char* out, int i) {
  sprintf(out, "m%d", i);
}

/* ---- the search ---------------------------------------------------------------------------- */
static long g_nodes;

static int quiescence(unsigned long long key, int alpha, int beta, int ply, int qply) {
  int stand = static_value(key), best, i, n = moves_of(key, ply);
  int captures = qply < 2 ? captures_of(key) : 0;
  if (captures > n) captures = n;
  ++g_nodes;
  rec_hash(key);
  if (captures == 0 || stand >= beta) { /* a leaf: its static value, a lower bound on a cut */
    rec_int("evaluate", stand);
    rec_leave(stand, stand >= beta ? KBZ_BOUND_LOWER : -1);
    return stand;
  }
  rec_int("static_eval", stand);
  best = stand;
  if (stand > alpha) alpha = stand;
  for (i = 0; i < captures; ++i) {
    char name[16];
    int v;
    move_name(name, i);
    rec_enter(-beta, -alpha, name, KBZ_SEARCH | KBZ_QUIESCENCE, KBZ_WHY_NONE, 0, ply + 1);
    v = -quiescence(child_key(key, i), -beta, -alpha, ply + 1, qply + 1);
    if (v > best) best = v;
    if (v >= beta) {
      rec_cutoff();
      break;
    }
    if (v > alpha) alpha = v;
  }
  rec_leave(best, -1);
  return best;
}

/* A node already entered (by its parent, or as the root) with `depth` plies left. */
static int search(unsigned long long key, int alpha, int beta, int depth, int ply, int null_ok,
                  int* best_move) {
  const int alpha0 = alpha, pv = beta - alpha > 1, n = moves_of(key, ply);
  int best = -KBZ_INF, best_i = -1, i, order[8], count = 0, stand;
  Entry* e = &g_table[key % TABLE_SIZE];
  char name[16];
  ++g_nodes;
  rec_hash(key);
  if (n == 0) {
    stand = static_value(key);
    rec_int("evaluate", stand);
    rec_leave(stand, -1);
    return stand;
  }
  /* the table: a cut at a node that is not the root, else its move first */
  if (e->key == key) {
    int settles = ply > 0 && e->depth >= depth &&
                  (e->bound == KBZ_BOUND_EXACT || (e->bound == KBZ_BOUND_LOWER && e->value >= beta) ||
                   (e->bound == KBZ_BOUND_UPPER && e->value <= alpha));
    if (e->move >= 0) move_name(name, e->move);
    rec_table(settles ? KBZ_TT_CUT : KBZ_TT_HIT, e->bound, e->depth, e->value,
              e->move >= 0 ? name : NULL);
    if (settles) {
      rec_leave(e->value, -1);
      return e->value;
    }
    if (e->move >= 0) order[count++] = e->move;
  } else {
    rec_table(KBZ_TT_MISS, 0, 0, 0, NULL);
  }
  for (i = 0; i < n; ++i)
    if (count == 0 || i != order[0]) order[count++] = i;
  stand = static_value(key);
  rec_int("static_eval", stand);
  /* null move: a zero-window search with the side to move passing, two plies shallower */
  if (!pv && null_ok && depth >= 3 && stand >= beta) {
    int v;
    rec_enter(-beta, -beta + 1, "null", KBZ_NULL_MOVE, KBZ_WHY_NONE, depth - 3, ply + 1);
    v = -search(child_key(key, 99), -beta, -beta + 1, depth - 3, ply + 1, 0, NULL);
    if (v >= beta) {
      rec_cutoff();
      rec_leave(v, -1);
      store(key, depth, v, KBZ_BOUND_LOWER, -1);
      return v;
    }
  }
  for (i = 0; i < count; ++i) {
    const int m = order[i];
    const unsigned long long ck = child_key(key, m);
    int v, d = depth - 1;
    move_name(name, m);
    /* futility: a quiet late move at the frontier that cannot reach alpha */
    if (!pv && depth == 1 && i > 0 && stand + 60 <= alpha) {
      rec_prune(name, KBZ_PRUNE_FUTILITY);
      continue;
    }
#define CHILD(a, b, search_kind, why, dd)                                              \
  ((dd) <= 0 ? (rec_enter(a, b, name, (search_kind) | KBZ_QUIESCENCE, why, 0, ply + 1), \
                -quiescence(ck, (a), (b), ply + 1, 0))                                    \
             : (rec_enter(a, b, name, search_kind, why, dd, ply + 1),                  \
                -search(ck, (a), (b), dd, ply + 1, 1, NULL)))
    /* (a, b): the child's window as record.h takes it, the child's own view */
    if (i == 0) {
      v = CHILD(-beta, -alpha, KBZ_SEARCH, KBZ_WHY_NONE, d);
    } else if (depth >= 3 && i >= 3) { /* late move: reduced, zero window */
      v = CHILD(-alpha - 1, -alpha, KBZ_PROBE, KBZ_WHY_LMR, d - 1);
      if (v > alpha) v = CHILD(-alpha - 1, -alpha, KBZ_RESEARCH, KBZ_WHY_LMR, d);
      if (v > alpha && v < beta && pv) v = CHILD(-beta, -alpha, KBZ_RESEARCH, KBZ_WHY_PVS, d);
    } else if (pv) {
      v = CHILD(-alpha - 1, -alpha, KBZ_PROBE, KBZ_WHY_PVS, d);
      if (v > alpha && v < beta) v = CHILD(-beta, -alpha, KBZ_RESEARCH, KBZ_WHY_PVS, d);
    } else {
      v = CHILD(-beta, -alpha, KBZ_SEARCH, KBZ_WHY_NONE, d);
    }
#undef CHILD
    if (v > best) {
      best = v;
      best_i = m;
    }
    if (v >= beta) {
      rec_cutoff();
      break;
    }
    if (v > alpha) alpha = v;
  }
  rec_leave(best, -1);
  store(key, depth, best,
        best >= beta ? KBZ_BOUND_LOWER : best <= alpha0 ? KBZ_BOUND_UPPER : KBZ_BOUND_EXACT,
        best_i);
  if (best_move) *best_move = best_i;
  return best;
}

/* MODERN_PAUSE_MS: a slower engine, for the live tests. MODERN_HOLD_DEPTH=D: a test that kills
 * the engine midway must not race a machine so busy that the engine finishes first. */
static void pause_after_iteration(int depth) {
#if KBZ_HAVE_STREAMS
  const char* ms = getenv("MODERN_PAUSE_MS");
  const char* hold = getenv("MODERN_HOLD_DEPTH");
  long n = ms ? atol(ms) : 0;
  int held = hold && *hold && depth >= atoi(hold);
  if (held && n <= 0) n = 1000;
  do {
    if (n > 0) {
      struct timespec ts;
      ts.tv_sec = n / 1000;
      ts.tv_nsec = n % 1000 * 1000000L;
      nanosleep(&ts, NULL);
    }
  } while (held);
#else
  (void)depth;
#endif
}

int main(int argc, char** argv) {
  int depth, max_depth, value = 0;
  unsigned long long root;
  const char* error;
  if (argc != 5) {
    fprintf(stderr, "usage: modern SEED DEPTH OUT.kbz CALLS.txt\n");
    return 2;
  }
  g_seed = strtoull(argv[1], NULL, 10);
  max_depth = atoi(argv[2]);
  g_r = kbz_open(argv[3]);
  g_log = fopen(argv[4], "w");
  if (!g_r || !g_log) {
    perror("modern");
    return 2;
  }
  fprintf(g_log, "steps none ge\nmeta engine modern.c\n");
  kbz_steps(g_r, "none", "ge");
  kbz_meta(g_r, "engine", "modern.c");
  root = mix(g_seed);
  for (depth = 1; depth <= max_depth; ++depth) {
    /* aspiration: a window around the last value, widened on the side that failed */
    int alpha = depth == 1 ? -KBZ_INF : value - 30, beta = depth == 1 ? KBZ_INF : value + 30;
    int attempt;
    for (attempt = 1;; ++attempt) {
      int best = -1, v;
      char name[16] = "-";
      rec_int("iteration_begin", depth);
      rec_enter(alpha, beta, NULL, KBZ_SEARCH, KBZ_WHY_NONE, depth, 0);
      v = search(root, alpha, beta, depth, 0, 0, &best);
      rec_int("iteration_end", v);
      if (best >= 0) move_name(name, best);
      printf("iteration %d %d %d %d %d %s\n", depth, attempt, alpha, beta, v, name);
      fflush(stdout);
      pause_after_iteration(depth);
      if (v <= alpha && alpha > -KBZ_INF) {
        alpha = -KBZ_INF;
      } else if (v >= beta && beta < KBZ_INF) {
        beta = KBZ_INF;
      } else {
        value = v;
        break;
      }
    }
  }
  rec_note("done");
  error = kbz_close(g_r);
  fclose(g_log);
  if (g_error || error) {
    fprintf(stderr, "modern: %s\n", g_error ? g_error : error);
    return 1;
  }
  fprintf(stderr, "modern: %ld nodes\n", g_nodes);
  return 0;
}
