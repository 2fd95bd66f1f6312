// Principal variation search (search/pvs.hpp) in the registry: alpha-beta's options and table,
// its probes and re-searches counted in the report.
#include "search/pvs.hpp"
#include "session/algorithms/algorithm.hpp"
#include "session/algorithms/driver.hpp"
#include "session/algorithms/pvs_once.hpp"
#include "trace/json_text.hpp"

namespace kibitz {

namespace {

void report_json(JsonWriter& j, const SearchResult& r, const trace::Model&) {
  j.key("pvs");
  j.begin_object();
  j.key("probes");
  j.number(r.counter("probes"));
  j.key("researches");
  j.number(r.counter("researches"));
  j.end_object();
}

void report_text(std::ostream& o, const SearchResult& r) {
  o << "principal variation search: " << r.counter("probes") << " zero-window probes, "
    << r.counter("researches") << " re-searched\n";
}

// Alpha-beta's uniform and random trees (its bench) with two seeds each.
std::vector<SearchSpec> bench() {
  std::vector<SearchSpec> cases;
  for (int seed = 1; seed <= 2; ++seed) {
    SearchSpec a;
    a.random = RandomTreeParams::parse("b=5,d=10,lo=-16383,hi=16384,seed=" + std::to_string(seed));
    a.set_algorithm("pvs");
    cases.push_back(a);
    SearchSpec b;
    b.random =
        RandomTreeParams::parse("B=9,root=5,d=10,lo=-32767,hi=32768,seed=" + std::to_string(seed));
    b.set_algorithm("pvs");
    b.criterion = Criterion::ge;
    cases.push_back(b);
  }
  return cases;
}

}  // namespace

extern const AlgorithmEntry k_pvs_algorithm = [] {
  AlgorithmEntry a;
  a.name = "pvs";
  a.label = "principal variation search (zero windows)";
  a.noun = "principal variation search";
  a.summary = "search! probing every successor after the first with a zero window";
  a.table = TableUse::transpositions;
  a.run = run_depth_first<PvsOnce>;
  a.report_json = report_json;
  a.report_text = report_text;
  a.choose = choose_pvs;
  a.play_defaults = "depth=4,tt=65536";
  a.uci_defaults = "depth=6,criterion=ge";
  a.bench = bench;
  return a;
}();

}  // namespace kibitz
