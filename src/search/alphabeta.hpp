// Minimax with alpha-beta pruning exactly as search! in 000_... (negamax, fail-soft):
//
//   succ[k].alpha[0] = -beta,  succ[k].beta = -alpha[k]
//   best[0] = -succ[0].ret,    best[k] = max(best[k-1], -succ[k].ret)
//   break if best[k] * beta    (* is > or >=, the cutoff criterion)
//   alpha[k+1] = max(alpha[k], -succ[k].ret)    (never set for the child that cut)
//   ret = best[s-1]
//
// Contract (fail-soft): with window [alpha0, beta], alpha0 <= beta, the returned ret is the
// node's score when it is strictly inside the window (and, for criterion >, also when it
// equals alpha0 or beta); a lower bound of the score when it cut off (ret > beta, or
// ret >= beta for >=); an upper bound when it is below alpha0 (or equal to it for >=).
//
// Options (search_options.hpp), both off by default: a transposition table (a stored result
// that settles the node returns at once, its best move is tried first, the result is stored
// on the way out), and a node budget (once spent, open nodes stop searching successors and
// leave with kind unknown; aborted() tells the caller to discard the result).
#pragma once

#include <cassert>
#include <string>

#include "core/criterion.hpp"
#include "core/node_kind.hpp"
#include "core/score.hpp"
#include "games/game.hpp"
#include "search/move_stack.hpp"
#include "search/search_options.hpp"
#include "search/sink.hpp"
#include "search/tt_support.hpp"

namespace kibitz {

template <class Game, class Sink = NullSink>
class AlphaBeta {
 public:
  AlphaBeta(Game& game, Sink& sink, Criterion criterion, SearchOptions options = {})
      : m_game(game), m_sink(sink), m_criterion(criterion), m_options(options) {}

  Score run(int depth, Score alpha = -k_score_inf, Score beta = k_score_inf) {
    static_assert(is_game_v<Game>, "AlphaBeta needs a Game (see games/game.hpp)");
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

  Score node(int depth, int ply, Score alpha0, Score beta) {
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
        const NodeKind kind = classify_node(v, alpha0, beta, m_criterion);
        m_sink.leave(v, b == Bound::exact ? Bound::exact : kind_bound(kind), kind);
        return v;
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
      return v;
    }
    tt.order(moves);
    const int n = static_cast<int>(moves.size());
    m_stats.generated += n;
    m_sink.expand(n);
    Score alpha = alpha0;  // alpha[k]
    Score best = 0;        // best[k]
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
      const Score x = node(depth - 1, ply + 1, -beta, -alpha);
      m_game.unmake(m);
      if (m_aborted) break;  // the successor did not finish: its value means nothing
      m_sink.child_return(k, x, Bound::exact);
      if (k == 0 || -x > best) {
        best = -x;
        best_k = k;
      }
      m_sink.best_set(k, best, Bound::exact);
      if (causes_cutoff(best, beta, m_criterion)) {
        ++m_stats.cutoffs;
        m_sink.cutoff(k, best);
        break;
      }
      const Score raised = -x > alpha ? -x : alpha;
      m_sink.alpha_set(k + 1, raised, raised != alpha);
      alpha = raised;
      assert(alpha <= beta);
    }
    if (m_aborted) {
      m_sink.leave(best_k >= 0 ? best : 0, Bound::exact, NodeKind::unknown);
      return best_k >= 0 ? best : 0;
    }
    const NodeKind kind = classify_node(best, alpha0, beta, m_criterion);
    tt.store(m_game, m_sink, m_options.tt, depth, ply, best, kind_bound(kind), best_k);
    m_sink.leave(best, kind_bound(kind), kind);
    return best;
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
