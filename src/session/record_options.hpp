// How a search keeps its trace: off, in memory, streamed to a file, read into a summary as it
// records; and the limits and the stop flag that end a recording search.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace kibitz {

// Whether a search keeps its trace: off, on (lean where a rule derives the steps), or verbose
// (every step as its own event).
enum class Recording : std::uint8_t { off, on, verbose };

struct RecordOptions {
  Recording mode = Recording::off;
  // A .kbz file the trace is written to as it is recorded ("": kept in memory only). Once
  // the trace outgrows memory_chunks event chunks, only its last chunks stay in memory.
  std::string stream;
  std::size_t memory_chunks = 16;  // 16 MiB of events
  // Read the trace as it records into SearchResult::tree (what the text report shows of the
  // tree), so the report needs no model: with memory_chunks small, a search of any size
  // reports in bounded memory.
  bool summary = false;
  std::size_t summary_leaves = 64;  // leaves the summary names (it counts them all)
  // Set from another thread (Cancel), the search stops as when a node budget is spent and the
  // part searched is kept; a recording that reaches max_events events or max_nodes nodes (0: no
  // limit) sets it itself (checked per event chunk).
  std::atomic<bool>* stop = nullptr;
  std::size_t max_events = 0, max_nodes = 0;
  // Called per event chunk recorded, with the events and nodes so far (a search's progress).
  std::function<void(std::size_t events, std::size_t nodes)> progress;
};

}  // namespace kibitz
