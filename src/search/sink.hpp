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
#include "search/search_options.hpp"

namespace kibitz {

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
  // Greenblatt search (trace/event.hpp: plausibility, feedover, capture_search) and the payload
  // of extra integers that follows an event.
  void plausibility(std::uint8_t, std::uint16_t, std::int32_t, std::int32_t) {}
  void feedover(std::uint8_t, std::uint16_t, std::int32_t, std::int32_t) {}
  void capture_search(std::uint8_t, std::int32_t, std::int32_t) {}
  void payload(std::uint32_t, std::int32_t, std::int32_t) {}
};

// The counters every search keeps, recorded or not.
struct SearchStats {
  long long nodes = 0;   // nodes entered (search! calls), the root included
  long long leaves = 0;  // static evaluations
  long long cutoffs = 0;
  long long generated = 0;  // successors generated (the count of every expanded move list)
  long long tt_cutoffs = 0;  // nodes settled by the transposition table
};

}  // namespace kibitz
