// What interest search (search/interest.hpp) tells its sink, beside the events of search!:
// how it rated each move of a node, and each move's net cost as it comes up. The events these
// become are laid out in trace/event.hpp.
#pragma once

#include <cstdint>
#include <string_view>

#include "search/interest_cost.hpp"

namespace kibitz {

// One move of an expanded node, rated (reported in generation order, before any successor).
struct InterestRatingReport {
  int move_index = 0;             // in the game's generation order
  std::int64_t interest = 0;      // the sum of the terms (at least 1)
  std::int64_t cost = 0;          // cost_of_interest(interest), before any similarity penalty
  std::string_view label;         // the move in the game's notation ("" when moves have no names)
  const TermHit* hits = nullptr;  // the terms that contributed, with their values
  int hit_count = 0;
};

// One move as it comes up for search: passed (its successor is entered next) or cut.
struct InterestMoveReport {
  int move_index = 0;
  NetCost cost;              // move cost, tallies, ply tally, net cost, limit, cut
  std::int64_t penalty = 0;  // the similarity penalty inside cost.move_cost
  bool static_leaf = false;  // cut at the first move: the node is evaluated statically
  bool joint = false;        // the net cost counts the other side's tally too
};

}  // namespace kibitz
