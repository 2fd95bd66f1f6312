// English descriptive notation, as the Greenblatt program accepted it (debugging aid 2, "standard
// chess notation input (e.g., P-K4)"): P-K4, N-KB3, B-N5, NxP, PxP, QxQP, BxN ch, O-O, O-O-O,
// P-K8=Q, N/1-Q2, R(Q1)-K1.
//
// Squares are named from the side to move: files QR QN QB Q K KB KN KR (a to h), ranks 1 to 8
// from the mover's own side (White's K4 is e4, Black's K4 is e5). R, N and B alone name either
// file of that name (B4: c4 or f4). A moving piece or a captured one may carry a side or a file:
// KN, QB, KR (a knight, bishop, rook on that half of the board now, e-h for K, a-d for Q: the
// original pieces' identity is not tracked), KBP, QP, NP (a pawn on that file); "/SQUARE",
// "/RANK" or "(SQUARE)" after the moving piece says where it stands. "-" is a move to an empty
// square, "x" a capture (en passant included); piece letters after "x" are capitals (SAN writes
// squares there). "ch", "+", "mate", "#", "e.p.", "!" and "?" are
// ignored. The text matches the legal moves it fits: one is the move, none is illegal, several
// are ambiguous (as in the notation itself: write the qualifier).
#pragma once

#include <string_view>

#include "games/chess/notation.hpp"

namespace kibitz::chess {

// Whether the text has descriptive notation's shape (a piece letter, then "-" or "x" and a
// capital or "("), so parse_move tries it before SAN.
bool looks_like_descriptive(std::string_view text);
ParsedMove parse_descriptive(const Position& pos, std::string_view text);

}  // namespace kibitz::chess
