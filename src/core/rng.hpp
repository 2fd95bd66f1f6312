// Deterministic integer hashing and random numbers: the same bits on every platform
// (native and wasm), so a seed names the same tree everywhere. No floating point.
#pragma once

#include <cstdint>

namespace kibitz {

// SplitMix64's finaliser: a bijective 64-bit mix.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// A value in [0, range) from 64 random bits, range <= 2^32 (multiply-shift on the high half;
// the bias is below range / 2^32).
constexpr std::uint32_t bounded(std::uint64_t bits, std::uint64_t range) {
  return static_cast<std::uint32_t>(((bits >> 32) * range) >> 32);
}

// A small sequential generator (SplitMix64) for tests and experiments.
class Rng {
 public:
  explicit constexpr Rng(std::uint64_t seed) : m_state(seed) {}
  constexpr std::uint64_t next() {
    m_state += 0x9E3779B97F4A7C15ull;
    std::uint64_t z = m_state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform integer in [lo, hi], hi - lo < 2^32.
  constexpr std::int64_t uniform(std::int64_t lo, std::int64_t hi) {
    return lo + bounded(next(), static_cast<std::uint64_t>(hi - lo) + 1);
  }

 private:
  std::uint64_t m_state;
};

}  // namespace kibitz
