// The bench signature and byte-identical traces: the same numbers natively and in wasm.
#include <doctest/doctest.h>

#include "session/bench.hpp"
#include "session/run.hpp"
#include "trace/kbz_file.hpp"

using namespace kibitz;

TEST_CASE("bench signature") {
  // The node count of each algorithm's bench searches. It changes only when a search or a tree
  // generator changes what it visits; update it then, on purpose, in the same commit. (An
  // algorithm added later checks its own part in its own tests.)
  const BenchSignature sig = bench_signature_parts();
  CHECK(sig.classic == 1948362);  // minimax, alpha-beta and bounds: the bench before wave 2
  auto part = [&](const char* algo) {
    for (const auto& [name, nodes] : sig.by_algorithm) {
      if (name == algo) return nodes;
    }
    return -1LL;
  };
  CHECK(part("minimax") == 87381);
  CHECK(part("alphabeta") == 1806131);
  CHECK(part("alphabeta-bounds") == 54850);
  CHECK(part("forward-estimation") == 26087);
  CHECK(part("greenblatt") == 3276);
  CHECK(part("interest") == 34194);
  long long total = 0;
  for (const auto& [name, nodes] : sig.by_algorithm) total += nodes;
  CHECK(sig.total == total);
}

TEST_CASE("the same search gives the same .kbz bytes on every platform") {
  // The checksum of fixed recordings; this test runs natively and in wasm against one value.
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const SearchSpec& s : bench_cases()) {
    if (!is_classic_bench_case(s) || (s.random && s.random->d > 8)) continue;  // keep it quick
    const auto bytes = trace::write_kbz(run_search(s, true).trace);
    h = trace::fnv1a64(bytes.data(), bytes.size(), h);
  }
  MESSAGE("trace checksum " << h);
  CHECK(h == 11034791597695070051ull);  // the classic cases, in the registry's order (format 2)
}
