// Chess basics: squares (a1 = 0 ... h8 = 63, file-major within a rank), colours, pieces and
// 64-bit bitboards with the few bit tricks everything else uses. Only __builtin_ctzll and
// __builtin_popcountll, which have portable fallbacks in every compiler that targets wasm32.
#pragma once

#include <cstdint>

namespace kibitz::chess {

using Bitboard = std::uint64_t;
using Square = int;  // 0..63; k_no_square when absent

constexpr Square k_no_square = 64;

enum class Color : std::uint8_t { white = 0, black = 1 };
enum class PieceType : std::uint8_t { pawn = 0, knight, bishop, rook, queen, king, none };
// A coloured piece: colour * 6 + type; none = 12.
enum class Piece : std::uint8_t { none = 12 };

constexpr int idx(Color c) {
  return static_cast<int>(c);
}
constexpr int idx(PieceType t) {
  return static_cast<int>(t);
}
constexpr int idx(Piece p) {
  return static_cast<int>(p);
}
constexpr Color operator~(Color c) {
  return c == Color::white ? Color::black : Color::white;
}

constexpr Piece make_piece(Color c, PieceType t) {
  return static_cast<Piece>(idx(c) * 6 + idx(t));
}
constexpr PieceType type_of(Piece p) {
  return p == Piece::none ? PieceType::none : static_cast<PieceType>(idx(p) % 6);
}
constexpr Color color_of(Piece p) {
  return idx(p) >= 6 ? Color::black : Color::white;
}
// The type's index 0..5 of a real piece (not Piece::none), without type_of's check.
constexpr int type_index(Piece p) {
  return idx(p) >= 6 ? idx(p) - 6 : idx(p);
}

constexpr int file_of(Square s) {
  return s & 7;
}
constexpr int rank_of(Square s) {
  return s >> 3;
}
constexpr Square make_square(int file, int rank) {
  return rank * 8 + file;
}
// The rank counted from c's own side: 0 for its back rank, 7 for the far one.
constexpr int relative_rank(Color c, Square s) {
  return c == Color::white ? rank_of(s) : 7 - rank_of(s);
}

constexpr Bitboard bit(Square s) {
  return Bitboard{1} << s;
}
constexpr Bitboard k_file_a = 0x0101010101010101ull;
constexpr Bitboard k_rank_1 = 0xFFull;
constexpr Bitboard file_bb(int file) {
  return k_file_a << file;
}
constexpr Bitboard rank_bb(int rank) {
  return k_rank_1 << (8 * rank);
}

inline int popcount(Bitboard b) {
  return __builtin_popcountll(b);
}
inline Square lsb(Bitboard b) {
  return __builtin_ctzll(b);
}
// Removes and returns the lowest set square; b must not be empty.
inline Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) {
  return (b & (b - 1)) != 0;
}

// "e4" for a square; "-" for k_no_square.
inline const char* square_name(Square s) {
  static const char* const names[65] = {
      "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2",
      "f2", "g2", "h2", "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4",
      "c4", "d4", "e4", "f4", "g4", "h4", "a5", "b5", "c5", "d5", "e5", "f5", "g5",
      "h5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6", "a7", "b7", "c7", "d7",
      "e7", "f7", "g7", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8", "-"};
  return names[s];
}

// Castling rights: four bits in a std::uint8_t.
constexpr std::uint8_t k_white_oo = 1;
constexpr std::uint8_t k_white_ooo = 2;
constexpr std::uint8_t k_black_oo = 4;
constexpr std::uint8_t k_black_ooo = 8;

}  // namespace kibitz::chess
