// The .kbz file's fixed parts (kbz_file.hpp tells the layout): the magic bytes, the chunk tags
// and the version-2 header flags, shared by its writer (kbz_file.cpp) and reader (kbz_read.cpp).
#pragma once

#include <cstdint>

namespace kibitz::trace::kbz {

inline constexpr char k_magic[8] = {'K', 'I', 'B', 'I', 'T', 'Z', '\r', '\n'};

constexpr std::uint32_t tag(const char (&s)[5]) {
  return static_cast<std::uint32_t>(static_cast<unsigned char>(s[0])) |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[1])) << 8 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[2])) << 16 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[3])) << 24;
}
inline constexpr std::uint32_t k_tag_meta = tag("META");
inline constexpr std::uint32_t k_tag_strs = tag("STRS");
inline constexpr std::uint32_t k_tag_evts = tag("EVTS");
inline constexpr std::uint32_t k_tag_evtv = tag("EVTV");
inline constexpr std::uint32_t k_tag_end = tag("END ");

// Version-2 header flags.
inline constexpr std::uint32_t k_flag_ge = 1u << 8, k_flag_lean = 1u << 9;
// An engine recorder's file: its child returns, bests and alphas are derived (derive_returns).
inline constexpr std::uint32_t k_flag_returns_derived = 1u << 10;
// A live stream (or its spool file): event chunks may hold fewer than 65,536 events, as a
// recorder streaming to a viewer seals them every few milliseconds.
inline constexpr std::uint32_t k_flag_stream = 1u << 11;

}  // namespace kibitz::trace::kbz
