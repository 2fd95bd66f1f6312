// The JSON form of a trace (docs/trace-format.md), for other engines to produce and for
// people to read. Strings are written inline; event fields are named per type.
#pragma once

#include <cstdio>
#include <memory>
#include <string>

#include "core/byte_source.hpp"

#include "trace/trace.hpp"

namespace kibitz::trace {

// Version 2 (the default) writes the trace's steps as they are, lean or explicit, and says
// which; version 1 writes every step (a lean trace expanded) and no steps header.
std::string write_trace_json(const Trace& trace, int version = 2);
// The same written to `out` as it goes (a trace of any size in little memory), then a newline.
void write_trace_json(const Trace& trace, int version, std::FILE* out);
// Throws InputError naming the event index and field that is wrong.
Trace read_trace_json(const std::string& text);

// Reads .kbz or JSON, whichever the bytes are.
Trace read_trace_any(const std::uint8_t* data, std::size_t size);
// The same from bytes that stay where they lie (a mapped file, the page's file): a .kbz file's
// events are read from them a page at a time as they are needed (kbz_file.hpp), a JSON trace is
// read whole. `bytes` is kept by the trace's events.
Trace read_trace_source(std::shared_ptr<const ByteSource> bytes);
// A file by its path: mapped into memory, then read_trace_source.
Trace read_trace_file(const std::string& path);

}  // namespace kibitz::trace
