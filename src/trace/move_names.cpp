#include "trace/move_names.hpp"

#include "search/sink/greenblatt_records.hpp"

namespace kibitz::trace {

namespace {
ChessMoveNamer g_namer = nullptr;
}  // namespace

void set_chess_move_namer(ChessMoveNamer namer) {
  g_namer = namer;
}

std::string uci_move_text(std::uint16_t move) {
  std::string s = greenblatt::square_text(move & 63) + greenblatt::square_text((move >> 6) & 63);
  const int kind = move >> 12;
  if (kind & 8) s += "nbrq"[kind & 3];  // promotions: kind 8..15
  return s;
}

std::vector<std::string> chess_move_names(const std::string& fen,
                                          const std::vector<std::uint16_t>& moves) {
  if (g_namer && !fen.empty()) {
    std::vector<std::string> names = g_namer(fen, moves);
    if (names.size() == moves.size()) return names;
  }
  std::vector<std::string> names;
  names.reserve(moves.size());
  for (std::uint16_t m : moves) names.push_back(uci_move_text(m));
  return names;
}

std::string chess_move_name(const std::string& fen, std::uint16_t move) {
  return chess_move_names(fen, {move}).front();
}

}  // namespace kibitz::trace
