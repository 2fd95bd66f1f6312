// The seed's bound-returning alpha-beta (000_..., "ret = alpha[0] or ret = beta"): every
// search returns (ret, bound) with bound exact / lower / upper, so that a return equal to
// alpha[0] or beta is classified even under the >= criterion.
//
//   x', d' = search(child, -beta, -alpha);  x, d = -x', invert(d')
//   if first or x >= retval: bound = (x == retval) ? join(bound, d) : d;  retval = x
//   break if retval * beta;  alpha = max(alpha, x)
//   bound = lower if retval * beta and successors remain unsearched
//
// Contract: bound_holds(bound, ret, score) for every node, whatever the window and criterion.
#pragma once

#include <cassert>
#include <string>
#include <utility>

#include "core/bound.hpp"
#include "core/criterion.hpp"
#include "core/node_kind.hpp"
#include "core/score.hpp"
#include "games/game.hpp"
#include "search/move_stack.hpp"
#include "search/sink.hpp"

namespace kibitz {

struct ScoreBound {
  Score value;
  Bound bound;
};

template <class Game, class Sink = NullSink>
class AlphaBetaBounds {
 public:
  AlphaBetaBounds(Game& game, Sink& sink, Criterion criterion)
      : m_game(game), m_sink(sink), m_criterion(criterion) {}

  ScoreBound run(int depth, Score alpha = -k_score_inf, Score beta = k_score_inf) {
    static_assert(is_game_v<Game>, "AlphaBetaBounds needs a Game (see games/game.hpp)");
    if constexpr (Sink::enabled) {
      m_sink.enter(0, alpha, beta);
      const std::string name = root_label(m_game);
      if (!name.empty()) m_sink.label(name);
    }
    return node(depth, 0, alpha, beta);
  }
  const SearchStats& stats() const { return m_stats; }

 private:
  ScoreBound node(int depth, int ply, Score alpha0, Score beta) {
    assert(alpha0 <= beta);
    ++m_stats.nodes;
    if constexpr (Sink::enabled) {
      if (m_sink.wants_positions()) m_sink.position(m_game.position_text());
    }
    auto& moves = m_moves.at(ply);
    if (depth > 0) m_game.moves(moves);
    else moves.clear();
    if (moves.empty()) {
      const Score v = m_game.evaluate();
      ++m_stats.leaves;
      m_sink.evaluate(v);
      m_sink.leave(v, Bound::exact, NodeKind::leaf);
      return {v, Bound::exact};
    }
    const int n = static_cast<int>(moves.size());
    m_stats.generated += n;
    m_sink.expand(n);
    Score alpha = alpha0;
    Score retval = 0;
    Bound bound = Bound::exact;
    bool cut = false;
    int k = 0;
    for (; k < n; ++k) {
      const auto m = moves[static_cast<std::size_t>(k)];
      if constexpr (Sink::enabled) {
        // enter first: no string is alive during that call (with wasm's -fexceptions a call
        // made while a destructor is pending goes through a slow JavaScript trampoline).
        m_sink.enter(k, -beta, -alpha);
        const std::string label = m_game.move_label(m);
        if (!label.empty()) m_sink.label(label);
      }
      m_game.make(m);
      const ScoreBound child = node(depth - 1, ply + 1, -beta, -alpha);
      m_game.unmake(m);
      const Score x = -child.value;
      const Bound d = invert(child.bound);
      m_sink.child_return(k, child.value, d);
      if (k == 0 || x > retval) {
        bound = d;
        retval = x;
      } else if (x == retval) {
        bound = join(bound, d);
      }
      m_sink.best_set(k, retval, bound);
      if (causes_cutoff(retval, beta, m_criterion)) {
        ++m_stats.cutoffs;
        cut = true;
        m_sink.cutoff(k, retval);
        break;
      }
      const Score raised = x > alpha ? x : alpha;
      m_sink.alpha_set(k + 1, raised, raised != alpha);
      alpha = raised;
    }
    if (cut && k + 1 < n) bound = Bound::lower;  // unsearched successors may score higher
    const NodeKind kind = classify_node(retval, alpha0, beta, m_criterion);
    m_sink.leave(retval, bound, kind);
    return {retval, bound};
  }

  Game& m_game;
  Sink& m_sink;
  Criterion m_criterion;
  MoveStack<typename Game::Move> m_moves;
  SearchStats m_stats;
};

}  // namespace kibitz
