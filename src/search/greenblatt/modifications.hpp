// Modifications in the value returned by the search (seed 003): a few points off a move's
// value when the plausible move generator marked it developmentally poor, and "various small
// amounts" when the principal variation below it moves the same piece again two plies down:
// back to the square it came from, in two moves where one legal move would do, or during the
// first eight moves of the game. The amounts are GreenblattOptions' (docs/greenblatt.md).
#pragma once

#include <cstdint>
#include <vector>

#include "search/greenblatt/greenblatt_options.hpp"
#include "search/greenblatt/plausibility.hpp"

namespace kibitz::greenblatt {

struct Penalty {
  int points = 0;            // subtracted from the move's value
  std::int32_t reasons = 0;  // k_penalty_* bits
};

// pm: the move (with its plausibility), played from pos whose legal moves are `legal`; reply:
// the principal variation its successor returned (the reply first, then our next move).
Penalty value_penalty(const Position& pos, const std::vector<Move>& legal, const PlausibleMove& pm,
                      const Line& reply, const GreenblattOptions& options);

}  // namespace kibitz::greenblatt
