// A chess move in 16 bits: from (6), to (6) and a 4-bit kind. The kind says everything make
// needs that the squares do not (castling, en passant, promotion piece), so a move is
// meaningful only in the position it was generated in.
#pragma once

#include <cstdint>

#include "games/chess/types.hpp"

namespace kibitz::chess {

enum class MoveKind : std::uint8_t {
  quiet = 0,
  double_push = 1,
  castle_king = 2,   // O-O; from/to are the king's squares
  castle_queen = 3,  // O-O-O
  capture = 4,
  en_passant = 5,
  promo_knight = 8,  // promotions: 8 + (piece - knight), +4 when capturing
  promo_bishop = 9,
  promo_rook = 10,
  promo_queen = 11,
  promo_capture_knight = 12,
  promo_capture_bishop = 13,
  promo_capture_rook = 14,
  promo_capture_queen = 15,
};

class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind)
      : m_bits(static_cast<std::uint16_t>(from | (to << 6) | (static_cast<int>(kind) << 12))) {}

  constexpr Square from() const { return m_bits & 63; }
  constexpr Square to() const { return (m_bits >> 6) & 63; }
  constexpr MoveKind kind() const { return static_cast<MoveKind>(m_bits >> 12); }
  constexpr bool is_capture() const { return (m_bits >> 12) & 4; }
  constexpr bool is_promotion() const { return (m_bits >> 12) & 8; }
  constexpr bool is_castle() const {
    return kind() == MoveKind::castle_king || kind() == MoveKind::castle_queen;
  }
  // Knight, bishop, rook or queen; only for promotions.
  constexpr PieceType promotion() const {
    return static_cast<PieceType>(idx(PieceType::knight) + ((m_bits >> 12) & 3));
  }
  constexpr std::uint16_t bits() const { return m_bits; }
  constexpr bool is_null() const { return m_bits == 0; }

  friend constexpr bool operator==(Move a, Move b) { return a.m_bits == b.m_bits; }
  friend constexpr bool operator!=(Move a, Move b) { return a.m_bits != b.m_bits; }

 private:
  std::uint16_t m_bits = 0;  // 0 (a1a1 quiet) is never a legal move: the null move
};

constexpr MoveKind promotion_kind(PieceType t, bool capture) {
  return static_cast<MoveKind>(8 + (idx(t) - idx(PieceType::knight)) + (capture ? 4 : 0));
}

}  // namespace kibitz::chess
