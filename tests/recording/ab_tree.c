/* A foreign engine's alpha-beta, written as search! of seed 000 reads, recording itself through
 * include/kibitz/record.h. The test (recording_test.py) checks that Kibitz reads the file with
 * every step checked against its alpha-beta rule, and that its events are Kibitz's own.
 *
 *   ab_tree TREE CRITERION OUT.kbz [extras]    prints the root's value
 *
 * TREE is bracket text (or @FILE holding it) with integer leaves from MAX's (the root's) point of
 * view. With `extras` the search also uses every other call (labels, positions, notes, a stand-pat
 * value, an iteration, facts with quotes) and declares no rule: the writers must still agree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KIBITZ_RECORD_IMPLEMENTATION
#include "kibitz/record.h"

typedef struct Node {
  int leaf, value, count;
  struct Node** succ;
} Node;

static const char* g_at;

static void fail(const char* what) {
  fprintf(stderr, "ab_tree: %s at '%.20s'\n", what, g_at);
  exit(2);
}

static void skip_space(void) {
  while (*g_at == ' ' || *g_at == '\n' || *g_at == '\t') ++g_at;
}

static Node* parse(void) {
  Node* n = (Node*)calloc(1, sizeof *n);
  skip_space();
  if (*g_at == '(') {
    ++g_at;
    for (;;) {
      skip_space();
      if (*g_at == ')') break;
      if (!*g_at) fail("missing ')'");
      n->succ = (Node**)realloc(n->succ, (size_t)(n->count + 1) * sizeof *n->succ);
      n->succ[n->count++] = parse();
    }
    ++g_at;
    if (n->count == 0) fail("an empty node");
  } else {
    char* end;
    n->leaf = 1;
    n->value = (int)strtol(g_at, &end, 10);
    if (end == g_at) fail("a number expected");
    g_at = end;
  }
  return n;
}

static void free_tree(Node* n) {
  int k;
  for (k = 0; k < n->count; ++k) free_tree(n->succ[k]);
  free(n->succ);
  free(n);
}

static int g_ge, g_extras;

/* search!: fail-soft negamax alpha-beta; values from the side to move's point of view. */
static int search(kbz_recorder* r, const Node* n, int alpha, int beta, int ply, int k_in) {
  int best = -KBZ_INF, k;
  char label[16], position[24];
  sprintf(label, "%c%d", 'a' + k_in % 26, ply);
  sprintf(position, "ply \"%d\"", ply);
  kbz_enter(r, alpha, beta, g_extras && ply ? label : NULL);
  if (g_extras) kbz_position(r, position);
  if (n->leaf) {
    int value = ply % 2 ? -n->value : n->value;
    kbz_evaluate(r, value);
    kbz_leave(r, value);
    return value;
  }
  kbz_expand(r, n->count);
  if (g_extras) kbz_evaluate(r, ply);
  for (k = 0; k < n->count; ++k) {
    int v = -search(r, n->succ[k], -beta, -alpha, ply + 1, k);
    if (v > best) best = v;
    if (g_ge ? best >= beta : best > beta) {
      kbz_cutoff(r);
      break;
    }
    if (best > alpha) alpha = best;
    if (g_extras && k == 0) kbz_note(r, "first successor back: é \"∞\"");
  }
  kbz_leave(r, best);
  return best;
}

int main(int argc, char** argv) {
  kbz_recorder* r;
  const char* error;
  int value;
  Node* root;
  if (argc != 4 && argc != 5) {
    fprintf(stderr, "usage: ab_tree TREE gt|ge OUT.kbz [extras]\n");
    return 2;
  }
  g_at = argv[1];
  if (g_at[0] == '@') { /* a tree too long for the command line: from a file */
    FILE* f = fopen(g_at + 1, "rb");
    static char text[1 << 22];
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (!f) fail("cannot open the tree file");
    fclose(f);
    text[n] = '\0';
    g_at = text;
  }
  root = parse();
  g_ge = strcmp(argv[2], "ge") == 0;
  r = kbz_open(argv[3]);
  if (!r) {
    perror(argv[3]);
    return 2;
  }
  g_extras = argc == 5;
  kbz_meta(r, "engine", "ab_tree.c");
  kbz_meta(r, "algo", "alphabeta");
  kbz_steps(r, g_extras ? "none" : "alphabeta", argv[2]);
  if (g_extras) {
    kbz_meta(r, "note", "a \"quoted\"\nline\\");
    kbz_iteration_begin(r, 1);
  }
  value = search(r, root, -KBZ_INF, KBZ_INF, 0, 0);
  if (g_extras) {
    kbz_iteration_end(r, value);
    kbz_note(r, "done");
    kbz_meta(r, "nodes", "after the search");
    kbz_meta(r, "engine", "ab_tree.c again");
  }
  error = kbz_close(r);
  free_tree(root);
  if (error) {
    fprintf(stderr, "ab_tree: %s\n", error);
    return 1;
  }
  printf("%d\n", value);
  return 0;
}
