#include "trace/kbz_file.hpp"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <cstring>

#include "core/error.hpp"
#include "trace/json_text.hpp"

namespace kibitz::trace {

namespace {

constexpr char k_magic[8] = {'K', 'I', 'B', 'I', 'T', 'Z', '\r', '\n'};

constexpr std::uint32_t tag(const char (&s)[5]) {
  return static_cast<std::uint32_t>(static_cast<unsigned char>(s[0])) |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[1])) << 8 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[2])) << 16 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[3])) << 24;
}
constexpr std::uint32_t k_tag_meta = tag("META");
constexpr std::uint32_t k_tag_strs = tag("STRS");
constexpr std::uint32_t k_tag_evts = tag("EVTS");
constexpr std::uint32_t k_tag_end = tag("END ");

// Writes into a buffer sized once up front, through a pointer: no call that can throw per
// byte (which also keeps Emscripten's exception trampolines off this path).
class Writer {
 public:
  explicit Writer(std::size_t size) : m_out(size) {}
  void u8(std::uint8_t v) { m_out[m_pos++] = v; }
  void u16(std::uint16_t v) {
    m_out[m_pos] = static_cast<std::uint8_t>(v);
    m_out[m_pos + 1] = static_cast<std::uint8_t>(v >> 8);
    m_pos += 2;
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
    if (n) std::memcpy(m_out.data() + m_pos, p, n);
    m_pos += n;
  }
  // Starts a chunk; returns the offset of its length field, patched by end_chunk.
  std::size_t begin_chunk(std::uint32_t t) {
    u32(t);
    u32(0);
    const std::size_t at = m_pos;
    u64(0);
    return at;
  }
  void end_chunk(std::size_t length_at) {
    const std::uint64_t len = m_pos - length_at - 8;
    for (int i = 0; i < 8; ++i) m_out[length_at + i] = static_cast<std::uint8_t>(len >> (8 * i));
  }
  std::size_t pos() const { return m_pos; }
  std::vector<std::uint8_t>& out() { return m_out; }

 private:
  std::vector<std::uint8_t> m_out;
  std::size_t m_pos = 0;
};

class Reader {
 public:
  Reader(const std::uint8_t* p, std::size_t n) : m_p(p), m_n(n) {}
  std::size_t pos() const { return m_pos; }
  std::size_t left() const { return m_n - m_pos; }
  void need(std::size_t n, const char* what) const {
    if (left() < n) {
      fail(std::string("truncated: ") + what + " needs " + std::to_string(n) + " bytes, " +
           std::to_string(left()) + " left");
    }
  }
  std::uint8_t u8() { return m_p[m_pos++]; }
  std::uint16_t u16() {
    std::uint16_t v = static_cast<std::uint16_t>(m_p[m_pos] | m_p[m_pos + 1] << 8);
    m_pos += 2;
    return v;
  }
  std::uint32_t u32() {
    std::uint32_t v = u16();
    return v | static_cast<std::uint32_t>(u16()) << 16;
  }
  std::uint64_t u64() {
    std::uint64_t v = u32();
    return v | static_cast<std::uint64_t>(u32()) << 32;
  }
  const std::uint8_t* take(std::size_t n) {
    const std::uint8_t* p = m_p + m_pos;
    m_pos += n;
    return p;
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw InputError("trace file, byte " + std::to_string(m_pos) + ": " + what);
  }

 private:
  const std::uint8_t* m_p;
  std::size_t m_n;
  std::size_t m_pos = 0;
};

// The magic bytes and the header: a version this Kibitz reads, then the flags (ignored).
void read_header(Reader& r, const std::uint8_t* data, std::size_t size) {
  if (size < 8 || std::memcmp(data, k_magic, 8) != 0) {
    r.fail("not a Kibitz trace (the file does not start with the .kbz magic bytes)");
  }
  r.take(8);
  r.need(8, "the header");
  const std::uint32_t version = r.u32();
  if (version == 0 || version > k_kbz_version) {
    r.fail("trace format version " + std::to_string(version) +
           " is not supported (this Kibitz reads up to " + std::to_string(k_kbz_version) + ")");
  }
  r.u32();  // flags
}

// A STRS chunk's body (it ends at body_end): the string table, entry 0 the empty string.
void read_strings(Reader& r, std::size_t body_end, Trace& t) {
  r.need(4, "the string count");
  const std::uint32_t count = r.u32();
  if (count == 0) r.fail("the string table is empty (entry 0 must be the empty string)");
  for (std::uint32_t i = 0; i < count; ++i) {
    if (r.pos() + 4 > body_end) r.fail("string " + std::to_string(i) + " runs past its chunk");
    const std::uint32_t n = r.u32();
    if (r.pos() + n > body_end) r.fail("string " + std::to_string(i) + " runs past its chunk");
    const std::uint8_t* p = r.take(n);
    if (i == 0) {
      if (n != 0) r.fail("string 0 must be empty");
      continue;
    }
    t.strings.append(std::string(reinterpret_cast<const char*>(p), n));
  }
}

// An EVTS chunk's body (len bytes): a count, then 16 bytes per event.
void read_events(Reader& r, std::uint64_t len, Trace& t) {
  r.need(4, "the event count");
  const std::uint32_t count = r.u32();
  if (static_cast<std::uint64_t>(count) * 16 + 4 != len) {
    r.fail("event chunk holds " + std::to_string(len) + " bytes, not 4 + 16 x " +
           std::to_string(count));
  }
  for (std::uint32_t i = 0; i < count; ++i) {
    Event e;
    e.type = static_cast<EventType>(r.u8());
    e.flags = r.u8();
    e.aux = r.u16();
    e.node = r.u32();
    e.a = static_cast<std::int32_t>(r.u32());
    e.b = static_cast<std::int32_t>(r.u32());
    t.events.push(e);
  }
}

// Every string reference must resolve.
void check_string_refs(const Trace& t) {
  for (std::size_t i = 0; i < t.events.size(); ++i) {
    const Event& e = t.events[i];
    if ((e.type == EventType::label || e.type == EventType::position ||
         e.type == EventType::note) &&
        (e.a < 0 || static_cast<std::uint32_t>(e.a) >= t.strings.size())) {
      throw InputError("trace file, event " + std::to_string(i) + ": string " +
                       std::to_string(e.a) + " is not in the string table");
    }
  }
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

std::vector<std::uint8_t> write_kbz(const Trace& trace) {
  const std::string meta = meta_to_json(trace.meta);
  const std::size_t n = trace.events.size();
  std::size_t strings = 4;
  for (std::uint32_t i = 0; i < trace.strings.size(); ++i)
    strings += 4 + trace.strings.get(i).size();
  const std::size_t event_chunks =
      n == 0 ? 1 : (n + EventLog::k_chunk_events - 1) / EventLog::k_chunk_events;
  const std::size_t size =
      16 + (16 + meta.size()) + (16 + strings) + event_chunks * 20 + n * 16 + (16 + 8);
  Writer w(size);
  w.bytes(k_magic, 8);
  w.u32(k_kbz_version);
  w.u32(0);

  std::size_t at = w.begin_chunk(k_tag_meta);
  w.bytes(meta.data(), meta.size());
  w.end_chunk(at);

  at = w.begin_chunk(k_tag_strs);
  w.u32(trace.strings.size());
  for (std::uint32_t i = 0; i < trace.strings.size(); ++i) {
    const std::string& s = trace.strings.get(i);
    w.u32(static_cast<std::uint32_t>(s.size()));
    w.bytes(s.data(), s.size());
  }
  w.end_chunk(at);

  std::size_t first = 0;
  do {  // one EVTS chunk per storage chunk; an empty trace still has one (empty) EVTS chunk
    const std::size_t count = std::min(EventLog::k_chunk_events, n - first);
    at = w.begin_chunk(k_tag_evts);
    w.u32(static_cast<std::uint32_t>(count));
    for (std::size_t i = first; i < first + count; ++i) {
      const Event& e = trace.events[i];
      w.u8(static_cast<std::uint8_t>(e.type));
      w.u8(e.flags);
      w.u16(e.aux);
      w.u32(e.node);
      w.u32(static_cast<std::uint32_t>(e.a));
      w.u32(static_cast<std::uint32_t>(e.b));
    }
    w.end_chunk(at);
    first += count;
  } while (first < n);

  const std::uint64_t sum = fnv1a64(w.out().data(), w.pos());
  at = w.begin_chunk(k_tag_end);
  w.u64(sum);
  w.end_chunk(at);
  assert(w.pos() == size);
  return std::move(w.out());
}

Trace read_kbz(const std::uint8_t* data, std::size_t size) {
  Reader r(data, size);
  read_header(r, data, size);
  Trace t;
  bool have_strings = false, have_end = false;
  while (r.left() > 0) {
    const std::size_t chunk_at = r.pos();
    r.need(16, "a chunk header");
    const std::uint32_t chunk = r.u32();
    r.u32();
    const std::uint64_t len = r.u64();
    if (len > r.left()) {
      r.fail("chunk length " + std::to_string(len) + " runs past the end of the file");
    }
    const std::size_t body_end = r.pos() + static_cast<std::size_t>(len);
    if (chunk == k_tag_meta) {
      const std::uint8_t* p = r.take(static_cast<std::size_t>(len));
      t.meta = meta_from_json(
          std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(len)));
    } else if (chunk == k_tag_strs) {
      read_strings(r, body_end, t);
      have_strings = true;
    } else if (chunk == k_tag_evts) {
      read_events(r, len, t);
    } else if (chunk == k_tag_end) {
      if (len != 8) r.fail("the END chunk must hold an 8-byte checksum");
      const std::uint64_t stored = r.u64();
      const std::uint64_t actual = fnv1a64(data, chunk_at);
      if (stored != actual) r.fail("checksum mismatch: the file is damaged");
      have_end = true;
      if (r.left() != 0) r.fail("bytes after the END chunk");
      break;
    } else {
      r.take(static_cast<std::size_t>(len));  // a chunk of a newer minor revision: skip it
    }
    if (r.pos() != body_end) r.fail("chunk contents do not match its length");
  }
  if (!have_end) r.fail("the file ends without its END chunk (truncated?)");
  if (!have_strings) r.fail("the file has no string table");
  check_string_refs(t);
  return t;
}

}  // namespace kibitz::trace
