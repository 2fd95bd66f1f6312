// The sink interface: what a search reports as it runs. It is the one boundary between the
// searches and everything that reads what they did (the trace layer implements it and may
// include this folder, nothing else of search/).
//
// Every search is a template over a Sink. The steps of search! (000_...) have a method each;
// everything an extension adds (the transposition table, forward estimation, interest search,
// the Greenblatt program, principal variation search) is a typed record passed to record():
// the structs in this folder, each encoded by the trace layer as one event and a declared
// number of payload events (trace/records/).
//
// NullSink turns every report into nothing, so an unrecorded search pays nothing: the calls
// inline away and `if constexpr (Sink::enabled)` skips the work of building labels, position
// texts and records. trace::Recorder is the sink that records.
#pragma once

#include <string_view>

#include "core/bound.hpp"
#include "core/node_kind.hpp"
#include "core/score.hpp"

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
  // An extension's typed record (table_records.hpp, fe_records.hpp, ...), about the node
  // being searched.
  template <class Record>
  void record(const Record&) {}
};

// The counters every search keeps, recorded or not.
struct SearchStats {
  long long nodes = 0;   // nodes entered (search! calls), the root included
  long long leaves = 0;  // static evaluations
  long long cutoffs = 0;
  long long generated = 0;   // successors generated (the count of every expanded move list)
  long long tt_cutoffs = 0;  // nodes settled by the transposition table
  long long fe_prunes = 0;   // forward estimation: successors pruned before being entered
  long long researches = 0;  // principal variation search: zero-window probes searched again
};

// "Nodes generated" as 002_... counts them: successors are generated one at a time, so a
// node counts once it is reached (entered, or tested and pruned by forward estimation); the
// search roots are not counted. For one root with 5 successors searched to depth 1 it is 5.
inline long long nodes_generated(const SearchStats& s, long long roots = 1) {
  return s.nodes - roots + s.fe_prunes;
}

}  // namespace kibitz
