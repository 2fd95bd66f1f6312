// The bench signature and byte-identical traces: the same numbers natively and in wasm.
#include <doctest/doctest.h>

#include "app/bench.hpp"
#include "app/runner.hpp"
#include "trace/kbz_file.hpp"

using namespace kibitz;

TEST_CASE("bench signature") {
  // The total node count of the bench set. It changes only when a search or a tree generator
  // changes what it visits; update it then, on purpose, in the same commit.
  CHECK(bench_signature() == 1948362);
}

TEST_CASE("the same search gives the same .kbz bytes on every platform") {
  // The checksum of fixed recordings; this test runs natively and in wasm against one value.
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const SearchSpec& s : bench_cases()) {
    if (s.random && s.random->d > 8) continue;  // keep it quick
    const auto bytes = trace::write_kbz(run_search(s, true).trace);
    h = trace::fnv1a64(bytes.data(), bytes.size(), h);
  }
  MESSAGE("trace checksum " << h);
  CHECK(h == 6809791538370361414ull);
}
