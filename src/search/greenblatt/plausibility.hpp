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

namespace kibitz::greenblatt {

enum class Heuristic : std::uint8_t {
  none = 0,
  development,          // change in the moved piece's developmental value (squares it bears on)
  attacks,              // change in its attacks on enemy pieces
  unblock_own,          // our slider gains squares through the vacated square
  block_own,            // our slider loses squares to the moved piece
  block_enemy,          // an enemy slider loses squares
  unblock_enemy,        // an enemy slider gains squares
  capture,              // material captured
  capture_development,  // the developmental value of the captured piece
  moved_en_prise,       // the moved piece is en prise on its new square
  saves_en_prise,       // the moved piece was en prise and is not any more
  threat,               // puts an enemy piece en prise
  leaves_en_prise,      // another piece of ours becomes en prise
  defends,              // another piece of ours stops being en prise
  weak_pawn,            // attacks a weak (isolated, backward or doubled) pawn
  pinned_target,        // attacks a pinned piece
  overloaded_target,    // attacks a piece that defends another piece
  creates_pin,          // pins an enemy piece
  check,                // gives check
  safe_check,           // the checking piece is not en prise
  discovered_check,     // check by a piece that did not move
  blocks_centre_pawn,   // "do not block your centre pawns on their original squares"
  castle,
  king_walk,        // a king move with queens on the board
  castling_rights,  // gives up a right to castle
  early_queen,      // a queen move in the first eight moves
  opening_tempo,    // a developed minor piece moves again in the first eight moves
  develops_minor,   // a knight or bishop leaves its original square
  back_rank,        // a knight or bishop goes back to the first rank
  knight_rim,       // a knight to the edge file
  centre_pawn,      // a d- or e-pawn advance
  flank_pawn,       // a wing pawn move in the first eight moves
  king_shelter,     // a pawn move in front of our castled king
  passed_pawn,      // advancing a passed pawn
  promotion,
  pawn_attack,        // a pawn move attacking a piece
  fork,               // attacks two valuable or undefended pieces at once
  doubled_pawn,       // a pawn capture that doubles our pawns
  isolated_pawn,      // leaves a pawn of ours isolated
  toward_centre,      // a pawn capture toward the centre
  open_file,          // a rook to an open or half-open file
  seventh_rank,       // a rook or queen to the seventh rank
  trade,              // an even trade when ahead (or behind)
  traps,              // attacks a trapped piece
  blockade,           // a piece stops an enemy passed pawn
  discovered_attack,  // another of our pieces now attacks an enemy piece
  removes_guard,      // the moved piece stops defending an attacked piece
  count
};

constexpr int k_heuristic_count = static_cast<int>(Heuristic::count) - 1;

struct HeuristicInfo {
  const char* name;   // "unblock_own"
  const char* title;  // "unblocking our pieces"
  bool positional;    // counts toward the move's positional score
};
const HeuristicInfo& heuristic_info(Heuristic h);

struct Contribution {
  Heuristic heuristic = Heuristic::none;
  std::int16_t points = 0;
  Piece piece = Piece::none;  // what it is about: the moved, captured or blocked piece
  std::uint8_t square =
      chess::k_no_square;  // where that piece stands (before the move for the moved piece)
  std::uint8_t other =
      chess::k_no_square;  // a second square: the new attack, the defended piece...

  // The trace's payload layout: heuristic | piece << 8 | square << 16 | other << 24.
  std::uint32_t pack() const {
    return static_cast<std::uint32_t>(heuristic) | static_cast<std::uint32_t>(piece) << 8 |
           static_cast<std::uint32_t>(square) << 16 | static_cast<std::uint32_t>(other) << 24;
  }
  static Contribution unpack(std::uint32_t bits, std::int32_t points);
};

// "+10 points for unblocking the white bishop on c1 so that it now attacks b7".
std::string describe(const Contribution& c);

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
