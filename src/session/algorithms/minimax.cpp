// Minimax (search/minimax.hpp) in the registry: node.score for every node, no pruning.
#include "search/minimax.hpp"
#include "session/algorithms/algorithm.hpp"
#include "session/algorithms/driver.hpp"

namespace kibitz {

namespace {

struct MinimaxOnce {
  static constexpr trace::StepRule k_rule = trace::StepRule::minimax;  // lean traces
  template <class Game, class Sink>
  static Outcome once(const SearchSpec&, Game& game, Sink& sink, SearchOptions options, int depth,
                      SearchResult&) {
    Minimax<Game, Sink> s(game, sink, options);
    Outcome o;
    o.value = s.run(depth);
    o.stats = s.stats();
    o.finished = !s.aborted();
    return o;
  }
};

std::vector<SearchSpec> bench() {
  SearchSpec s;
  s.random = RandomTreeParams::parse("b=4,d=8,lo=-100,hi=100,seed=3");
  s.set_algorithm("minimax");
  return {s};
}

}  // namespace

extern const AlgorithmEntry k_minimax_algorithm = [] {
  AlgorithmEntry a;
  a.name = "minimax";
  a.label = "minimax (no pruning)";
  a.noun = "minimax";
  a.summary = "every node searched, node.score for each";
  a.table = TableUse::refuses;
  a.prunes = false;
  a.run = run_depth_first<MinimaxOnce>;
  a.bench = bench;
  return a;
}();

}  // namespace kibitz
