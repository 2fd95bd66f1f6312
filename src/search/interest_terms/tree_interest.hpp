// Interest of moves in trees, where a move is known by nothing but its place.
//
// Random trees (the seed's "simple" variant): the successors are ranked by their static value
// for the side that moves (the node cost of 002_..., best first, ties in generation order)
// and the k-th (k = 0, 1, ...) gets interest 1000 / (k + 1): cost about 100, 200, 300, ...
// The value-based variant instead charges the gap to the best successor:
// interest = 1000 * spread / (spread + 4 * gap), spread = hi - lo, so that the best successor
// costs 100 and one a whole edge range worse costs 500.
//
// Bracket trees: interior nodes carry no value, so the rank is the generation order.
#pragma once

#include <algorithm>
#include <vector>

#include "games/explicit_tree.hpp"
#include "games/random_tree.hpp"
#include "search/interest_terms/rating.hpp"

namespace kibitz {

class ExplicitTreeInterest {
 public:
  using Game = ExplicitTreeGame;
  explicit ExplicitTreeInterest(const InterestModelOptions& = {}) {}

  static const std::vector<InterestTerm>& terms() {
    static const std::vector<InterestTerm> t = {
        {"rank", "1000 / (k + 1) for the k-th successor in the tree's order"},
    };
    return t;
  }
  void rate(Game&, const std::vector<Game::Move>& moves, const InterestContext<Game::Move>&,
            RatingBuilder& out) {
    for (std::size_t k = 0; k < moves.size(); ++k) {
      out.begin_move();
      out.add(0, 1000 / static_cast<std::int64_t>(k + 1));
    }
    out.finish();
  }
  void note_result(const Game&, const InterestContext<Game::Move>&, Game::Move, NodeOutcome, int) {}
};

class RandomTreeInterest {
 public:
  using Game = RandomTreeGame;
  explicit RandomTreeInterest(const InterestModelOptions& o = {}) : m_value(o.value_costs) {}

  static const std::vector<InterestTerm>& terms() {
    static const std::vector<InterestTerm> t = {
        {"rank", "1000 / (k + 1) for the k-th best successor by static value (rank costs)"},
        {"value_gap", "1000 * spread / (spread + 4 * gap to the best successor) (value costs)"},
    };
    return t;
  }
  void rate(Game& game, const std::vector<Game::Move>& moves, const InterestContext<Game::Move>&,
            RatingBuilder& out) {
    const std::size_t n = moves.size();
    m_values.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      game.make(moves[i]);
      m_values[i] = -static_cast<std::int64_t>(game.evaluate());  // for the side that moves
      game.unmake(moves[i]);
    }
    const std::int64_t best = n ? *std::max_element(m_values.begin(), m_values.end()) : 0;
    const std::int64_t spread = std::max<std::int64_t>(1, game.params().hi - game.params().lo);
    if (!m_value) {
      // Rank: best value first, ties in generation order.
      m_order.resize(n);
      for (std::size_t i = 0; i < n; ++i) m_order[i] = i;
      std::stable_sort(m_order.begin(), m_order.end(),
                       [&](std::size_t a, std::size_t b) { return m_values[a] > m_values[b]; });
      m_rank.resize(n);
      for (std::size_t r = 0; r < n; ++r) m_rank[m_order[r]] = static_cast<std::int64_t>(r);
    }
    for (std::size_t i = 0; i < n; ++i) {
      out.begin_move();
      if (m_value)
        out.add(1, 1000 * spread / (spread + 4 * (best - m_values[i])));
      else
        out.add(0, 1000 / (m_rank[i] + 1));
    }
    out.finish();
  }
  void note_result(const Game&, const InterestContext<Game::Move>&, Game::Move, NodeOutcome, int) {}

 private:
  bool m_value;
  std::vector<std::int64_t> m_values, m_rank;
  std::vector<std::size_t> m_order;
};

}  // namespace kibitz
