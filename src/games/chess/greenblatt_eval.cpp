#include "games/chess/greenblatt_eval.hpp"

#include <algorithm>
#include <cstdlib>

namespace kibitz::chess {

namespace {

// A pawn's view of the board in its owner's coordinates: rank 0 is the owner's back rank.
class PawnView {
 public:
  PawnView(const Position& pos, Color side) : m_pos(pos), m_side(side) {}

  Square square(int file, int rank) const {
    return make_square(file, m_side == Color::white ? rank : 7 - rank);
  }
  bool inside(int file, int rank) const { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }
  bool friendly_pawn(int file, int rank) const {
    return inside(file, rank) &&
           m_pos.piece_on(square(file, rank)) == make_piece(m_side, PieceType::pawn);
  }
  bool enemy_pawn(int file, int rank) const {
    return inside(file, rank) &&
           m_pos.piece_on(square(file, rank)) == make_piece(~m_side, PieceType::pawn);
  }
  bool enemy_piece(int file, int rank) const {
    if (!inside(file, rank)) return false;
    const Piece p = m_pos.piece_on(square(file, rank));
    return p != Piece::none && color_of(p) != m_side;
  }

 private:
  const Position& m_pos;
  Color m_side;
};

// The paper's backward-pawn rules, for the pawn of `side` on (file, rank), rank relative.
bool backward(const Position& pos, Color side, int f, int r) {
  const PawnView v(pos, side);
  // 1. Defended by a pawn: not backward.
  if (v.friendly_pawn(f - 1, r - 1) || v.friendly_pawn(f + 1, r - 1)) return false;

  // 2. Pawn moves that defend it in one move, "moves through friendly pieces permitted"
  //    (only enemy pieces block). A double advance that a neighbouring enemy pawn could take
  //    en passant does not count.
  bool good = false, self_blocked = false, neighbour_blocked = false;
  // Records one defending move: blocked (and whose), open, or open but exposed en passant.
  auto consider = [&](bool blocked, bool exposed, bool self) {
    if (blocked) {
      (self ? self_blocked : neighbour_blocked) = true;
    } else if (!exposed) {
      good = true;
    }
  };
  const bool defended_ahead = v.friendly_pawn(f - 1, r) || v.friendly_pawn(f + 1, r);
  if (r + 1 <= 6 && defended_ahead) consider(v.enemy_piece(f, r + 1), false, true);
  if (r == 1 && (v.friendly_pawn(f - 1, 2) || v.friendly_pawn(f + 1, 2))) {
    consider(v.enemy_piece(f, 2) || v.enemy_piece(f, 3),
             v.enemy_pawn(f - 1, 3) || v.enemy_pawn(f + 1, 3), true);
  }
  for (int g : {f - 1, f + 1}) {
    if (r - 2 >= 1 && v.friendly_pawn(g, r - 2)) consider(v.enemy_piece(g, r - 1), false, false);
    if (r == 4 && v.friendly_pawn(g, 1)) {
      consider(v.enemy_piece(g, 2) || v.enemy_piece(g, 3),
               v.enemy_pawn(g - 1, 3) || v.enemy_pawn(g + 1, 3), false);
    }
  }
  if (good) return false;
  // 3. A defending move blocked by an enemy piece: backward if the pawn itself is blocked,
  //    not backward if only the neighbour is.
  if (self_blocked) return true;
  if (neighbour_blocked) return false;
  // 4. Backward if it would become defended by advancing far enough (a friendly pawn on an
  //    adjacent file on its rank or ahead, up to the 6th rank, since the pawn defending it
  //    must stand one rank behind it); otherwise not backward (it is probably isolated).
  for (int g : {f - 1, f + 1}) {
    for (int s = r; s <= 5; ++s) {
      if (v.friendly_pawn(g, s)) return true;
    }
  }
  return false;
}

Bitboard adjacent_files(int file) {
  Bitboard b = 0;
  if (file > 0) b |= file_bb(file - 1);
  if (file < 7) b |= file_bb(file + 1);
  return b;
}

// Squares strictly in front of s (from c's side) on its file and the adjacent files.
Bitboard front_span(Color c, Square s) {
  const Bitboard files = file_bb(file_of(s)) | adjacent_files(file_of(s));
  Bitboard ahead = 0;
  for (int rank = 0; rank < 8; ++rank) {
    if (c == Color::white ? rank > rank_of(s) : rank < rank_of(s)) ahead |= rank_bb(rank);
  }
  return files & ahead;
}

// The bonus `side` earns from the pawn structure of both sides (the paper scores positively
// for the opponent's weaknesses and for its own passed pawns).
PawnTerms pawn_bonus(const Position& pos, Color side) {
  PawnTerms t;
  const Color opp = ~side;
  const Bitboard theirs = pos.pieces(opp, PieceType::pawn);
  const Bitboard ours = pos.pieces(side, PieceType::pawn);
  for (int file = 0; file < 8; ++file) {
    const int n = popcount(theirs & file_bb(file));
    const bool isolated = (theirs & adjacent_files(file)) == 0;
    if (n >= 3 || (n == 2 && isolated)) t.tripled += PawnWeights::doubled * (n - 1);
  }
  const bool heavy = (pos.pieces(side, PieceType::rook) | pos.pieces(side, PieceType::queen)) != 0;
  for (Bitboard b = theirs; b;) {
    const Square s = pop_lsb(b);
    if (is_isolated_pawn(pos, s)) t.isolated += PawnWeights::isolated;
    if (is_backward_pawn(pos, s)) {
      t.backward += PawnWeights::backward;
      if (!(ours & file_bb(file_of(s)))) t.backward += PawnWeights::backward_open;
      if (heavy) t.backward += PawnWeights::backward_heavy;
    }
  }
  for (Bitboard b = ours; b;) {
    const Square s = pop_lsb(b);
    if (is_passed_pawn(pos, s)) t.passed += PawnWeights::passed[relative_rank(side, s)];
  }
  return t;
}

}  // namespace

bool is_isolated_pawn(const Position& pos, Square s) {
  const Color c = color_of(pos.piece_on(s));
  return (pos.pieces(c, PieceType::pawn) & adjacent_files(file_of(s))) == 0;
}

bool is_passed_pawn(const Position& pos, Square s) {
  const Color c = color_of(pos.piece_on(s));
  return (pos.pieces(~c, PieceType::pawn) & front_span(c, s)) == 0;
}

bool is_backward_pawn(const Position& pos, Square s) {
  const Color c = color_of(pos.piece_on(s));
  return backward(pos, c, file_of(s), relative_rank(c, s));
}

SideMaterial ratio_material(const Position& pos) {
  SideMaterial m{0, 0};
  for (Color c : {Color::white, Color::black}) {
    int sum = k_ratio_king_value;
    for (PieceType t : {PieceType::pawn, PieceType::knight, PieceType::bishop, PieceType::rook,
                        PieceType::queen}) {
      sum += k_greenblatt_value[idx(t)] * popcount(pos.pieces(c, t));
    }
    (c == Color::white ? m.white : m.black) = sum;
  }
  return m;
}

int ending_term(const Position& pos) {
  for (Color strong : {Color::white, Color::black}) {
    const Color bare = ~strong;
    if (pos.pieces(bare) != pos.pieces(bare, PieceType::king)) continue;
    if (!pos.pieces(strong, PieceType::queen) && !pos.pieces(strong, PieceType::rook)) continue;
    const Square k = pos.king_square(bare), s = pos.king_square(strong);
    // Manhattan distance from the four centre squares (0 on them, 6 in a corner), and the
    // kings' distance in king moves (1 to 7).
    const int file = file_of(k), rank = rank_of(k);
    const int centre = std::max(3 - file, file - 4) + std::max(3 - rank, rank - 4);
    const int kings = std::max(std::abs(file_of(s) - file), std::abs(rank_of(s) - rank));
    // Against a rook alone (whose mate needs the king boxed in first): the bare king's room,
    // the squares next to it that nothing of the stronger side attacks or holds.
    const Bitboard occ = pos.occupied() & ~pos.pieces(bare, PieceType::king);
    const bool rook_only = !pos.pieces(strong, PieceType::queen);
    int room = 8;
    if (rook_only) room = 0;
    for (int df = -1; rook_only && df <= 1; ++df) {
      for (int dr = -1; dr <= 1; ++dr) {
        const int f = file + df, r = rank + dr;
        if ((df || dr) && f >= 0 && f < 8 && r >= 0 && r < 8 &&
            !pos.attacked_by(strong, make_square(f, r), occ) &&
            !(pos.pieces(strong) & bit(make_square(f, r))))
          ++room;
      }
    }
    const int e = 16 * centre + 8 * (7 - kings) + 16 * (8 - room);
    return strong == Color::white ? e : -e;
  }
  return 0;
}

bool queens_on_board(const Position& pos) {
  return pos.pieces(Color::white, PieceType::queen) && pos.pieces(Color::black, PieceType::queen);
}

GreenblattTerms greenblatt_eval(const Position& pos, const SideMaterial& root) {
  GreenblattTerms g;
  // M: the kings cancel, so only the other pieces count.
  const SideMaterial now = ratio_material(pos);
  g.material = now.white - now.black;

  // R = M (W/T - 1): W = white/black material now, T = the same at the root, kings counted 1,
  // M = one side's material at the start (docs/greenblatt.md: how the OCR was read). In
  // integers: M (w bT - b wT) / (b wT), rounded to the nearest point (halves away from zero;
  // truncation would make the paper's own "positive" example, +0.68, zero), held inside the
  // evaluation bound.
  const std::int64_t num = static_cast<std::int64_t>(k_start_side_material) *
                           (static_cast<std::int64_t>(now.white) * root.black -
                            static_cast<std::int64_t>(now.black) * root.white);
  const std::int64_t den = static_cast<std::int64_t>(now.black) * root.white;
  const std::int64_t ratio =
      num >= 0 ? (2 * num + den) / (2 * den) : -((-2 * num + den) / (2 * den));
  g.ratio = static_cast<int>(
      ratio > k_ratio_limit ? k_ratio_limit : (ratio < -k_ratio_limit ? -k_ratio_limit : ratio));

  const PawnTerms w = pawn_bonus(pos, Color::white), b = pawn_bonus(pos, Color::black);
  g.pawn.tripled = w.tripled - b.tripled;
  g.pawn.isolated = w.isolated - b.isolated;
  g.pawn.passed = w.passed - b.passed;
  g.pawn.backward = w.backward - b.backward;
  g.pawns = g.pawn.total();

  // K: only with queens on the board (both sides'); 8 x rank of the black king minus 8 x rank
  // of the white king, each rank counted from its own side (1 = home), so a king far from home
  // costs its side.
  if (queens_on_board(pos)) {
    const int black_rank = relative_rank(Color::black, pos.king_square(Color::black)) + 1;
    const int white_rank = relative_rank(Color::white, pos.king_square(Color::white)) + 1;
    g.king_safety = 8 * black_rank - 8 * white_rank;
  }

  // C: +1 if a white pawn holds one of d4, e4, d5, e5 and no black pawn does, -1 the reverse.
  const Bitboard center = bit(27) | bit(28) | bit(35) | bit(36);
  const bool white_center = (pos.pieces(Color::white, PieceType::pawn) & center) != 0;
  const bool black_center = (pos.pieces(Color::black, PieceType::pawn) & center) != 0;
  g.center = white_center && !black_center ? 1 : (black_center && !white_center ? -1 : 0);

  g.ending = ending_term(pos);
  g.total = g.material + g.ratio + g.pawns + g.king_safety + g.center + g.ending;
  return g;
}

}  // namespace kibitz::chess
