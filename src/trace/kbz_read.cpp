// Reading .kbz files (the layout: kbz_file.hpp): every chunk checked, a file cut short read up to
// its last complete chunk, a live stream's bytes read as they have arrived.
#include <algorithm>
#include <cstring>

#include "core/byte_source.hpp"
#include "core/error.hpp"
#include "trace/derive.hpp"
#include "trace/json_text.hpp"
#include "trace/kbz_file.hpp"
#include "trace/kbz_layout.hpp"
#include "trace/model.hpp"
#include "trace/records/records.hpp"

namespace kibitz::trace {

using namespace kbz;

namespace {

// Bytes of the file from `base` on (a chunk's, the header's), read in order; messages name the
// file's byte.
class Reader {
 public:
  Reader(const std::uint8_t* p, std::size_t n, std::uint64_t base = 0)
      : m_p(p), m_n(n), m_base(base) {}
  std::size_t pos() const { return m_pos; }
  std::uint64_t file_pos() const { return m_base + m_pos; }
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
    throw InputError("trace file, byte " + std::to_string(m_base + m_pos) + ": " + what);
  }

 private:
  const std::uint8_t* m_p;
  std::size_t m_n;
  std::uint64_t m_base;
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

// Strings of a STRS chunk (r holds its body). Version 1: the whole table, a count then the
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

// Where an event chunk's events lie in the file.
struct EventChunk {
  std::uint64_t body = 0;   // the first event's byte (after the count)
  std::uint64_t end = 0;    // the byte after the chunk
  std::uint64_t first = 0;  // the index of its first event in the trace
  std::uint32_t count = 0;
  bool varlen = false;  // EVTV
};

// One EVTS event (16 bytes).
Event fixed_event(Reader& r) {
  Event e;
  e.type = static_cast<EventType>(r.u8());
  e.flags = r.u8();
  e.aux = r.u16();
  e.node = r.u32();
  e.a = static_cast<std::int32_t>(r.u32());
  e.b = static_cast<std::int32_t>(r.u32());
  return e;
}

// One EVTV event: its type, a mask of the fields present (1 flags, 2 aux, 4 node, 8 a, 16 b;
// absent ones are 0), flags as a byte, aux as a varint, the node as the zigzag varint of its
// difference from the chunk's previous event's (the first: from 0), a and b as zigzag varints.
Event varlen_event(Reader& r, std::size_t end, std::uint32_t& node, std::uint32_t i,
                   std::uint32_t count) {
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
  return e;
}

// A varint read without bounds checks (at least 5 bytes are there): false when it is not a
// 32-bit varint.
inline bool quick_varint(const std::uint8_t*& p, std::uint32_t& v) {
  std::uint32_t x = 0;
  for (int shift = 0; shift < 35; shift += 7) {
    const std::uint8_t byte = *p++;
    x |= static_cast<std::uint32_t>(byte & 0x7Fu) << shift;
    if (!(byte & 0x80u)) {
      if (shift == 28 && byte > 0x0Fu) return false;  // more than 32 bits
      v = x;
      return true;
    }
  }
  return false;
}

// The same as varlen_event where a whole event surely fits (at least 24 bytes are left, the
// longest event's size), without a bounds check per byte: most of a chunk's events. false (and
// p unmoved) for anything unusual, which the checked reading then reads and names.
inline bool quick_varlen_event(const std::uint8_t*& p, std::uint32_t& node, Event& e) {
  const std::uint8_t* q = p;
  e = Event{static_cast<EventType>(q[0]), 0, 0, 0, 0, 0};
  const std::uint8_t mask = q[1];
  q += 2;
  if (mask & ~31u) return false;
  if (mask & 1u) e.flags = *q++;
  std::uint32_t v = 0;
  if (mask & 2u) {
    if (!quick_varint(q, v) || v > 0xFFFFu) return false;
    e.aux = static_cast<std::uint16_t>(v);
  }
  std::uint32_t n = node;
  if (mask & 4u) {
    if (!quick_varint(q, v)) return false;
    n += static_cast<std::uint32_t>(unzigzag(v));
  }
  e.node = n;
  if (e.type == EventType::hash_key) {
    if ((mask & 24u) != 24u) return false;
    e.a = static_cast<std::int32_t>(q[0] | q[1] << 8 | q[2] << 16 |
                                    static_cast<std::uint32_t>(q[3]) << 24);
    e.b = static_cast<std::int32_t>(q[4] | q[5] << 8 | q[6] << 16 |
                                    static_cast<std::uint32_t>(q[7]) << 24);
    q += 8;
  } else {
    if (mask & 8u) {
      if (!quick_varint(q, v)) return false;
      e.a = unzigzag(v);
    }
    if (mask & 16u) {
      if (!quick_varint(q, v)) return false;
      e.b = unzigzag(v);
    }
  }
  node = n;
  p = q;
  return true;
}

// The event chunks of a file, decoded a page (65,536 events) at a time as they are read. The
// string references of every page are checked the first time it is made, in order (a payload's
// reference depends on its record's head, which may be on the page before).
class FilePages final : public PageSource {
 public:
  FilePages(std::shared_ptr<const ByteSource> bytes, std::vector<EventChunk> chunks,
            std::uint32_t strings, unsigned page_shift)
      : m_bytes(std::move(bytes)),
        m_chunks(std::move(chunks)),
        m_strings(strings),
        m_shift(page_shift),
        m_page(std::size_t{1} << page_shift),
        m_resume((event_count() >> page_shift) + 1) {}

  std::size_t event_count() const {
    return m_chunks.empty()
               ? 0
               : static_cast<std::size_t>(m_chunks.back().first + m_chunks.back().count);
  }

  void fill(std::size_t page, Event* out, std::size_t count) const override {
    while (m_checked < page) {  // the pages before it first, once
      if (!m_check_page) m_check_page.reset(new Event[m_page]);
      const std::size_t n = std::min(m_page, event_count() - (m_checked << m_shift));
      decode(m_checked, m_check_page.get(), n);
      check_refs(m_checked, m_check_page.get(), n);
    }
    decode(page, out, count);
    if (m_checked == page) check_refs(page, out, count);
  }

 private:
  // Where a page's first event starts in its chunk: the byte and the node its difference is from
  // (a variable-length chunk is read in order from its start, so each page's start is noted as it
  // is passed).
  struct Resume {
    bool known = false;
    std::uint32_t offset = 0;  // bytes into the chunk's events
    std::uint32_t node = 0;
  };

  void decode(std::size_t page, Event* out, std::size_t count) const {
    const std::uint64_t first = static_cast<std::uint64_t>(page) << m_shift;
    const std::uint64_t last = first + count;
    auto it = std::upper_bound(m_chunks.begin(), m_chunks.end(), first,
                               [](std::uint64_t i, const EventChunk& c) { return i < c.first; });
    for (--it; it != m_chunks.end() && it->first < last; ++it) {
      const EventChunk& c = *it;
      const auto len = static_cast<std::size_t>(c.end - c.body);
      // From the first event wanted where its place is known, else from the chunk's start.
      std::uint32_t j = 0, node = 0;
      std::size_t from = 0;
      if (c.first < first) {
        const Resume& at = m_resume[page];
        if (!c.varlen) {
          j = static_cast<std::uint32_t>(first - c.first);
          from = static_cast<std::size_t>(j) * 16;
        } else if (at.known) {
          j = static_cast<std::uint32_t>(first - c.first);
          from = at.offset, node = at.node;
        }
      }
      // Only the bytes the events wanted can take (24 at most an event).
      const std::uint64_t wanted = std::min<std::uint64_t>(last, c.first + c.count) - (c.first + j);
      const std::size_t window = static_cast<std::size_t>(
          std::min<std::uint64_t>(len - from, wanted * (c.varlen ? 24 : 16)));
      const bool to_end = from + window == len;
      Reader r(m_bytes->view(c.body + from, window, m_scratch), window, c.body + from);
      const std::uint8_t* base = r.take(0);
      for (; j < c.count && c.first + j < last; ++j) {
        const std::uint64_t i = c.first + j;
        if ((i & (m_page - 1)) == 0 && !m_resume[i >> m_shift].known)
          m_resume[i >> m_shift] = {true, static_cast<std::uint32_t>(from + r.pos()), node};
        Event e;
        if (c.varlen) {
          const std::uint8_t* p = base + r.pos();
          if (window - r.pos() >= 24 && quick_varlen_event(p, node, e))
            r.take(static_cast<std::size_t>(p - (base + r.pos())));
          else
            e = varlen_event(r, window, node, j, c.count);
        } else {
          e = fixed_event(r);
        }
        if (i >= first) out[i - first] = e;
      }
      if (c.varlen && to_end && j == c.count && r.pos() != window)
        r.fail("event chunk holds bytes after its " + std::to_string(c.count) + " events");
    }
  }

  // Every string reference must resolve.
  void check_refs(std::size_t page, const Event* ev, std::size_t n) const {
    const std::size_t base = page << m_shift;
    auto check = [&](std::size_t i, std::int64_t id) {
      if (id < 0 || id >= static_cast<std::int64_t>(m_strings)) {
        throw InputError("trace file, event " + std::to_string(base + i) + ": string " +
                         std::to_string(id) + " is not in the string table");
      }
    };
    for (std::size_t i = 0; i < n; ++i) {
      const Event& e = ev[i];
      if (e.type == EventType::payload) {
        ++m_slot;
        if (AllRecords::string_payload(m_head, m_slot)) check(i, e.a);
        continue;
      }
      m_head = e;
      m_slot = 0;
      if (e.type == EventType::label || e.type == EventType::position ||
          e.type == EventType::note || e.type == EventType::prune ||
          e.type == EventType::table_move) {
        check(i, e.a);
      } else if (e.type == EventType::node) {
        check(i, e.node);
        check(i, e.b);
      }
    }
    ++m_checked;
  }

  std::shared_ptr<const ByteSource> m_bytes;
  std::vector<EventChunk> m_chunks;
  std::uint32_t m_strings;
  unsigned m_shift;
  std::size_t m_page;                    // events a page
  mutable std::vector<Resume> m_resume;  // per page
  mutable std::vector<std::uint8_t> m_scratch;
  mutable std::unique_ptr<Event[]> m_check_page;
  mutable std::size_t m_checked = 0;  // pages whose references were checked
  mutable Event m_head{};             // the record the next page's payloads belong to
  mutable int m_slot = 0;
};

// Whether the chunk at `at` runs past the end of the file (a version-2 recording cut short).
bool runs_past_end(const ByteSource& bytes, std::vector<std::uint8_t>& scratch, std::uint64_t at) {
  const std::uint64_t size = bytes.size();
  if (size - at < 16) return true;
  const std::uint8_t* h = bytes.view(at, 16, scratch);
  std::uint64_t len = 0;
  for (int i = 7; i >= 0; --i) len = len << 8 | h[8 + static_cast<std::size_t>(i)];
  return len > size - at - 16;
}

// A version-2 file that ends before its END chunk: what was read is kept, and said.
void cut_short(Trace& t, std::uint64_t at, const char* where) {
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

// FNV-1a 64 of bytes [0, n) of a source, a slice at a time.
std::uint64_t fnv_of(const ByteSource& bytes, std::uint64_t n) {
  std::vector<std::uint8_t> scratch;
  std::uint64_t h = 0xcbf29ce484222325ull;
  constexpr std::uint64_t k_slice = std::uint64_t{16} << 20;
  for (std::uint64_t at = 0; at < n; at += k_slice) {
    const auto len = static_cast<std::size_t>(std::min(k_slice, n - at));
    h = fnv1a64(bytes.view(at, len, scratch), len, h);
  }
  return h;
}

// A file that ends with its END chunk has its checksum checked before any chunk is read, so
// that damage anywhere (its facts included) is called damage, not a fault of the chunk it hit.
// A checksum covers the whole file: where the damage is cannot be told. Returns whether it was
// checked (the END chunk then need not check it again).
bool check_whole_file(const ByteSource& bytes) {
  constexpr std::size_t k_end_bytes = 24;  // tag, reserved, length 8, the checksum
  const std::uint64_t size = bytes.size();
  if (size < 16 + k_end_bytes) return false;
  std::vector<std::uint8_t> scratch;
  Reader end(bytes.view(size - k_end_bytes, k_end_bytes, scratch), k_end_bytes, size - k_end_bytes);
  const std::uint32_t chunk = end.u32();
  end.u32();
  if (chunk != k_tag_end || end.u64() != 8) return false;  // cut short: read up to its end
  if (end.u64() != fnv_of(bytes, size - k_end_bytes)) {
    throw InputError("trace file, byte " + std::to_string(size - k_end_bytes) +
                     ": checksum mismatch: the file is damaged (somewhere in the bytes before "
                     "its checksum; it cannot be opened)");
  }
  return true;
}

// A file's facts, strings and the places of its event chunks (their events are not read).
struct Index {
  Trace trace;  // without its events
  std::vector<EventChunk> chunks;
  const char* cut_where = nullptr;  // a version-2 file cut short: where it ends
};

// An event chunk's count and its place; an EVTS chunk's length is checked against its count.
EventChunk event_chunk(Reader& r, std::uint64_t len, bool varlen, std::uint64_t first,
                       bool stream) {
  r.need(4, "the event count");
  EventChunk c;
  c.count = r.u32();
  c.body = r.file_pos();
  c.end = c.body + len - 4;
  c.first = first;
  c.varlen = varlen;
  if (!varlen && static_cast<std::uint64_t>(c.count) * 16 + 4 != len) {
    r.fail("event chunk holds " + std::to_string(len) + " bytes, not 4 + 16 x " +
           std::to_string(c.count));
  }
  if (c.count > EventLog::k_chunk_events) r.fail("an event chunk of more than 65,536 events");
  if (!stream && first % EventLog::k_chunk_events != 0)
    r.fail("an event chunk after one that is not full (and the header does not say stream)");
  return c;
}

// live: the bytes of a stream still arriving, read up to its last complete chunk, without the
// notice of a file cut short.
Index index(const ByteSource& bytes, bool live) {
  Index x;
  Trace& t = x.trace;
  std::vector<std::uint8_t> scratch;
  const std::uint64_t size = bytes.size();
  const std::size_t head = static_cast<std::size_t>(std::min<std::uint64_t>(size, 16));
  const std::uint8_t* header = bytes.view(0, head, scratch);
  Reader hr(header, head);
  bool returns_derived = false, stream = false;
  const std::uint32_t version =
      read_header(hr, header, static_cast<std::size_t>(size), t.steps, &returns_derived, &stream);
  t.steps.returns_derived = returns_derived;
  const bool checked = check_whole_file(bytes);
  bool have_strings = false, have_end = false, have_meta = false;
  std::uint64_t at = 16, events = 0;
  while (at < size) {
    if (version >= 2 && runs_past_end(bytes, scratch, at)) {
      if (!live) x.cut_where = "inside a chunk";
      break;
    }
    Reader ch(
        bytes.view(at, static_cast<std::size_t>(std::min<std::uint64_t>(16, size - at)), scratch),
        static_cast<std::size_t>(std::min<std::uint64_t>(16, size - at)), at);
    ch.need(16, "a chunk header");
    const std::uint32_t chunk = ch.u32();
    ch.u32();
    const std::uint64_t len = ch.u64();
    if (len > size - at - 16)
      ch.fail("chunk length " + std::to_string(len) + " runs past the end of the file");
    const std::uint64_t body = at + 16;
    // Event chunks are only placed: their bodies are read when their events are.
    const bool is_events = chunk == k_tag_evts || (chunk == k_tag_evtv && version >= 2);
    const auto viewed = static_cast<std::size_t>(is_events ? std::min<std::uint64_t>(len, 4) : len);
    Reader r(bytes.view(body, viewed, scratch), viewed, body);
    if (chunk == k_tag_meta) {
      const std::uint8_t* p = r.take(viewed);
      const Meta part = meta_from_json(std::string(reinterpret_cast<const char*>(p), viewed));
      for (const auto& [key, value] : part.items()) t.meta.set(key, value);
      if (!have_meta) t.meta_at_start = t.meta.items().size();
      have_meta = true;
    } else if (chunk == k_tag_strs) {
      read_strings(r, viewed, version, t);
      have_strings = true;
    } else if (is_events) {
      x.chunks.push_back(event_chunk(r, len, chunk == k_tag_evtv, events, stream));
      events += x.chunks.back().count;
      r.take(r.left());
      at = body + len;
      continue;
    } else if (chunk == k_tag_end) {
      if (len != 8) r.fail("the END chunk must hold an 8-byte checksum");
      const std::uint64_t stored = r.u64();
      // Checked already when this END is the file's last 24 bytes ("bytes after" otherwise).
      if (!checked && stored != fnv_of(bytes, at)) r.fail("checksum mismatch: the file is damaged");
      have_end = true;
      if (body + len != size) r.fail("bytes after the END chunk");
      break;
    } else {
      r.take(viewed);  // a chunk of a newer minor revision: skip it
    }
    if (r.pos() != viewed) r.fail("chunk contents do not match its length");
    at = body + len;
  }
  if (version == 1) {
    Reader r(nullptr, 0, size);
    if (!have_end) r.fail("the file ends without its END chunk (truncated?)");
    if (!have_strings) r.fail("the file has no string table");
    t.steps = steps_from_meta(t.meta);  // version 1 holds every step
  } else if (!have_end && !x.cut_where && !live) {
    x.cut_where = "after a complete chunk";
  }
  if (events >= k_never) throw InputError("trace file: more than 2^32 - 1 events");
  return x;
}

// A file's events read where they lie: pages of 8,192 (a seek reads a few events in many
// places), 64 of them held at once.
constexpr unsigned k_file_page_shift = 13;
constexpr std::size_t k_file_pages = 64;

Trace read(std::shared_ptr<const ByteSource> bytes, bool live, bool keep_in_memory) {
  Index x = index(*bytes, live);
  Trace t = std::move(x.trace);
  auto pages =
      std::make_shared<FilePages>(bytes, std::move(x.chunks), t.strings.size(),
                                  keep_in_memory ? EventLog::k_chunk_shift : k_file_page_shift);
  const std::size_t n = pages->event_count();
  if (keep_in_memory) {  // decoded once, every page in order
    std::unique_ptr<Event[]> page(new Event[EventLog::k_chunk_events]);
    for (std::size_t p = 0; (p << EventLog::k_chunk_shift) < n; ++p) {
      const std::size_t count =
          std::min(EventLog::k_chunk_events, n - (p << EventLog::k_chunk_shift));
      pages->fill(p, page.get(), count);
      for (std::size_t i = 0; i < count; ++i) t.events.push(page[i]);
    }
  } else {
    t.events = EventLog(pages, n, k_file_pages, k_file_page_shift);
  }
  if (x.cut_where) cut_short(t, bytes->size(), x.cut_where);  // its count: the events shown
  return t;
}

}  // namespace

Trace read_kbz(const std::uint8_t* data, std::size_t size) {
  return read(bytes_borrowed(data, size), false, true);
}

Trace read_kbz_live(const std::uint8_t* data, std::size_t size) {
  return read(bytes_borrowed(data, size), true, true);
}

Trace read_kbz(std::shared_ptr<const ByteSource> bytes) {
  return read(std::move(bytes), false, false);
}

}  // namespace kibitz::trace
