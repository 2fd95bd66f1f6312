// Move notation: UCI ("e2e4", "e7e8q", castling as the king's move "e1g1") and SAN ("Nf3",
// "exd6", "O-O", "e8=Q+", "Qxf7#", "Nbd2", "R1e2", "Qh4e1"). Printing needs the position the
// move is played from; parsing matches the text against that position's legal moves.
#pragma once

#include <string>
#include <string_view>

#include "games/chess/move.hpp"
#include "games/chess/position.hpp"

namespace kibitz::chess {

std::string to_uci(Move m);
// SAN with "+" or "#" when the move checks or mates. m must be legal in pos.
std::string to_san(const Position& pos, Move m);

enum class ParseStatus {
  ok,
  malformed,  // not written as a move at all
  illegal,    // well formed, but no legal move matches
  ambiguous,  // SAN that fits more than one legal move (e.g. "Nd2" with two knights)
};

struct ParsedMove {
  Move move;  // the null move unless ok
  ParseStatus status = ParseStatus::malformed;
};

ParsedMove parse_uci(const Position& pos, std::string_view text);
// Lenient in what SAN writers vary on: "0-0" for "O-O", a missing or extra "x", "=" optional
// before the promotion piece, and trailing "+", "#", "!" or "?" are ignored.
ParsedMove parse_san(const Position& pos, std::string_view text);
// UCI when the text has UCI's shape, descriptive notation (P-K4, NxP: descriptive.hpp) when it
// has that one, SAN otherwise.
ParsedMove parse_move(const Position& pos, std::string_view text);

}  // namespace kibitz::chess
