// Interest search's records (search/interest.hpp): how it rated each move of a node, and each
// move's net cost as it comes up. Encoded as interest_terms and interest_move events
// (trace/event.hpp). Costs are >= 0; the trace writes them clamped to +-k_score_inf.
#pragma once

#include <cstdint>
#include <string_view>

namespace kibitz {

// One term's contribution to a move's interest.
struct TermHit {
  std::int32_t term = 0;  // an index into the domain's term list (the trace's "interest_terms")
  std::int32_t value = 0;
};

// One move of an expanded node, rated (reported in generation order, before any successor):
// one interest_terms event per term that contributed, then its total with the move's label.
struct InterestRatingRecord {
  int move_index = 0;             // in the game's generation order
  std::int64_t interest = 0;      // the sum of the terms (at least 1)
  std::int64_t cost = 0;          // its cost, before any similarity penalty
  std::string_view label;         // the move in the game's notation ("" when moves have no names)
  const TermHit* hits = nullptr;  // the terms that contributed, with their values
  int hit_count = 0;
};

// One move as it comes up for search: passed (its successor is entered next) or cut.
struct InterestMoveRecord {
  int move_index = 0;
  std::int64_t move_cost = 0;  // cost_This_Move, the similarity penalty included
  std::int64_t mover = 0;      // the mover's path tally
  std::int64_t other = 0;      // the other side's path tally
  std::int64_t ply = 0;        // total_cost_This_Ply
  std::int64_t net = 0;        // net_cost
  std::int64_t limit = 0;      // the iteration's limit
  std::int64_t penalty = 0;    // the similarity penalty inside move_cost
  bool cut = false;            // net > limit: it and every later move are skipped
  bool static_leaf = false;    // cut at the first move: the node is evaluated statically
  bool joint = false;          // the net cost counts the other side's tally too
};

}  // namespace kibitz
