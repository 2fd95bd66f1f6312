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

#include "core/bound.hpp"
#include "core/criterion.hpp"
#include "core/node_kind.hpp"
#include "core/score.hpp"
#include "search/search_base.hpp"

namespace kibitz {

struct ScoreBound {
  Score value;
  Bound bound;
};

template <class Game, class Sink = NullSink>
class AlphaBetaBounds : public SearchWithOptions<Game, Sink> {
  // The base is dependent: its names are brought in to be used without this->.
  using Base = SearchWithOptions<Game, Sink>;
  using Base::enter_root, Base::open_node, Base::successors, Base::leaf, Base::expand,
      Base::enter_child, Base::budget_spent, Base::leave_unfinished, Base::probe_table;
  using Base::m_game, Base::m_sink, Base::m_stats, Base::m_options, Base::m_aborted;

 public:
  AlphaBetaBounds(Game& game, Sink& sink, Criterion criterion, SearchOptions options = {})
      : Base(game, sink, options), m_criterion(criterion) {}

  ScoreBound run(int depth, Score alpha = -k_score_inf, Score beta = k_score_inf) {
    enter_root(alpha, beta);
    return node(depth, 0, alpha, beta);
  }

 private:
  ScoreBound node(int depth, int ply, Score alpha0, Score beta) {
    assert(alpha0 <= beta);
    open_node();
    TtSupport<Game, Sink> tt;
    {
      Score v;
      Bound b;
      if (probe_table(tt, depth, ply, alpha0, beta, m_criterion, v, b)) {
        m_sink.leave(v, b, classify_node(v, alpha0, beta, m_criterion));
        return {v, b};
      }
    }
    auto& moves = successors(ply, depth > 0);
    if (moves.empty()) return {leaf(m_game.evaluate()), Bound::exact};
    tt.order(moves);
    const int n = static_cast<int>(moves.size());
    expand(n);
    Score alpha = alpha0;
    Score retval = 0;
    Bound bound = Bound::exact;
    bool cut = false;
    int best_k = -1;
    int k = 0;
    for (; k < n; ++k) {
      if (budget_spent()) break;
      const auto m = moves[static_cast<std::size_t>(k)];
      enter_child(tt.generation_index(k), -beta, -alpha, m);
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
    if (m_aborted) return {leave_unfinished(best_k >= 0 ? retval : 0), Bound::exact};
    if (cut && k + 1 < n) bound = Bound::lower;  // unsearched successors may score higher
    const NodeKind kind = classify_node(retval, alpha0, beta, m_criterion);
    tt.store(m_game, m_sink, m_options.tt, depth, ply, retval, bound, best_k);
    m_sink.leave(retval, bound, kind);
    return {retval, bound};
  }

  Criterion m_criterion;
};

}  // namespace kibitz
