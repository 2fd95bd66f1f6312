// Reading .kbz files (the layout: kbz_file.hpp): every chunk checked, a file cut short read up to
// its last complete chunk, a live stream's bytes read as they have arrived.
#include <algorithm>
#include <cstring>

#include "core/error.hpp"
#include "trace/derive.hpp"
#include "trace/derive_returns.hpp"
#include "trace/json_text.hpp"
#include "trace/kbz_file.hpp"
#include "trace/kbz_layout.hpp"
#include "trace/records/records.hpp"

namespace kibitz::trace {

using namespace kbz;

namespace {

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

// The magic bytes and the header: a version this Kibitz reads, and its flags.
std::uint32_t read_header(Reader& r, const std::uint8_t* data, std::size_t size, Steps& steps,
                          bool* returns_derived, bool* stream) {
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
  const std::uint32_t flags = r.u32();
  if (version >= 2) {
    const std::uint32_t rule = flags & 0xFFu;
    if (rule >= static_cast<std::uint32_t>(k_step_rule_count) ||
        (flags & ~(0xFFu | k_flag_ge | k_flag_lean | k_flag_returns_derived | k_flag_stream)) !=
            0 ||
        ((flags & k_flag_lean) && rule == 0) ||
        ((flags & k_flag_lean) && (flags & k_flag_returns_derived)))
      r.fail("header flags " + std::to_string(flags) + " name no known steps");
    steps.rule = static_cast<StepRule>(rule);
    steps.criterion = flags & k_flag_ge ? Criterion::ge : Criterion::gt;
    steps.lean = (flags & k_flag_lean) != 0;
    if (flags & k_flag_returns_derived) *returns_derived = true;
    if (flags & k_flag_stream) *stream = true;
  }
  return version;
}

// Strings of a STRS chunk (it ends at body_end). Version 1: the whole table, a count then the
// entries, entry 0 the empty string; version 2: the first id (the strings read so far), a count.
void read_strings(Reader& r, std::size_t body_end, std::uint32_t version, Trace& t) {
  std::uint32_t first = 0;
  if (version >= 2) {
    r.need(8, "the strings' first id and count");
    first = r.u32();
    if (first != t.strings.size() && !(first == 0 && t.strings.size() == 1)) {
      r.fail("strings from id " + std::to_string(first) + ", but " +
             std::to_string(t.strings.size()) + " were read before");
    }
  } else {
    r.need(4, "the string count");
  }
  const std::uint32_t count = r.u32();
  if (first == 0 && count == 0)
    r.fail("the string table is empty (entry 0 must be the empty string)");
  for (std::uint32_t i = 0; i < count; ++i) {
    if (r.pos() + 4 > body_end)
      r.fail("string " + std::to_string(first + i) + " runs past its chunk");
    const std::uint32_t n = r.u32();
    if (r.pos() + n > body_end)
      r.fail("string " + std::to_string(first + i) + " runs past its chunk");
    const std::uint8_t* p = r.take(n);
    if (first + i == 0) {
      if (n != 0) r.fail("string 0 must be empty");
      continue;
    }
    t.strings.append(std::string(reinterpret_cast<const char*>(p), n));
  }
}

// A file's event chunks are full but for the last; a stream's may be short (k_flag_stream).
void check_chunk_fill(const Reader& r, const Trace& t, std::uint32_t count, bool stream) {
  if (count > EventLog::k_chunk_events) r.fail("an event chunk of more than 65,536 events");
  if (!stream && t.events.size() % EventLog::k_chunk_events != 0)
    r.fail("an event chunk after one that is not full (and the header does not say stream)");
}

// An EVTS chunk's body (len bytes): a count, then 16 bytes per event.
void read_events(Reader& r, std::uint64_t len, Trace& t, bool stream) {
  r.need(4, "the event count");
  const std::uint32_t count = r.u32();
  if (static_cast<std::uint64_t>(count) * 16 + 4 != len) {
    r.fail("event chunk holds " + std::to_string(len) + " bytes, not 4 + 16 x " +
           std::to_string(count));
  }
  check_chunk_fill(r, t, count, stream);
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
  auto check = [&t](std::size_t i, std::int64_t id) {
    if (id < 0 || id >= static_cast<std::int64_t>(t.strings.size())) {
      throw InputError("trace file, event " + std::to_string(i) + ": string " + std::to_string(id) +
                       " is not in the string table");
    }
  };
  Event head{};
  int slot = 0;
  for (std::size_t i = 0; i < t.events.size(); ++i) {
    const Event& e = t.events[i];
    if (e.type == EventType::payload) {
      ++slot;
      if (AllRecords::string_payload(head, slot)) check(i, e.a);
      continue;
    }
    head = e;
    slot = 0;
    if (e.type == EventType::label || e.type == EventType::position || e.type == EventType::note ||
        e.type == EventType::prune || e.type == EventType::table_move) {
      check(i, e.a);
    } else if (e.type == EventType::node) {
      check(i, e.node);
      check(i, e.b);
    }
  }
}

// Whether the chunk at `at` runs past the end of the file (a version-2 recording cut short).
bool runs_past_end(const std::uint8_t* data, std::size_t size, std::size_t at) {
  if (size - at < 16) return true;
  std::uint64_t len = 0;
  for (int i = 7; i >= 0; --i) len = len << 8 | data[at + 8 + static_cast<std::size_t>(i)];
  return len > size - at - 16;
}

// A version-2 file that ends before its END chunk: what was read is kept, and said.
void cut_short(Trace& t, std::size_t at, const char* where) {
  t.notice = t.events.size() == 0
                 ? "the file ends at byte " + std::to_string(at) +
                       " before its first chunk of events: the recording was cut short with "
                       "only its facts written (events are written 65,536 at a time)."
                 : "the file ends at byte " + std::to_string(at) + " " + where +
                       ", without its END chunk: the recording was cut short. Shown: its first " +
                       std::to_string(t.events.size()) + " events.";
  // A copy written from it (export, save) must stay marked partial: the notice is one of its
  // facts unless a budget already said why it stopped.
  if (t.meta.get("stopped").empty()) t.meta.set("stopped", t.notice);
}

// A file that ends with its END chunk has its checksum checked before any chunk is read, so
// that damage anywhere (its facts included) is called damage, not a fault of the chunk it hit.
// A checksum covers the whole file: where the damage is cannot be told. Returns whether it was
// checked (the END chunk then need not check it again).
bool check_whole_file(const std::uint8_t* data, std::size_t size) {
  constexpr std::size_t k_end_bytes = 24;  // tag, reserved, length 8, the checksum
  if (size < 16 + k_end_bytes) return false;
  Reader end(data + size - k_end_bytes, k_end_bytes);
  const std::uint32_t chunk = end.u32();
  end.u32();
  if (chunk != k_tag_end || end.u64() != 8) return false;  // cut short: read up to its end
  if (end.u64() != fnv1a64(data, size - k_end_bytes)) {
    throw InputError("trace file, byte " + std::to_string(size - k_end_bytes) +
                     ": checksum mismatch: the file is damaged (somewhere in the bytes before "
                     "its checksum; it cannot be opened)");
  }
  return true;
}

// A varint of an EVTV event (7 bits a byte, low first, at most 5 bytes for 32 bits) read
// within `end`.
std::uint32_t varint(Reader& r, std::size_t end, const char* what) {
  std::uint64_t v = 0;
  for (int shift = 0; shift < 35; shift += 7) {
    if (r.pos() >= end) r.fail(std::string("an event's ") + what + " runs past its chunk");
    const std::uint8_t byte = r.u8();
    v |= static_cast<std::uint64_t>(byte & 0x7Fu) << shift;
    if (!(byte & 0x80u)) {
      if (v > 0xFFFFFFFFu) break;
      return static_cast<std::uint32_t>(v);
    }
  }
  r.fail(std::string("an event's ") + what + " is not a 32-bit varint");
}
std::int32_t unzigzag(std::uint32_t z) {
  return static_cast<std::int32_t>((z >> 1) ^ (0u - (z & 1u)));
}

// An EVTV chunk's body (len bytes): a count, then each event as its type, a mask of the fields
// present (1 flags, 2 aux, 4 node, 8 a, 16 b; absent ones are 0), flags as a byte, aux as a
// varint, the node as the zigzag varint of its difference from the chunk's previous event's
// (the first: from 0), a and b as zigzag varints.
void read_events_v(Reader& r, std::uint64_t len, Trace& t, bool stream) {
  r.need(4, "the event count");
  const std::size_t end = r.pos() + static_cast<std::size_t>(len);
  const std::uint32_t count = r.u32();
  check_chunk_fill(r, t, count, stream);
  std::uint32_t node = 0;
  for (std::uint32_t i = 0; i < count; ++i) {
    if (r.pos() + 2 > end)
      r.fail("event chunk ends after " + std::to_string(i) + " of its " + std::to_string(count) +
             " events");
    Event e{static_cast<EventType>(r.u8()), 0, 0, 0, 0, 0};
    const std::uint8_t mask = r.u8();
    if (mask & ~31u) r.fail("an event's field mask " + std::to_string(mask) + " is not known");
    if (mask & 1u) {
      if (r.pos() >= end) r.fail("an event's flags run past its chunk");
      e.flags = r.u8();
    }
    if (mask & 2u) {
      const std::uint32_t aux = varint(r, end, "aux");
      if (aux > 0xFFFFu) r.fail("an event's aux " + std::to_string(aux) + " is over 65,535");
      e.aux = static_cast<std::uint16_t>(aux);
    }
    if (mask & 4u) node += static_cast<std::uint32_t>(unzigzag(varint(r, end, "node")));
    e.node = node;
    if (e.type == EventType::hash_key) {  // 4 raw bytes each: a key's halves are random
      if ((mask & 24u) != 24u || r.pos() + 8 > end) r.fail("a position key's 8 bytes are missing");
      e.a = static_cast<std::int32_t>(r.u32());
      e.b = static_cast<std::int32_t>(r.u32());
    } else {
      if (mask & 8u) e.a = unzigzag(varint(r, end, "a"));
      if (mask & 16u) e.b = unzigzag(varint(r, end, "b"));
    }
    t.events.push(e);
  }
  if (r.pos() != end)
    r.fail("event chunk holds bytes after its " + std::to_string(count) + " events");
}

// live: the bytes of a stream still arriving, read up to its last complete chunk, without the
// notice of a file cut short.
Trace read(const std::uint8_t* data, std::size_t size, bool live) {
  Reader r(data, size);
  const char* cut_where = nullptr;  // a version-2 file cut short: where it ends
  Trace t;
  bool returns_derived = false, stream = false;
  const std::uint32_t version = read_header(r, data, size, t.steps, &returns_derived, &stream);
  const bool checked = check_whole_file(data, size);
  bool have_strings = false, have_end = false, have_meta = false;
  while (r.left() > 0) {
    const std::size_t chunk_at = r.pos();
    if (version >= 2 && runs_past_end(data, size, chunk_at)) {
      if (!live) cut_where = "inside a chunk";
      break;
    }
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
      const Meta part = meta_from_json(
          std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(len)));
      for (const auto& [key, value] : part.items()) t.meta.set(key, value);
      if (!have_meta) t.meta_at_start = t.meta.items().size();
      have_meta = true;
    } else if (chunk == k_tag_strs) {
      read_strings(r, body_end, version, t);
      have_strings = true;
    } else if (chunk == k_tag_evts) {
      read_events(r, len, t, stream);
    } else if (chunk == k_tag_evtv && version >= 2) {
      read_events_v(r, len, t, stream);
    } else if (chunk == k_tag_end) {
      if (len != 8) r.fail("the END chunk must hold an 8-byte checksum");
      const std::uint64_t stored = r.u64();
      // Checked already when this END is the file's last 24 bytes ("bytes after" otherwise).
      if (!checked && stored != fnv1a64(data, chunk_at))
        r.fail("checksum mismatch: the file is damaged");
      have_end = true;
      if (r.left() != 0) r.fail("bytes after the END chunk");
      break;
    } else {
      r.take(static_cast<std::size_t>(len));  // a chunk of a newer minor revision: skip it
    }
    if (r.pos() != body_end) r.fail("chunk contents do not match its length");
  }
  if (version == 1) {
    if (!have_end) r.fail("the file ends without its END chunk (truncated?)");
    if (!have_strings) r.fail("the file has no string table");
    t.steps = steps_from_meta(t.meta);  // version 1 holds every step
  } else if (!have_end && !cut_where && !live) {
    cut_where = "after a complete chunk";
  }
  check_string_refs(t);
  if (returns_derived) t.events = derive_returns(t.events);
  if (cut_where) cut_short(t, size, cut_where);  // its count: the events shown
  return t;
}

}  // namespace

Trace read_kbz(const std::uint8_t* data, std::size_t size) {
  return read(data, size, false);
}

Trace read_kbz_live(const std::uint8_t* data, std::size_t size) {
  return read(data, size, true);
}

}  // namespace kibitz::trace
