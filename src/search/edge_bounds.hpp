// Edge-cost bounds for forward estimation (002_..., sections 3 and 4).
//
// An edge's cost is cost(child) - cost(parent) in MAX's point of view, where a node's cost is
// its static evaluation from MAX's side (for random trees: the sum of the edge costs from the
// root). Forward estimation needs l and u, the minimal and maximal edge costs, from one of:
//   exact     known from the generator (random trees: lo and hi)
//   on-line   the minimum and maximum of the edge costs met so far in this search
//   off-line  sampled beforehand: K random playouts (random trees or games), every edge of
//             every position on the way
// and, for the report's variant (2), l' and u', the "most likely" decrement and increment,
// which we read as the medians of the negative and of the positive sampled edge costs.
//
// Bounds are always stated from one side's point of view, "MAX" = the side to move at the
// root the bounds were made for. flipped() restates them for the other side: an edge worth e
// to one side is worth -e to the other, so [l, u] becomes [-u, -l].
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "core/score.hpp"

namespace kibitz {

enum class EdgeSource : std::uint8_t { exact = 0, online = 1, offline = 2 };

const char* edge_source_name(EdgeSource s);  // "exact", "online", "offline"
// Reads "exact", "online"/"on-line", "offline"/"off-line"; false otherwise.
bool parse_edge_source(const std::string& text, EdgeSource& out);

struct EdgeBounds {
  bool known = false;   // false: no edge seen yet (nothing can be pruned)
  std::int64_t lo = 0;  // l, the minimal edge cost
  std::int64_t hi = 0;  // u, the maximal edge cost
  bool has_likely = false;
  std::int64_t likely_lo = 0;  // l', the most likely decrement (<= 0)
  std::int64_t likely_hi = 0;  // u', the most likely increment (>= 0)

  static EdgeBounds exact(std::int64_t lo, std::int64_t hi);
  EdgeBounds flipped() const;
  std::string to_text() const;  // "l=-32767,u=32768" (+ ",l'=...,u'=..." when has_likely)
};

// The pair (l', u') the pruning conditions use: l and u, or the likely decrement and
// increment (variant 2), times delta (variant 3; delta in thousandths, 1000 = 1.0). Products
// are truncated toward zero.
struct PruneBounds {
  bool known = false;
  std::int64_t l = 0;
  std::int64_t u = 0;
};
PruneBounds prune_bounds(const EdgeBounds& b, int delta_milli, bool likely);

// Collects sampled edge costs; bounds() gives their minimum, maximum and medians.
class EdgeSampler {
 public:
  void add(std::int64_t edge);
  std::size_t size() const { return m_count; }
  EdgeBounds bounds() const;

 private:
  std::size_t m_count = 0;
  std::int64_t m_lo = 0, m_hi = 0;
  std::vector<std::int64_t> m_increments, m_decrements;  // > 0 and < 0 (zero edges: neither)
};

// Whether a value is a static evaluation (not a won or lost game): edges into finished games
// are not learned, their values are results, not evaluations.
inline bool is_evaluation(Score v) {
  return v > -k_score_eval_max && v < k_score_eval_max;
}

// Off-line learning: `playouts` random games from the game's current position, moves drawn
// uniformly with rng; at every position on the way, every successor's edge is sampled.
// Costs are from the point of view of the side to move at the start (MAX).
template <class Game>
void sample_playouts(Game& game, int playouts, Rng& rng, EdgeSampler& out, int max_plies = 1000) {
  std::vector<typename Game::Move> moves, line;
  for (int p = 0; p < playouts; ++p) {
    line.clear();
    for (int ply = 0; ply < max_plies; ++ply) {
      game.moves(moves);
      if (moves.empty()) break;
      const Score parent = game.evaluate();  // from the side to move at this ply
      const std::int64_t parent_max = ply % 2 == 0 ? parent : -static_cast<std::int64_t>(parent);
      for (const auto m : moves) {
        game.make(m);
        const Score child = game.evaluate();
        game.unmake(m);
        if (!is_evaluation(parent) || !is_evaluation(child)) continue;
        const std::int64_t child_max = ply % 2 == 0 ? -static_cast<std::int64_t>(child) : child;
        out.add(child_max - parent_max);
      }
      const auto pick = moves[static_cast<std::size_t>(
          rng.uniform(0, static_cast<std::int64_t>(moves.size()) - 1))];
      game.make(pick);
      line.push_back(pick);
    }
    for (std::size_t i = line.size(); i-- > 0;) game.unmake(line[i]);
  }
}

struct RandomTreeParams;
// Off-line bounds for random trees of the shape p: `trees` sample trees (their seeds derived
// from seed, none equal to p.seed's tree), one random root-to-leaf playout in each. From the
// point of view of MAX at the root (even depths).
EdgeBounds learn_random_tree_edges(const RandomTreeParams& p, int trees, std::uint64_t seed);

}  // namespace kibitz
