// The JSON form of a trace (docs/trace-format.md), for other engines to produce and for
// people to read. Strings are written inline; event fields are named per type.
#pragma once

#include <string>

#include "trace/trace.hpp"

namespace kibitz::trace {

std::string write_trace_json(const Trace& trace);
// Throws InputError naming the event index and field that is wrong.
Trace read_trace_json(const std::string& text);

// Reads .kbz or JSON, whichever the bytes are.
Trace read_trace_any(const std::uint8_t* data, std::size_t size);

}  // namespace kibitz::trace
