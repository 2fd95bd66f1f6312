#include "app/bench.hpp"

#include <algorithm>
#include <chrono>

#include "app/runner.hpp"
#include "trace/kbz_file.hpp"

namespace kibitz {

std::vector<SearchSpec> bench_cases() {
  std::vector<SearchSpec> cases;
  for (const AlgorithmEntry* a : algorithms()) {
    if (!a->bench) continue;
    for (SearchSpec& s : a->bench()) cases.push_back(std::move(s));
  }
  return cases;
}

bool is_classic_bench_case(const SearchSpec& spec) {
  return spec.algo == "minimax" || spec.algo == "alphabeta" || spec.algo == "alphabeta-bounds";
}

BenchSignature bench_signature_parts() {
  BenchSignature sig;
  for (const SearchSpec& s : bench_cases()) {
    const long long nodes = run_search(s, false).stats.nodes;
    sig.total += nodes;
    if (is_classic_bench_case(s)) sig.classic += nodes;
    if (sig.by_algorithm.empty() || sig.by_algorithm.back().first != s.algo)
      sig.by_algorithm.emplace_back(s.algo, 0);
    sig.by_algorithm.back().second += nodes;
  }
  return sig;
}

long long bench_signature() {
  return bench_signature_parts().total;
}

BenchFigures run_bench(int rounds) {
  using Clock = std::chrono::steady_clock;
  const std::vector<SearchSpec> cases = bench_cases();
  BenchFigures f;
  f.rounds = rounds;
  f.seconds_unrecorded = f.seconds_recorded = 1e30;
  f.signature = bench_signature_parts();
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
    f.nodes = nodes;
    f.leaves = leaves;
    f.events = events;
    if (r == 0) f.trace_bytes = bytes;
  }
  f.bytes_per_event =
      f.events ? static_cast<double>(f.trace_bytes) / static_cast<double>(f.events) : 0;
  return f;
}

}  // namespace kibitz
