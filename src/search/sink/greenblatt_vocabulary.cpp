// The names of the Greenblatt records' vocabulary (greenblatt_records.hpp): heuristics and the
// comment each contribution prints, in the manner of the paper's debugging aid 4, the reasons a
// move is searched, the feedover conditions and the value modifications.
#include <string>

#include "search/sink/greenblatt_records.hpp"

namespace kibitz::greenblatt {

namespace {

// Indexed by Heuristic; positional heuristics make up the move's positional score.
constexpr HeuristicInfo k_info[] = {
    {"none", "", false},
    {"development", "change in development of the moved piece", true},
    {"attacks", "change in attacks on enemy pieces", false},
    {"unblock_own", "unblocking our pieces", true},
    {"block_own", "blocking our pieces", true},
    {"block_enemy", "blocking enemy pieces", true},
    {"unblock_enemy", "unblocking enemy pieces", true},
    {"capture", "material captured", false},
    {"capture_development", "development of the captured piece", false},
    {"moved_en_prise", "the moved piece is left en prise", false},
    {"saves_en_prise", "saving a piece en prise", false},
    {"threat", "putting an enemy piece en prise", false},
    {"leaves_en_prise", "leaving a piece of ours en prise", false},
    {"defends", "defending a piece en prise", false},
    {"weak_pawn", "attacking a weak pawn", false},
    {"pinned_target", "attacking a pinned piece", false},
    {"overloaded_target", "attacking a piece that defends another", false},
    {"creates_pin", "pinning an enemy piece", false},
    {"check", "check", false},
    {"safe_check", "a safe check", false},
    {"discovered_check", "a discovered check", false},
    {"blocks_centre_pawn", "do not block your centre pawns", true},
    {"castle", "castling", true},
    {"king_walk", "moving the king with both queens on the board", true},
    {"castling_rights", "giving up the right to castle", true},
    {"early_queen", "bringing the queen out early", true},
    {"opening_tempo", "moving a developed piece again in the opening", true},
    {"develops_minor", "developing a minor piece", true},
    {"back_rank", "retreating to the first rank", true},
    {"knight_rim", "a knight on the rim", true},
    {"centre_pawn", "advancing a centre pawn", true},
    {"flank_pawn", "a wing pawn move in the opening", true},
    {"king_shelter", "weakening the castled king's pawns", true},
    {"passed_pawn", "advancing a passed pawn", true},
    {"promotion", "promotion", false},
    {"pawn_attack", "a pawn attacking a piece", false},
    {"fork", "a fork", false},
    {"doubled_pawn", "doubling our pawns", true},
    {"isolated_pawn", "isolating a pawn of ours", true},
    {"toward_centre", "capturing toward the centre", true},
    {"open_file", "a rook to an open file", true},
    {"seventh_rank", "a heavy piece to the seventh rank", true},
    {"trade", "even trades when ahead, not when behind", false},
    {"traps", "attacking a trapped piece", false},
    {"blockade", "blockading a passed pawn", true},
    {"discovered_attack", "a discovered attack", false},
    {"removes_guard", "removing the guard of an attacked piece", false},
};
static_assert(sizeof(k_info) / sizeof(k_info[0]) == static_cast<std::size_t>(Heuristic::count),
              "one entry per heuristic");

const char* const k_piece_types[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};

std::string sq(int s) {
  return square_text(s);
}

// "the white bishop on c1"
std::string piece_at(std::uint8_t p, int s) {
  if (p >= k_no_piece) return "the piece on " + sq(s);
  return std::string("the ") + (p >= 6 ? "black" : "white") + " " + k_piece_types[p % 6] + " on " +
         sq(s);
}

std::string type_of_name(std::uint8_t p) {
  return p >= k_no_piece ? "piece" : k_piece_types[p % 6];
}

}  // namespace

std::string square_text(int s) {
  if (s < 0 || s >= 64) return "?";
  return std::string{static_cast<char>('a' + s % 8), static_cast<char>('1' + s / 8)};
}

const HeuristicInfo& heuristic_info(Heuristic h) {
  const auto i = static_cast<std::size_t>(h);
  return k_info[i < static_cast<std::size_t>(Heuristic::count) ? i : 0];
}

// The comments of the heuristics about material, threats and checks ("" for the others).
static std::string describe_tactics(const Contribution& c, const std::string& pts,
                                    const std::string& who, const std::string& type,
                                    const std::string& to) {
  switch (c.heuristic) {
    case Heuristic::development:
      return pts + " for the change in development of the " + type + " going " + sq(c.square) +
             "-" + to;
    case Heuristic::attacks:
      return pts + " for the change in the " + type + "'s attacks on enemy pieces";
    case Heuristic::unblock_own:
      return pts + " for unblocking " + who + (c.other < 64 ? " so that it now attacks " + to : "");
    case Heuristic::block_own:
      return pts + " for blocking " + who +
             (c.other < 64 ? " (it no longer reaches " + to + ")" : "");
    case Heuristic::block_enemy:
      return pts + " for blocking " + who +
             (c.other < 64 ? " (it no longer reaches " + to + ")" : "");
    case Heuristic::unblock_enemy:
      return pts + " for unblocking " + who + (c.other < 64 ? " so that it now attacks " + to : "");
    case Heuristic::capture:
      return pts + " for capturing " + who;
    case Heuristic::capture_development:
      return pts + " for the development of " + who + ", captured";
    case Heuristic::moved_en_prise:
      return pts + ": the " + type + " would be en prise on " + to;
    case Heuristic::saves_en_prise:
      return pts + " for saving " + who + ", en prise";
    case Heuristic::threat:
      return pts + " for putting " + who + " en prise";
    case Heuristic::leaves_en_prise:
      return pts + ": it leaves " + who + " en prise";
    case Heuristic::defends:
      return pts + " for defending " + who + ", en prise";
    case Heuristic::weak_pawn:
      return pts + " for attacking the weak pawn on " + sq(c.square);
    case Heuristic::pinned_target:
      return pts + " for attacking " + who + ", pinned";
    case Heuristic::overloaded_target:
      return pts + " for attacking " + who +
             (c.other < 64 ? ", which defends " + to : ", a defender");
    case Heuristic::creates_pin:
      return pts + " for pinning " + who + (c.other < 64 ? " against " + to : "");
    case Heuristic::check:
      return pts + " for giving check";
    case Heuristic::safe_check:
      return pts + " because the check is safe";
    case Heuristic::discovered_check:
      return pts + " for a discovered check by " + who;
    default:
      return "";
  }
}

// The comments of the positional heuristics (pawns, development, the king, pieces' squares).
static std::string describe_position(const Contribution& c, const std::string& pts,
                                     const std::string& who, const std::string& type,
                                     const std::string& to) {
  switch (c.heuristic) {
    case Heuristic::blocks_centre_pawn:
      return pts + " for blocking " + who + " (do not block your centre pawns)";
    case Heuristic::castle:
      return pts + " for castling";
    case Heuristic::king_walk:
      return pts + " for moving the king with both queens on the board";
    case Heuristic::castling_rights:
      return pts + " for giving up the right to castle";
    case Heuristic::early_queen:
      return pts + " for bringing the queen out in the first eight moves";
    case Heuristic::opening_tempo:
      return pts + " for moving the " + type + " a second time in the opening";
    case Heuristic::develops_minor:
      return pts + " for developing the " + type + " from " + sq(c.square);
    case Heuristic::back_rank:
      return pts + " for retreating the " + type + " to the first rank";
    case Heuristic::knight_rim:
      return pts + " for putting the knight on the rim at " + to;
    case Heuristic::centre_pawn:
      return pts + " for advancing the centre pawn to " + to;
    case Heuristic::flank_pawn:
      return pts + " for a wing pawn move in the first eight moves";
    case Heuristic::king_shelter:
      return pts + " for moving a pawn in front of the castled king";
    case Heuristic::passed_pawn:
      return pts + " for advancing the passed pawn to " + to;
    case Heuristic::promotion:
      return pts + " for promoting on " + to;
    case Heuristic::pawn_attack:
      return pts + " for attacking " + who + " with a pawn";
    case Heuristic::fork:
      return pts + " for a fork by the " + type + " on " + to;
    case Heuristic::doubled_pawn:
      return pts + " for doubling our pawns";
    case Heuristic::isolated_pawn:
      return pts + " for isolating " + who;
    case Heuristic::toward_centre:
      return pts + " for capturing toward the centre";
    case Heuristic::open_file:
      return pts + " for the rook on the open file at " + to;
    case Heuristic::seventh_rank:
      return pts + " for reaching the seventh rank at " + to;
    case Heuristic::trade:
      return pts + (c.points > 0 ? " for trading while ahead (" : " for trading while behind (") +
             who + ")";
    case Heuristic::traps:
      return pts + " for attacking " + who + ", trapped";
    case Heuristic::blockade:
      return pts + " for blockading " + who + ", passed";
    case Heuristic::discovered_attack:
      return pts + " for a discovered attack by " + who + " on " + to;
    case Heuristic::removes_guard:
      return pts + ": it stops guarding " + who + ", attacked";
    default:
      return pts;
  }
}

std::string describe(const Contribution& c) {
  const std::string pts = (c.points > 0 ? "+" : "") + std::to_string(c.points) +
                          (c.points == 1 || c.points == -1 ? " point" : " points");
  const std::string who = piece_at(c.piece, c.square);
  const std::string type = type_of_name(c.piece);
  const std::string to = sq(c.other);
  std::string s = describe_tactics(c, pts, who, type, to);
  return s.empty() ? describe_position(c, pts, who, type, to) : s;
}

const char* reason_name(Reason r) {
  switch (r) {
    case Reason::none:
      return "beyond the width";
    case Reason::basic:
      return "within the basic width";
    case Reason::check:
      return "a safe check";
    case Reason::capture:
      return "a capture at level 1 or 2";
    case Reason::distinct:
      return "a move of another piece";
    case Reason::replacement:
      return "replaces a move that led to mate";
    case Reason::plausible_capture:
      return "a plausible capture";
    case Reason::principal:
      return "the principal variation";
  }
  return "";
}

const char* reason_tag(Reason r) {
  switch (r) {
    case Reason::none:
      return "no";
    case Reason::basic:
      return "basic";
    case Reason::check:
      return "check";
    case Reason::capture:
      return "capture";
    case Reason::distinct:
      return "piece";
    case Reason::replacement:
      return "for mate";
    case Reason::plausible_capture:
      return "capture";
    case Reason::principal:
      return "line";
  }
  return "";
}

const char* feedover_name(FeedoverCondition c) {
  switch (c) {
    case FeedoverCondition::none:
      return "none";
    case FeedoverCondition::in_check:
      return "1A: a piece en prise while in check";
    case FeedoverCondition::trapped_or_pinned:
      return "1B: a piece en prise that is trapped or pinned";
    case FeedoverCondition::two_en_prise:
      return "2: two or more pieces en prise";
    case FeedoverCondition::exchange:
      return "3: one piece en prise each, the opponent's trapped or pinned";
  }
  return "none";
}

std::string penalty_reasons(std::int32_t bits) {
  std::string s;
  auto add = [&](std::int32_t bit, const char* text) {
    if (bits & bit) s += (s.empty() ? "" : ", ") + std::string(text);
  };
  add(k_penalty_poor, "developmentally poor");
  add(k_penalty_back, "the same piece moved back to its square");
  add(k_penalty_translation, "two moves for a translation one move could make");
  add(k_penalty_opening, "the same piece moved twice in the first eight moves");
  return s;
}

}  // namespace kibitz::greenblatt
