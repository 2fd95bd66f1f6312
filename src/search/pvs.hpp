// Principal variation search (000_... opens with "See also principal variation search"): search!
// in which every successor after the first is first searched with a zero window, only to learn
// whether it beats alpha[k]; when that probe says it does, without a cutoff, the successor is
// searched again with the full window. With good move ordering the probes fail low (cheaply)
// and the search does less work than alpha-beta; with bad ordering the re-searches cost more.
//
//   k = 0, or the window already zero:  x = -pvs(succ[k], -beta, -alpha[k])
//   otherwise:  x = -pvs(succ[k], -alpha[k] - 1, -alpha[k])           (criterion >=)
//               x = -pvs(succ[k], -alpha[k], -alpha[k])               (criterion >)
//               if alpha[k] < x and not x * beta:  x = -pvs(succ[k], -beta, -alpha[k])
//   then best[k], the cutoff test and alpha[k+1] as in search! (alphabeta.hpp).
//
// The zero window: with >= a window (a, b) is exact only strictly inside, so (a, a + 1) holds no
// exact value and tells "score <= a" from "score >= a + 1" (integer scores); with > the window
// [a, a] is exact at a itself and tells "score < a", "= a" and "> a" (a result of exactly a
// needs no re-search: it does not raise alpha).
//
// Contract (fail-soft): as alpha-beta's; the root's value is the minimax value. The probe and the
// re-search are reported as PvsProbeRecord and PvsResearchRecord (search/sink/pvs_records.hpp);
// the re-search is successor k again (a second node with the same k in the trace).
//
// Options as alpha-beta's: a transposition table and a node budget (search_options.hpp).
#pragma once

#include <cassert>

#include "core/criterion.hpp"
#include "core/node_kind.hpp"
#include "core/score.hpp"
#include "search/search_base.hpp"
#include "search/sink/pvs_records.hpp"

namespace kibitz {

template <class Game, class Sink = NullSink>
class Pvs : public SearchWithOptions<Game, Sink> {
  // The base is dependent: its names are brought in to be used without this->.
  using Base = SearchWithOptions<Game, Sink>;
  using Base::enter_root, Base::open_node, Base::successors, Base::leaf, Base::expand,
      Base::enter_child, Base::budget_spent, Base::leave_unfinished, Base::settled_by_table;
  using Base::m_game, Base::m_sink, Base::m_stats, Base::m_options, Base::m_aborted;
  using Move = typename Game::Move;

 public:
  Pvs(Game& game, Sink& sink, Criterion criterion, SearchOptions options = {})
      : Base(game, sink, options), m_criterion(criterion) {}

  Score run(int depth, Score alpha = -k_score_inf, Score beta = k_score_inf) {
    enter_root(alpha, beta);
    return node(depth, 0, alpha, beta);
  }

  long long probes() const { return m_probes; }          // zero-window searches
  long long researches() const { return m_researches; }  // probes searched again

 private:
  // Whether (alpha, beta) is already a zero window: no value strictly inside for >=, alpha = beta
  // for >.
  bool zero_window(Score alpha, Score beta) const {
    return m_criterion == Criterion::ge ? beta - alpha <= 1 : alpha >= beta;
  }

  // Searches successor k (move m, generation index `index`) with the window (a, b); its ret.
  KIBITZ_STEP Score child(int index, const Move& m, int depth, int ply, Score a, Score b) {
    enter_child(index, a, b, m);
    m_game.make(m);
    const Score x = node(depth - 1, ply + 1, a, b);
    m_game.unmake(m);
    return x;
  }

  // Successor k after the first: the zero-window probe, and the re-search when the probe's value
  // falls inside the window without a cutoff. Returns the successor's ret (as it sees it).
  Score probe(int k, int index, const Move& m, int depth, int ply, Score alpha, Score beta) {
    const Score upper = m_criterion == Criterion::ge ? alpha + 1 : alpha;  // the parent's view
    if constexpr (Sink::enabled) m_sink.record(PvsProbeRecord{k, alpha, upper});
    ++m_probes;
    const Score x = child(index, m, depth, ply, -upper, -alpha);
    if (m_aborted) return x;
    // Not above alpha (with > an exact alpha[k] too): no better; a cutoff: a bound is enough.
    const Score v = -x;
    if (v <= alpha || causes_cutoff(v, beta, m_criterion)) return x;
    if constexpr (Sink::enabled) m_sink.record(PvsResearchRecord{k, v});
    ++m_researches;
    return child(index, m, depth, ply, -beta, -alpha);
  }

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
    for (int k = 0; k < n; ++k) {
      if (budget_spent()) break;
      const Move m = moves[static_cast<std::size_t>(k)];
      const int index = tt.generation_index(k);
      this->root_move(ply, index, k);
      const Score x = k == 0 || zero_window(alpha, beta)
                          ? child(index, m, depth, ply, -beta, -alpha)
                          : probe(k, index, m, depth, ply, alpha, beta);
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
    }
    if (ply == 0) this->note_root_best(best_k >= 0 ? tt.generation_index(best_k) : -1);
    if (m_aborted) return leave_unfinished(best_k >= 0 ? best : 0);
    const NodeKind kind = classify_node(best, alpha0, beta, m_criterion);
    tt.store(m_game, m_sink, m_options.tt, depth, ply, best, kind_bound(kind), best_k);
    m_sink.leave(best, kind_bound(kind), kind);
    return best;
  }

  Criterion m_criterion;
  long long m_probes = 0, m_researches = 0;
};

}  // namespace kibitz
