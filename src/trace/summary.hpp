// What a search's report needs from its tree, gathered while it records, in memory that does
// not grow with the search: the evaluated leaves (counted, the first few named), the principal
// variation of the last finished root and the roots. The recorder streams its event chunks here
// (ChunkSink) and gives them back once read, so `kibitz search` without --record reports a
// search of any size in a few megabytes.
//
// The summary reads the full event stream (a lean trace is expanded as it comes) with the
// model's own rules (model.hpp): a successor's index k, a successor searched again (announced
// by a record; the earlier search is superseded), a value modification (penalty), and
// Model::principal_variation's choice of the successor to follow. It keeps only the open nodes
// and the returned successors of each, with their own principal variations.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "trace/chunk_sink.hpp"
#include "trace/trace.hpp"

namespace kibitz::trace {

// An evaluated leaf: its successor indices from the root, the labels along that line (the
// root's left out) and its own label.
struct SummaryLeaf {
  std::vector<int> path;
  std::vector<std::string> line;
  std::string label;
};

// A node of the principal variation: its label ("" when none) and successor index.
struct SummaryStep {
  std::string label;
  int k = 0;
};

struct TreeSummary {
  long long leaves = 0;             // evaluated leaves
  std::vector<SummaryLeaf> listed;  // the first ones, in the order they were evaluated
  std::vector<SummaryStep> pv;      // of the last root that finished; empty when none did
  long long roots = 0;
  long long events = 0;  // of the full stream (a lean trace's expanded)
};

class SummaryStream final : public ChunkSink {
 public:
  // `trace` is the one being recorded (its steps and strings are read); the first `listed`
  // leaves are named.
  SummaryStream(const Trace& trace, std::size_t listed);
  ~SummaryStream() override;
  SummaryStream(const SummaryStream&) = delete;
  SummaryStream& operator=(const SummaryStream&) = delete;

  void write_chunk(const Trace& trace, std::size_t i) override;
  std::size_t chunks_written() const override { return m_chunks; }
  // Reads the events the recorder still holds (those of no chunk written yet) and ends.
  // Throws InputError naming the event when the stream breaks the model's rules.
  TreeSummary finish(const Trace& trace);

 private:
  void take(const Trace& trace, std::size_t from, std::size_t to);
  struct Reader;
  std::unique_ptr<Reader> m_reader;
  std::size_t m_chunks = 0;
};

// The same summary from a whole trace in memory (tests compare the two readings).
TreeSummary summarize(const Trace& trace, std::size_t listed);

}  // namespace kibitz::trace
