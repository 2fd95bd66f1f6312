#include "games/chess/position.hpp"

#include "games/chess/zobrist.hpp"

namespace kibitz::chess {

namespace {

// Rights lost when a move touches a square (king or rook leaves, or a rook is captured).
constexpr std::uint8_t castling_lost(Square s) {
  switch (s) {
    case 0:
      return k_white_ooo;  // a1
    case 4:
      return k_white_oo | k_white_ooo;  // e1
    case 7:
      return k_white_oo;  // h1
    case 56:
      return k_black_ooo;  // a8
    case 60:
      return k_black_oo | k_black_ooo;  // e8
    case 63:
      return k_black_oo;  // h8
    default:
      return 0;
  }
}

struct CastleRookMove {
  Square from, to;
};

// The rook's move for a castling king move to `king_to` (g1, c1, g8 or c8).
constexpr CastleRookMove castle_rook(Square king_to) {
  switch (king_to) {
    case 6:
      return {7, 5};
    case 2:
      return {0, 3};
    case 62:
      return {63, 61};
    default:
      return {56, 59};  // c8
  }
}

}  // namespace

Position::Position(EmptyTag) {
  for (Piece& p : m_board) p = Piece::none;
}

Position::Position()
    : Position(from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")) {}

template <bool Hash>
void Position::put(Piece p, Square s) {
  m_board[s] = p;
  m_by_type[type_index(p)] |= bit(s);
  m_by_color[idx(color_of(p))] |= bit(s);
  if constexpr (Hash) m_key ^= k_zobrist.piece_square[idx(p)][s];
}

template <bool Hash>
void Position::remove(Square s) {
  const Piece p = m_board[s];
  m_board[s] = Piece::none;
  m_by_type[type_index(p)] &= ~bit(s);
  m_by_color[idx(color_of(p))] &= ~bit(s);
  if constexpr (Hash) m_key ^= k_zobrist.piece_square[idx(p)][s];
}

template <bool Hash>
void Position::relocate(Square from, Square to) {
  const Piece p = m_board[from];
  const Bitboard both = bit(from) | bit(to);
  m_board[from] = Piece::none;
  m_board[to] = p;
  m_by_type[type_index(p)] ^= both;
  m_by_color[idx(color_of(p))] ^= both;
  if constexpr (Hash) {
    m_key ^= k_zobrist.piece_square[idx(p)][from] ^ k_zobrist.piece_square[idx(p)][to];
  }
}

// The FEN reader places pieces with these.
template void Position::put<false>(Piece, Square);

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  const AttackTables& at = attack_tables();
  const Bitboard diagonal = pieces(PieceType::bishop) | pieces(PieceType::queen);
  const Bitboard straight = pieces(PieceType::rook) | pieces(PieceType::queen);
  return (at.pawn(Color::white, s) & pieces(Color::black, PieceType::pawn)) |
         (at.pawn(Color::black, s) & pieces(Color::white, PieceType::pawn)) |
         (at.knight(s) & pieces(PieceType::knight)) | (at.king(s) & pieces(PieceType::king)) |
         (at.bishop(s, occupied) & diagonal) | (at.rook(s, occupied) & straight);
}

bool Position::attacked_by(Color c, Square s, Bitboard occupied) const {
  return (attackers_to(s, occupied) & pieces(c)) != 0;
}

Piece Position::captured_piece(Move m) const {
  if (m.kind() == MoveKind::en_passant) return make_piece(~m_stm, PieceType::pawn);
  return m.is_capture() ? m_board[m.to()] : Piece::none;
}

bool Position::ep_in_key() const {
  return m_ep != k_no_square &&
         (attack_tables().pawn(~m_stm, m_ep) & pieces(m_stm, PieceType::pawn)) != 0;
}

Bitboard Position::compute_checkers() const {
  return attackers_to(king_square(m_stm), occupied()) & pieces(~m_stm);
}

std::uint64_t Position::compute_key() const {
  std::uint64_t k = 0;
  for (Square s = 0; s < 64; ++s) {
    if (m_board[s] != Piece::none) k ^= k_zobrist.piece_square[idx(m_board[s])][s];
  }
  k ^= k_zobrist.castling[m_castling];
  if (ep_in_key()) k ^= k_zobrist.ep_file[file_of(m_ep)];
  if (m_stm == Color::black) k ^= k_zobrist.black_to_move;
  return k;
}

void Position::make(Move m, Undo& u) {
  u.key = m_key;
  u.checkers = m_checkers;
  u.halfmove = m_halfmove;
  u.castling = m_castling;
  u.ep = static_cast<std::uint8_t>(m_ep);
  const Color us = m_stm, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece moving = m_board[from];
  const MoveKind kind = m.kind();

  if (ep_in_key()) m_key ^= k_zobrist.ep_file[file_of(m_ep)];
  m_ep = k_no_square;
  ++m_halfmove;

  Piece captured = Piece::none;
  if (kind == MoveKind::en_passant) {
    const Square victim = us == Color::white ? to - 8 : to + 8;
    captured = m_board[victim];
    remove<true>(victim);
  } else if (m.is_capture()) {
    captured = m_board[to];
    remove<true>(to);
  }
  u.captured = captured;
  if (captured != Piece::none || type_of(moving) == PieceType::pawn) m_halfmove = 0;

  if (m.is_castle()) {
    const CastleRookMove r = castle_rook(to);
    relocate<true>(from, to);
    relocate<true>(r.from, r.to);
  } else if (m.is_promotion()) {
    remove<true>(from);
    put<true>(make_piece(us, m.promotion()), to);
  } else {
    relocate<true>(from, to);
    if (kind == MoveKind::double_push) {
      m_ep = (from + to) / 2;
    }
  }

  const std::uint8_t rights = m_castling & ~castling_lost(from) & ~castling_lost(to);
  if (rights != m_castling) {
    m_key ^= k_zobrist.castling[m_castling] ^ k_zobrist.castling[rights];
    m_castling = rights;
  }
  if (us == Color::black) ++m_fullmove;
  if (m_game_ply >= 0) ++m_game_ply;
  m_stm = them;
  m_key ^= k_zobrist.black_to_move;
  if (ep_in_key()) m_key ^= k_zobrist.ep_file[file_of(m_ep)];
  m_checkers = compute_checkers();
}

void Position::unmake(Move m, const Undo& u) {
  m_stm = ~m_stm;
  const Color us = m_stm;
  if (us == Color::black) --m_fullmove;
  if (m_game_ply > 0) --m_game_ply;
  const Square from = m.from(), to = m.to();
  if (m.is_castle()) {
    const CastleRookMove r = castle_rook(to);
    relocate<false>(r.to, r.from);
    relocate<false>(to, from);
  } else if (m.is_promotion()) {
    remove<false>(to);
    put<false>(make_piece(us, PieceType::pawn), from);
  } else {
    relocate<false>(to, from);
  }
  if (u.captured != Piece::none) {
    const Square victim =
        m.kind() == MoveKind::en_passant ? (us == Color::white ? to - 8 : to + 8) : to;
    put<false>(u.captured, victim);
  }
  m_castling = u.castling;
  m_ep = u.ep;
  m_halfmove = u.halfmove;
  m_key = u.key;
  m_checkers = u.checkers;
}

void Position::make_null(Undo& u) {
  u.key = m_key;
  u.checkers = m_checkers;
  u.halfmove = m_halfmove;
  u.castling = m_castling;
  u.ep = static_cast<std::uint8_t>(m_ep);
  u.captured = Piece::none;
  if (ep_in_key()) m_key ^= k_zobrist.ep_file[file_of(m_ep)];
  m_ep = k_no_square;
  m_halfmove = 0;
  if (m_stm == Color::black) ++m_fullmove;
  if (m_game_ply >= 0) ++m_game_ply;
  m_stm = ~m_stm;
  m_key ^= k_zobrist.black_to_move;
  m_checkers = compute_checkers();
}

void Position::unmake_null(const Undo& u) {
  m_stm = ~m_stm;
  if (m_stm == Color::black) --m_fullmove;
  if (m_game_ply > 0) --m_game_ply;
  m_ep = u.ep;
  m_halfmove = u.halfmove;
  m_key = u.key;
  m_checkers = u.checkers;
}

}  // namespace kibitz::chess
