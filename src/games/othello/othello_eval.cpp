// Othello static evaluation, from the side to move ("me") against the opponent ("them").
//
// 002_... section 5.2 ran its Othello experiments with the evaluation of Bill, the 1989
// North American champion (Lee & Mahajan, "The development of a world-class Othello
// program", 1990). Bill's features were current mobility, potential mobility, edge
// stability and a sequence penalty, combined with learned weights. This evaluation keeps
// that shape with a few hand-set integer terms, each my count minus theirs:
//
//   mobility   10 per legal move                      (Bill's current mobility)
//   potential   4 per empty square next to a disc of the other side: my potential moves
//               are the empty squares next to their discs (Bill's potential mobility)
//   corners    80 per corner disc                     (corners can never be turned over)
//   x_squares -40 per disc on an X square (b2 g2 b7 g7) whose corner is still empty
//   c_squares -15 per disc on a C square (b1 a2, g1 h2, a7 b8, h7 g8) whose corner is empty
//   edges       5 per disc on the other edge squares  (these three: a stand-in for Bill's
//                                                      edge-stability tables)
//   discs       disc difference x (discs on the board) / 16: about 1 per disc early, 4 at
//               the end, where discs decide the game
//
// The total stays within a few thousand, far inside the evaluation range. A finished game
// (neither side can move) scores its result instead: the final disc difference, empties to
// the winner, times k_disc_unit (othello.hpp).
#include "games/othello/othello.hpp"

namespace kibitz {

namespace {

using namespace oth;

constexpr int k_w_mobility = 10;
constexpr int k_w_potential = 4;
constexpr int k_w_corner = 80;
constexpr int k_w_x_square = -40;
constexpr int k_w_c_square = -15;
constexpr int k_w_edge = 5;
constexpr int k_disc_divisor = 16;

constexpr Bits sq(int s) {
  return 1ull << s;
}
constexpr Bits k_corners = sq(0) | sq(7) | sq(56) | sq(63);
constexpr Bits k_row_1 = 0xFFull, k_row_8 = 0xFFull << 56;
constexpr Bits k_col_a = 0x0101010101010101ull, k_col_h = 0x8080808080808080ull;

// Each corner with its X square and its two C squares.
struct CornerZone {
  Bits corner, x, c;
};
constexpr CornerZone k_zones[4] = {
    {sq(0), sq(9), sq(1) | sq(8)},      // a1: b2; b1 a2
    {sq(7), sq(14), sq(6) | sq(15)},    // h1: g2; g1 h2
    {sq(56), sq(49), sq(48) | sq(57)},  // a8: b7; a7 b8
    {sq(63), sq(54), sq(55) | sq(62)},  // h8: g7; h7 g8
};
constexpr Bits k_all_c = sq(1) | sq(8) | sq(6) | sq(15) | sq(48) | sq(57) | sq(55) | sq(62);
constexpr Bits k_edges = (k_row_1 | k_row_8 | k_col_a | k_col_h) & ~k_corners & ~k_all_c;

OthelloGame::EvalTerms terms_of(Bits me, Bits them, Bits my_moves, Bits their_moves) {
  OthelloGame::EvalTerms t;
  const Bits empty = ~(me | them);
  t.mobility = k_w_mobility * (popcount(my_moves) - popcount(their_moves));
  t.potential =
      k_w_potential * (popcount(neighbours(them) & empty) - popcount(neighbours(me) & empty));
  t.corners = k_w_corner * (popcount(me & k_corners) - popcount(them & k_corners));
  int x = 0, c = 0;
  for (const CornerZone& z : k_zones) {
    if (!(empty & z.corner)) continue;  // once the corner is taken the squares next to it are safe
    x += popcount(me & z.x) - popcount(them & z.x);
    c += popcount(me & z.c) - popcount(them & z.c);
  }
  t.x_squares = k_w_x_square * x;
  t.c_squares = k_w_c_square * c;
  t.edges = k_w_edge * (popcount(me & k_edges) - popcount(them & k_edges));
  t.discs = (popcount(me) - popcount(them)) * popcount(me | them) / k_disc_divisor;
  return t;
}

}  // namespace

OthelloGame::EvalTerms OthelloGame::eval_terms() const {
  return terms_of(m_player, m_opponent, legal_moves(m_player, m_opponent),
                  legal_moves(m_opponent, m_player));
}

Score OthelloGame::evaluate() const {
  const Bits my_moves = legal_moves(m_player, m_opponent);
  const Bits their_moves = legal_moves(m_opponent, m_player);
  if (!my_moves && !their_moves) {
    // The final disc difference, empties to the winner (FFO's and Edax's count).
    int diff = popcount(m_player) - popcount(m_opponent);
    const int empty = 64 - popcount(m_player | m_opponent);
    diff += diff > 0 ? empty : (diff < 0 ? -empty : 0);
    return diff * k_disc_unit;
  }
  return terms_of(m_player, m_opponent, my_moves, their_moves).total();
}

}  // namespace kibitz
