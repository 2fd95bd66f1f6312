// Legal move generation straight from the position (no make-and-test): pins are found from
// the king outward, checks restrict the target squares, king steps are tested against the
// attacks with the king lifted off the board, and en passant is checked by replaying the
// capture on the occupancy. The order is fixed: pawn pushes that promote (queen, rook,
// bishop, knight), other single pushes, double pushes, captures toward the a-file, captures
// toward the h-file, en passant (pawn moves by target square, low to high), then knights,
// bishops, rooks, queens and the king (by origin square, then target), then castling.
#pragma once

#include <cstdint>

#include "games/chess/move.hpp"
#include "games/chess/position.hpp"

namespace kibitz::chess {

struct MoveList {
  // A reachable position has at most 218 legal moves. FEN validation allows at most 16
  // pieces a side, whose moves cannot exceed 15 queens' 27 each plus a king's 8 and two
  // castlings (415), so 512 is safe even for unreachable positions.
  Move moves[512];
  int size = 0;

  void add(Move m) { moves[size++] = m; }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
  bool contains(Move m) const {
    for (int i = 0; i < size; ++i) {
      if (moves[i] == m) return true;
    }
    return false;
  }
};

void generate_legal(const Position& pos, MoveList& list);

// Leaf paths of exactly `depth` plies (standard perft: draw rules are not applied), counting
// the last ply in bulk from the legal move list.
std::uint64_t perft(Position& pos, int depth);

}  // namespace kibitz::chess
