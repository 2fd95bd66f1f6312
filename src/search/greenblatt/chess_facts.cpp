#include "search/greenblatt/chess_facts.hpp"

#include <algorithm>

namespace kibitz::greenblatt {

using namespace chess;

namespace {

bool straight_line(Square a, Square b) {
  return file_of(a) == file_of(b) || rank_of(a) == rank_of(b);
}

// Whether a slider of type t moves along the line a-b.
bool slides_along(PieceType t, Square a, Square b) {
  if (t == PieceType::queen) return true;
  return straight_line(a, b) ? t == PieceType::rook : t == PieceType::bishop;
}

// The piece on x may go to s without exposing its own king: not pinned to it, or s on the pin line.
bool pin_allows(const Position& pos, Square x, Square s, Bitboard occ) {
  const AttackTables& at = attack_tables();
  const Color c = color_of(pos.piece_on(x));
  if (type_of(pos.piece_on(x)) == PieceType::king) return true;
  const Bitboard kings = pos.pieces(c, PieceType::king) & occ;
  if (!kings) return true;
  const Square k = lsb(kings);
  const Bitboard line = at.line(k, x);
  if (!line || (at.between(k, x) & occ) || (line & bit(s))) return true;
  Bitboard sliders =
      line & occ & pos.pieces(~c) &
      (pos.pieces(PieceType::queen) |
       (straight_line(k, x) ? pos.pieces(PieceType::rook) : pos.pieces(PieceType::bishop)));
  while (sliders) {
    const Square y = pop_lsb(sliders);
    if ((at.between(k, y) & bit(x)) && !(at.between(x, y) & occ)) return false;
  }
  return true;
}

}  // namespace

Bitboard attacks_of(Piece p, Square s, Bitboard occ) {
  const AttackTables& at = attack_tables();
  switch (type_of(p)) {
    case PieceType::pawn:
      return at.pawn(color_of(p), s);
    case PieceType::knight:
      return at.knight(s);
    case PieceType::bishop:
      return at.bishop(s, occ);
    case PieceType::rook:
      return at.rook(s, occ);
    case PieceType::queen:
      return at.queen(s, occ);
    case PieceType::king:
      return at.king(s);
    default:
      return 0;
  }
}

Bitboard attacks_from(const Position& pos, Square s, Bitboard occ) {
  return attacks_of(pos.piece_on(s), s, occ);
}

SquareControl control_of(const Position& pos, Square s, Bitboard occ) {
  SquareControl c;
  const Piece p = pos.piece_on(s);
  if (p == Piece::none) return c;
  const Color us = color_of(p);
  const Bitboard all = pos.attackers_to(s, occ) & occ;
  Bitboard king_att = 0, king_def = 0;
  int least_att = 1 << 30, least_def = 1 << 30;
  for (Bitboard b = all; b;) {
    const Square x = pop_lsb(b);
    const Piece q = pos.piece_on(x);
    if (type_of(q) == PieceType::king) {
      (color_of(q) == us ? king_def : king_att) |= bit(x);
      continue;
    }
    if (!pin_allows(pos, x, s, occ)) continue;
    const int v = piece_value(q);
    if (color_of(q) == us) {
      ++c.defenders;
      least_def = std::min(least_def, v);
    } else {
      ++c.attackers;
      least_att = std::min(least_att, v);
    }
  }
  // A king takes only what nothing defends, and recaptures only against a lone attacker.
  if (king_att && c.defenders == 0 && !king_def) {
    ++c.attackers;
    least_att = std::min(least_att, piece_value(PieceType::king));
  }
  if (king_def && c.attackers == 1) {
    ++c.defenders;
    least_def = std::min(least_def, piece_value(PieceType::king));
  }
  c.least_attacker = c.attackers ? least_att : 0;
  c.least_defender = c.defenders ? least_def : 0;
  return c;
}

bool en_prise(const Position& pos, Square s, Bitboard occ) {
  const Piece p = pos.piece_on(s);
  if (p == Piece::none || type_of(p) == PieceType::king) return false;
  const SquareControl c = control_of(pos, s, occ);
  if (c.attackers == 0) return false;
  const int v = piece_value(p);
  return c.defenders == 0 || c.least_attacker < v ||
         (c.attackers > c.defenders && v - c.least_attacker + c.least_defender > 0);
}

Bitboard en_prise_pieces(const Position& pos, Color c) {
  Bitboard out = 0;
  for (Bitboard b = pos.pieces(c) & ~pos.pieces(PieceType::king); b;) {
    const Square s = pop_lsb(b);
    if (en_prise(pos, s)) out |= bit(s);
  }
  return out;
}

Square pinned_against(const Position& pos, Square s) {
  const Piece p = pos.piece_on(s);
  if (p == Piece::none || type_of(p) == PieceType::king) return k_no_square;
  const Color us = color_of(p);
  const Bitboard occ = pos.occupied();
  const AttackTables& at = attack_tables();
  Bitboard sliders = pos.pieces(~us) & (pos.pieces(PieceType::bishop) |
                                        pos.pieces(PieceType::rook) | pos.pieces(PieceType::queen));
  while (sliders) {
    const Square y = pop_lsb(sliders);
    if (!at.line(y, s) || !slides_along(type_of(pos.piece_on(y)), y, s) || (at.between(y, s) & occ))
      continue;
    // The first piece beyond s, away from the slider.
    const int df = (file_of(s) > file_of(y)) - (file_of(s) < file_of(y));
    const int dr = (rank_of(s) > rank_of(y)) - (rank_of(s) < rank_of(y));
    int f = file_of(s) + df, r = rank_of(s) + dr;
    while (f >= 0 && f < 8 && r >= 0 && r < 8 && !(occ & bit(make_square(f, r)))) {
      f += df;
      r += dr;
    }
    if (f < 0 || f > 7 || r < 0 || r > 7) continue;
    const Square q = make_square(f, r);
    if (color_of(pos.piece_on(q)) != us) continue;
    if (type_of(pos.piece_on(q)) == PieceType::king) return q;
    if (!en_prise(pos, q, occ) && en_prise(pos, q, occ & ~bit(s))) return q;
  }
  return k_no_square;
}

Bitboard defenders_of_others(const Position& pos, Color c) {
  Bitboard out = 0;
  const Bitboard occ = pos.occupied();
  for (Bitboard b = pos.pieces(c); b;) {
    const Square s = pop_lsb(b);
    if (attacks_from(pos, s, occ) & pos.pieces(c)) out |= bit(s);
  }
  return out;
}

int exchange_gain(const Position& pos, Move m) {
  const Square to = m.to();
  Bitboard occ = pos.occupied() & ~bit(m.from());
  int gain[40];
  gain[0] = piece_value(pos.captured_piece(m));
  int on_square = piece_value(pos.moved_piece(m));
  if (m.is_promotion()) {
    gain[0] += piece_value(m.promotion()) - piece_value(PieceType::pawn);
    on_square = piece_value(m.promotion());
  }
  if (m.kind() == MoveKind::en_passant)
    occ &= ~bit(pos.side_to_move() == Color::white ? to - 8 : to + 8);
  Color side = ~pos.side_to_move();
  int d = 0;
  while (d < 38) {
    const Bitboard attackers = pos.attackers_to(to, occ) & occ & pos.pieces(side);
    if (!attackers) break;
    // The least valuable attacker; a king only when nothing of the other side still attacks.
    Square from = k_no_square;
    for (PieceType t : {PieceType::pawn, PieceType::knight, PieceType::bishop, PieceType::rook,
                        PieceType::queen, PieceType::king}) {
      const Bitboard b = attackers & pos.pieces(t);
      if (b) {
        from = lsb(b);
        break;
      }
    }
    if (type_of(pos.piece_on(from)) == PieceType::king &&
        (pos.attackers_to(to, occ & ~bit(from)) & (occ & ~bit(from)) & pos.pieces(~side))) {
      break;
    }
    ++d;
    gain[d] = on_square - gain[d - 1];
    if (std::max(-gain[d - 1], gain[d]) < 0) break;  // neither side would go on
    on_square = piece_value(pos.piece_on(from));
    occ &= ~bit(from);
    side = ~side;
  }
  while (d > 0) {
    gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    --d;
  }
  return gain[0];
}

bool safe_move(const Position& pos, Move m) {
  if (type_of(pos.moved_piece(m)) == PieceType::king)
    return true;  // legal king moves are never en prise
  Position after = pos;
  Undo u;
  after.make(m, u);
  return !en_prise(after, m.to());
}

const char* piece_type_name(PieceType t) {
  switch (t) {
    case PieceType::pawn:
      return "pawn";
    case PieceType::knight:
      return "knight";
    case PieceType::bishop:
      return "bishop";
    case PieceType::rook:
      return "rook";
    case PieceType::queen:
      return "queen";
    case PieceType::king:
      return "king";
    default:
      return "piece";
  }
}

const char* color_name(Color c) {
  return c == Color::white ? "white" : "black";
}

}  // namespace kibitz::greenblatt
