// Forward estimation (Zhang, "Forward Estimation for Minimax Search", 1995; 002_...): alpha-beta
// (search! of 000_..., negamax, fail-soft, see alphabeta.hpp) that first estimates the value
// of each successor's subtree and abandons the subtree when the estimate shows it cannot
// matter.
//
// The report, in MIN/MAX form. A subtree whose root has cost c and depth d (d levels below the
// root), with every edge cost in [l, u], has a minimax value in [c + l*d, c + u*d]. So
//     a MIN root is abandoned when  c + u*d <= alpha,
//     a MAX root is abandoned when  c + l*d >= beta                                 (1)
// with alpha and beta those of the root's parent. Variant (3) uses u' = delta*u, l' = delta*l
// (delta in [0, 1]); variant (2) uses the most likely increment u' and decrement l'.
//
// Our negamax form. Every value at a node is from its side to move. Let c' be the successor's
// cost and u_P the maximal edge cost, both from the point of view of the side to move at the
// parent P: c' = c, u_P = u' when P is MAX; c' = -c, u_P = -l' when P is MIN (an edge worth e
// to MAX is worth -e to MIN, so MIN's edges lie in [-u', -l']). Then both conditions of (1)
// are one: the successor is abandoned when
//     c' + u_P*d  <=  alpha[k]        (alpha[k] the parent's current alpha)
// For a MIN root that is c + u'*d <= alpha; for a MAX root, -c - l'*d <= alpha[k] = -beta,
// i.e. c + l'*d >= beta. With the cutoff criterion > (exact on ties) the test is strict (<),
// so that a return equal to alpha[0] stays exact; with >= it is the report's <=.
//
// Contract:
//  - A successor is tested after it is generated (made, its cost computed) and before it is
//    entered, when d >= 1 (a leaf's estimate would be its value), alpha[k] is finite, and it is
//    not the root's (unless FeConfig::test_root). Each
//    test is reported to the sink (an FeTestRecord), pruned or not, in the report's MIN/MAX terms.
//  - A pruned successor is never entered: it has no node, no k, no best[k] or alpha[k]; k
//    counts the successors entered. The parent's return value is
//        ret = max(best[s-1], the largest estimate c' + u_P*d of its pruned successors)
//    (the estimate alone when every successor was pruned). Every estimate is <= alpha[k], so
//    this only changes the return of a node that failed low (kind All), and keeps its ret an
//    upper bound on its score: the pruned successor is worth at most its estimate.
//  - With exact bounds and delta = 1 the estimates are bounds, so every pruned successor is
//    one alpha-beta would search without raising alpha or cutting off: the same windows reach
//    every searched node, the root value is alpha-beta's, and forward estimation searches a
//    subset of alpha-beta's nodes (tests/session/forward_estimation_test.cpp checks this on
//    10,000+ random trees).
//  - Bounds are in the point of view of the side to move at the search root (MAX); on-line
//    bounds are learned from every successor generated (not from edges into finished games).
//  - With FeConfig::enabled = false nothing is estimated: the search is AlphaBeta exactly
//    (same events, same counts), which the experiments use as their alpha-beta.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <deque>
#include <string>
#include <utility>
#include <vector>

#include "core/criterion.hpp"
#include "core/node_kind.hpp"
#include "core/score.hpp"
#include "games/game.hpp"
#include "games/random_tree.hpp"
#include "search/edge_bounds.hpp"
#include "search/search_base.hpp"
#include "search/sink/fe_records.hpp"

namespace kibitz {

// The order successors are searched in, and how "nodes generated" counts them (generated_count()).
enum class FeOrder : std::uint8_t {
  // Generation order; a successor counts once it is reached (entered, or tested and pruned).
  generation,
  // Best first by static value at every node (every successor is generated to be ordered),
  // counted as generation's.
  static_all,
  // The report's set-up as a review reconstructed it (docs/experiments.md): at a node with two
  // or more plies to go successors are generated, counted and sorted best first by static
  // value; at the last ply the leaves are generated, counted and searched one at a time in
  // generation order. The root is not counted.
  interior,
};

struct FeConfig {
  bool enabled = true;  // false: plain alpha-beta
  EdgeSource source = EdgeSource::exact;
  int delta_milli = 1000;  // delta in thousandths
  bool likely = false;     // variant (2): the learned likely decrement and increment
  EdgeBounds bounds;       // exact or off-line bounds, from the root mover's point of view
  FeOrder order = FeOrder::generation;
  // Test the root's successors too (the report's depth-2 row shows it did not: every search
  // there generated 16.872 nodes).
  bool test_root = true;
};

// The depth of the subtree below a node, for a search with `horizon` plies left: the horizon,
// or less where the game says its tree ends sooner.
template <class G>
int fe_subtree_depth(const G&, int horizon) {
  return horizon;
}
inline int fe_subtree_depth(const RandomTreeGame& g, int horizon) {
  return std::min(horizon, g.params().d - g.depth());
}

// The pruning condition in the report's terms, for tests and views: true when a MIN root
// (max_root false) has c + u*d <= alpha (< if strict), or a MAX root has c + l*d >= beta.
inline bool fe_condition(bool max_root, std::int64_t estimate, std::int64_t window, bool strict) {
  if (max_root) return strict ? estimate > window : estimate >= window;
  return strict ? estimate < window : estimate <= window;
}

template <class Game, class Sink = NullSink>
class ForwardEstimation : public SearchBase<Game, Sink> {
  // The base is dependent: its names are brought in to be used without this->.
  using Base = SearchBase<Game, Sink>;
  using Base::enter_root, Base::open_node, Base::successors, Base::leaf, Base::expand;
  using Base::m_game, Base::m_sink, Base::m_stats;

 public:
  ForwardEstimation(Game& game, Sink& sink, Criterion criterion, const FeConfig& config)
      : Base(game, sink), m_criterion(criterion), m_config(config) {
    if (config.source == EdgeSource::online)
      m_learned = EdgeBounds{};
    else
      m_learned = config.bounds;
  }

  Score run(int depth, Score alpha = -k_score_inf, Score beta = k_score_inf) {
    m_best_move = -1;
    enter_root(alpha, beta);
    const std::int64_t cost = m_config.enabled ? m_game.evaluate() : 0;
    return node(depth, 0, alpha, beta, cost);
  }

  // The root successor (generation order) whose value made the root's return; -1 if none.
  int best_move() const { return m_best_move; }
  // Nodes generated as the order counts them (FeOrder), pruned successors included, and the
  // same without the successors forward estimation pruned.
  long long generated_count() const {
    return m_config.order == FeOrder::interior ? m_counted : nodes_generated(m_stats);
  }
  long long kept_count() const { return generated_count() - m_stats.fe_prunes; }
  // The bounds in use at the end: the given ones, or those learned on-line.
  const EdgeBounds& bounds() const { return m_learned; }
  // Once *stop is set, the open nodes search no more successors and leave unfinished (kind
  // unknown); aborted() then tells the caller to discard the value.
  void stop_on(const std::atomic<bool>* stop) { m_stop = stop; }
  bool aborted() const { return m_aborted; }

 private:
  static Score clamp_score(std::int64_t v) {
    return static_cast<Score>(std::clamp<std::int64_t>(v, -k_score_inf + 1, k_score_inf - 1));
  }

  // cost: the node's cost from MAX's point of view (valid when estimating).
  Score node(int depth, int ply, Score alpha0, Score beta, std::int64_t cost) {
    assert(alpha0 <= beta);
    open_node();
    auto& moves = successors(ply, depth > 0);
    if (moves.empty()) {
      // The parent already evaluated this node to estimate it.
      return leaf(m_config.enabled ? static_cast<Score>(ply % 2 == 0 ? cost : -cost)
                                   : m_game.evaluate());
    }
    const int n = static_cast<int>(moves.size());
    expand(n);
    const bool max_node = ply % 2 == 0;
    // interior: two or more plies to go, every successor generated, counted and sorted; at the
    // last ply each leaf is counted as it is reached.
    const bool sorted = m_config.order == FeOrder::static_all ||
                        (m_config.order == FeOrder::interior && depth >= 2);
    if (m_config.order == FeOrder::interior && depth >= 2) m_counted += n;
    const std::vector<int>* order = sorted ? &order_moves(moves, ply) : nullptr;
    Score alpha = alpha0;                     // alpha[k]
    Score best = 0;                           // best[k]
    int k = 0;                                // successors entered
    std::int64_t pruned_best = -k_score_inf;  // largest estimate of a pruned successor
    for (int j = 0; j < n; ++j) {
      if (stop_requested(m_stop)) m_aborted = true;
      if (m_aborted) break;
      const int i = order ? (*order)[static_cast<std::size_t>(j)] : j;  // the generation index
      const auto m = moves[static_cast<std::size_t>(i)];
      std::string label;
      if constexpr (Sink::enabled) label = m_game.move_label(m);
      m_game.make(m);
      if (m_config.order == FeOrder::interior && depth < 2) ++m_counted;
      std::int64_t child_cost = 0;
      if (m_config.enabled && test(i, depth, ply, max_node, cost, alpha, child_cost, pruned_best)) {
        m_game.unmake(m);
        continue;
      }
      if constexpr (Sink::enabled) {
        m_sink.enter(i, -beta, -alpha);
        if (!label.empty()) m_sink.label(label);
      }
      const Score x = node(depth - 1, ply + 1, -beta, -alpha, child_cost);
      m_game.unmake(m);
      if (m_aborted) break;  // the successor did not finish
      m_sink.child_return(k, x, Bound::exact);
      if (k == 0 || -x > best) {
        best = -x;
        if (ply == 0) m_best_move = i;
      }
      m_sink.best_set(k, best, Bound::exact);
      if (causes_cutoff(best, beta, m_criterion)) {
        ++m_stats.cutoffs;
        m_sink.cutoff(k, best);
        ++k;
        break;
      }
      const Score raised = -x > alpha ? -x : alpha;
      m_sink.alpha_set(k + 1, raised, raised != alpha);
      alpha = raised;
      ++k;
    }
    if (m_aborted) {
      m_sink.leave(k > 0 ? best : 0, Bound::exact, NodeKind::unknown);
      return k > 0 ? best : 0;
    }
    Score ret = best;
    if (pruned_best > -k_score_inf && (k == 0 || pruned_best > best))
      ret = clamp_score(pruned_best);
    const NodeKind kind = classify_node(ret, alpha0, beta, m_criterion);
    m_sink.leave(ret, kind_bound(kind), kind);
    return ret;
  }

  // The successor just made (generation index i) is costed (its own evaluation, from MAX's
  // point of view, learned on-line) and, when its subtree is deep enough and the bounds known,
  // its estimate tested against alpha: true when it is pruned (pruned_best keeps the largest
  // estimate of a pruned successor).
  KIBITZ_STEP bool test(int i, int depth, int ply, bool max_node, std::int64_t cost, Score alpha,
                        std::int64_t& child_cost, std::int64_t& pruned_best) {
    const Score v = m_game.evaluate();  // from the successor's side to move
    child_cost = max_node ? -static_cast<std::int64_t>(v) : v;
    if (m_config.source == EdgeSource::online && is_evaluation(v) &&
        is_evaluation(static_cast<Score>(cost))) {
      learn(child_cost - cost);
    }
    const int d = fe_subtree_depth(m_game, depth - 1);
    if (d < 1 || alpha <= -k_score_inf || (ply == 0 && !m_config.test_root)) return false;
    const PruneBounds pb = prune_bounds(m_learned, m_config.delta_milli, m_config.likely);
    if (!pb.known) return false;
    // From the parent's side: c' + u_P * d.
    const std::int64_t c_p = max_node ? child_cost : -child_cost;
    const std::int64_t u_p = max_node ? pb.u : -pb.l;
    const std::int64_t estimate = c_p + u_p * d;
    const bool pruned = m_criterion == Criterion::ge ? estimate <= alpha : estimate < alpha;
    if constexpr (Sink::enabled) report(i, pruned, max_node, child_cost, d, pb, estimate, alpha);
    if (!pruned) return false;
    ++m_stats.fe_prunes;
    pruned_best = std::max(pruned_best, estimate);
    return true;
  }

  // The generation indices of the moves, best first for the side to move (the successor's
  // own static value lowest); ties keep generation order.
  template <class Moves>
  const std::vector<int>& order_moves(const Moves& moves, int ply) {
    if (m_orders.size() <= static_cast<std::size_t>(ply))
      m_orders.resize(static_cast<std::size_t>(ply) + 1);
    auto& keyed = m_keyed;
    keyed.clear();
    for (std::size_t i = 0; i < moves.size(); ++i) {
      m_game.make(moves[i]);
      keyed.push_back({m_game.evaluate(), static_cast<int>(i)});
      m_game.unmake(moves[i]);
    }
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    auto& order = m_orders[static_cast<std::size_t>(ply)];
    order.clear();
    for (const auto& k : keyed) order.push_back(k.second);
    return order;
  }

  void learn(std::int64_t edge) {
    if (!m_learned.known) {
      m_learned.known = true;
      m_learned.lo = m_learned.hi = edge;
    } else {
      m_learned.lo = std::min(m_learned.lo, edge);
      m_learned.hi = std::max(m_learned.hi, edge);
    }
  }

  // The test in the report's MIN/MAX terms (see the header comment for the conversion).
  void report(int i, bool pruned, bool max_node, std::int64_t child_cost, int d,
              const PruneBounds& pb, std::int64_t estimate_parent, Score alpha) {
    FeTestRecord r;
    r.move_index = i;
    r.pruned = pruned;
    r.max_root = !max_node;  // the successor of a MIN node is a MAX root
    r.strict = m_criterion == Criterion::gt;
    r.c = clamp_score(child_cost);
    r.d = d;
    r.l = clamp_score(pb.l);
    r.u = clamp_score(pb.u);
    r.estimate = clamp_score(max_node ? estimate_parent : -estimate_parent);
    r.window = max_node ? alpha : -alpha;
    m_sink.record(r);
  }

  Criterion m_criterion;
  FeConfig m_config;
  EdgeBounds m_learned;
  const std::atomic<bool>* m_stop = nullptr;
  bool m_aborted = false;
  std::deque<std::vector<int>> m_orders;  // per ply (a deque: references stay valid as it grows)
  std::vector<std::pair<Score, int>> m_keyed;
  int m_best_move = -1;
  long long m_counted = 0;  // FeOrder::interior's count of nodes generated
};

}  // namespace kibitz
