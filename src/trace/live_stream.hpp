// A trace that is still arriving: the bytes a recorder streams (record.h's tcp:// paths, relayed
// by `kibitz serve` to the page), kept as they come and read as a trace whenever the viewer
// wants to show what has arrived.
//
// The stream is a .kbz file written as it goes (kbz_file.hpp, header flag "stream"), so the
// file the listener saves it to as it arrives (app/live/spool.hpp) is a normal trace file: whole
// when the recorder closed it, cut short (and opened with a notice) when the engine died. The
// model is made again from the bytes so far on each snapshot; the viewer takes snapshots at a
// rate that keeps their cost a small share of its time (LivePace).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace kibitz::trace {

class LiveStream {
 public:
  // name: where it comes from ("engine 3 at 127.0.0.1:50412"); saved_to: the file it is saved
  // to as it arrives, "" if none (for what the viewer says).
  LiveStream(std::string name, std::string saved_to)
      : m_name(std::move(name)), m_saved_to(std::move(saved_to)) {}

  // Bytes as they arrive, any split. Bytes after the END chunk are an error of the stream.
  void feed(const std::uint8_t* data, std::size_t size);
  // The connection closed: with the END chunk the trace is whole, else it was cut short.
  void end();

  bool ended() const { return m_ended; }
  bool whole() const { return m_end_seen; }
  std::uint64_t bytes() const { return m_bytes.size(); }
  const std::string& name() const { return m_name; }
  const std::string& saved_to() const { return m_saved_to; }
  // Whether chunks completed since the last snapshot (or the stream ended since).
  bool has_news() const;
  // The trace so far: up to the last complete chunk while live; once ended, as a file with
  // these bytes opens (a notice when cut short). Throws InputError naming what is wrong.
  Trace snapshot();

 private:
  void scan_chunks();  // advances m_complete over the chunks that have fully arrived

  std::string m_name;
  std::string m_saved_to;
  std::vector<std::uint8_t> m_bytes;
  std::size_t m_complete = 0;  // bytes up to the end of the last complete chunk (or header)
  std::size_t m_shown = 0;     // m_complete at the last snapshot
  bool m_ended = false, m_end_seen = false, m_shown_ended = false;
};

// When to take the next snapshot: not before `min_gap` seconds since the last, nor before the
// last one's cost times `cost_factor` (so snapshots of a growing trace take at most about
// 1 / (cost_factor + 1) of the time).
struct LivePace {
  double min_gap = 0.1;
  double cost_factor = 3.0;
  double last_at = -1e9, last_cost = 0.0;
  bool due(double now) const {
    return now - last_at >= min_gap && now - last_at >= last_cost * cost_factor;
  }
  void taken(double at, double cost) {
    last_at = at;
    last_cost = cost;
  }
};

}  // namespace kibitz::trace
