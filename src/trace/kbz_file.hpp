// The .kbz binary trace file. Little-endian throughout, no timestamps or padding bytes of
// unknown content, so the same search gives the same bytes on every platform.
//
//   header   8 bytes magic "KIBITZ\r\n", u32 version, u32 flags (0)
//   chunks   u32 tag, u32 reserved (0), u64 payload length, payload
//     "META"  UTF-8 JSON object of string pairs (Meta)
//     "STRS"  u32 count, then count x (u32 length, bytes); entry 0 is the empty string
//     "EVTS"  u32 count, then count x 16-byte events (type u8, flags u8, aux u16, node u32,
//             a i32, b i32); a trace has one EVTS chunk per 65,536 events
//     "END "  u64 FNV-1a 64 of every byte before this chunk's tag; always last
// A reader refuses a version newer than its own, unknown chunk tags are skipped.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace kibitz::trace {

constexpr std::uint32_t k_kbz_version = 1;

std::vector<std::uint8_t> write_kbz(const Trace& trace);
// Throws InputError ("trace file: ...") naming what is wrong and where (byte offset).
Trace read_kbz(const std::uint8_t* data, std::size_t size);
inline Trace read_kbz(const std::vector<std::uint8_t>& bytes) {
  return read_kbz(bytes.data(), bytes.size());
}

bool looks_like_kbz(const std::uint8_t* data, std::size_t size);

std::uint64_t fnv1a64(const std::uint8_t* data, std::size_t size,
                      std::uint64_t h = 0xcbf29ce484222325ull);

}  // namespace kibitz::trace
