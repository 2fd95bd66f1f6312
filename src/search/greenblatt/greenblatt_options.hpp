// What the Greenblatt search can be told, what it counts, and the lines it returns.
#pragma once

#include <cstdint>

#include "core/criterion.hpp"
#include "games/chess/move.hpp"
#include "search/greenblatt/width.hpp"

namespace kibitz::greenblatt {

struct GreenblattOptions {
  WidthSchedule widths = WidthSchedule::normal();
  int feedover_limit = 2;     // feedover plies on one path (the paper's "up to certain limits")
  bool secondary = true;      // secondary search at the top level
  int secondary_depth = 2;    // "usually limited to two plies"
  bool pruning = true;        // alpha-beta; off searches the same selective tree without cutoffs
  bool modifications = true;  // the value modifications (poor development, tempo)
  // "A move is rejected if it is equally good as the best so far at the previous level": >=.
  Criterion criterion = Criterion::ge;
  // Value modifications in evaluation units (a pawn is 128): "a few points", "small amounts".
  int poor_penalty = 4;         // the move was marked developmentally poor
  int back_penalty = 12;        // the same piece moves back to the square it came from
  int translation_penalty = 8;  // two moves for a translation possible in one
  int opening_penalty = 6;      // the same piece moved twice in the first eight moves

  static constexpr int k_default_hash = 1 << 15;  // the paper's 32,000 entries, a power of two
  static constexpr int k_max_feedover = 8;
  static constexpr int k_max_ply = 96;  // a guard for the capture search, which has no depth limit
};

struct GreenblattStats {
  long long nodes = 0;
  long long generations = 0;          // plausible move generations (basic and feedover nodes)
  long long capture_generations = 0;  // plausible-capture generations (capture search)
  long long feedovers = 0;            // nodes where a feedover condition held
  long long static_evals = 0;         // static board evaluations
  long long capture_nodes = 0;        // nodes reached by a plausible capture
  long long hash_probes = 0, hash_hits = 0, hash_cutoffs = 0;
  long long secondary_searches = 0, secondary_nodes = 0, secondary_changes = 0;
  long long cutoffs = 0, first_move_cutoffs = 0;  // cutoffs, and those by the first move searched
  long long mate_skips = 0;     // moves not counted against the width (mate against the mover)
  long long modifications = 0;  // values modified by a penalty

  void add(const GreenblattStats& o) {
    nodes += o.nodes;
    generations += o.generations;
    capture_generations += o.capture_generations;
    feedovers += o.feedovers;
    static_evals += o.static_evals;
    capture_nodes += o.capture_nodes;
    hash_probes += o.hash_probes;
    hash_hits += o.hash_hits;
    hash_cutoffs += o.hash_cutoffs;
    secondary_searches += o.secondary_searches;
    secondary_nodes += o.secondary_nodes;
    secondary_changes += o.secondary_changes;
    cutoffs += o.cutoffs;
    first_move_cutoffs += o.first_move_cutoffs;
    mate_skips += o.mate_skips;
    modifications += o.modifications;
  }
};

// A line of moves from a node, each marked with whether the plausible move generator chose it
// (basic or feedover plies) or the capture search did: the secondary search follows the first.
struct Line {
  static constexpr int k_max = GreenblattOptions::k_max_ply + 4;
  chess::Move moves[k_max];
  bool generated[k_max];
  int length = 0;

  void set(chess::Move m, bool by_generator, const Line& rest) {
    moves[0] = m;
    generated[0] = by_generator;
    const int n = rest.length < k_max - 1 ? rest.length : k_max - 1;
    for (int i = 0; i < n; ++i) {
      moves[i + 1] = rest.moves[i];
      generated[i + 1] = rest.generated[i];
    }
    length = n + 1;
  }
  // Plies from the start chosen by the plausible move generator.
  int generated_prefix() const {
    int i = 0;
    while (i < length && generated[i]) ++i;
    return i;
  }
};

}  // namespace kibitz::greenblatt
