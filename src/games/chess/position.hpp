// A chess position: piece bitboards plus a square-to-piece board, side to move, castling
// rights, en-passant square, clocks, the Zobrist key and the pieces giving check. It is a
// plain value (copying it is a ~200-byte memcpy); make() fills an Undo record that unmake()
// takes back, so the caller owns the undo stack (ChessGame keeps one, perft keeps it on the
// C++ stack).
//
// The en-passant square is kept as FEN writes it (after every double push), but it enters
// the key only when a pawn of the side to move attacks it, so that positions which differ
// only by an unusable en-passant square count as the same for repetition.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "games/chess/attacks.hpp"
#include "games/chess/move.hpp"
#include "games/chess/types.hpp"

namespace kibitz::chess {

struct Undo {
  std::uint64_t key = 0;
  Bitboard checkers = 0;
  std::int32_t halfmove = 0;
  Piece captured = Piece::none;
  std::uint8_t castling = 0;
  std::uint8_t ep = k_no_square;
};

class Position {
 public:
  // The standard start position.
  Position();

  // Parses and validates a FEN (6 fields, or 4 without the clocks). Throws InputError naming
  // the field and the fault, e.g. "FEN field 3 (castling): 'K' but the white rook is not on h1".
  // With `dropped`, a castling right whose king or rook is not at home is dropped (as Stockfish
  // reads it) and named there instead.
  static Position from_fen(const std::string& fen, std::vector<std::string>* dropped = nullptr);
  std::string fen() const;

  Color side_to_move() const { return m_stm; }
  Bitboard pieces(Color c) const { return m_by_color[idx(c)]; }
  Bitboard pieces(PieceType t) const { return m_by_type[idx(t)]; }
  Bitboard pieces(Color c, PieceType t) const { return m_by_color[idx(c)] & m_by_type[idx(t)]; }
  Bitboard occupied() const { return m_by_color[0] | m_by_color[1]; }
  Piece piece_on(Square s) const { return m_board[s]; }
  Square king_square(Color c) const { return lsb(pieces(c, PieceType::king)); }
  std::uint8_t castling() const { return m_castling; }
  Square ep_square() const { return m_ep; }
  int halfmove_clock() const { return m_halfmove; }
  int fullmove_number() const { return m_fullmove; }
  // Plies played since the game's start, from the FEN's move number and side to move, or -1
  // when unknown: a FEN at move 1 that is not a full opening position (composed endings say
  // move 1 whatever they are).
  int game_ply() const { return m_game_ply; }
  // In the first eight moves of the game (Greenblatt's opening rules, modification 2).
  bool in_first_eight_moves() const { return m_game_ply >= 0 && m_game_ply < 16; }
  std::uint64_t key() const { return m_key; }
  Bitboard checkers() const { return m_checkers; }
  bool in_check() const { return m_checkers != 0; }

  // Pieces of both colours that attack s, given an occupancy.
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  bool attacked_by(Color c, Square s, Bitboard occupied) const;
  // The key computed from scratch (make() keeps m_key equal to it incrementally).
  std::uint64_t compute_key() const;
  // The piece a move moves, and the piece it captures (Piece::none if none).
  Piece moved_piece(Move m) const { return m_board[m.from()]; }
  Piece captured_piece(Move m) const;

  // Plays m, a legal move of this position, saving what unmake needs into u.
  void make(Move m, Undo& u);
  void unmake(Move m, const Undo& u);
  // Passes the move to the other side (a null move: a search's probe, never a chess move). Only
  // when not in check. The halfmove clock restarts, so no repetition is looked for across it.
  void make_null(Undo& u);
  void unmake_null(const Undo& u);

 private:
  struct EmptyTag {};
  explicit Position(EmptyTag);

  // Board edits; Hash says whether to update the key (unmake restores it wholesale).
  template <bool Hash>
  void put(Piece p, Square s);
  template <bool Hash>
  void remove(Square s);
  template <bool Hash>
  void relocate(Square from, Square to);
  bool ep_in_key() const;
  Bitboard compute_checkers() const;

  Bitboard m_by_type[6] = {};
  Bitboard m_by_color[2] = {};
  Piece m_board[64];
  Color m_stm = Color::white;
  std::uint8_t m_castling = 0;
  Square m_ep = k_no_square;
  int m_halfmove = 0;
  int m_fullmove = 1;
  int m_game_ply = -1;
  std::uint64_t m_key = 0;
  Bitboard m_checkers = 0;

  friend class FenReader;
};

}  // namespace kibitz::chess
