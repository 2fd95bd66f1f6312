// Plain minimax in negamax form, no pruning: node.score for every node (000_..., "score":
// an evaluation, or the result of a search without alpha-beta). Every node's window is
// (-inf, +inf), so by the seed's definitions every interior node is a Pv node and every value
// is exact. A node budget (SearchOptions) stops it early; the table is not used.
#pragma once

#include "core/score.hpp"
#include "search/search_base.hpp"

namespace kibitz {

template <class Game, class Sink = NullSink>
class Minimax : public SearchWithOptions<Game, Sink> {
  // The base is dependent: its names are brought in to be used without this->.
  using Base = SearchWithOptions<Game, Sink>;
  using Base::enter_root, Base::open_node, Base::successors, Base::leaf, Base::expand,
      Base::enter_child, Base::budget_spent, Base::leave_unfinished;
  using Base::m_game, Base::m_sink, Base::m_aborted;

 public:
  Minimax(Game& game, Sink& sink, SearchOptions options = {}) : Base(game, sink, options) {}

  // Score of the current position searched `depth` plies deep (a huge depth searches to
  // the leaves of a finite tree).
  Score run(int depth) {
    enter_root(-k_score_inf, k_score_inf);
    return node(depth, 0);
  }

 private:
  Score node(int depth, int ply) {
    open_node();
    auto& moves = successors(ply, depth > 0);
    if (moves.empty()) return leaf(m_game.evaluate());
    const int n = static_cast<int>(moves.size());
    expand(n);
    Score best = -k_score_inf;
    for (int k = 0; k < n; ++k) {
      if (budget_spent()) break;
      const auto m = moves[static_cast<std::size_t>(k)];
      enter_child(k, -k_score_inf, k_score_inf, m);
      m_game.make(m);
      const Score x = node(depth - 1, ply + 1);
      m_game.unmake(m);
      if (m_aborted) break;
      m_sink.child_return(k, x, Bound::exact);
      if (k == 0 || -x > best) best = -x;
      m_sink.best_set(k, best, Bound::exact);
    }
    if (m_aborted) return leave_unfinished(best == -k_score_inf ? 0 : best);
    m_sink.leave(best, Bound::exact, NodeKind::pv);
    return best;
  }
};

}  // namespace kibitz
