// Precomputed attack tables: knight, king and pawn attacks per square, and sliding attacks by
// "fancy" magic bitboards. The magics are not hard-coded: they are found when the tables are
// first used, by a search driven by a fixed-seed generator with integer arithmetic only, so
// the same magics (and the same tables) come out natively and in wasm32. Only 64-bit
// multiplies and shifts are used (no PEXT, no 128-bit math).
#pragma once

#include <vector>

#include "games/chess/types.hpp"

namespace kibitz::chess {

struct Magic {
  Bitboard mask = 0;         // relevant occupancy (edges excluded)
  Bitboard magic = 0;        // the multiplier
  unsigned shift = 0;        // 64 - popcount(mask)
  std::uint32_t offset = 0;  // start of this square's slice of the table

  unsigned index(Bitboard occupied) const {
    return offset + static_cast<unsigned>(((occupied & mask) * magic) >> shift);
  }
};

class AttackTables {
 public:
  AttackTables();

  Bitboard knight(Square s) const { return m_knight[s]; }
  Bitboard king(Square s) const { return m_king[s]; }
  // The squares a pawn of colour c on s attacks.
  Bitboard pawn(Color c, Square s) const { return m_pawn[idx(c)][s]; }
  Bitboard bishop(Square s, Bitboard occupied) const {
    return m_bishop_table[m_bishop[s].index(occupied)];
  }
  Bitboard rook(Square s, Bitboard occupied) const {
    return m_rook_table[m_rook[s].index(occupied)];
  }
  Bitboard queen(Square s, Bitboard occupied) const {
    return bishop(s, occupied) | rook(s, occupied);
  }
  // Squares strictly between a and b on a shared line (empty if none).
  Bitboard between(Square a, Square b) const { return m_between[a][b]; }
  // The whole line through a and b, edge to edge (empty if they share none).
  Bitboard line(Square a, Square b) const { return m_line[a][b]; }

  const Magic& rook_magic(Square s) const { return m_rook[s]; }
  const Magic& bishop_magic(Square s) const { return m_bishop[s]; }

 private:
  Bitboard m_knight[64];
  Bitboard m_king[64];
  Bitboard m_pawn[2][64];
  Magic m_rook[64];
  Magic m_bishop[64];
  std::vector<Bitboard> m_rook_table;
  std::vector<Bitboard> m_bishop_table;
  Bitboard m_between[64][64];
  Bitboard m_line[64][64];
};

// The tables, built on first use (thread-safe) and shared by every position.
const AttackTables& attack_tables();

// Sliding attacks by walking the rays: the reference the magics are checked against.
Bitboard slow_rook_attacks(Square s, Bitboard occupied);
Bitboard slow_bishop_attacks(Square s, Bitboard occupied);

}  // namespace kibitz::chess
