// The Greenblatt program's records (search/greenblatt/): the plausible move generator's scores
// with every heuristic's contribution, the width of each generation, value modifications,
// secondary searches, feedovers and the capture search. Encoded as plausibility, feedover and
// capture_search events (trace/event.hpp). The vocabulary these records speak (heuristics,
// reasons a move is searched, feedover conditions) is defined here, with its names, so that a
// reader of a trace needs nothing of the search to show them.
#pragma once

#include <cstdint>
#include <string>

#include "core/score.hpp"

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

// Pieces and squares as chess numbers them (games/chess/types.hpp), spelled out so that a
// reader needs no chess code: a piece is colour * 6 + type (white 0, black 1; pawn, knight,
// bishop, rook, queen, king), 12 none; a square is 0 (a1) ... 63 (h8), 64 none.
constexpr std::uint8_t k_no_piece = 12;
constexpr std::uint8_t k_no_square = 64;
std::string square_text(int square);  // "e4", "?" for none

// One heuristic's points for a move, with what it is about.
struct Contribution {
  Heuristic heuristic = Heuristic::none;
  std::int16_t points = 0;
  std::uint8_t piece = k_no_piece;    // the moved, captured or blocked piece
  std::uint8_t square = k_no_square;  // where it stands (before the move for the moved piece)
  std::uint8_t other = k_no_square;   // a second square: the new attack, the defended piece...
};

// "+10 points for unblocking the white bishop on c1 so that it now attacks b7".
std::string describe(const Contribution& c);

// Why a move is searched.
enum class Reason : std::uint8_t {
  none = 0,         // not searched (beyond the width)
  basic = 1,        // within the basic width
  check = 2,        // a safe check
  capture = 3,      // a capture at level 1 or 2
  distinct = 4,     // so that enough distinct pieces are moved
  replacement = 5,  // taken in place of a basic move that led to mate against the side to move
  plausible_capture = 6,  // the capture search's plausible captures
  principal = 7,          // the secondary search following the principal variation
};
const char* reason_name(Reason r);  // "within the basic width", "a safe check", ...
const char* reason_tag(Reason r);   // short: "basic", "check", "capture", "piece", ...

// The feedover conditions (seed 003, "Feedover conditions").
enum class FeedoverCondition : std::uint8_t {
  none = 0,
  in_check = 1,           // 1A
  trapped_or_pinned = 2,  // 1B
  two_en_prise = 3,       // 2
  exchange = 4,           // 3
};
const char* feedover_name(FeedoverCondition c);  // "1A: a piece en prise while in check", ...

// How a node's moves were generated: the basic search, a feedover, the capture search.
enum class GreenblattMode : std::uint8_t { basic = 0, feedover = 1, capture = 2 };

// Value modifications: why a successor's value was lowered (bits).
constexpr std::int32_t k_penalty_poor = 1, k_penalty_back = 2, k_penalty_translation = 4,
                       k_penalty_opening = 8;
// "developmentally poor, the same piece moved back to its square" for the bits.
std::string penalty_reasons(std::int32_t bits);

// --- Records, about the node being searched -------------------------------------------------

// One legal move scored by the plausible move generator (in plausibility order), with its
// heuristic contributions.
struct PlausibleMoveRecord {
  int gen_index = 0;       // index in the game's generation order
  int plausibility = 0;    // the score
  std::uint16_t move = 0;  // from | to << 6 | kind << 12 (games/chess/move.hpp)
  Reason reason = Reason::none;
  bool poor = false, check = false, safe = false, capture = false;
  const Contribution* contributions = nullptr;
  int contribution_count = 0;
};

// A generation's width: the basic width of its level and what extended it.
struct WidthRecord {
  int level = 0;
  int width = 0;
  int distinct_min = 0, safe_pieces = 0, selected = 0;  // each at most 255
  GreenblattMode mode = GreenblattMode::basic;
};

// Successor k's value lowered by `points` (k_penalty_* reasons).
struct ModificationRecord {
  int k = 0;
  int points = 0;
  std::int32_t reasons = 0;
};

// The node is the top of a secondary search: `plies` followed along the principal variation;
// `value` the value first found for the move (the parent's view).
struct SecondaryRecord {
  int plies = 0;
  Score value = 0;
};

// Successor k led to mate against the side to move and does not count against the width.
struct MateSkipRecord {
  int k = 0;
  Score value = 0;
};

// The secondary search of successor k: the value first found and the secondary value.
struct SecondaryResultRecord {
  int k = 0;
  Score first = 0, second = 0;
};

// A feedover condition held: the plausible move generator runs again instead of the static
// evaluation. plies_above: feedover plies already on the path.
struct FeedoverRecord {
  FeedoverCondition condition = FeedoverCondition::none;
  int plies_above = 0;
  int ours = k_no_square, theirs = k_no_square;
};

// The node is evaluated statically and its plausible captures searched.
struct CaptureSearchRecord {
  bool stand_pat_cut = false;  // the static value reached beta: no capture searched
  Score static_value = 0;      // side to move
  int captures = 0;            // plausible captures
};

}  // namespace kibitz::greenblatt
