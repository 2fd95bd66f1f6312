// Plain minimax in negamax form, no pruning: node.score for every node (000_..., "score":
// an evaluation, or the result of a search without alpha-beta). Every node's window is
// (-inf, +inf), so by the seed's definitions every interior node is a Pv node and every value
// is exact. A node budget (SearchOptions) stops it early; the table is not used.
#pragma once

#include <string>

#include "core/score.hpp"
#include "games/game.hpp"
#include "search/move_stack.hpp"
#include "search/search_options.hpp"
#include "search/sink.hpp"

namespace kibitz {

template <class Game, class Sink = NullSink>
class Minimax {
 public:
  Minimax(Game& game, Sink& sink, SearchOptions options = {})
      : m_game(game), m_sink(sink), m_options(options) {}

  // Score of the current position searched `depth` plies deep (a huge depth searches to
  // the leaves of a finite tree).
  Score run(int depth) {
    static_assert(is_game_v<Game>, "Minimax needs a Game (see games/game.hpp)");
    if constexpr (Sink::enabled) {
      m_sink.enter(0, -k_score_inf, k_score_inf);
      const std::string name = root_label(m_game);
      if (!name.empty()) m_sink.label(name);
    }
    return node(depth, 0);
  }
  const SearchStats& stats() const { return m_stats; }
  bool aborted() const { return m_aborted; }

 private:
  Score node(int depth, int ply) {
    ++m_stats.nodes;
    if constexpr (Sink::enabled) {
      if (m_sink.wants_positions()) m_sink.position(m_game.position_text());
    }
    auto& moves = m_moves.at(ply);
    if (depth > 0)
      m_game.moves(moves);
    else
      moves.clear();
    if (moves.empty()) {
      const Score v = m_game.evaluate();
      ++m_stats.leaves;
      m_sink.evaluate(v);
      m_sink.leave(v, Bound::exact, NodeKind::leaf);
      return v;
    }
    const int n = static_cast<int>(moves.size());
    m_stats.generated += n;
    m_sink.expand(n);
    Score best = -k_score_inf;
    for (int k = 0; k < n; ++k) {
      if (m_options.node_budget > 0 && m_stats.nodes >= m_options.node_budget) m_aborted = true;
      if (m_aborted) break;
      const auto m = moves[static_cast<std::size_t>(k)];
      if constexpr (Sink::enabled) {
        // enter first: no string is alive during that call (with wasm's -fexceptions a call
        // made while a destructor is pending goes through a slow JavaScript trampoline).
        m_sink.enter(k, -k_score_inf, k_score_inf);
        const std::string label = m_game.move_label(m);
        if (!label.empty()) m_sink.label(label);
      }
      m_game.make(m);
      const Score x = node(depth - 1, ply + 1);
      m_game.unmake(m);
      if (m_aborted) break;
      m_sink.child_return(k, x, Bound::exact);
      if (k == 0 || -x > best) best = -x;
      m_sink.best_set(k, best, Bound::exact);
    }
    if (m_aborted) {
      m_sink.leave(best == -k_score_inf ? 0 : best, Bound::exact, NodeKind::unknown);
      return best == -k_score_inf ? 0 : best;
    }
    m_sink.leave(best, Bound::exact, NodeKind::pv);
    return best;
  }

  Game& m_game;
  Sink& m_sink;
  SearchOptions m_options;
  bool m_aborted = false;
  MoveStack<typename Game::Move> m_moves;
  SearchStats m_stats;
};

}  // namespace kibitz
