// The bench: a fixed set of searches timed without and with recording. Its signature is the
// total node count of the set, which a test checks, natively and in wasm, so any change to
// what the searches visit shows up (Stockfish's "bench signature").
#pragma once

#include <string>
#include <vector>

#include "app/search_spec.hpp"

namespace kibitz {

std::vector<SearchSpec> bench_cases();

struct BenchFigures {
  long long signature = 0;  // total nodes of the set
  long long nodes = 0;      // nodes per round (= signature)
  long long leaves = 0;
  double seconds_unrecorded = 0;  // best of the rounds
  double seconds_recorded = 0;
  long long events = 0;
  long long trace_bytes = 0;  // .kbz bytes of all the traces
  double bytes_per_event = 0;
  int rounds = 0;
};

// Total nodes of the bench set, searched once without recording.
long long bench_signature();
BenchFigures run_bench(int rounds);

}  // namespace kibitz
