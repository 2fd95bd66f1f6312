// Zobrist keys: one 64-bit number per (piece, square), castling-rights set, en-passant file
// and side to move, drawn from a fixed-seed SplitMix64 so that a position's key is the same
// on every platform and in every run (traces and tests can store keys).
#pragma once

#include <cstdint>

#include "games/chess/types.hpp"

namespace kibitz::chess {

struct ZobristKeys {
  std::uint64_t piece_square[12][64];
  std::uint64_t castling[16];
  std::uint64_t ep_file[8];
  std::uint64_t black_to_move;
};

// Built at compile time: no start-up cost, no initialisation order to worry about.
extern const ZobristKeys k_zobrist;

}  // namespace kibitz::chess
