// Alpha-beta as search! in 000_... (search/alphabeta.hpp) in the registry.
#include "search/alphabeta.hpp"
#include "session/algorithms/algorithm.hpp"
#include "session/algorithms/alphabeta_once.hpp"
#include "session/algorithms/driver.hpp"

namespace kibitz {

namespace {

// The bench's first searches (the signature's oldest part): uniform and random trees.
std::vector<SearchSpec> bench() {
  std::vector<SearchSpec> cases;
  for (int seed = 1; seed <= 6; ++seed) {
    SearchSpec a;
    a.random = RandomTreeParams::parse("b=5,d=10,lo=-16383,hi=16384,seed=" + std::to_string(seed));
    a.set_algorithm("alphabeta");
    a.criterion = Criterion::gt;
    cases.push_back(a);
    SearchSpec b;
    b.random =
        RandomTreeParams::parse("B=9,root=5,d=10,lo=-32767,hi=32768,seed=" + std::to_string(seed));
    b.set_algorithm("alphabeta");
    b.criterion = Criterion::ge;
    cases.push_back(b);
  }
  SearchSpec textbook;
  textbook.tree = "((3 12 8) (2 4 6) (14 5 2))";
  cases.push_back(textbook);
  return cases;
}

}  // namespace

extern const AlgorithmEntry k_alphabeta_algorithm = [] {
  AlgorithmEntry a;
  a.name = "alphabeta";
  a.label = "alpha-beta (fail-soft)";
  a.noun = "alpha-beta";
  a.summary = "search! as the seed writes it, with the cutoff criterion > or >=";
  a.table = TableUse::transpositions;
  a.run = run_depth_first<AlphaBetaOnce>;
  a.bench = bench;
  a.choose = choose_alphabeta;
  a.play_defaults = "depth=4,tt=65536";
  a.uci_defaults = "depth=6,criterion=ge";
  return a;
}();

}  // namespace kibitz
