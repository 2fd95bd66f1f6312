// Othello bitboards: bit i is square i = 8 * row + column, a1 = 0, b1 = 1, ..., h1 = 7,
// a2 = 8, ..., h8 = 63 (rows 1-8 from the top, columns a-h from the left, as Othello boards
// are drawn). Moves are generated with shifts, one direction at a time (Kogge-Stone's
// "dumb7fill"): plain 64-bit integer operations, as fast in WebAssembly as natively.
#pragma once

#include <cstdint>

namespace kibitz::oth {

using Bits = std::uint64_t;

constexpr Bits k_not_a = 0xFEFEFEFEFEFEFEFEull;  // every column but a
constexpr Bits k_not_h = 0x7F7F7F7F7F7F7F7Full;  // every column but h
constexpr Bits k_inner_columns = k_not_a & k_not_h;

// Square-index steps of the 8 directions: E, W, S, N, SE, SW, NE, NW (S = towards row 8).
constexpr int k_direction_steps[8] = {1, -1, 8, -8, 9, 7, -7, -9};

// Squares shifted one step in direction D, without removing the squares that wrap around
// from one edge to the other.
template <int D>
constexpr Bits shift(Bits b) {
  constexpr int s = k_direction_steps[D];
  if constexpr (s > 0) {
    return b << s;
  } else {
    return b >> -s;
  }
}

// The squares one step in direction D.
template <int D>
constexpr Bits step(Bits b) {
  constexpr Bits keep = (D == 0 || D == 4 || D == 6)   ? k_not_a
                        : (D == 1 || D == 5 || D == 7) ? k_not_h
                                                       : ~Bits{0};
  return shift<D>(b) & keep;
}

// Empty squares reached from `p` over a run of `o` in direction D. Sideways runs only use
// discs of `o` off the a and h columns, so the unmasked shifts never wrap a run around.
template <int D>
constexpr Bits moves_in(Bits p, Bits o, Bits empty) {
  constexpr bool vertical = D == 2 || D == 3;
  const Bits mo = vertical ? o : (o & k_inner_columns);
  Bits t = mo & shift<D>(p);
  t |= mo & shift<D>(t);
  t |= mo & shift<D>(t);
  t |= mo & shift<D>(t);
  t |= mo & shift<D>(t);
  t |= mo & shift<D>(t);
  return empty & shift<D>(t);
}

// The squares where the side with discs `p` may play against discs `o`.
constexpr Bits legal_moves(Bits p, Bits o) {
  const Bits empty = ~(p | o);
  return moves_in<0>(p, o, empty) | moves_in<1>(p, o, empty) | moves_in<2>(p, o, empty) |
         moves_in<3>(p, o, empty) | moves_in<4>(p, o, empty) | moves_in<5>(p, o, empty) |
         moves_in<6>(p, o, empty) | moves_in<7>(p, o, empty);
}

template <int D>
constexpr Bits flips_in(Bits move, Bits p, Bits o) {
  Bits run = 0;
  Bits x = step<D>(move);
  while (x & o) {
    run |= x;
    x = step<D>(x);
  }
  return (x & p) ? run : 0;
}

// The discs of `o` that a disc played on `move` (a single bit) turns over.
constexpr Bits flips(Bits move, Bits p, Bits o) {
  return flips_in<0>(move, p, o) | flips_in<1>(move, p, o) | flips_in<2>(move, p, o) |
         flips_in<3>(move, p, o) | flips_in<4>(move, p, o) | flips_in<5>(move, p, o) |
         flips_in<6>(move, p, o) | flips_in<7>(move, p, o);
}

// Squares next to any disc of `b` (in the 8 directions).
constexpr Bits neighbours(Bits b) {
  return step<0>(b) | step<1>(b) | step<2>(b) | step<3>(b) | step<4>(b) | step<5>(b) | step<6>(b) |
         step<7>(b);
}

inline int popcount(Bits b) {
  return __builtin_popcountll(b);
}
inline int lowest_square(Bits b) {
  return __builtin_ctzll(b);
}

}  // namespace kibitz::oth
