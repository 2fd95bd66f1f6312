// An engine author's figures of a search (docs/analysis.md): per iteration (a depth, its
// aspiration attempts summed) and per ply, the nodes, leaves, quiescence share, branching,
// first-move cutoff rate (cutoffs by successor 0 / all cutoffs: the move-ordering measure), the
// position of the successor that cut, probes and re-searches, the table's hits and cuts, and
// the nodes' kinds against the kinds expected. Computed in one pass over the nodes' hot fields
// (and each cutoff's event), so it runs on the out-of-core model of a huge trace.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "trace/model.hpp"

namespace kibitz::trace {

// Successor positions counted one by one up to this, the rest in the last bucket.
constexpr std::size_t k_cutoff_positions = 16;

struct StatCounts {
  std::uint64_t nodes = 0;
  std::uint64_t leaves = 0;              // evaluated statically
  std::uint64_t interior = 0;            // left with successors entered
  std::uint64_t quiescence = 0;          // marked quiescence by an engine's recorder
  std::uint64_t cutoffs = 0;             // all of them, null moves' included
  std::uint64_t first_move_cutoffs = 0;  // the cut came from successor 0, a move
  // cutoff_positions[k]: cutoffs caused by the move searched k-th (the last bucket: k or more);
  // a null move's cutoffs are counted apart (null_moves).
  std::array<std::uint64_t, k_cutoff_positions> cutoff_positions{};
  std::uint64_t probes = 0;      // zero-window or reduced searches (PVS, an engine's probes)
  std::uint64_t researches = 0;  // such a search repeated with the full window or depth
  std::uint64_t null_moves = 0;  // cutoffs caused by a null move
  std::uint64_t tt_probes = 0, tt_hits = 0, tt_cuts = 0;
  // kinds[expected][actual], NodeKind's values (unknown, pv, cut, all, leaf) as indices.
  std::array<std::array<std::uint64_t, 5>, 5> kinds{};

  void add(const StatCounts& o);
  // Cutoffs by successor 0 / cutoffs by moves (a null move's left out); -1 when there are none.
  double first_move_cutoff_rate() const;
  // Nodes whose kind was the one expected, of those with both known (Pv, Cut or All); -1 when
  // there are none.
  double kind_agreement() const;
};

struct IterationStats {
  int depth = 0;     // the depth its iteration_begin events name (0: a search without them)
  int attempts = 0;  // its roots: aspiration re-searches included
  std::uint32_t first_root = 0;  // the first root of the iteration (a link to its nodes)
  bool finished = true;          // false: its last attempt never ended (a trace cut short)
  StatCounts counts;
  // Nodes of this depth / nodes of the depth before (the effective branching factor); -1 for
  // the first.
  double ebf = -1.0;
};

struct PlyStats {
  int ply = 0;  // plies from the root
  StatCounts counts;
  // Nodes at the next ply / interior nodes here: the branching the search kept; -1 for the last
  // ply.
  double branching = -1.0;
};

// The roots of one depth: an iteration's aspiration attempts (roots[first..end)), each root's
// depth read from the iteration_begin event just before it. Roots without one are a group each,
// depth 0.
struct RootGroup {
  int depth = 0;
  bool has_depth = false;
  std::size_t first = 0, end = 0;
};
std::vector<RootGroup> root_groups(const Model& m);

struct SearchStats {
  StatCounts total;
  std::vector<IterationStats> iterations;  // in the order searched, one per depth
  std::vector<PlyStats> plies;             // every iteration's nodes together, by ply
};

SearchStats search_stats(const Model& m);

}  // namespace kibitz::trace
