// Alpha-beta's one search at a depth (driver.hpp's Once), shared by its registry entry
// (alphabeta.cpp) and its player (alphabeta_play.cpp). The player is compiled on its own: in the
// search's translation unit its extra instantiations made GCC stop inlining the game into the
// search (11-13% slower searches, measured with kibitz bench).
#pragma once

#include "search/alphabeta.hpp"
#include "session/algorithms/driver.hpp"
#include "session/play.hpp"

namespace kibitz {

struct AlphaBetaOnce {
  static constexpr trace::StepRule k_rule = trace::StepRule::alphabeta;  // lean traces
  template <class Game, class Sink>
  static Outcome once(const SearchSpec& spec, Game& game, Sink& sink, SearchOptions options,
                      int depth, SearchResult&) {
    AlphaBeta<Game, Sink> s(game, sink, spec.criterion, options);
    Outcome o;
    o.value = s.run(depth);
    o.stats = s.stats();
    o.finished = !s.aborted();
    if (s.root_best() >= 0) o.pv = {s.root_best()};
    return o;
  }
};

// The registry's `choose` (alphabeta_play.cpp).
MoveChoice choose_alphabeta(const SearchSpec& spec, const OptionValues& play, const Budget& budget,
                            PlayState& state);

}  // namespace kibitz
