#include "session/bench.hpp"

#include <algorithm>
#include <chrono>

#include "session/run.hpp"
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

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// One round: every case unrecorded then recorded, timed per algorithm.
std::vector<BenchPart> bench_round(const std::vector<SearchSpec>& cases, bool count_bytes) {
  std::vector<BenchPart> parts;
  for (const SearchSpec& s : cases) {
    if (parts.empty() || parts.back().algo != s.algo) parts.push_back(BenchPart{s.algo});
    BenchPart& p = parts.back();
    auto start = Clock::now();
    const SearchResult plain = run_search(s, false);
    p.seconds_unrecorded += seconds_since(start);
    p.nodes += plain.stats.nodes;
    p.leaves += plain.stats.leaves;
    start = Clock::now();
    const SearchResult recorded = run_search(s, true);
    p.seconds_recorded += seconds_since(start);
    p.events += static_cast<long long>(recorded.trace.events.size());
    if (count_bytes)
      p.trace_bytes += static_cast<long long>(trace::write_kbz(recorded.trace).size());
  }
  return parts;
}

}  // namespace

BenchFigures run_bench(int rounds) {
  const std::vector<SearchSpec> cases = bench_cases();
  BenchFigures f;
  f.rounds = rounds;
  f.signature = bench_signature_parts();
  for (int r = 0; r < rounds; ++r) {
    // Each algorithm's best round, unrecorded and recorded (they alternate, case by case, so
    // both see the same machine conditions).
    const std::vector<BenchPart> round = bench_round(cases, r == 0);
    if (r == 0) {
      f.parts = round;
      continue;
    }
    for (std::size_t i = 0; i < round.size(); ++i) {
      f.parts[i].seconds_unrecorded =
          std::min(f.parts[i].seconds_unrecorded, round[i].seconds_unrecorded);
      f.parts[i].seconds_recorded =
          std::min(f.parts[i].seconds_recorded, round[i].seconds_recorded);
    }
  }
  for (const BenchPart& p : f.parts) {
    f.nodes += p.nodes;
    f.leaves += p.leaves;
    f.events += p.events;
    f.trace_bytes += p.trace_bytes;
    f.seconds_unrecorded += p.seconds_unrecorded;
    f.seconds_recorded += p.seconds_recorded;
  }
  f.bytes_per_event =
      f.events ? static_cast<double>(f.trace_bytes) / static_cast<double>(f.events) : 0;
  return f;
}

}  // namespace kibitz
