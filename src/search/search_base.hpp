// What the depth-first searches (minimax.hpp, alphabeta.hpp, alphabeta_bounds.hpp,
// forward_estimation.hpp) share around their per-node loops, which stay in their own files:
// the game, the sink, the per-ply move lists and the counters, and the steps every node takes
// in the same order (so that every search reports them to the sink alike).
//
// The steps are inline members of a base class, so a search with NullSink still pays nothing:
// the reports inline away and `if constexpr (Sink::enabled)` skips the labels and positions.
#pragma once

#include <string>
#include <vector>

#include "core/bound.hpp"
#include "core/criterion.hpp"
#include "core/node_kind.hpp"
#include "core/score.hpp"
#include "games/game.hpp"
#include "search/inline.hpp"
#include "search/move_stack.hpp"
#include "search/search_options.hpp"
#include "search/sink/sink.hpp"
#include "search/tt_support.hpp"

namespace kibitz {

template <class Game, class Sink>
class SearchBase {
 public:
  const SearchStats& stats() const { return m_stats; }

 protected:
  using Move = typename Game::Move;

  SearchBase(Game& game, Sink& sink) : m_game(game), m_sink(sink) {}

  // The root's enter and label; the root is then searched like any other node.
  KIBITZ_STEP void enter_root(Score alpha, Score beta) {
    static_assert(is_game_v<Game>, "a search needs a Game (see games/game.hpp)");
    if constexpr (Sink::enabled) {
      m_sink.enter(0, alpha, beta);
      const std::string name = root_label(m_game);
      if (!name.empty()) m_sink.label(name);
    }
  }

  // Counts the node just entered and shows its position to a sink that wants it.
  KIBITZ_STEP void open_node() {
    ++m_stats.nodes;
    if constexpr (Sink::enabled) {
      if (m_sink.wants_positions()) m_sink.position(m_game.position_text());
    }
  }

  // The successors of the node at `ply`, or none when it is not expanded (at the horizon).
  KIBITZ_STEP std::vector<Move>& successors(int ply, bool expanded) {
    auto& moves = m_moves.at(ply);
    if (expanded)
      m_game.moves(moves);
    else
      moves.clear();
    return moves;
  }

  // A leaf with static value v: counted, reported, left.
  KIBITZ_STEP Score leaf(Score v) {
    ++m_stats.leaves;
    m_sink.evaluate(v);
    m_sink.leave(v, Bound::exact, NodeKind::leaf);
    return v;
  }

  KIBITZ_STEP void expand(int n) {
    m_stats.generated += n;
    m_sink.expand(n);
  }

  // Enters successor m (generation index `index`) with its window, before it is made.
  KIBITZ_STEP void enter_child(int index, Score alpha, Score beta, const Move& m) {
    if constexpr (Sink::enabled) {
      // enter first: no string is alive during that call (with wasm's -fexceptions a call
      // made while a destructor is pending goes through a slow JavaScript trampoline).
      m_sink.enter(index, alpha, beta);
      const std::string label = m_game.move_label(m);
      if (!label.empty()) m_sink.label(label);
    } else {
      (void)index, (void)alpha, (void)beta, (void)m;
    }
  }

  Game& m_game;
  Sink& m_sink;
  MoveStack<Move> m_moves;
  SearchStats m_stats;
};

// A search that takes SearchOptions: a node budget (once spent, open nodes stop searching
// successors and leave with kind unknown; aborted() tells the caller to discard the result)
// and a transposition table (alpha-beta only).
template <class Game, class Sink>
class SearchWithOptions : public SearchBase<Game, Sink> {
 public:
  bool aborted() const { return m_aborted; }
  // The root's best successor by generation index once the root has left (-1: none, or the
  // root was settled by the table): the move a player plays.
  int root_best() const { return m_root_best; }

 protected:
  SearchWithOptions(Game& game, Sink& sink, SearchOptions options)
      : SearchBase<Game, Sink>(game, sink), m_options(options) {}

  KIBITZ_STEP bool budget_spent() {
    if (m_options.node_budget > 0 && this->m_stats.nodes >= m_options.node_budget) m_aborted = true;
    if (stop_requested(m_options.stop)) m_aborted = true;
    return m_aborted;
  }

  // The root (ply 0) starts on its successor k, generation index `index` (UCI's currmove).
  KIBITZ_STEP void root_move(int ply, int index, int k) {
    if (ply == 0 && m_options.on_root_move) m_options.on_root_move(index, k + 1);
  }

  // The root leaves with successor generation index `index` its best (-1: none).
  KIBITZ_STEP void note_root_best(int index) { m_root_best = index; }

  // Leaves a node whose successors did not all finish, with the value it has (its best so
  // far, or 0): the caller discards it.
  KIBITZ_STEP Score leave_unfinished(Score v) {
    this->m_sink.leave(v, Bound::exact, NodeKind::unknown);
    return v;
  }

  // Probes the table (TtSupport::probe); true, with the entry's value and bound, when the
  // entry settles the node, which then only has to leave.
  KIBITZ_STEP bool probe_table(TtSupport<Game, Sink>& tt, int depth, int ply, Score alpha0,
                               Score beta, Criterion c, Score& value, Bound& bound) {
    if (!tt.probe(this->m_game, this->m_sink, m_options.tt, depth, ply, alpha0, beta, c, value,
                  bound, ply > 0 || m_options.settle_root))
      return false;
    ++this->m_stats.tt_cutoffs;
    return true;
  }

  // Probes the table; when its entry settles the node, the node leaves with the entry's value
  // (its kind from the window, its bound the entry's when exact, else the kind's): true, with
  // the value in v.
  KIBITZ_STEP bool settled_by_table(TtSupport<Game, Sink>& tt, int depth, int ply, Score alpha0,
                                    Score beta, Criterion c, Score& v) {
    Bound b;
    if (!probe_table(tt, depth, ply, alpha0, beta, c, v, b)) return false;
    const NodeKind kind = classify_node(v, alpha0, beta, c);
    this->m_sink.leave(v, b == Bound::exact ? Bound::exact : kind_bound(kind), kind);
    return true;
  }

  SearchOptions m_options;
  bool m_aborted = false;
  int m_root_best = -1;
};

}  // namespace kibitz
