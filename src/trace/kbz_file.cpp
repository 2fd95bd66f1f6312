#include "trace/kbz_file.hpp"

#include <algorithm>
#include <cstring>

#include "core/error.hpp"
#include "trace/derive.hpp"
#include "trace/derive_returns.hpp"
#include "trace/json_text.hpp"
#include "trace/kbz_layout.hpp"
#include "trace/records/records.hpp"

namespace kibitz::trace {

namespace {

using namespace kbz;

std::uint32_t steps_flags(const Steps& s) {
  return static_cast<std::uint32_t>(s.rule) | (s.criterion == Criterion::ge ? k_flag_ge : 0) |
         (s.lean ? k_flag_lean : 0);
}

// Little-endian bytes into a growing buffer.
class Bytes {
 public:
  void u8(std::uint8_t v) { m_out.push_back(v); }
  void u16(std::uint16_t v) {
    u8(static_cast<std::uint8_t>(v));
    u8(static_cast<std::uint8_t>(v >> 8));
  }
  void u32(std::uint32_t v) {
    u16(static_cast<std::uint16_t>(v));
    u16(static_cast<std::uint16_t>(v >> 16));
  }
  void u64(std::uint64_t v) {
    u32(static_cast<std::uint32_t>(v));
    u32(static_cast<std::uint32_t>(v >> 32));
  }
  void bytes(const void* p, std::size_t n) {
    const auto* b = static_cast<const std::uint8_t*>(p);
    m_out.insert(m_out.end(), b, b + n);
  }
  // Starts a chunk; end_chunk patches its length.
  std::size_t begin_chunk(std::uint32_t t) {
    u32(t);
    u32(0);
    const std::size_t at = m_out.size();
    u64(0);
    return at;
  }
  void end_chunk(std::size_t length_at) {
    const std::uint64_t len = m_out.size() - length_at - 8;
    for (int i = 0; i < 8; ++i) m_out[length_at + i] = static_cast<std::uint8_t>(len >> (8 * i));
  }
  std::vector<std::uint8_t>& out() { return m_out; }

 private:
  std::vector<std::uint8_t> m_out;
};

void header(Bytes& b, std::uint32_t version, std::uint32_t flags) {
  b.bytes(k_magic, 8);
  b.u32(version);
  b.u32(flags);
}

// A META chunk with the facts [from, to).
void meta_chunk(Bytes& b, const Meta& meta, std::size_t from, std::size_t to) {
  Meta part;
  for (std::size_t i = from; i < to && i < meta.items().size(); ++i)
    part.set(meta.items()[i].first, meta.items()[i].second);
  const std::string json = meta_to_json(part);
  const std::size_t at = b.begin_chunk(k_tag_meta);
  b.bytes(json.data(), json.size());
  b.end_chunk(at);
}

void string_entries(Bytes& b, const StringTable& strings, std::uint32_t from, std::uint32_t to) {
  for (std::uint32_t i = from; i < to; ++i) {
    const std::string& s = strings.get(i);
    b.u32(static_cast<std::uint32_t>(s.size()));
    b.bytes(s.data(), s.size());
  }
}

// Version 2: the strings [from, to), which later events may refer to.
void strings_chunk(Bytes& b, const StringTable& strings, std::uint32_t from, std::uint32_t to) {
  const std::size_t at = b.begin_chunk(k_tag_strs);
  b.u32(from);
  b.u32(to - from);
  string_entries(b, strings, from, to);
  b.end_chunk(at);
}

void events_chunk(Bytes& b, const Event* events, std::size_t count) {
  const std::size_t at = b.begin_chunk(k_tag_evts);
  b.u32(static_cast<std::uint32_t>(count));
  for (std::size_t i = 0; i < count; ++i) {
    const Event& e = events[i];
    b.u8(static_cast<std::uint8_t>(e.type));
    b.u8(e.flags);
    b.u16(e.aux);
    b.u32(e.node);
    b.u32(static_cast<std::uint32_t>(e.a));
    b.u32(static_cast<std::uint32_t>(e.b));
  }
  b.end_chunk(at);
}

std::size_t events_in_chunk(const EventLog& ev, std::size_t i) {
  return std::min(EventLog::k_chunk_events, ev.size() - i * EventLog::k_chunk_events);
}
std::size_t file_chunk_count(const EventLog& ev) {
  return (ev.size() + EventLog::k_chunk_events - 1) / EventLog::k_chunk_events;
}

// The events of a file's chunk i (65,536 a chunk): the log's own chunk when its pages are that
// size, else gathered into `buffer`.
const Event* file_chunk(const EventLog& ev, std::size_t i, std::vector<Event>& buffer) {
  if (ev.page_events() == EventLog::k_chunk_events) return ev.chunk(i);
  const std::size_t n = events_in_chunk(ev, i), first = i * EventLog::k_chunk_events;
  buffer.resize(n);
  for (std::size_t k = 0; k < n; ++k) buffer[k] = ev[first + k];
  return buffer.data();
}

// Scans events for the strings they refer to (string_ref, records/codec.hpp).
void scan_strings(KbzStringScan& scan, const Event* events, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const Event& e = events[i];
    if (e.type == EventType::payload) {
      ++scan.slot;
    } else {
      scan.head = e;
      scan.slot = 0;
    }
    scan.max_ref = std::max(scan.max_ref, string_ref(e, scan.head, scan.slot));
  }
}

// Version 2: event chunk i, after the strings its events refer to that are not written yet.
void chunk_with_strings(Bytes& b, const Trace& t, const EventLog& ev, std::size_t i,
                        std::uint32_t& strings_written, KbzStringScan& scan) {
  std::vector<Event> buffer;
  const Event* events = file_chunk(ev, i, buffer);
  if (!events) throw InputError("trace: event chunk " + std::to_string(i) + " was already written");
  const std::size_t n = events_in_chunk(ev, i);
  scan_strings(scan, events, n);
  const auto to = static_cast<std::uint32_t>(
      std::min<std::int64_t>(scan.max_ref + 1, static_cast<std::int64_t>(t.strings.size())));
  if (to > strings_written) strings_chunk(b, t.strings, strings_written, to);
  strings_written = std::max(strings_written, to);
  events_chunk(b, events, n);
}

// Version 2: what follows the last event chunk: any strings left, the facts the search added.
void tail_chunks(Bytes& b, const Trace& t, std::uint32_t strings_written) {
  if (strings_written < t.strings.size())
    strings_chunk(b, t.strings, strings_written, t.strings.size());
  const std::size_t start = std::min(t.meta_at_start, t.meta.items().size());
  if (start < t.meta.items().size()) meta_chunk(b, t.meta, start, t.meta.items().size());
}

void end_chunk(Bytes& b, std::uint64_t sum) {
  const std::size_t at = b.begin_chunk(k_tag_end);
  b.u64(sum);
  b.end_chunk(at);
}

std::vector<std::uint8_t> write_v1(const Trace& lean_or_explicit) {
  const WholeEvents whole(lean_or_explicit);  // an engine recorder's left-out steps put back
  const EventLog* events = &whole.events();
  Trace expanded;
  if (lean_or_explicit.steps.lean) {  // version 1 has every step
    expand_steps(lean_or_explicit, expanded.events);
    events = &expanded.events;
  }
  events->advance_all();
  Bytes b;
  header(b, 1, 0);
  meta_chunk(b, lean_or_explicit.meta, 0, lean_or_explicit.meta.items().size());
  const StringTable& strings = lean_or_explicit.strings;
  std::size_t at = b.begin_chunk(k_tag_strs);
  b.u32(strings.size());
  string_entries(b, strings, 0, strings.size());
  b.end_chunk(at);
  const std::size_t chunks = std::max<std::size_t>(1, file_chunk_count(*events));
  std::vector<Event> buffer;
  for (std::size_t i = 0; i < chunks; ++i) {
    if (file_chunk_count(*events) == 0) {
      events_chunk(b, nullptr, 0);  // an empty trace still has one (empty) EVTS chunk
      break;
    }
    events_chunk(b, file_chunk(*events, i, buffer), events_in_chunk(*events, i));
  }
  end_chunk(b, fnv1a64(b.out().data(), b.out().size()));
  return std::move(b.out());
}

}  // namespace

std::uint64_t fnv1a64(const std::uint8_t* data, std::size_t size, std::uint64_t h) {
  for (std::size_t i = 0; i < size; ++i) {
    h ^= data[i];
    h *= 0x100000001b3ull;
  }
  return h;
}

bool looks_like_kbz(const std::uint8_t* data, std::size_t size) {
  return size >= 8 && std::memcmp(data, k_magic, 8) == 0;
}

std::vector<std::uint8_t> write_kbz(const Trace& trace, std::uint32_t version) {
  if (version == 1) return write_v1(trace);
  Bytes b;
  header(b, 2, steps_flags(trace.steps));
  meta_chunk(b, trace.meta, 0, std::min(trace.meta_at_start, trace.meta.items().size()));
  std::uint32_t strings_written = 0;
  KbzStringScan scan;
  const WholeEvents whole(trace);  // an engine recorder's left-out steps put back
  const EventLog& ev = whole.events();
  ev.advance_all();
  for (std::size_t i = 0; i < file_chunk_count(ev); ++i)
    chunk_with_strings(b, trace, ev, i, strings_written, scan);
  tail_chunks(b, trace, strings_written);
  end_chunk(b, fnv1a64(b.out().data(), b.out().size()));
  return std::move(b.out());
}

KbzStream::KbzStream(const std::string& path, const Trace&) : m_path(path) {
  m_file = std::fopen(path.c_str(), "wb");
  if (!m_file) throw InputError("cannot write '" + path + "'");
}

void KbzStream::start(const Trace& trace) {
  if (m_started) return;
  m_started = true;
  Bytes b;
  header(b, 2, steps_flags(trace.steps));
  meta_chunk(b, trace.meta, 0, std::min(trace.meta_at_start, trace.meta.items().size()));
  put(b.out().data(), b.out().size());
}

KbzStream::~KbzStream() {
  if (m_file) std::fclose(m_file);
}

void KbzStream::put(const std::uint8_t* p, std::size_t n) {
  if (n == 0) return;  // an empty buffer's data() may be null, which fwrite must not get
  m_hash = fnv1a64(p, n, m_hash);
  m_bytes += n;
  if (std::fwrite(p, 1, n, m_file) != n) m_failed = true;
}

void KbzStream::write_chunk(const Trace& trace, std::size_t i) {
  if (!m_file || i != m_chunks) return;
  start(trace);
  Bytes b;
  chunk_with_strings(b, trace, trace.events, i, m_strings, m_scan);
  put(b.out().data(), b.out().size());
  ++m_chunks;
  std::fflush(m_file);  // a kill leaves every written chunk readable
}

void KbzStream::finish(const Trace& trace) {
  if (!m_file) return;
  start(trace);
  for (std::size_t i = m_chunks; i < trace.events.chunk_count(); ++i) write_chunk(trace, i);
  Bytes b;
  tail_chunks(b, trace, m_strings);
  put(b.out().data(), b.out().size());
  Bytes end;
  end_chunk(end, m_hash);
  put(end.out().data(), end.out().size());
  const bool closed = std::fclose(m_file) == 0;
  m_file = nullptr;
  if (m_failed || !closed) throw InputError("cannot write '" + m_path + "' (disk full?)");
}

}  // namespace kibitz::trace
