// The static evaluation of the Greenblatt chess program (Greenblatt, Eastlake and Crocker,
// 1967; seed 003, "Evaluation of the board"): S = M + R + P + K + C from White's point of
// view, in the paper's units (a pawn is 128). Every term is returned separately so the viewer
// can show the breakdown. docs/greenblatt-eval.md explains how the OCR was read and every
// weight chosen where the paper gives none.
#pragma once

#include <cstdint>

#include "games/chess/position.hpp"

namespace kibitz::chess {

// Table 2 of the paper, indexed by PieceType. The bishop reads 445 in the OCR; every other entry
// is its value in pawns times 128 exactly, and 3.5 x 128 = 448 (an 8 read as a 5).
constexpr int k_greenblatt_value[6] = {128, 416, 448, 640, 1248, 1536};
// In the ratio term the king counts 1, not 1536 (the paper's own rule).
constexpr int k_ratio_king_value = 1;
// M: the material of one side at the start of the game, king counted 1
// (8*128 + 2*416 + 2*448 + 2*640 + 1248 + 1).
constexpr int k_start_side_material = 5281;

// R can grow without bound when the losing side's last pieces fall (its material tends to the
// king's 1); it is held inside this, well within the Game contract's evaluation bound.
constexpr int k_ratio_limit = 40'000'000;

// Each side's material as the ratio term counts it (king = 1).
struct SideMaterial {
  int white = k_start_side_material;
  int black = k_start_side_material;
};
SideMaterial ratio_material(const Position& pos);

// "Queens are on the board" (the K term's condition, and the king's rules in the plausible move
// generator): each side still has a queen. Read as the plural says: once one queen is gone, as
// in K+Q v K, the kings are free to walk (docs/greenblatt-eval.md).
bool queens_on_board(const Position& pos);

// The weights this implementation chose where the paper gives none (see the document).
struct PawnWeights {
  static constexpr int isolated = 16;      // per opponent isolated pawn
  static constexpr int doubled = 16;       // per extra pawn on a tripled (or isolated doubled) file
  static constexpr int backward = 12;      // per opponent backward pawn ...
  static constexpr int backward_open = 8;  // ... more when no pawn of ours is on its file
  static constexpr int backward_heavy = 8;  // ... more when we have a rook or a queen
  // Own passed pawn by relative rank (0 = own back rank); ranks 0 and 7 never hold pawns.
  static constexpr int passed[8] = {0, 16, 16, 24, 40, 64, 96, 0};
};

// P's four sub-terms, each already "White's bonus minus Black's bonus".
struct PawnTerms {
  int tripled = 0;   // opponent tripled pawns (doubled only when isolated)
  int isolated = 0;  // opponent isolated pawns
  int passed = 0;    // own passed pawns
  int backward = 0;  // opponent backward pawns
  int total() const { return tripled + isolated + passed + backward; }
};

struct GreenblattTerms {
  int material = 0;     // M
  int ratio = 0;        // R
  int pawns = 0;        // P (= pawn.total())
  int king_safety = 0;  // K
  int center = 0;       // C
  int ending = 0;       // E: not the paper's; drives a bare king to the edge (see the document)
  int total = 0;        // S = M + R + P + K + C + E
  PawnTerms pawn;
};

// E, for a side left with its bare king against a queen or a rook: the bare king's distance
// from the centre and the kings' nearness, in points for the stronger side. Zero otherwise.
int ending_term(const Position& pos);

// `root` is the material (king = 1) at the top of the search tree, for the ratio term.
GreenblattTerms greenblatt_eval(const Position& pos, const SideMaterial& root);

// Pawn-structure predicates, as the paper defines them (exposed for tests and the viewer).
bool is_isolated_pawn(const Position& pos, Square s);
bool is_passed_pawn(const Position& pos, Square s);
bool is_backward_pawn(const Position& pos, Square s);

}  // namespace kibitz::chess
