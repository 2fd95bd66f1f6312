#include "search/greenblatt/plausibility.hpp"

#include <algorithm>
#include <cstdlib>

#include "games/chess/movegen.hpp"

namespace kibitz::greenblatt {

using namespace chess;

namespace {

constexpr int k_centre[4] = {6, 4, 2, 1};  // by ring: d4-e5, c3-f6, b2-g7, the edge

int centre_ring(Square s) {
  return std::max(std::abs(2 * file_of(s) - 7), std::abs(2 * rank_of(s) - 7)) / 2;
}
int distance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}
bool is_slider(PieceType t) {
  return t == PieceType::bishop || t == PieceType::rook || t == PieceType::queen;
}
bool is_minor(PieceType t) {
  return t == PieceType::knight || t == PieceType::bishop;
}
// The original squares of the knights and bishops of c.
Bitboard minor_homes(Color c) {
  const Bitboard white = bit(1) | bit(2) | bit(5) | bit(6);
  return c == Color::white ? white : white << 56;
}
int forward(Color c) {
  return c == Color::white ? 8 : -8;
}

// What the whole node shares: square importance for each side, who is en prise, weak spots.
struct Analysis {
  explicit Analysis(const Position& p)
      : pos(p), us(p.side_to_move()), them(~us), occ(p.occupied()) {
    en_prise[0] = en_prise_pieces(pos, Color::white);
    en_prise[1] = en_prise_pieces(pos, Color::black);
    for (Color c : {Color::white, Color::black}) {
      const Square enemy_king = pos.king_square(~c);
      for (Square s = 0; s < 64; ++s) {
        // Centre, nearness to the enemy king, our en prise piece on it (worth another defender);
        // small values for any piece of ours on it and for the far side of the board.
        int v = k_centre[centre_ring(s)];
        const int d = distance(s, enemy_king);
        v += d <= 1 ? 5 : (d == 2 ? 2 : 0);
        const Piece p = pos.piece_on(s);
        if (p != Piece::none && color_of(p) == c && type_of(p) != PieceType::king) {
          v += 1;
          if (en_prise[idx(c)] & bit(s)) v += piece_value(p) / 32;
        }
        const int rr = relative_rank(c, s);
        v += rr >= 6 ? 2 : (rr >= 4 ? 1 : 0);
        imp[idx(c)][s] = v;
      }
    }
    for (Bitboard b = pos.pieces(them) & ~pos.pieces(PieceType::king); b;) {
      const Square s = pop_lsb(b);
      if (pinned(pos, s)) pinned_them |= bit(s);
      if (type_of(pos.piece_on(s)) == PieceType::pawn &&
          (is_isolated_pawn(pos, s) || is_backward_pawn(pos, s) ||
           more_than_one(pos.pieces(them, PieceType::pawn) & file_bb(file_of(s))))) {
        weak_them |= bit(s);
      }
    }
    guards_them = defenders_of_others(pos, them);
    for (Bitboard b = pos.pieces(us, PieceType::pawn); b;) {
      const Square s = pop_lsb(b);
      if (is_isolated_pawn(pos, s)) isolated_us |= bit(s);
    }
    const SideMaterial m = ratio_material(pos);
    material_us = us == Color::white ? m.white - m.black : m.black - m.white;
    queens = queens_on_board(pos);
    opening = pos.in_first_eight_moves();
  }

  int squares(Color c, Bitboard b) const {
    int v = 0;
    while (b) v += imp[idx(c)][pop_lsb(b)];
    return v;
  }
  // The developmental value of piece p on s: the importance of the squares it bears on. The
  // king's counts once the queens are off (before, its walks are discouraged, king_walk).
  int development(Color c, Piece p, Square s, Bitboard o) const {
    return type_of(p) == PieceType::king && queens ? 0 : squares(c, attacks_of(p, s, o));
  }
  // The most important square of b for c (k_no_square if b is empty).
  Square best_square(Color c, Bitboard b) const {
    Square best = k_no_square;
    while (b) {
      const Square s = pop_lsb(b);
      if (best == k_no_square || imp[idx(c)][s] > imp[idx(c)][best]) best = s;
    }
    return best;
  }

  const Position& pos;
  Color us, them;
  Bitboard occ;
  int imp[2][64];
  Bitboard en_prise[2];
  Bitboard pinned_them = 0, weak_them = 0, guards_them = 0, isolated_us = 0;
  int material_us = 0;
  bool queens = false, opening = false;
};

// Attack values on enemy (non-king) pieces: 1/64 of each piece's value.
int attack_value(const Position& p, Bitboard attacked, Color enemy) {
  int v = 0;
  for (Bitboard b = attacked & p.pieces(enemy) & ~p.pieces(PieceType::king); b;)
    v += piece_value(p.piece_on(pop_lsb(b))) / 64;
  return v;
}

class Scorer {
 public:
  Scorer(const Analysis& a, bool details, Plausibility& out)
      : m_a(a), m_details(details), m_out(out) {}

  PlausibleMove score(Move m, int gen_index);

 private:
  void add(Heuristic h, int points, Piece piece, Square sq, Square other = k_no_square) {
    if (points == 0) return;
    m_pm.score += points;
    if (heuristic_info(h).positional) m_pm.positional += points;
    if (m_details) {
      Contribution c;
      c.heuristic = h;
      c.points = static_cast<std::int16_t>(std::clamp(points, -32000, 32000));
      c.piece = static_cast<std::uint8_t>(piece);
      c.square = static_cast<std::uint8_t>(sq);
      c.other = static_cast<std::uint8_t>(other);
      m_out.contributions.push_back(c);
      ++m_pm.count;
    }
  }
  void sliders(const Position& after, Move m, Square to);
  void en_prise_changes(const Position& after, Square from, Square to);
  void targets(const Position& after, Piece moved, Square from, Square to);
  // What the rules below ask of a move: the sides, its squares, the moved piece's type, whether
  // it captures, its rank (from its side) and files.
  struct MoveFacts {
    Color us, them;
    Square f, t;
    PieceType pt;
    bool quiet;
    int rank_to, file_to, file_from;
  };
  MoveFacts facts(Move m, Piece p, Piece victim) const {
    const Square f = m.from(), t = m.to();
    return {
        m_a.us,     m_a.them,  f, t, type_of(p), victim == Piece::none, relative_rank(m_a.us, t),
        file_of(t), file_of(f)};
  }
  void pawn_and_piece_rules(const Position& after, Move m, Piece p, Piece victim);
  void development_rules(const Position& after, Move m, Piece p, Piece victim);
  void pawn_rules(const Position& after, Move m, Piece p, Piece victim);
  void piece_rules(const Position& after, Move m, Piece p, Piece victim);

  const Analysis& m_a;
  bool m_details;
  Plausibility& m_out;
  PlausibleMove m_pm;
};

PlausibleMove Scorer::score(Move m, int gen_index) {
  const Position& pos = m_a.pos;
  m_pm = PlausibleMove{};
  m_pm.move = m;
  m_pm.gen_index = gen_index;
  m_pm.first = static_cast<int>(m_out.contributions.size());
  const Square f = m.from(), t = m.to();
  const Piece p = pos.moved_piece(m);
  const Piece victim = pos.captured_piece(m);
  const Square victim_sq = m.kind() == MoveKind::en_passant ? t - forward(m_a.us) : t;
  Position after = pos;
  Undo u;
  after.make(m, u);
  const Piece moved = after.piece_on(t);  // the promoted piece, or the king after castling
  const Bitboard occ1 = after.occupied();
  m_pm.capture = victim != Piece::none;
  m_pm.check = after.in_check();
  m_pm.safe = type_of(moved) == PieceType::king || !en_prise(after, t);

  // The moved piece's development: the squares it bears on, and the enemy pieces it attacks.
  // The king's once the queens are off: then it is a piece like the others.
  if (type_of(p) != PieceType::king || !m_a.queens) {
    add(Heuristic::development,
        m_a.development(m_a.us, moved, t, occ1) - m_a.development(m_a.us, p, f, m_a.occ), p, f, t);
    add(Heuristic::attacks,
        attack_value(after, attacks_of(moved, t, occ1), m_a.them) -
            attack_value(pos, attacks_of(p, f, m_a.occ), m_a.them),
        p, f, t);
  }
  sliders(after, m, t);
  if (victim != Piece::none) {
    add(Heuristic::capture, piece_value(victim) / 4, victim, victim_sq);
    add(Heuristic::capture_development, m_a.development(m_a.them, victim, victim_sq, m_a.occ),
        victim, victim_sq);
  }
  if (!m_pm.safe) add(Heuristic::moved_en_prise, -piece_value(moved) / 4, p, f, t);
  if ((m_a.en_prise[idx(m_a.us)] & bit(f)) && m_pm.safe)
    add(Heuristic::saves_en_prise, piece_value(p) / 4, p, f, t);
  en_prise_changes(after, f, t);
  targets(after, moved, f, t);
  if (m_pm.check) {
    add(Heuristic::check, 10, p, f, t);
    if (m_pm.safe) add(Heuristic::safe_check, 10, p, f, t);
    const Bitboard discovered = after.checkers() & ~bit(t);
    if (discovered)
      add(Heuristic::discovered_check, 15, after.piece_on(lsb(discovered)), lsb(discovered), t);
  }
  pawn_and_piece_rules(after, m, p, victim);

  m_pm.gain = exchange_gain(pos, m);
  m_pm.poor = m_pm.positional < PlausibilityWeights::poor_threshold && !m_pm.capture &&
              !m_pm.check && !m.is_promotion();
  return m_pm;
}

// Blocking and unblocking: every slider whose reach changes, ours at full weight, the enemy's
// at half. A slider of ours that now attacks an enemy piece is also a discovered attack.
void Scorer::sliders(const Position& after, Move m, Square to) {
  const Position& pos = m_a.pos;
  const Bitboard occ1 = after.occupied();
  const Bitboard all =
      (pos.pieces(PieceType::bishop) | pos.pieces(PieceType::rook) | pos.pieces(PieceType::queen)) &
      ~bit(m.from()) & ~bit(to);
  for (Bitboard b = all; b;) {
    const Square x = pop_lsb(b);
    const Piece q = pos.piece_on(x);
    if (after.piece_on(x) != q) continue;  // captured en passant or moved by castling
    const Bitboard a0 = attacks_of(q, x, m_a.occ), a1 = attacks_of(q, x, occ1);
    if (a0 == a1) continue;
    const Color c = color_of(q);
    const int delta = m_a.squares(c, a1) - m_a.squares(c, a0);
    if (c == m_a.us) {
      if (delta > 0) add(Heuristic::unblock_own, delta, q, x, m_a.best_square(c, a1 & ~a0));
      if (delta < 0) add(Heuristic::block_own, delta, q, x, m_a.best_square(c, a0 & ~a1));
      const Bitboard newly = a1 & ~a0 & after.pieces(m_a.them) & ~after.pieces(PieceType::king);
      int v = 0;
      for (Bitboard n = newly; n;) v += piece_value(after.piece_on(pop_lsb(n))) / 32;
      if (v) add(Heuristic::discovered_attack, v, q, x, lsb(newly));
    } else {
      if (delta < 0)
        add(Heuristic::block_enemy, (-delta + 1) / 2, q, x, m_a.best_square(c, a0 & ~a1));
      if (delta > 0)
        add(Heuristic::unblock_enemy, -(delta + 1) / 2, q, x, m_a.best_square(c, a1 & ~a0));
    }
  }
}

// Pieces that become en prise or stop being en prise, other than the moved one.
void Scorer::en_prise_changes(const Position& after, Square from, Square to) {
  const Bitboard ours_before = m_a.en_prise[idx(m_a.us)],
                 theirs_before = m_a.en_prise[idx(m_a.them)];
  const Bitboard ours_after = en_prise_pieces(after, m_a.us) & ~bit(to);
  const Bitboard theirs_after = en_prise_pieces(after, m_a.them);
  for (Bitboard b = theirs_after & ~theirs_before; b;) {
    const Square s = pop_lsb(b);
    add(Heuristic::threat, piece_value(after.piece_on(s)) / 8, after.piece_on(s), s);
  }
  for (Bitboard b = ours_after & ~ours_before; b;) {
    const Square s = pop_lsb(b);
    add(Heuristic::leaves_en_prise, -piece_value(after.piece_on(s)) / 4, after.piece_on(s), s);
  }
  for (Bitboard b = ours_before & ~bit(from); b;) {
    const Square s = pop_lsb(b);
    if (after.piece_on(s) == m_a.pos.piece_on(s) && !(ours_after & bit(s))) {
      add(Heuristic::defends, piece_value(after.piece_on(s)) / 4, after.piece_on(s), s);
    }
  }
}

// What the moved piece now bears on: weak spots, pins, forks, trapped pieces; and the pieces it
// stopped guarding.
void Scorer::targets(const Position& after, Piece moved, Square from, Square to) {
  const Position& pos = m_a.pos;
  const Piece p = pos.piece_on(from);
  const Bitboard occ1 = after.occupied();
  const Bitboard now = attacks_of(moved, to, occ1), before = attacks_of(p, from, m_a.occ);
  const Bitboard enemy = after.pieces(m_a.them) & ~after.pieces(PieceType::king);
  const Bitboard newly = now & ~before & enemy;
  for (Bitboard b = newly & m_a.weak_them; b;) {
    const Square s = pop_lsb(b);
    add(Heuristic::weak_pawn, 4, after.piece_on(s), s, to);
  }
  for (Bitboard b = newly & m_a.pinned_them; b;) {
    const Square s = pop_lsb(b);
    add(Heuristic::pinned_target, 8, after.piece_on(s), s, to);
  }
  for (Bitboard b = newly & m_a.guards_them; b;) {
    const Square s = pop_lsb(b);
    const Bitboard guarded = attacks_from(pos, s, m_a.occ) & pos.pieces(m_a.them);
    add(Heuristic::overloaded_target, 3, after.piece_on(s), s,
        guarded ? lsb(guarded) : k_no_square);
  }
  if (is_slider(type_of(moved))) {
    for (Bitboard b = now & enemy & ~m_a.pinned_them; b;) {
      const Square s = pop_lsb(b);
      const Square exposed = pinned_against(after, s);
      if (exposed != k_no_square)
        add(Heuristic::creates_pin, piece_value(after.piece_on(s)) / 16, after.piece_on(s), s,
            exposed);
    }
  }
  // A fork: two or more targets, each the king, worth more than the attacker, or undefended.
  int forked = 0;
  for (Bitboard b = now & after.pieces(m_a.them); b;) {
    const Square s = pop_lsb(b);
    const Piece q = after.piece_on(s);
    if (type_of(q) == PieceType::king || piece_value(q) > piece_value(moved) ||
        (type_of(q) != PieceType::pawn && control_of(after, s, occ1).defenders == 0)) {
      ++forked;
    }
  }
  if (forked >= 2 && newly) add(Heuristic::fork, 12, p, from, to);
  const Bitboard hunted = newly & ~after.pieces(PieceType::pawn) & en_prise_pieces(after, m_a.them);
  if (hunted) {
    MoveList replies;
    generate_legal(after, replies);
    for (Bitboard b = hunted; b;) {
      const Square s = pop_lsb(b);
      if (trapped(after, s, replies))
        add(Heuristic::traps, piece_value(after.piece_on(s)) / 16, after.piece_on(s), s, to);
    }
  }
  // Pieces of ours this piece guarded, that the enemy attacks, and that it no longer guards.
  if (type_of(p) != PieceType::king) {
    for (Bitboard b = before & ~now & pos.pieces(m_a.us) & ~pos.pieces(PieceType::king); b;) {
      const Square s = pop_lsb(b);
      if (pos.attackers_to(s, m_a.occ) & pos.pieces(m_a.them))
        add(Heuristic::removes_guard, -4, pos.piece_on(s), s, from);
    }
  }
}

void Scorer::pawn_and_piece_rules(const Position& after, Move m, Piece p, Piece victim) {
  development_rules(after, m, p, victim);
  if (type_of(p) == PieceType::pawn) pawn_rules(after, m, p, victim);
  piece_rules(after, m, p, victim);
}

// The opening's and development's rules: centre pawns blocked, castling, the king, the queen
// out early, minor pieces, knights on the rim.
void Scorer::development_rules(const Position& after, Move m, Piece p, Piece victim) {
  const Position& pos = m_a.pos;
  const auto [us, them, f, t, pt, quiet, rank_to, file_to, file_from] = facts(m, p, victim);
  if (pt != PieceType::pawn && rank_to == 2 && (file_to == 3 || file_to == 4)) {
    const Square below = t - forward(us);
    if (pos.piece_on(below) == make_piece(us, PieceType::pawn))
      add(Heuristic::blocks_centre_pawn, -20, pos.piece_on(below), below, t);
  }
  if (m.is_castle()) add(Heuristic::castle, 30, p, f, t);
  if (pt == PieceType::king && !m.is_castle() && m_a.queens)
    add(Heuristic::king_walk, -15, p, f, t);
  if (!m.is_castle()) {
    const std::uint8_t ours =
        us == Color::white ? (k_white_oo | k_white_ooo) : (k_black_oo | k_black_ooo);
    const int lost = popcount(static_cast<Bitboard>(pos.castling() & ~after.castling() & ours));
    if (lost) add(Heuristic::castling_rights, -8 * lost, p, f, t);
  }
  if (m_a.opening && quiet && pt == PieceType::queen) add(Heuristic::early_queen, -12, p, f, t);
  if (is_minor(pt)) {
    if (m_a.opening && quiet && !(minor_homes(us) & bit(f)))
      add(Heuristic::opening_tempo, -8, p, f, t);
    if (minor_homes(us) & bit(f)) add(Heuristic::develops_minor, 10, p, f, t);
    if (quiet && rank_to == 0) add(Heuristic::back_rank, -10, p, f, t);
  }
  if (pt == PieceType::knight && (file_to == 0 || file_to == 7))
    add(Heuristic::knight_rim, -8, p, f, t);
}

// A pawn move's rules: centre and wing pawns, the castled king's shelter, passed pawns, attacks,
// doubled and isolated pawns, captures toward the centre.
void Scorer::pawn_rules(const Position& after, Move m, Piece p, Piece victim) {
  const Position& pos = m_a.pos;
  const auto [us, them, f, t, pt, quiet, rank_to, file_to, file_from] = facts(m, p, victim);
  if (quiet && (file_from == 3 || file_from == 4)) {
    if (rank_to == 2) add(Heuristic::centre_pawn, 4, p, f, t);
    if (rank_to == 3) add(Heuristic::centre_pawn, 10, p, f, t);
  }
  if (m_a.opening && quiet && (file_from <= 1 || file_from >= 6))
    add(Heuristic::flank_pawn, -6, p, f, t);
  const Square king = pos.king_square(us);
  if (quiet && relative_rank(us, king) == 0 &&
      ((file_of(king) >= 5 && file_from >= 5) || (file_of(king) <= 2 && file_from <= 2))) {
    add(Heuristic::king_shelter, -10, p, f, t);
  }
  if (!m.is_promotion() && is_passed_pawn(after, t))
    add(Heuristic::passed_pawn, 4 * rank_to, p, f, t);
  if (!m.is_promotion()) {
    for (Bitboard b = attack_tables().pawn(us, t) & after.pieces(them) &
                      ~after.pieces(PieceType::pawn) & ~after.pieces(PieceType::king);
         b;) {
      const Square s = pop_lsb(b);
      add(Heuristic::pawn_attack, 6, after.piece_on(s), s, t);
    }
  }
  if (!quiet) {
    const Bitboard file = file_bb(file_to);
    if (more_than_one(after.pieces(us, PieceType::pawn) & file) &&
        !more_than_one(pos.pieces(us, PieceType::pawn) & file)) {
      add(Heuristic::doubled_pawn, -6, p, f, t);
    }
    if (std::abs(2 * file_to - 7) < std::abs(2 * file_from - 7))
      add(Heuristic::toward_centre, 4, p, f, t);
  }
  for (Bitboard b = after.pieces(us, PieceType::pawn); b;) {
    const Square s = pop_lsb(b);
    const bool was = s == t ? (m_a.isolated_us & bit(f)) != 0 : (m_a.isolated_us & bit(s)) != 0;
    if (!was && is_isolated_pawn(after, s)) add(Heuristic::isolated_pawn, -6, after.piece_on(s), s);
  }
}

// The pieces' rules: promotion, rooks on open files and the seventh rank, trades, blockades.
void Scorer::piece_rules(const Position& after, Move m, Piece p, Piece victim) {
  const Position& pos = m_a.pos;
  const auto [us, them, f, t, pt, quiet, rank_to, file_to, file_from] = facts(m, p, victim);
  if (m.is_promotion())
    add(Heuristic::promotion, (piece_value(m.promotion()) - piece_value(PieceType::pawn)) / 4, p, f,
        t);
  if (pt == PieceType::rook && file_to != file_from) {
    const Bitboard file = file_bb(file_to);
    if (!(after.pieces(PieceType::pawn) & file))
      add(Heuristic::open_file, 8, p, f, t);
    else if (!(after.pieces(us, PieceType::pawn) & file))
      add(Heuristic::open_file, 4, p, f, t);
  }
  if ((pt == PieceType::rook || pt == PieceType::queen) && rank_to == 6 &&
      relative_rank(us, f) != 6 &&
      (relative_rank(us, after.king_square(them)) == 7 ||
       (after.pieces(them, PieceType::pawn) & rank_bb(rank_of(t))))) {
    add(Heuristic::seventh_rank, 8, p, f, t);
  }
  if (!quiet && pt != PieceType::king && std::abs(piece_value(victim) - piece_value(p)) <= 64) {
    if (m_a.material_us >= 256) add(Heuristic::trade, 8, victim, t);
    if (m_a.material_us <= -256) add(Heuristic::trade, -8, victim, t);
  }
  if (pt != PieceType::pawn && pt != PieceType::king) {
    const Square behind = t - forward(them);  // an enemy pawn whose next square is t
    if (behind >= 0 && behind < 64 && pos.piece_on(behind) == make_piece(them, PieceType::pawn) &&
        is_passed_pawn(pos, behind)) {
      add(Heuristic::blockade, 8, pos.piece_on(behind), behind, t);
    }
  }
}

}  // namespace

void plausible_moves(const Position& pos, const std::vector<Move>& legal, bool captures_only,
                     bool details, Plausibility& out) {
  out.moves.clear();
  out.contributions.clear();
  if (legal.empty()) return;
  const Analysis analysis(pos);
  Scorer scorer(analysis, details, out);
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const Move m = legal[i];
    if (captures_only && !m.is_capture() && !m.is_promotion()) continue;
    const std::size_t mark = out.contributions.size();
    PlausibleMove pm = scorer.score(m, static_cast<int>(i));
    if (captures_only && pm.gain <= 0) {
      out.contributions.resize(mark);  // not a plausible capture: forget its details
      continue;
    }
    out.moves.push_back(pm);
  }
  std::stable_sort(
      out.moves.begin(), out.moves.end(),
      [](const PlausibleMove& a, const PlausibleMove& b) { return a.score > b.score; });
}

}  // namespace kibitz::greenblatt
