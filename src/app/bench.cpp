#include "app/bench.hpp"

#include <algorithm>
#include <chrono>

#include "app/runner.hpp"
#include "trace/kbz_file.hpp"

namespace kibitz {

std::vector<SearchSpec> bench_cases() {
  std::vector<SearchSpec> cases;
  auto random = [&](const char* params, Algorithm a, Criterion c) {
    SearchSpec s;
    s.random = RandomTreeParams::parse(params);
    s.algo = a;
    s.criterion = c;
    cases.push_back(s);
  };
  for (int seed = 1; seed <= 6; ++seed) {
    random(("b=5,d=10,lo=-16383,hi=16384,seed=" + std::to_string(seed)).c_str(),
           Algorithm::alphabeta, Criterion::gt);
    random(("B=9,root=5,d=10,lo=-32767,hi=32768,seed=" + std::to_string(seed)).c_str(),
           Algorithm::alphabeta, Criterion::ge);
  }
  random("b=4,d=8,lo=-100,hi=100,seed=3", Algorithm::minimax, Criterion::gt);
  random("b=6,d=8,lo=-8,hi=8,seed=7", Algorithm::alphabeta_bounds, Criterion::ge);
  SearchSpec textbook;
  textbook.tree = "((3 12 8) (2 4 6) (14 5 2))";
  cases.push_back(textbook);
  return cases;
}

long long bench_signature() {
  long long nodes = 0;
  for (const SearchSpec& s : bench_cases()) nodes += run_search(s, false).stats.nodes;
  return nodes;
}

BenchFigures run_bench(int rounds) {
  using Clock = std::chrono::steady_clock;
  const std::vector<SearchSpec> cases = bench_cases();
  BenchFigures f;
  f.rounds = rounds;
  f.seconds_unrecorded = f.seconds_recorded = 1e30;
  for (int r = 0; r < rounds; ++r) {
    // Unrecorded and recorded alternate so that both see the same machine conditions.
    long long nodes = 0, leaves = 0;
    auto t0 = Clock::now();
    for (const SearchSpec& s : cases) {
      const SearchResult res = run_search(s, false);
      nodes += res.stats.nodes;
      leaves += res.stats.leaves;
    }
    auto t1 = Clock::now();
    long long events = 0, bytes = 0;
    double recorded = 0;
    for (const SearchSpec& s : cases) {
      auto a = Clock::now();
      const SearchResult res = run_search(s, true);
      recorded += std::chrono::duration<double>(Clock::now() - a).count();
      events += static_cast<long long>(res.trace.events.size());
      if (r == 0) bytes += static_cast<long long>(trace::write_kbz(res.trace).size());
    }
    f.seconds_unrecorded =
        std::min(f.seconds_unrecorded, std::chrono::duration<double>(t1 - t0).count());
    f.seconds_recorded = std::min(f.seconds_recorded, recorded);
    f.nodes = f.signature = nodes;
    f.leaves = leaves;
    f.events = events;
    if (r == 0) f.trace_bytes = bytes;
  }
  f.bytes_per_event =
      f.events ? static_cast<double>(f.trace_bytes) / static_cast<double>(f.events) : 0;
  return f;
}

}  // namespace kibitz
