// Principal variation search's one search at a depth (driver.hpp's Once), shared by its registry
// entry (pvs.cpp) and its player (pvs_play.cpp). The player is compiled on its own: in the search's
// translation unit its extra instantiations made GCC stop inlining the game into the search (11-13%
// slower searches, measured with kibitz bench).
#pragma once

#include "search/modern_pvs.hpp"
#include "search/pvs.hpp"
#include "session/algorithms/driver.hpp"
#include "session/play.hpp"

namespace kibitz {

struct PvsOnce {
  static constexpr trace::StepRule k_rule = trace::StepRule::pvs;  // lean traces
  template <class Game, class Sink>
  static Outcome once(const SearchSpec& spec, Game& game, Sink& sink, SearchOptions options,
                      int depth, SearchResult& out) {
    Pvs<Game, Sink> s(game, sink, spec.criterion, options);
    Outcome o;
    o.value = s.run(depth);
    o.stats = s.stats();
    o.finished = !s.aborted();
    if (s.root_best() >= 0) o.pv = {s.root_best()};
    out.count("probes", s.probes());
    out.count("researches", s.researches());
    return o;
  }
};

// The modern techniques (search/modern_pvs.hpp, pvs_modern.cpp): which the spec's options turn
// on, whether any is (aspiration included), and the search and the player that use them.
PvsTechniques techniques_of(const SearchSpec& spec);
bool uses_modern_pvs(const SearchSpec& spec);
void run_modern_pvs(const SearchSpec& spec, const RecordOptions& record, SearchResult& out);
MoveChoice choose_modern_pvs(const SearchSpec& spec, const OptionValues& play, const Budget& budget,
                             PlayState& state);

// The registry's `choose` (pvs_play.cpp).
MoveChoice choose_pvs(const SearchSpec& spec, const OptionValues& play, const Budget& budget,
                      PlayState& state);

}  // namespace kibitz
