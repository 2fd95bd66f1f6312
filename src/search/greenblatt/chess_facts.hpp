// The chess facts the Greenblatt program reasons with (seed 003, "Chess terms" and "En
// prise"): en prise, pinned, safe move, trapped. The paper says its checks are partial and
// names what "a typical determination" considers: the value of the piece attacked, the number
// of attackers and defenders, and the values of the least valuable attacker and defender.
// Kibitz uses exactly those four quantities (docs/greenblatt.md gives the rule).
#pragma once

#include "games/chess/greenblatt_eval.hpp"
#include "games/chess/move.hpp"
#include "games/chess/position.hpp"

namespace kibitz::greenblatt {

using chess::Bitboard;
using chess::Color;
using chess::Move;
using chess::Piece;
using chess::PieceType;
using chess::Position;
using chess::Square;

// Table 2 of the paper (a pawn is 128).
inline int piece_value(PieceType t) {
  return t == PieceType::none ? 0 : chess::k_greenblatt_value[chess::idx(t)];
}
inline int piece_value(Piece p) {
  return piece_value(chess::type_of(p));
}

// Who bears on a square: counts and the least valuable piece of each side.
struct SquareControl {
  int attackers = 0;       // enemy pieces of the piece on the square that can capture it
  int defenders = 0;       // friendly pieces that could recapture
  int least_attacker = 0;  // value of the least valuable attacker (0 if none)
  int least_defender = 0;
};

// The control of square s, taking its occupant's colour as "friendly", under occupancy occ
// (a piece outside occ neither attacks nor defends). Pieces pinned to their own king count only
// along the pin line; a king attacks only an undefended square and defends only against a
// single attacker.
SquareControl control_of(const Position& pos, Square s, Bitboard occ);

// The paper's "typical determination": the piece on s (not a king) is en prise when it is
// attacked and either undefended, or attacked by something cheaper, or outnumbered with
// value - least attacker + least defender > 0 (the knight attacked by a bishop and a rook and
// defended by a pawn, the paper's example, is en prise; with the bishop alone it is not).
bool en_prise(const Position& pos, Square s, Bitboard occ);
inline bool en_prise(const Position& pos, Square s) {
  return en_prise(pos, s, pos.occupied());
}

// The pieces of colour c (kings excluded) that are en prise.
Bitboard en_prise_pieces(const Position& pos, Color c);

// A piece is pinned if moving it discovers an attack on another piece that renders that piece
// en prise (or on the king). Returns the square of the exposed piece, or k_no_square.
Square pinned_against(const Position& pos, Square s);
inline bool pinned(const Position& pos, Square s) {
  return pinned_against(pos, s) != chess::k_no_square;
}

// Squares of pieces of colour c that defend (attack) at least one other piece of c.
Bitboard defenders_of_others(const Position& pos, Color c);

// What a move appears to gain in material when both sides go on capturing on its square, the
// least valuable piece first, each free to stop (a static exchange; pins are not seen). Used to
// decide which captures and promotions the capture search finds plausible.
int exchange_gain(const Position& pos, Move m);

// A safe move does not leave the moved piece en prise on its new square. m must be legal.
bool safe_move(const Position& pos, Move m);

// A piece is trapped if it has no safe moves (it must be the side to move's piece). `legal`
// is the position's legal move list.
template <class Moves>
bool trapped(const Position& pos, Square s, const Moves& legal) {
  for (const Move m : legal) {
    if (m.from() == s && safe_move(pos, m)) return false;
  }
  return true;
}

// The side to move's pieces (the king included: its legal moves are safe) with a safe move.
template <class Moves>
Bitboard pieces_with_safe_moves(const Position& pos, const Moves& legal) {
  Bitboard seen = 0;
  for (const Move m : legal) {
    if (!(seen & chess::bit(m.from())) && safe_move(pos, m)) seen |= chess::bit(m.from());
  }
  return seen;
}

// The squares attacked by the piece on s under occupancy occ (pawns: their capture squares).
Bitboard attacks_from(const Position& pos, Square s, Bitboard occ);
Bitboard attacks_of(Piece p, Square s, Bitboard occ);

// Descriptive piece names for comments: "knight", "white bishop".
const char* piece_type_name(PieceType t);
const char* color_name(Color c);

}  // namespace kibitz::greenblatt
