// Zobrist keys for the board games: one random 64-bit word per (piece, square) and one for the
// side to move, XORed together. The words come from a fixed-seed SplitMix64 at compile time,
// so a position has the same key on every platform and in every run (traces stay comparable).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "core/rng.hpp"

namespace kibitz {

// N words from the generator seeded with `seed` (each game uses its own seed).
template <std::size_t N>
constexpr std::array<std::uint64_t, N> zobrist_keys(std::uint64_t seed) {
  std::array<std::uint64_t, N> keys{};
  Rng rng(seed);
  for (std::size_t i = 0; i < N; ++i) keys[i] = rng.next();
  return keys;
}

}  // namespace kibitz
