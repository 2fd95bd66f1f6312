// The bench: every algorithm's searches (its registry entry's `bench`), timed without and with
// recording. Its signature is the total node count of the set, which a test checks, natively
// and in wasm, so any change to what the searches visit shows up (Stockfish's "bench
// signature"). The signature's classic part is that of minimax, alpha-beta and alpha-beta with
// bounds, the bench before the other algorithms joined it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "session/search_spec.hpp"

namespace kibitz {

std::vector<SearchSpec> bench_cases();  // in the registry's order
bool is_classic_bench_case(const SearchSpec& spec);

struct BenchSignature {
  long long total = 0;                                          // nodes of every case
  long long classic = 0;                                        // nodes of the classic cases
  std::vector<std::pair<std::string, long long>> by_algorithm;  // registry order
};
BenchSignature bench_signature_parts();  // each case searched once without recording
long long bench_signature();

// One algorithm's searches: nodes, events and the best round's times.
struct BenchPart {
  std::string algo;
  long long nodes = 0, leaves = 0, events = 0, trace_bytes = 0;
  double seconds_unrecorded = 0, seconds_recorded = 0;
  // Adds another part's counts and times (a total over parts).
  void add(const BenchPart& p) {
    nodes += p.nodes;
    leaves += p.leaves;
    events += p.events;
    trace_bytes += p.trace_bytes;
    seconds_unrecorded += p.seconds_unrecorded;
    seconds_recorded += p.seconds_recorded;
  }
};

struct BenchFigures {
  BenchSignature signature;
  std::vector<BenchPart> parts;  // per algorithm, registry order
  long long nodes = 0;           // nodes per round (= signature.total)
  long long leaves = 0;
  double seconds_unrecorded = 0;  // the parts' best rounds, summed
  double seconds_recorded = 0;
  long long events = 0;
  long long trace_bytes = 0;  // .kbz bytes of all the traces
  double bytes_per_event = 0;
  int rounds = 0;
};

BenchFigures run_bench(int rounds);

}  // namespace kibitz
