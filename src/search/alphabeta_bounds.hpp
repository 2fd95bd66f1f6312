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
// Options as in alphabeta.hpp: a transposition table (its entries' bounds are this search's
// bounds) and a node budget.
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
#include "search/search_options.hpp"
#include "search/sink.hpp"
#include "search/tt_support.hpp"

namespace kibitz {

struct ScoreBound {
  Score value;
  Bound bound;
};

template <class Game, class Sink = NullSink>
class AlphaBetaBounds {
 public:
  AlphaBetaBounds(Game& game, Sink& sink, Criterion criterion, SearchOptions options = {})
      : m_game(game), m_sink(sink), m_criterion(criterion), m_options(options) {}

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
  bool aborted() const { return m_aborted; }

 private:
  bool budget_spent() {
    if (m_options.node_budget > 0 && m_stats.nodes >= m_options.node_budget) m_aborted = true;
    return m_aborted;
  }

  ScoreBound node(int depth, int ply, Score alpha0, Score beta) {
    assert(alpha0 <= beta);
    ++m_stats.nodes;
    if constexpr (Sink::enabled) {
      if (m_sink.wants_positions()) m_sink.position(m_game.position_text());
    }
    TtSupport<Game, Sink> tt;
    {
      Score v;
      Bound b;
      if (tt.probe(m_game, m_sink, m_options.tt, depth, ply, alpha0, beta, m_criterion, v, b)) {
        ++m_stats.tt_cutoffs;
        m_sink.leave(v, b, classify_node(v, alpha0, beta, m_criterion));
        return {v, b};
      }
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
      return {v, Bound::exact};
    }
    tt.order(moves);
    const int n = static_cast<int>(moves.size());
    m_stats.generated += n;
    m_sink.expand(n);
    Score alpha = alpha0;
    Score retval = 0;
    Bound bound = Bound::exact;
    bool cut = false;
    int best_k = -1;
    int k = 0;
    for (; k < n; ++k) {
      if (budget_spent()) break;
      const auto m = moves[static_cast<std::size_t>(k)];
      if constexpr (Sink::enabled) {
        // enter first: no string is alive during that call (with wasm's -fexceptions a call
        // made while a destructor is pending goes through a slow JavaScript trampoline).
        m_sink.enter(tt.generation_index(k), -beta, -alpha);
        const std::string label = m_game.move_label(m);
        if (!label.empty()) m_sink.label(label);
      }
      m_game.make(m);
      const ScoreBound child = node(depth - 1, ply + 1, -beta, -alpha);
      m_game.unmake(m);
      if (m_aborted) break;  // the successor did not finish
      const Score x = -child.value;
      const Bound d = invert(child.bound);
      m_sink.child_return(k, child.value, d);
      if (k == 0 || x > retval) {
        bound = d;
        retval = x;
        best_k = k;
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
    if (m_aborted) {
      m_sink.leave(best_k >= 0 ? retval : 0, Bound::exact, NodeKind::unknown);
      return {best_k >= 0 ? retval : 0, Bound::exact};
    }
    if (cut && k + 1 < n) bound = Bound::lower;  // unsearched successors may score higher
    const NodeKind kind = classify_node(retval, alpha0, beta, m_criterion);
    tt.store(m_game, m_sink, m_options.tt, depth, ply, retval, bound, best_k);
    m_sink.leave(retval, bound, kind);
    return {retval, bound};
  }

  Game& m_game;
  Sink& m_sink;
  Criterion m_criterion;
  SearchOptions m_options;
  MoveStack<typename Game::Move> m_moves;
  SearchStats m_stats;
  bool m_aborted = false;
};

}  // namespace kibitz
