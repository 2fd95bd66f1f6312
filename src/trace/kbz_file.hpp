// The .kbz binary trace file. Little-endian throughout, no timestamps or padding bytes of
// unknown content, so the same search gives the same bytes on every platform.
//
//   header   8 bytes magic "KIBITZ\r\n", u32 version, u32 flags
//   chunks   u32 tag, u32 reserved (0), u64 payload length, payload
//     "META"  UTF-8 JSON object of string pairs (Meta)
//     "STRS"  strings (entry 0 is the empty string)
//     "EVTS"  u32 count, then count x 16-byte events (type u8, flags u8, aux u16, node u32,
//             a i32, b i32); one EVTS chunk per 65,536 events
//     "EVTV"  (version 2; the engine recorders of include/kibitz write it) u32 count, then each
//             event as u8 type, u8 mask of the fields that are not 0 (1 flags, 2 aux, 4 node,
//             8 a, 16 b), flags as a byte, aux as a varint, the node as the zigzag varint of its
//             difference from the chunk's previous event's (the first's: from 0), a and b as
//             zigzag varints (a hash_key's a and b: 4 raw bytes each); one chunk per 65,536
//             events
//     "END "  u64 FNV-1a 64 of every byte before this chunk's tag; always last
//
// Version 1: flags 0; META, one STRS (u32 count, then count x (u32 length, bytes)), the EVTS
// chunks, END. Every step of search! is an event (explicit); the reader takes the rule that
// checks them from the facts (steps_from_meta).
//
// Version 2: flags = the steps' rule (bits 0-7) | criterion >= (bit 8) | lean (bit 9) | returns
// derived (bit 10: an engine recorder's file without child_return, best_set and alpha_set,
// which the reader puts back, derive_returns.hpp). The
// chunks come in the order a recording writes them as it goes: META with the facts known at
// the start; before each EVTS chunk a STRS chunk (u32 first id, u32 count, then count x (u32
// length, bytes)) with the strings up to the largest id its events refer to that are not
// written yet, left out when there are none; the strings no event refers to; a second META
// with the facts the search added, if any; END. So the layout follows from the trace alone. A file
// that ends early (a recording killed) opens up to its last complete chunk, with a notice saying
// where it ends. A reader refuses a version newer than its own; unknown chunk tags are skipped.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "core/byte_source.hpp"
#include "trace/chunk_sink.hpp"
#include "trace/trace.hpp"

namespace kibitz::trace {

constexpr std::uint32_t k_kbz_version = 2;

// The trace as a version-2 file (its steps as they are, lean or explicit), or version 1 (every
// step explicit: a lean trace is expanded first).
std::vector<std::uint8_t> write_kbz(const Trace& trace, std::uint32_t version = k_kbz_version);
// Throws InputError ("trace file: ...") naming what is wrong and where (byte offset). The events
// are decoded into memory. An engine recorder's file keeps its events as recorded
// (Steps::returns_derived: the model derives the rest).
Trace read_kbz(const std::uint8_t* data, std::size_t size);
// The same with the events left where they lie (a mapped file, the page's file): indexed, and
// decoded a page at a time as they are read (EventLog's paged mode), so that a trace of any size
// opens in memory proportional to its nodes, not its events. The facts and strings are read now;
// a fault in an event chunk is found when its page is first read (the model's build reads them
// all, in order).
Trace read_kbz(std::shared_ptr<const ByteSource> bytes);
inline Trace read_kbz(const std::vector<std::uint8_t>& bytes) {
  return read_kbz(bytes.data(), bytes.size());
}

// The bytes of a live stream so far (live_stream.hpp): read up to the last complete chunk, with
// no "cut short" notice (the rest is on its way). Throws as read_kbz.
Trace read_kbz_live(const std::uint8_t* data, std::size_t size);

bool looks_like_kbz(const std::uint8_t* data, std::size_t size);

std::uint64_t fnv1a64(const std::uint8_t* data, std::size_t size,
                      std::uint64_t h = 0xcbf29ce484222325ull);

// A version-2 file written while the search records: the header and the facts known at the
// start (Trace::meta_at_start) with the first event chunk, each event chunk as the recorder
// seals it (then its memory can go), the rest at finish. The bytes are those write_kbz gives
// for the finished trace, provided the facts known at the start do not change once the first
// chunk is written (the search may add facts, not change them).
// Which strings the events written so far refer to (a payload's reference depends on its
// record's head, which may be in an earlier chunk).
struct KbzStringScan {
  Event head{};
  int slot = 0;
  std::int64_t max_ref = 0;
};

class KbzStream final : public ChunkSink {
 public:
  // Opens `path` for writing; throws InputError naming it.
  KbzStream(const std::string& path, const Trace& trace);
  ~KbzStream();
  KbzStream(const KbzStream&) = delete;
  KbzStream& operator=(const KbzStream&) = delete;

  // Writes event chunk i (the next one), preceded by the strings it may refer to.
  void write_chunk(const Trace& trace, std::size_t i) override;
  std::size_t chunks_written() const override { return m_chunks; }
  // Writes the chunks not yet written, the facts added since the start and END; closes.
  // Throws InputError when the file cannot be written.
  void finish(const Trace& trace);
  std::uint64_t bytes_written() const { return m_bytes; }

 private:
  void put(const std::uint8_t* p, std::size_t n);
  void start(const Trace& trace);  // the header and the first META, once

  std::string m_path;
  std::FILE* m_file = nullptr;
  std::uint64_t m_hash = 0xcbf29ce484222325ull;
  std::uint64_t m_bytes = 0;
  std::uint32_t m_strings = 0;  // strings written so far
  KbzStringScan m_scan;
  std::size_t m_chunks = 0;  // event chunks written so far
  bool m_failed = false, m_started = false;
  friend class ChunkWriter;
};

}  // namespace kibitz::trace
