// Where a recorder sends its trace while the search runs (RecorderBase::stream_to): each full
// event chunk as it is sealed, so the recorder may give the chunk's memory back. A .kbz file
// written as the search goes (KbzStream) and the report's running summary (summary.hpp) are
// the two consumers.
#pragma once

#include <cstddef>

#include "trace/trace.hpp"

namespace kibitz::trace {

class ChunkSink {
 public:
  virtual ~ChunkSink() = default;
  // Takes event chunk i of trace (the next one: chunks come in order, each whole).
  virtual void write_chunk(const Trace& trace, std::size_t i) = 0;
  virtual std::size_t chunks_written() const = 0;
};

}  // namespace kibitz::trace
