// The JSON form of a trace (docs/trace-format.md), for other engines to produce and for
// people to read. Strings are written inline; event fields are named per type.
#pragma once

#include <string>

#include "trace/trace.hpp"

namespace kibitz::trace {

// Version 2 (the default) writes the trace's steps as they are, lean or explicit, and says
// which; version 1 writes every step (a lean trace expanded) and no steps header.
std::string write_trace_json(const Trace& trace, int version = 2);
// Throws InputError naming the event index and field that is wrong.
Trace read_trace_json(const std::string& text);

// Reads .kbz or JSON, whichever the bytes are.
Trace read_trace_any(const std::uint8_t* data, std::size_t size);

}  // namespace kibitz::trace
