// The feedover conditions (seed 003, "Feedover conditions"): at the end of the basic search a
// position is not evaluated statically when the side to move may be unable to save its
// material. The plausible move generator is then applied again (up to limits), so that the
// side to move tries its plausible moves and the opponent gets the chance to capture.
//   1) the side to move has a piece en prise and  A) is in check, or  B) that piece is trapped
//      or pinned;
//   2) the side to move has two or more pieces en prise;
//   3) both sides have exactly one piece en prise, and the piece of the side not to move is
//      trapped or pinned while the piece of the side to move is not.
#pragma once

#include <cstdint>
#include <vector>

#include "search/greenblatt/chess_facts.hpp"
#include "search/sink/greenblatt_records.hpp"

namespace kibitz::greenblatt {

struct Feedover {
  FeedoverCondition condition = FeedoverCondition::none;
  Square ours = chess::k_no_square;    // the side to move's en prise piece that decided it
  Square theirs = chess::k_no_square;  // condition 2: the second piece; 3: the opponent's piece
};

// `legal`: the position's legal moves (for "trapped").
Feedover feedover_condition(const Position& pos, const std::vector<Move>& legal);

// Whether the piece on s, of the side not to move, has no safe move.
bool opponent_piece_trapped(const Position& pos, Square s);

}  // namespace kibitz::greenblatt
