// The width of the search (seed 003, "The width of the search"): a basic number of moves per
// level (15, 15, 9, 9, 7 for tournaments, fewer for normal play), extended by heuristics that
// only ever add moves: all safe checks, all captures at the first two levels, and moves of a
// minimum number of distinct pieces. (The fourth, moves that lead to mate against the side to
// move are not counted, acts while the moves are searched: see greenblatt_search.hpp.)
#pragma once

#include <string>
#include <vector>

#include "search/greenblatt/plausibility.hpp"

namespace kibitz::greenblatt {

class WidthSchedule {
 public:
  static WidthSchedule tournament();  // 15, 15, 9, 9, 7
  static WidthSchedule normal();      // 6 at every level
  // "tournament", "normal", or widths separated by commas ("15,15,9,9,7"), the last one used
  // for every deeper level. Throws InputError naming the fault.
  static WidthSchedule parse(const std::string& text);

  int at(int level) const;   // the basic width of level 1 (the root's moves), 2, ...
  std::string text() const;  // "15,15,9,9,7"
  const std::vector<int>& widths() const { return m_widths; }

  static constexpr int k_max_width = 218;  // more legal moves than any position has
  static constexpr int k_max_levels = 32;

 private:
  std::vector<int> m_widths{6};
};

struct Selection {
  std::vector<Reason> reason;  // by plausibility rank (the order of Plausibility::moves)
  int width = 0;               // the basic width at this level
  int distinct_min = 0;        // min(width / 2, pieces with safe moves)
  int safe_pieces = 0;         // pieces with safe moves
  int selected = 0;            // moves searched unless pruning or replacements change it
};

// Selects the moves to search at `level` with basic width `width`; `captures_extend` is the
// "all captures at the first or second level" rule.
Selection select_moves(const Position& pos, const std::vector<Move>& legal, const Plausibility& p,
                       int width, bool captures_extend);

}  // namespace kibitz::greenblatt
