// Scores: integers from the point of view of the side to move (negamax form), with
// sentinels for the unbounded window and for won/lost game positions.
#pragma once

#include <cstdint>
#include <string>

namespace kibitz {

using Score = std::int32_t;

// The window of a root search is (-k_score_inf, +k_score_inf). Every real value is strictly
// inside it, so "-inf" and "+inf" never collide with an evaluation.
constexpr Score k_score_inf = 1'000'000'000;

// A game won for the side to move `n` plies from the root scores k_score_win - n, so that
// shorter wins score higher. Evaluations must stay inside (-k_score_eval_max, +k_score_eval_max).
constexpr Score k_score_win = 100'000'000;
constexpr Score k_score_eval_max = 50'000'000;

inline bool is_infinite(Score s) {
  return s >= k_score_inf || s <= -k_score_inf;
}

// "+5", "-12", "0", "+inf", "-inf" (ASCII, for CLI and JSON).
std::string format_score(Score s);

// Scores of finished games: within this distance of k_score_win.
constexpr Score k_score_win_zone = 100'000;
inline bool is_game_result(Score s) {
  return !is_infinite(s) &&
         (s >= k_score_win - k_score_win_zone || s <= -(k_score_win - k_score_win_zone));
}

// The same with a typographic minus sign and infinity symbol, for the viewer: "−5", "+∞",
// and a won or lost game as "+M3" / "−M3" (the game ends 3 plies from the search root).
std::string format_score_pretty(Score s);
// As textbooks write values (the minimax view): "3", "−2", "+∞", no plus sign on a finite one.
std::string format_score_textbook(Score s);

}  // namespace kibitz
