// Othello perft on bare bitboards: no move lists, no keys, no undo stack, and bulk counting
// at the last ply (the leaves are the popcount of the move mask). A pass is a ply like any
// other move; a finished game (neither side can move) ends its path, so it contributes
// nothing at greater depths.
#include "games/othello/othello.hpp"

namespace kibitz {

namespace {

using namespace oth;

std::uint64_t perft_bits(Bits p, Bits o, int depth) {
  Bits m = legal_moves(p, o);
  if (!m) {
    if (!legal_moves(o, p)) return 0;                     // game over: no move left to count
    return depth == 1 ? 1 : perft_bits(o, p, depth - 1);  // the pass
  }
  if (depth == 1) return static_cast<std::uint64_t>(popcount(m));
  std::uint64_t n = 0;
  for (; m; m &= m - 1) {
    const Bits bit = m & (0 - m);
    const Bits f = flips(bit, p, o);
    n += perft_bits(o ^ f, p | bit | f, depth - 1);
  }
  return n;
}

}  // namespace

std::uint64_t OthelloGame::perft(int depth) const {
  if (depth <= 0) return 1;
  return perft_bits(m_player, m_opponent, depth);
}

}  // namespace kibitz
