// Alpha-beta returning bounds (search/alphabeta_bounds.hpp) in the registry.
#include "search/alphabeta_bounds.hpp"
#include "session/algorithms/algorithm.hpp"
#include "session/algorithms/driver.hpp"

namespace kibitz {

namespace {

struct BoundsOnce {
  static constexpr trace::StepRule k_rule = trace::StepRule::alphabeta_bounds;  // lean traces
  template <class Game, class Sink>
  static Outcome once(const SearchSpec& spec, Game& game, Sink& sink, SearchOptions options,
                      int depth, SearchResult&) {
    AlphaBetaBounds<Game, Sink> s(game, sink, spec.criterion, options);
    const ScoreBound r = s.run(depth);
    Outcome o;
    o.value = r.value;
    o.bound = r.bound;
    o.stats = s.stats();
    o.finished = !s.aborted();
    return o;
  }
};

std::vector<SearchSpec> bench() {
  SearchSpec s;
  s.random = RandomTreeParams::parse("b=6,d=8,lo=-8,hi=8,seed=7");
  s.set_algorithm("alphabeta-bounds");
  s.criterion = Criterion::ge;
  return {s};
}

}  // namespace

extern const AlgorithmEntry k_alphabeta_bounds_algorithm = [] {
  AlgorithmEntry a;
  a.name = "alphabeta-bounds";
  a.label = "alpha-beta returning bounds";
  a.noun = "alpha-beta returning bounds";
  a.summary = "search with invert and join: every return says exact, lower or upper";
  a.table = TableUse::transpositions;
  a.value_bound = true;
  a.run = run_depth_first<BoundsOnce>;
  a.bench = bench;
  return a;
}();

}  // namespace kibitz
