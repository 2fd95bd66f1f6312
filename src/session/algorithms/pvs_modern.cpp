// Principal variation search with a modern program's techniques (search/modern_pvs.hpp): the
// registry's pvs entry runs it when one of its options is on (pvs.cpp), as a search and as a
// player. Its own translation unit: its instantiations for every domain would otherwise slow
// the seed's PVS (see pvs_once.hpp).
#include "search/modern_pvs.hpp"
#include "session/algorithms/driver.hpp"
#include "session/algorithms/play_driver.hpp"
#include "session/algorithms/pvs_once.hpp"

namespace kibitz {

namespace {

struct ModernPvsOnce {
  static int aspiration(const SearchSpec& spec) {
    return static_cast<int>(spec.option_int("aspiration"));
  }
  template <class Game, class Sink>
  static Outcome once(const SearchSpec& spec, Game& game, Sink& sink, SearchOptions options,
                      int depth, SearchResult& out) {
    ModernPvs<Game, Sink> s(game, sink, spec.criterion, techniques_of(spec), options);
    Outcome o;
    o.value = s.run(depth, options.root_alpha, options.root_beta);
    o.stats = s.stats();
    o.finished = !s.aborted();
    if (s.root_best() >= 0) o.pv = {s.root_best()};
    const ModernPvsCounters& c = s.counters();
    const std::pair<const char*, long long> counters[] = {{"probes", c.probes},
                                                          {"researches", c.researches},
                                                          {"null_moves", c.null_moves},
                                                          {"null_move_cuts", c.null_cuts},
                                                          {"reductions", c.reductions},
                                                          {"quiescence_nodes", c.quiescence_nodes},
                                                          {"stand_pat_cuts", c.stand_pat_cuts}};
    for (const auto& x : counters) out.count(x.first, x.second);
    return o;
  }
};

}  // namespace

PvsTechniques techniques_of(const SearchSpec& spec) {
  PvsTechniques t;
  t.quiescence = spec.option_on("quiescence");
  t.null_move = spec.option_on("null_move");
  t.lmr = spec.option_on("lmr");
  return t;
}

bool uses_modern_pvs(const SearchSpec& spec) {
  const PvsTechniques t = techniques_of(spec);
  return t.quiescence || t.null_move || t.lmr || spec.option_int("aspiration") > 0;
}

void run_modern_pvs(const SearchSpec& spec, const RecordOptions& record, SearchResult& out) {
  run_depth_first<ModernPvsOnce>(spec, record, out);
}

MoveChoice choose_modern_pvs(const SearchSpec& spec, const OptionValues& play, const Budget& budget,
                             PlayState& state) {
  return choose_by_deepening<ModernPvsOnce>(spec, play, budget, state);
}

}  // namespace kibitz
