#include "search/greenblatt/feedover.hpp"

#include "core/error.hpp"
#include "games/chess/movegen.hpp"

namespace kibitz::greenblatt {

using namespace chess;

bool opponent_piece_trapped(const Position& pos, Square s) {
  // The same position with the other side to move (the side not to move is never in check).
  std::string fen = pos.fen();
  const std::size_t side = fen.find(' ');
  if (side == std::string::npos) return false;
  fen[side + 1] = pos.side_to_move() == Color::white ? 'b' : 'w';
  const std::size_t ep = fen.find(' ', fen.find(' ', side + 1) + 1);  // the en-passant field
  if (ep == std::string::npos) return false;
  const std::size_t ep_end = fen.find(' ', ep + 1);
  fen.replace(ep + 1, (ep_end == std::string::npos ? fen.size() : ep_end) - ep - 1, "-");
  try {
    const Position flipped = Position::from_fen(fen);
    MoveList list;
    generate_legal(flipped, list);
    return trapped(flipped, s, list);
  } catch (const InputError&) {
    return false;
  }
}

Feedover feedover_condition(const Position& pos, const std::vector<Move>& legal) {
  Feedover f;
  const Color us = pos.side_to_move();
  const Bitboard ours = en_prise_pieces(pos, us);
  if (!ours) return f;
  f.ours = lsb(ours);
  if (pos.in_check()) {
    f.condition = FeedoverCondition::in_check;
    return f;
  }
  for (Bitboard b = ours; b;) {
    const Square s = pop_lsb(b);
    if (trapped(pos, s, legal) || pinned(pos, s)) {
      f.condition = FeedoverCondition::trapped_or_pinned;
      f.ours = s;
      return f;
    }
  }
  if (more_than_one(ours)) {
    f.condition = FeedoverCondition::two_en_prise;
    f.theirs = lsb(ours & (ours - 1));
    return f;
  }
  const Bitboard theirs = en_prise_pieces(pos, ~us);
  if (theirs && !more_than_one(theirs)) {
    const Square s = lsb(theirs);
    // Ours is neither trapped nor pinned here (condition 1B would have held).
    if (pinned(pos, s) || opponent_piece_trapped(pos, s)) {
      f.condition = FeedoverCondition::exchange;
      f.theirs = s;
      return f;
    }
  }
  f.ours = k_no_square;
  return f;
}

}  // namespace kibitz::greenblatt
