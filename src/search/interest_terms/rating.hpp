// What every domain's interest terms share: the named terms, the context a node is rated in,
// and the builder a domain writes each move's contributions into.
//
// A domain's interest model is a class with
//   using Game = ...;
//   static const std::vector<InterestTerm>& terms();       // id = index, names unique
//   void rate(Game& game, const std::vector<Game::Move>& moves,
//             const InterestContext<Game::Move>& ctx, RatingBuilder& out);
//   void note_result(const Game& game, const InterestContext<Game::Move>& ctx,
//                    Game::Move best, NodeOutcome outcome, int depth_left);
// rate() is called once per expanded node with the moves in generation order and must call
// out.begin_move() once per move, in that order, then out.add(term, value) for each term
// that contributes (the sum is the move's interest, at least 1) and out.feature(code) for
// each characteristic the similarity penalty compares. The game may be changed during the
// call (make/unmake) but must be back where it was. note_result() tells the model the best
// move of a node once the node is done (killer moves and the like); most models ignore it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/interest_cost.hpp"
#include "search/transposition_table.hpp"

namespace kibitz {

// Choices a model is built with (each model reads the ones that concern it).
struct InterestModelOptions {
  bool value_costs =
      false;  // random trees: cost from the value gap to the best child, not the rank
  bool dynamic_terms = true;  // chess: the terms learned during the search (table, killer, best
                              // reply, follow-on, best non-capture); off, a move's interest
                              // depends on its position only
};

// How a node's best move did: it caused the beta cutoff, raised alpha, or neither.
enum class NodeOutcome { cutoff, raised, failed_low };

struct InterestTerm {
  const char* name;  // short snake_case name, as the trace and the inspector show it
  const char* doc;   // one line: what it adds
};

template <class Move>
struct InterestContext {
  int ply = 0;                    // plies from the search root (0 = the root's moves)
  int iteration_depth = 1 << 20;  // the iteration's nominal depth: ply >= it is beyond it
  int root_best = -1;             // the previous iteration's best root move (generation index)
  const std::vector<Move>* path = nullptr;  // the moves from the root to this node
  const TranspositionTable* tt = nullptr;   // the search's table, if any
  // The move `back` plies up the path (1 = the move into this node), if there is one.
  bool path_move(int back, Move& out) const {
    if (!path || back < 1 || static_cast<int>(path->size()) < back) return false;
    out = (*path)[path->size() - static_cast<std::size_t>(back)];
    return true;
  }
};

class RatingBuilder {
 public:
  void clear() {
    m_ratings.clear();
    m_hits.clear();
  }
  void begin_move() {
    finish();
    m_ratings.emplace_back();
    m_ratings.back().interest = 0;
    m_ratings.back().hits_begin = m_ratings.back().hits_end =
        static_cast<std::uint32_t>(m_hits.size());
    m_open = true;
  }
  void add(int term, std::int64_t value) {
    if (value == 0) return;
    MoveRating& r = m_ratings.back();
    r.interest += value;
    m_hits.push_back({term, static_cast<std::int32_t>(value)});
    r.hits_end = static_cast<std::uint32_t>(m_hits.size());
  }
  // The interest summed so far for the current move (for terms that scale it).
  std::int64_t current() const { return m_ratings.back().interest; }
  // Term 15 of Treebeard's (001_...), "diminish interest beyond iteration depth", as every model
  // reads it: the interest so far halved at the iteration's nominal depth and again every ply
  // beyond it, so that without a depth cap lines thin out past the depth instead of stopping.
  void beyond_depth(int term, int ply, int iteration_depth) {
    if (ply < iteration_depth) return;
    const int beyond = ply - iteration_depth < 20 ? ply - iteration_depth : 20;
    const std::int64_t cur = current();
    add(term, -(cur - (cur >> (beyond + 1))));
  }
  void feature(std::uint16_t code) {
    MoveRating& r = m_ratings.back();
    if (r.feature_count < k_max_features) r.features[r.feature_count++] = code;
  }
  // Closes the last move: interest at least 1, and its cost.
  void finish() {
    if (!m_open) return;
    MoveRating& r = m_ratings.back();
    if (r.interest < 1) r.interest = 1;
    r.cost = cost_of_interest(r.interest);
    m_open = false;
  }

  const std::vector<MoveRating>& ratings() const { return m_ratings; }
  const std::vector<TermHit>& hits() const { return m_hits; }

 private:
  std::vector<MoveRating> m_ratings;
  std::vector<TermHit> m_hits;
  bool m_open = false;
};

// The names of a model's terms, comma-separated (the trace's "interest_terms" fact).
inline std::string term_names(const std::vector<InterestTerm>& terms) {
  std::string s;
  for (const InterestTerm& t : terms) s += (s.empty() ? "" : ",") + std::string(t.name);
  return s;
}

}  // namespace kibitz
