// The plausible move generator of the Greenblatt program (seed 003, "The plausible move
// generator"): every legal move is scored by a weighted sum of named heuristics, move by move
// ("this move is bad because it blocks my bishop", not "the position after it is bad"). Each
// contribution is kept with its points and what it is about, so it can be shown the way the
// paper's debugging aid 4 does: "10 points for unblocking the white bishop on c1 so that it
// now attacks b7". docs/greenblatt.md lists every heuristic with its weight.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/greenblatt/chess_facts.hpp"
#include "search/sink/greenblatt_records.hpp"

namespace kibitz::greenblatt {

struct PlausibleMove {
  Move move;
  int gen_index = 0;   // index in the game's generation order (ChessGame::moves)
  int score = 0;       // the plausibility
  int positional = 0;  // the sum of the positional heuristics
  int gain = 0;        // apparent material gain (exchange_gain), for the capture search
  bool poor = false;   // developmentally poor: a small penalty on its value (value modification)
  bool capture = false;
  bool check = false;
  bool safe = false;  // the moved piece is not en prise afterwards
  int first = 0;      // its contributions: [first, first + count) of Plausibility::contributions
  int count = 0;
  bool safe_check() const { return check && safe; }
};

struct Plausibility {
  std::vector<PlausibleMove> moves;  // best first; ties keep the generation order
  std::vector<Contribution> contributions;
};

// The weights that are not per heuristic.
struct PlausibilityWeights {
  static constexpr int poor_threshold = -10;  // positional score below this: developmentally poor
};

// Scores the legal moves of pos (`legal`, in the game's generation order). With captures_only,
// only captures and promotions that appear to gain material (the capture search's plausible
// captures). With details, every contribution is kept; otherwise only the sums.
void plausible_moves(const Position& pos, const std::vector<Move>& legal, bool captures_only,
                     bool details, Plausibility& out);

}  // namespace kibitz::greenblatt
