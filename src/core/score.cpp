#include "core/score.hpp"

namespace kibitz {

std::string format_score(Score s) {
  if (s >= k_score_inf) return "+inf";
  if (s <= -k_score_inf) return "-inf";
  if (s > 0) return "+" + std::to_string(s);
  return std::to_string(s);
}

std::string format_score_pretty(Score s) {
  if (s >= k_score_inf) return "+\u221e";
  if (s <= -k_score_inf) return "\u2212\u221e";
  if (is_game_result(s)) {
    const Score plies = k_score_win - (s > 0 ? s : -s);
    return std::string(s > 0 ? "+M" : "\u2212M") + std::to_string(plies);
  }
  if (s > 0) return "+" + std::to_string(s);
  if (s < 0) return "\u2212" + std::to_string(-static_cast<std::int64_t>(s));
  return "0";
}

std::string format_score_textbook(Score s) {
  std::string t = format_score_pretty(s);
  if (!is_infinite(s) && !t.empty() && t[0] == '+') t.erase(0, 1);
  return t;
}

}  // namespace kibitz
