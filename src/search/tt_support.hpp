// The transposition table as the alpha-beta searches use it: probe on entry (a stored result
// deep enough and conclusive for this window settles the node), the stored best move tried
// first, the result stored on the way out. Every probe and store is reported to the sink.
#pragma once

#include <algorithm>
#include <vector>

#include "core/criterion.hpp"
#include "core/node_kind.hpp"
#include "search/inline.hpp"
#include "search/search_options.hpp"
#include "search/sink/table_records.hpp"

namespace kibitz {

template <class Game, class Sink>
class TtSupport {
 public:
  static constexpr bool k_usable = has_key<Game>::value;

  // Probes the table for the current position. Returns true when the entry settles the
  // node: its value (fail-soft, from the side to move) and the bound it carries; with
  // may_settle false the entry only orders the moves (a player's root, which needs a move).
  // Without a table (the common case) it costs a comparison: the probe itself is out of line.
  KIBITZ_STEP bool probe(Game& game, Sink& sink, TranspositionTable* tt, int depth, int ply,
                         Score alpha0, Score beta, Criterion c, Score& value, Bound& bound,
                         bool may_settle = true) {
    m_best = -1;
    m_first = -1;
    if constexpr (k_usable) {
      if (!tt || depth <= 0) return false;
      return probe_entry(game, sink, tt, depth, ply, alpha0, beta, c, value, bound, may_settle);
    }
    return false;
  }

  // Puts the stored best move first, keeping the others in generation order.
  template <class Move>
  KIBITZ_STEP void order(std::vector<Move>& moves) {
    m_first = -1;
    if (m_best > 0 && m_best < static_cast<int>(moves.size())) {
      std::rotate(moves.begin(), moves.begin() + m_best, moves.begin() + m_best + 1);
      m_first = m_best;
    }
  }
  // The generation index of the k-th move searched.
  KIBITZ_STEP int generation_index(int k) const {
    if (m_first < 0) return k;
    if (k == 0) return m_first;
    return k <= m_first ? k - 1 : k;
  }

  KIBITZ_STEP void store(Game& game, Sink& sink, TranspositionTable* tt, int depth, int ply,
                         Score value, Bound bound, int best_k) {
    if constexpr (k_usable) {
      if (!tt || depth <= 0) return;
      store_entry(game, sink, tt, depth, ply, value, bound, best_k);
    }
  }

 private:
  bool probe_entry(Game& game, Sink& sink, TranspositionTable* tt, int depth, int ply, Score alpha0,
                   Score beta, Criterion c, Score& value, Bound& bound, bool may_settle) {
    if constexpr (k_usable) {
      TtEntry e;
      if (!tt->probe(game.key(), ply, e)) {
        sink.record(TableProbeRecord{});
        return false;
      }
      m_best = e.best;
      const bool deep = may_settle && e.depth >= depth;
      const bool settles = deep && (e.bound == Bound::exact ||
                                    (e.bound == Bound::lower && causes_cutoff(e.value, beta, c)) ||
                                    (e.bound == Bound::upper &&
                                     (c == Criterion::gt ? e.value < alpha0 : e.value <= alpha0)));
      sink.record(TableProbeRecord{settles ? TtProbe::cutoff : TtProbe::move, e.depth, e.value,
                                   e.best, e.bound});
      if (settles) {
        value = e.value;
        bound = e.bound;
        return true;
      }
    }
    return false;
  }

  void store_entry(Game& game, Sink& sink, TranspositionTable* tt, int depth, int ply, Score value,
                   Bound bound, int best_k) {
    if constexpr (k_usable) {
      const int best = best_k >= 0 ? generation_index(best_k) : -1;
      tt->store(game.key(), ply, depth, value, bound, best);
      sink.record(TableStoreRecord{depth, value, best, bound});
    }
  }

  int m_best = -1;   // the entry's best move (generation index)
  int m_first = -1;  // which generation index was moved to the front, if any
};

}  // namespace kibitz
