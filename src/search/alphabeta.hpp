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

#include "core/criterion.hpp"
#include "core/node_kind.hpp"
#include "core/score.hpp"
#include "search/search_base.hpp"

namespace kibitz {

template <class Game, class Sink = NullSink>
class AlphaBeta : public SearchWithOptions<Game, Sink> {
  // The base is dependent: its names are brought in to be used without this->.
  using Base = SearchWithOptions<Game, Sink>;
  using Base::enter_root, Base::open_node, Base::successors, Base::leaf, Base::expand,
      Base::enter_child, Base::budget_spent, Base::leave_unfinished, Base::settled_by_table;
  using Base::m_game, Base::m_sink, Base::m_stats, Base::m_options, Base::m_aborted;

 public:
  AlphaBeta(Game& game, Sink& sink, Criterion criterion, SearchOptions options = {})
      : Base(game, sink, options), m_criterion(criterion) {}

  Score run(int depth, Score alpha = -k_score_inf, Score beta = k_score_inf) {
    enter_root(alpha, beta);
    return node(depth, 0, alpha, beta);
  }

 private:
  Score node(int depth, int ply, Score alpha0, Score beta) {
    assert(alpha0 <= beta);
    open_node();
    TtSupport<Game, Sink> tt;
    {
      Score v;
      if (settled_by_table(tt, depth, ply, alpha0, beta, m_criterion, v)) return v;
    }
    auto& moves = successors(ply, depth > 0);
    if (moves.empty()) return leaf(m_game.evaluate());
    tt.order(moves);
    const int n = static_cast<int>(moves.size());
    expand(n);
    Score alpha = alpha0;  // alpha[k]
    Score best = 0;        // best[k]
    int best_k = -1;
    int k = 0;
    for (; k < n; ++k) {
      if (budget_spent()) break;
      const auto m = moves[static_cast<std::size_t>(k)];
      this->root_move(ply, tt.generation_index(k), k);
      enter_child(tt.generation_index(k), -beta, -alpha, m);
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
    if (ply == 0) this->note_root_best(best_k >= 0 ? tt.generation_index(best_k) : -1);
    if (m_aborted) return leave_unfinished(best_k >= 0 ? best : 0);
    const NodeKind kind = classify_node(best, alpha0, beta, m_criterion);
    tt.store(m_game, m_sink, m_options.tt, depth, ply, best, kind_bound(kind), best_k);
    m_sink.leave(best, kind_bound(kind), kind);
    return best;
  }

  Criterion m_criterion;
};

}  // namespace kibitz
