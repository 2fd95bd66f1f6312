// Chess moves in a trace are recorded as bits (from | to << 6 | kind << 12, the Greenblatt
// plausibility records). Naming them in standard notation needs the rules of chess, which the
// trace layer does not know: the app installs a namer (session/services.cpp). Without one, moves
// are named from their squares in UCI form ("e2e4", "e7e8q").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kibitz::trace {

// Names of `moves` in the position `fen` ("" = unknown), one per move.
using ChessMoveNamer = std::vector<std::string> (*)(const std::string& fen,
                                                    const std::vector<std::uint16_t>& moves);
void set_chess_move_namer(ChessMoveNamer namer);

std::vector<std::string> chess_move_names(const std::string& fen,
                                          const std::vector<std::uint16_t>& moves);
std::string chess_move_name(const std::string& fen, std::uint16_t move);
std::string uci_move_text(std::uint16_t move);  // from the squares alone

}  // namespace kibitz::trace
