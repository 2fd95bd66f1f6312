#include "games/chess/movegen.hpp"

namespace kibitz::chess {

namespace {

template <Color Us>
class Generator {
 public:
  Generator(const Position& pos, MoveList& list)
      : m_pos(pos),
        m_at(attack_tables()),
        m_list(list),
        m_us(pos.pieces(Us)),
        m_them(pos.pieces(Them)),
        m_occ(m_us | m_them),
        m_king(pos.king_square(Us)) {}

  void run() {
    const Bitboard checkers = m_pos.checkers();
    if (!more_than_one(checkers)) {  // in double check only the king moves
      find_pins();
      m_target = ~m_us;
      if (checkers) m_target = m_at.between(m_king, lsb(checkers)) | checkers;
      pawn_moves();
      piece_moves<PieceType::knight>();
      piece_moves<PieceType::bishop>();
      piece_moves<PieceType::rook>();
      piece_moves<PieceType::queen>();
    }
    king_moves();
    if (!checkers) castling();
  }

 private:
  static constexpr Color Them = Us == Color::white ? Color::black : Color::white;
  static constexpr int k_up = Us == Color::white ? 8 : -8;

  static constexpr Bitboard up(Bitboard b) { return Us == Color::white ? b << 8 : b >> 8; }
  // Captures toward the a-file and toward the h-file, as seen from White's side of the board.
  static constexpr Bitboard up_west(Bitboard b) {
    return Us == Color::white ? (b << 7) & ~file_bb(7) : (b >> 9) & ~file_bb(7);
  }
  static constexpr Bitboard up_east(Bitboard b) {
    return Us == Color::white ? (b << 9) & ~k_file_a : (b >> 7) & ~k_file_a;
  }

  void find_pins() {
    const Bitboard straight =
        m_pos.pieces(Them, PieceType::rook) | m_pos.pieces(Them, PieceType::queen);
    const Bitboard diagonal =
        m_pos.pieces(Them, PieceType::bishop) | m_pos.pieces(Them, PieceType::queen);
    Bitboard snipers = (m_at.rook(m_king, 0) & straight) | (m_at.bishop(m_king, 0) & diagonal);
    while (snipers) {
      const Square s = pop_lsb(snipers);
      const Bitboard blockers = m_at.between(m_king, s) & m_occ;
      if (blockers && !more_than_one(blockers) && (blockers & m_us)) m_pinned |= blockers;
    }
  }

  // Adds from->to unless the piece on `from` is pinned off the line through its king.
  void add_checked(Square from, Square to, MoveKind kind) {
    if ((m_pinned & bit(from)) && !(m_at.line(m_king, from) & bit(to))) return;
    m_list.add(Move(from, to, kind));
  }

  void add_promotions(Square from, Square to, bool capture) {
    if ((m_pinned & bit(from)) && !(m_at.line(m_king, from) & bit(to))) return;
    for (PieceType t : {PieceType::queen, PieceType::rook, PieceType::bishop, PieceType::knight}) {
      m_list.add(Move(from, to, promotion_kind(t, capture)));
    }
  }

  void pawn_moves() {
    const Bitboard pawns = m_pos.pieces(Us, PieceType::pawn);
    const Bitboard last = rank_bb(Us == Color::white ? 7 : 0);
    const Bitboard third = rank_bb(Us == Color::white ? 2 : 5);
    const Bitboard empty = ~m_occ;
    const Bitboard one = up(pawns) & empty;
    Bitboard two = up(one & third) & empty & m_target;
    Bitboard single = one & m_target;
    Bitboard promo = single & last;
    single &= ~last;
    while (promo) {
      const Square to = pop_lsb(promo);
      add_promotions(to - k_up, to, false);
    }
    while (single) {
      const Square to = pop_lsb(single);
      add_checked(to - k_up, to, MoveKind::quiet);
    }
    while (two) {
      const Square to = pop_lsb(two);
      add_checked(to - 2 * k_up, to, MoveKind::double_push);
    }
    const Bitboard enemies = m_them & m_target;
    captures(up_west(pawns) & enemies, Us == Color::white ? 7 : -9, last);
    captures(up_east(pawns) & enemies, Us == Color::white ? 9 : -7, last);
    en_passant(pawns);
  }

  void captures(Bitboard targets, int delta, Bitboard last) {
    while (targets) {
      const Square to = pop_lsb(targets);
      if (bit(to) & last)
        add_promotions(to - delta, to, true);
      else
        add_checked(to - delta, to, MoveKind::capture);
    }
  }

  void en_passant(Bitboard pawns) {
    const Square ep = m_pos.ep_square();
    if (ep == k_no_square) return;
    const Square victim = ep - k_up;
    Bitboard from = m_at.pawn(Them, ep) & pawns;
    while (from) {
      const Square f = pop_lsb(from);
      // Replay the capture on the occupancy and look for any attack on the king: this covers
      // pins along the rank of the two pawns, pins on diagonals and checks it does not answer.
      const Bitboard occ = (m_occ ^ bit(f) ^ bit(victim)) | bit(ep);
      const Bitboard straight =
          m_pos.pieces(Them, PieceType::rook) | m_pos.pieces(Them, PieceType::queen);
      const Bitboard diagonal =
          m_pos.pieces(Them, PieceType::bishop) | m_pos.pieces(Them, PieceType::queen);
      const Bitboard attackers =
          (m_at.rook(m_king, occ) & straight) | (m_at.bishop(m_king, occ) & diagonal) |
          (m_at.knight(m_king) & m_pos.pieces(Them, PieceType::knight)) |
          (m_at.pawn(Us, m_king) & m_pos.pieces(Them, PieceType::pawn) & ~bit(victim));
      if (!attackers) m_list.add(Move(f, ep, MoveKind::en_passant));
    }
  }

  template <PieceType T>
  Bitboard attacks(Square s) const {
    if constexpr (T == PieceType::knight)
      return m_at.knight(s);
    else if constexpr (T == PieceType::bishop)
      return m_at.bishop(s, m_occ);
    else if constexpr (T == PieceType::rook)
      return m_at.rook(s, m_occ);
    else
      return m_at.queen(s, m_occ);
  }

  template <PieceType T>
  void piece_moves() {
    Bitboard pieces = m_pos.pieces(Us, T);
    if constexpr (T == PieceType::knight) pieces &= ~m_pinned;  // a pinned knight never moves
    while (pieces) {
      const Square from = pop_lsb(pieces);
      Bitboard targets = attacks<T>(from) & m_target;
      if (m_pinned & bit(from)) targets &= m_at.line(m_king, from);
      while (targets) {
        const Square to = pop_lsb(targets);
        m_list.add(Move(from, to, (m_them & bit(to)) ? MoveKind::capture : MoveKind::quiet));
      }
    }
  }

  void king_moves() {
    Bitboard targets = m_at.king(m_king) & ~m_us;
    const Bitboard occ = m_occ ^ bit(m_king);  // sliders see through the king's old square
    while (targets) {
      const Square to = pop_lsb(targets);
      if (m_pos.attacked_by(Them, to, occ)) continue;
      m_list.add(Move(m_king, to, (m_them & bit(to)) ? MoveKind::capture : MoveKind::quiet));
    }
  }

  void castling() {
    const std::uint8_t rights = m_pos.castling();
    const std::uint8_t oo = Us == Color::white ? k_white_oo : k_black_oo;
    const std::uint8_t ooo = Us == Color::white ? k_white_ooo : k_black_ooo;
    const Square e = Us == Color::white ? 4 : 60;
    if ((rights & oo) && !(m_occ & m_at.between(e, e + 3)) &&
        !m_pos.attacked_by(Them, e + 1, m_occ) && !m_pos.attacked_by(Them, e + 2, m_occ)) {
      m_list.add(Move(e, e + 2, MoveKind::castle_king));
    }
    if ((rights & ooo) && !(m_occ & m_at.between(e, e - 4)) &&
        !m_pos.attacked_by(Them, e - 1, m_occ) && !m_pos.attacked_by(Them, e - 2, m_occ)) {
      m_list.add(Move(e, e - 2, MoveKind::castle_queen));
    }
  }

  const Position& m_pos;
  const AttackTables& m_at;
  MoveList& m_list;
  const Bitboard m_us, m_them, m_occ;
  const Square m_king;
  Bitboard m_pinned = 0;
  Bitboard m_target = 0;
};

}  // namespace

void generate_legal(const Position& pos, MoveList& list) {
  list.size = 0;
  if (pos.side_to_move() == Color::white)
    Generator<Color::white>(pos, list).run();
  else
    Generator<Color::black>(pos, list).run();
}

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList list;
  generate_legal(pos, list);
  if (depth == 1) return static_cast<std::uint64_t>(list.size);
  std::uint64_t n = 0;
  Undo u;
  for (const Move m : list) {
    pos.make(m, u);
    n += perft(pos, depth - 1);
    pos.unmake(m, u);
  }
  return n;
}

}  // namespace kibitz::chess
