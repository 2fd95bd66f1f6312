// Interest search (Rollason, 001_...): alpha-beta (search! of 000_..., negamax, fail-soft) whose
// successor loop also stops at an interest cutoff, iterated by a growing interest limit.
//
// At a node the domain's model (search/interest_terms/) rates every move; cost = k_cost_scale /
// interest; the moves come up cheapest first (the previous iteration's best root move first of
// all). Before a move is searched:
//
//   net_cost = total_Path_cost + total_cost_This_Ply + cost_This_Move     (interest_cost.hpp)
//
// and when net_cost > limit no further move of the node is searched: an interest cutoff. A
// node whose first move is already over the limit is a leaf of this iteration and is
// evaluated statically. The successor is searched with the tallies grown by the move's
// ply tally and cost (per search parity with split tallies). Within an iteration the alpha-beta
// rules are those of AlphaBeta; with alphabeta = false every successor gets the open window
// (minimax inside the interest tree: the tree a limit defines, whatever the values).
//
// Iterations. params.limits holds one limit per iteration. Each iteration has a nominal
// depth (params.depth, or with deepen the iteration number, at most params.depth) and a
// horizon nominal + extension where nodes are leaves whatever the limit (or, uncapped, a
// safety horizon: InterestParams::safety_horizon); moves at or beyond the nominal depth are
// "beyond the iteration depth" for the models that use that term.
// With one unlimited iteration and no extension the search is alpha-beta to params.depth
// with the moves in interest order.
//
// The transposition table (optional) does not settle nodes: an entry's depth means nothing
// to a search bounded by two tallies. It records the positions searched (the chess term
// "in the table") and the best moves.
#pragma once

#include <algorithm>
#include <cassert>
#include <chrono>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "core/criterion.hpp"
#include "core/node_kind.hpp"
#include "games/game.hpp"
#include "search/interest_cost.hpp"
#include "search/interest_terms/models.hpp"
#include "search/search_base.hpp"
#include "search/search_options.hpp"
#include "search/sink/interest_records.hpp"

namespace kibitz {

struct InterestIteration {
  std::int64_t limit = 0;
  int depth = 0;       // nominal depth
  Score value = 0;     // root value (from the root's side to move)
  int best_move = -1;  // the root's best move (generation index), -1 if none
  long long nodes = 0;
  long long interest_cutoffs = 0;
  int deepest = 0;         // the ply of the deepest node the iteration entered (root 0)
  bool completed = false;  // false: the node budget ran out during it
};

struct InterestParams {
  std::vector<std::int64_t> limits{k_limit_inf};  // one per iteration
  int depth = 0;      // the nominal depth of every iteration (of the last with deepen)
  int extension = 0;  // horizon = nominal depth + extension
  // > 0: no depth cap (001_...: interest "completely replaces" iterating by depth): the limit
  // alone ends lines, at this ply at the latest (a safety horizon); the nominal depth still
  // marks the moves "beyond the iteration depth" (term 15 makes them cost more).
  int safety_horizon = 0;
  bool deepen = false;  // iteration i (1-based) has nominal depth min(i, depth)
  Tallies tallies = Tallies::split;
  bool similarity = false;
  bool alphabeta = true;
  Criterion criterion = Criterion::gt;
  long long node_budget = 0;                // over all iterations (0: none)
  const std::atomic<bool>* stop = nullptr;  // set: stop as when the node budget is spent
  TranspositionTable* tt = nullptr;
  InterestModelOptions model;
  // Time for the whole search (0: none): no iteration starts after half of it (a player's; the
  // caller stops the search at the limit through `stop`).
  double seconds = 0;
  // Told after each finished iteration (a UCI engine's info line; its clock waits for one).
  std::function<void(const InterestIteration&)> on_iteration;
};

template <class Game, class Sink = NullSink>
class InterestSearch : public SearchBase<Game, Sink> {
  // The base is dependent: its names are brought in to be used without this->.
  using Base = SearchBase<Game, Sink>;
  using Base::enter_root, Base::open_node, Base::successors, Base::expand, Base::enter_child;
  using Base::m_game, Base::m_sink, Base::m_moves, Base::m_stats;

 public:
  using Move = typename Game::Move;
  using Model = interest_model_t<Game>;

  InterestSearch(Game& game, Sink& sink, const InterestParams& params)
      : Base(game, sink), m_params(params), m_model(params.model) {}

  // Every iteration of params.limits, each a root of its own between iteration events. The
  // value is the last completed iteration's (0 if none completed).
  Score run() {
    const auto start = std::chrono::steady_clock::now();
    Score value = 0;
    for (std::size_t i = 0; i < m_params.limits.size(); ++i) {
      if (m_params.node_budget > 0 && m_stats.nodes >= m_params.node_budget) break;
      if (stop_requested(m_params.stop)) break;
      if (i > 0 && m_params.seconds > 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >
              m_params.seconds / 2)
        break;  // the next iteration would not finish
      const int number = static_cast<int>(i) + 1;
      const int depth = m_params.deepen ? std::min(number, m_params.depth) : m_params.depth;
      const std::int64_t limit = m_params.limits[i];
      m_sink.iteration_begin(number,
                             static_cast<Score>(std::min<std::int64_t>(limit, k_score_inf)));
      const long long nodes_before = m_stats.nodes, cuts_before = m_interest_cutoffs;
      const Score v = iterate(limit, depth);
      InterestIteration it;
      it.limit = limit;
      it.depth = depth;
      it.value = v;
      it.best_move = m_aborted ? m_root_best : root_best_of_iteration();
      it.nodes = m_stats.nodes - nodes_before;
      it.interest_cutoffs = m_interest_cutoffs - cuts_before;
      it.deepest = m_deepest;
      it.completed = !m_aborted;
      m_iterations.push_back(it);
      m_sink.iteration_end(number, m_aborted && i > 0 ? value : v);
      if (m_aborted) break;
      value = v;
      m_root_best = it.best_move;
      if (m_params.on_iteration) m_params.on_iteration(it);
    }
    return value;
  }

  // One iteration from the root: limit, nominal depth. Records the root's enter and label.
  Score iterate(std::int64_t limit, int depth) {
    m_limit = limit;
    m_nominal = depth;
    m_horizon = m_params.safety_horizon > 0 ? m_params.safety_horizon : depth + m_params.extension;
    m_path.clear();
    m_deepest = 0;
    enter_root(-k_score_inf, k_score_inf);
    return node(0, -k_score_inf, k_score_inf, Tally{});
  }

  long long interest_cutoffs() const { return m_interest_cutoffs; }
  bool aborted() const { return m_aborted; }
  const std::vector<InterestIteration>& iterations() const { return m_iterations; }
  // The best root move of the last completed iteration (generation index), -1 if none.
  int best_move() const { return m_root_best; }
  // The root's principal variation after the last iteration (generation indices).
  const std::vector<int>& principal_variation() const { return m_pv.at(0); }

  // The cost of the cheapest move at the root (0 when the root has no moves): the unit of the
  // default limit schedule. Rates the root without searching.
  std::int64_t root_min_cost() {
    std::vector<Move> moves;
    m_game.moves(moves);
    if (moves.empty()) return 0;
    RatingBuilder b;
    InterestContext<Move> ctx;
    ctx.path = &m_path;
    ctx.iteration_depth = m_params.depth;
    Model model(m_params.model);
    model.rate(m_game, moves, ctx, b);
    std::int64_t best = k_cost_cap;
    for (const MoveRating& r : b.ratings()) best = std::min(best, r.cost);
    return best;
  }

  Model& model() { return m_model; }

 private:
  template <class T>
  struct PerPly {
    std::deque<T> items;  // a deque keeps shallower plies in place as deeper ones are added
    T& at(int ply) {
      while (static_cast<std::size_t>(ply) >= items.size()) items.emplace_back();
      return items[static_cast<std::size_t>(ply)];
    }
  };

  bool budget_spent() {
    if (m_params.node_budget > 0 && m_stats.nodes >= m_params.node_budget) m_aborted = true;
    if (stop_requested(m_params.stop)) m_aborted = true;
    return m_aborted;
  }

  int root_best_of_iteration() {
    const std::vector<int>& pv = m_pv.at(0);
    return pv.empty() ? -1 : pv.front();
  }

  Score leaf() { return Base::leaf(m_game.evaluate()); }

  Score node(int ply, Score alpha0, Score beta, const Tally& tally) {
    assert(alpha0 <= beta);
    open_node();
    m_deepest = std::max(m_deepest, ply);
    m_pv.at(ply).clear();
    auto& moves = successors(ply, ply < m_horizon);
    if (moves.empty()) return leaf();

    const InterestContext<Move> ctx = rate(ply, moves);
    const RatingBuilder& rating = m_ratings.at(ply);
    const int n = static_cast<int>(moves.size());
    auto& order = m_orders.at(ply);
    interest_order(rating.ratings(), m_params.similarity, ctx.root_best, order, m_counts);

    const int parity = ply & 1;
    const bool ab = m_params.alphabeta;
    Score alpha = alpha0;  // alpha[k]
    Score best = 0;        // best[k]
    int best_k = -1;
    bool beta_cut = false, raised = false;
    std::int64_t ply_cost = 0;
    for (int k = 0; k < n; ++k) {
      if (budget_spent()) break;
      const OrderStep step = order[static_cast<std::size_t>(k)];
      const NetCost cost = net_cost(tally, parity, ply_cost, step.cost, m_params.tallies, m_limit);
      report_move(step, cost, k == 0);
      if (cost.cut) {
        ++m_interest_cutoffs;
        if (k == 0) {
          const Score v = leaf();
          store(ply, v, -1);
          return v;
        }
        break;
      }
      const Move m = moves[static_cast<std::size_t>(step.index)];
      const Score child_alpha = ab ? -beta : -k_score_inf, child_beta = ab ? -alpha : k_score_inf;
      enter_child(step.index, child_alpha, child_beta, m);
      m_path.push_back(m);
      m_game.make(m);
      const Score x = node(ply + 1, child_alpha, child_beta, child_tally(tally, parity, cost));
      m_game.unmake(m);
      m_path.pop_back();
      if (m_aborted) break;  // the successor did not finish: its value means nothing
      m_sink.child_return(k, x, Bound::exact);
      if (k == 0 || -x > best) {
        best = -x;
        best_k = k;
        auto& pv = m_pv.at(ply);
        const auto& below = m_pv.at(ply + 1);
        pv.assign(1, step.index);
        pv.insert(pv.end(), below.begin(), below.end());
      }
      m_sink.best_set(k, best, Bound::exact);
      ply_cost += step.cost;
      if (ab && causes_cutoff(best, beta, m_params.criterion)) {
        ++m_stats.cutoffs;
        m_sink.cutoff(k, best);
        beta_cut = true;
        break;
      }
      const Score up = -x > alpha ? -x : alpha;
      m_sink.alpha_set(k + 1, up, up != alpha);
      if (up != alpha && best_k == k) raised = true;
      alpha = up;
    }
    if (m_aborted) {
      m_sink.leave(best_k >= 0 ? best : 0, Bound::exact, NodeKind::unknown);
      return best_k >= 0 ? best : 0;
    }
    const NodeOutcome outcome = beta_cut ? NodeOutcome::cutoff
                                : raised ? NodeOutcome::raised
                                         : NodeOutcome::failed_low;
    const int best_index = best_k >= 0 ? order[static_cast<std::size_t>(best_k)].index : -1;
    return finish(ply, ctx, moves, best_index, outcome, alpha0, beta, best);
  }

  // Rates the moves of the node at ply (its domain's interest model), expands it and reports
  // each move's rating; returns the context the model rated them in.
  template <class Moves>
  InterestContext<Move> rate(int ply, const Moves& moves) {
    InterestContext<Move> ctx;
    ctx.ply = ply;
    ctx.iteration_depth = m_nominal;
    ctx.root_best = ply == 0 ? m_root_best : -1;
    ctx.path = &m_path;
    ctx.tt = m_params.tt;
    RatingBuilder& rating = m_ratings.at(ply);
    rating.clear();
    m_model.rate(m_game, moves, ctx, rating);
    assert(rating.ratings().size() == moves.size());
    const int n = static_cast<int>(moves.size());
    expand(n);
    if constexpr (Sink::enabled) {
      // The labels live in a member, so that no string is alive in this scope during the
      // sink's calls (see AlphaBeta: wasm's exception handling makes those calls slow).
      std::vector<std::string>& labels = m_labels.at(ply);
      labels.resize(moves.size());
      for (int i = 0; i < n; ++i)
        labels[static_cast<std::size_t>(i)] = m_game.move_label(moves[static_cast<std::size_t>(i)]);
      for (int i = 0; i < n; ++i) {
        const MoveRating& r = rating.ratings()[static_cast<std::size_t>(i)];
        InterestRatingRecord rec;
        rec.move_index = i;
        rec.interest = r.interest;
        rec.cost = r.cost;
        rec.label = labels[static_cast<std::size_t>(i)];
        rec.hits = rating.hits().data() + r.hits_begin;
        rec.hit_count = static_cast<int>(r.hits_end - r.hits_begin);
        m_sink.record(rec);
      }
    }
    return ctx;
  }

  // The node's end: what the domain learns from its best move (index: generation index, -1
  // none), the table, and the leave.
  template <class Moves>
  Score finish(int ply, const InterestContext<Move>& ctx, const Moves& moves, int index,
               NodeOutcome outcome, Score alpha0, Score beta, Score best) {
    const bool ab = m_params.alphabeta;
    const NodeKind kind = ab ? classify_node(best, alpha0, beta, m_params.criterion) : NodeKind::pv;
    if (index >= 0) {
      m_model.note_result(m_game, ctx, moves[static_cast<std::size_t>(index)], outcome,
                          m_horizon - ply);
      store(ply, best, index);
    }
    m_sink.leave(best, kind_bound(kind), kind);
    return best;
  }

  // A move as it comes up for search, with every number of its net-cost sum.
  KIBITZ_STEP void report_move(const OrderStep& step, const NetCost& cost, bool first) {
    if constexpr (Sink::enabled) {
      InterestMoveRecord r;
      r.move_index = step.index;
      r.move_cost = cost.move_cost;
      r.mover = cost.mover;
      r.other = cost.other;
      r.ply = cost.ply;
      r.net = cost.net;
      r.limit = cost.limit;
      r.penalty = step.penalty;
      r.cut = cost.cut;
      r.static_leaf = cost.cut && first;
      r.joint = m_params.tallies == Tallies::joint;
      m_sink.record(r);
    } else {
      (void)step, (void)cost, (void)first;
    }
  }

  // Static leaves go into the table too: the chess term "in the table" asks whether a
  // position was searched at all.
  void store(int ply, Score value, int best) {
    if constexpr (has_key<Game>::value) {
      if (m_params.tt)
        m_params.tt->store(m_game.key(), ply, m_horizon - ply, value, Bound::exact, best);
    }
  }

  InterestParams m_params;
  Model m_model;
  PerPly<RatingBuilder> m_ratings;
  PerPly<std::vector<OrderStep>> m_orders;
  PerPly<std::vector<int>> m_pv;
  PerPly<std::vector<std::string>> m_labels;
  std::vector<int> m_counts;
  std::vector<Move> m_path;
  std::vector<InterestIteration> m_iterations;
  long long m_interest_cutoffs = 0;
  std::int64_t m_limit = k_limit_inf;
  int m_nominal = 0, m_horizon = 0, m_deepest = 0;
  int m_root_best = -1;
  bool m_aborted = false;
};

}  // namespace kibitz
