// What a search reports as it runs. Every search is a template over a Sink; NullSink turns
// every report into nothing, so an unrecorded search pays nothing (the calls inline away and
// `if constexpr (Sink::enabled)` skips the work of building labels and position texts).
// trace::Recorder is the sink that records; the event each call makes is in trace/event.hpp.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/bound.hpp"
#include "core/node_kind.hpp"
#include "core/score.hpp"
#include "search/interest_report.hpp"
#include "search/search_options.hpp"

namespace kibitz {

// One forward-estimation test (search/forward_estimation.hpp), in the report's terms: values
// from MAX's point of view (the side to move at the search root). A MIN root (its parent is
// MAX) is pruned when c + u'*d <= alpha, a MAX root when c + l'*d >= beta (< and > with the
// criterion >). estimate is the side of [c + l'*d, c + u'*d] tested; window is alpha or beta.
struct FeTestReport {
  int move_index = 0;  // the successor's index in the game's generation order
  bool pruned = false;
  bool max_root = false;  // the successor is a MAX node: the test is estimate >= beta
  bool strict = false;    // criterion >: the test is < alpha or > beta
  Score c = 0, l = 0, u = 0, estimate = 0, window = 0;
  int d = 0;  // the depth of the subtree below the successor
};

struct NullSink {
  static constexpr bool enabled = false;
  bool wants_positions() const { return false; }

  void iteration_begin(int, Score) {}
  void iteration_end(int, Score) {}
  // A node is entered with its window; move_index is the move's place in the game's
  // generation order (the search may order moves differently).
  void enter(int, Score, Score) {}
  void label(std::string_view) {}
  void position(std::string_view) {}
  void expand(int) {}
  void evaluate(Score) {}
  void child_return(int, Score, Bound) {}
  void best_set(int, Score, Bound) {}
  void alpha_set(int, Score, bool) {}
  void cutoff(int, Score) {}
  void leave(Score, Bound, NodeKind) {}
  // Transposition table: what a probe found (depth -1 on a miss), what was stored.
  void tt_probe(TtProbe, int, Score, int, Bound) {}
  void tt_store(int, Score, int, Bound) {}
  void fe_test(const FeTestReport&) {}  // forward estimation tested a successor
  // Greenblatt search (trace/event.hpp: plausibility, feedover, capture_search) and the payload
  // of extra integers that follows an event.
  void plausibility(std::uint8_t, std::uint16_t, std::int32_t, std::int32_t) {}
  void feedover(std::uint8_t, std::uint16_t, std::int32_t, std::int32_t) {}
  void capture_search(std::uint8_t, std::int32_t, std::int32_t) {}
  void payload(std::uint32_t, std::int32_t, std::int32_t) {}
  // Interest search (search/interest.hpp): a move rated, a move's net cost as it comes up.
  void interest_rating(const InterestRatingReport&) {}
  void interest_move(const InterestMoveReport&) {}
};

// The counters every search keeps, recorded or not.
struct SearchStats {
  long long nodes = 0;   // nodes entered (search! calls), the root included
  long long leaves = 0;  // static evaluations
  long long cutoffs = 0;
  long long generated = 0;   // successors generated (the count of every expanded move list)
  long long tt_cutoffs = 0;  // nodes settled by the transposition table
  long long fe_prunes = 0;   // forward estimation: successors pruned before being entered
};

// "Nodes generated" as 002_... counts them: successors are generated one at a time, so a
// node counts once it is reached (entered, or tested and pruned by forward estimation); the
// search roots are not counted. For one root with 5 successors searched to depth 1 it is 5.
inline long long nodes_generated(const SearchStats& s, long long roots = 1) {
  return s.nodes - roots + s.fe_prunes;
}

}  // namespace kibitz
