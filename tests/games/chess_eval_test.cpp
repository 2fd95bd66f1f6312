// The Greenblatt evaluation: one hand-made position per rule, with the value worked out by
// hand from docs/greenblatt-eval.md (a pawn is 128).
#include <doctest/doctest.h>

#include "games/chess/chess_game.hpp"
#include "games/chess/greenblatt_eval.hpp"

using namespace kibitz;
using namespace kibitz::chess;

namespace {

// Terms with the position itself as the root (so R = 0 unless a root is given).
GreenblattTerms terms(const char* fen) {
  const Position p = Position::from_fen(fen);
  return greenblatt_eval(p, ratio_material(p));
}

bool backward_at(const char* fen, const char* square) {
  const Position p = Position::from_fen(fen);
  const Square s = make_square(square[0] - 'a', square[1] - '1');
  return is_backward_pawn(p, s);
}

}  // namespace

TEST_CASE("Greenblatt: the start position is level in every term") {
  const GreenblattTerms t = terms("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  CHECK(t.material == 0);
  CHECK(t.ratio == 0);
  CHECK(t.pawns == 0);
  CHECK(t.king_safety == 0);
  CHECK(t.center == 0);
  CHECK(t.total == 0);
  CHECK(ratio_material(Position()).white == k_start_side_material);
  CHECK(ratio_material(Position()).black == 5281);
}

TEST_CASE("Greenblatt M: material by table 2") {
  // Black is without the g8 knight: M = +416.
  CHECK(terms("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").material == 416);
  // White without queen and a rook, black without a bishop: -1248 - 640 + 448.
  CHECK(terms("rn1qkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NB1KBNR w Kkq - 0 1").material == -1440);
}

TEST_CASE("Greenblatt R: M (W/T - 1), kings counted 1") {
  // Root: white a knight up (5281 v 4865). Node: a rook each traded (4641 v 4225).
  // R = 5281 (4641*4865 - 4225*5281) / (4225*5281) = 1,406,070,000 / 22,312,225 = 63.02 -> 63.
  const Position root =
      Position::from_fen("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  const Position node = Position::from_fen("rnbqkb2/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qq - 0 1");
  CHECK(greenblatt_eval(node, ratio_material(root)).ratio == 63);
  // Trading when behind is penalised: the same trade seen from a root where black is ahead.
  const Position root_b =
      Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1");
  const Position node_b =
      Position::from_fen("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB2 w Qq - 0 1");
  // 5281 (4225*5281 - 4641*4865) / (4641*4865) = -1,406,070,000 / 22,578,465 = -62.27 -> -62:
  // "slightly asymmetric with respect to color", as the paper says.
  CHECK(greenblatt_eval(node_b, ratio_material(root_b)).ratio == -62);
  // The paper's own example: three pawns ahead (5281 v 4897), a bishop traded for a knight
  // (4833 v 4481) "will receive a positive piece ratio term":
  // 5281 (4833*4897 - 4481*5281) / (4481*5281) = 16,054,240 / 23,664,161 = 0.68 -> 1.
  const Position three_up =
      Position::from_fen("rnbqkbnr/ppppp3/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  const Position traded =
      Position::from_fen("r1bqkbnr/ppppp3/8/8/8/8/PPPPPPPP/RN1QKBNR w KQkq - 0 1");
  CHECK(ratio_material(three_up).black == 4897);
  CHECK(ratio_material(traded).white == 4833);
  CHECK(ratio_material(traded).black == 4481);
  CHECK(greenblatt_eval(traded, ratio_material(three_up)).ratio == 1);
  // Far ahead, the ratio runs away: K+Q v K+R at the root, then the rook falls.
  // T = 1249/641, W = 1249/1: R = 5281 (1249*641 - 1*1249) / (1*1249) = 5281 * 640 = 3,379,840.
  const Position qr = Position::from_fen("3rk3/8/8/8/8/8/8/3QK3 w - - 0 1");
  const Position q = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  CHECK(greenblatt_eval(q, ratio_material(qr)).ratio == 3379840);
  // Same material as the root: nothing.
  CHECK(greenblatt_eval(qr, ratio_material(qr)).ratio == 0);
  // The most lopsided change possible stays inside the evaluation bound: a bare white king at
  // the root against everything, then eight new queens against a bare king.
  const Position bare = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/8/4K3 w kq - 0 1");
  const Position queens = Position::from_fen("QQQQkQQQ/8/8/8/8/8/Q7/4K3 b - - 0 1");
  CHECK(greenblatt_eval(queens, ratio_material(bare)).ratio == k_ratio_limit);
  CHECK(greenblatt_eval(bare, ratio_material(queens)).ratio > -k_ratio_limit);
}

TEST_CASE("Greenblatt P: isolated pawns") {
  // White a2 and c2 are isolated; black has no pawns, so black earns 2 x 16.
  const GreenblattTerms t = terms("4k3/8/8/8/8/8/P1P5/4K3 w - - 0 1");
  CHECK(t.pawn.isolated == -32);
  // a2 and b2 support each other.
  CHECK(terms("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1").pawn.isolated == 0);
  // A black isolated pawn scores for white.
  CHECK(terms("4k3/7p/8/8/8/8/8/4K3 w - - 0 1").pawn.isolated == 16);
}

TEST_CASE("Greenblatt P: tripled pawns, doubled only when isolated") {
  // a2, a3 doubled and isolated: 16 for black (one extra pawn).
  CHECK(terms("4k3/8/8/8/8/P7/P7/4K3 w - - 0 1").pawn.tripled == -16);
  // Doubled but not isolated (b2 next to them): nothing.
  CHECK(terms("4k3/8/8/8/8/P7/PP6/4K3 w - - 0 1").pawn.tripled == 0);
  // Tripled, even with a neighbour: 2 x 16.
  CHECK(terms("4k3/8/8/8/P7/P7/PP6/4K3 w - - 0 1").pawn.tripled == -32);
  // Black's tripled h-pawns score for white.
  CHECK(terms("4k3/7p/7p/7p/8/8/8/4K3 w - - 0 1").pawn.tripled == 32);
}

TEST_CASE("Greenblatt P: passed pawns by rank") {
  // d5 is passed on its fifth rank (relative rank 4): +40.
  CHECK(terms("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1").pawn.passed == 40);
  // A black pawn on e7 stands in front on an adjacent file: not passed (nor is e7).
  CHECK(terms("4k3/4p3/8/3P4/8/8/8/4K3 w - - 0 1").pawn.passed == 0);
  // A black pawn behind it does not stop it; the black pawn is passed too (relative rank 4,
  // then 5).
  CHECK(terms("4k3/8/8/3P4/4p3/8/8/4K3 w - - 0 1").pawn.passed == 40 - 40);
  CHECK(terms("4k3/8/8/3P4/8/4p3/8/4K3 w - - 0 1").pawn.passed == 40 - 64);
  // A seventh-rank pawn: +96.
  CHECK(terms("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").pawn.passed == 96);
}

TEST_CASE("Greenblatt P: backward pawns as the paper defines them") {
  // d3 behind c4 and e4: it cannot be defended in one move, but would be if it advanced.
  const char* classic = "4k3/8/8/8/2P1P3/3P4/8/4K3 w - - 0 1";
  CHECK(backward_at(classic, "d3"));
  CHECK_FALSE(backward_at(classic, "c4"));  // defended by d3
  // Black scores 12, +8 as no black pawn is on the d-file; no black rook or queen.
  CHECK(terms(classic).pawn.backward == -20);
  // With a black rook on the board: +8 more.
  CHECK(terms("r3k3/8/8/8/2P1P3/3P4/8/4K3 w - - 0 1").pawn.backward == -28);
  // A black pawn on the d-file closes it: 12 + 8 (rook).
  CHECK(terms("r3k3/3p4/8/8/2P1P3/3P4/8/4K3 w - - 0 1").pawn.backward == -20);

  // Defended by a pawn: not backward.
  CHECK_FALSE(backward_at("4k3/8/8/8/3P4/2P5/8/4K3 w - - 0 1", "d4"));
  // Can be defended in one move (c2-c3 defends d4): not backward.
  CHECK_FALSE(backward_at("4k3/8/8/8/3P4/8/2P5/4K3 w - - 0 1", "d4"));
  // ... even through a friendly piece on c3.
  CHECK_FALSE(backward_at("4k3/8/8/8/3P4/2N5/2P5/4K3 w - - 0 1", "d4"));

  // The pawn's own defending move blocked by an enemy piece: backward.
  CHECK(backward_at("4k3/8/8/8/3n4/2PP4/8/4K3 w - - 0 1", "d3"));
  CHECK_FALSE(backward_at("4k3/8/8/8/8/2PP4/8/4K3 w - - 0 1", "d3"));  // d3-d4 is defended by c3
  // A friendly piece in the way does not block.
  CHECK_FALSE(backward_at("4k3/8/8/8/3N4/2PP4/8/4K3 w - - 0 1", "d3"));
  // The neighbour's defending move blocked (e2-e3 by a knight on e3): not backward, although
  // c5 ahead would otherwise make it so.
  CHECK_FALSE(backward_at("4k3/8/8/2P5/3P4/4n3/4P3/4K3 w - - 0 1", "d4"));
  CHECK(backward_at("4k3/8/8/2P5/3P4/8/8/4K3 w - - 0 1", "d4"));

  // The en-passant exception: d2-d4 would be defended by c3, but the black pawn on e4 could
  // take it en passant, so d2 is backward; without that pawn it is not.
  CHECK(backward_at("4k3/8/8/8/4p3/2P5/3P4/4K3 w - - 0 1", "d2"));
  CHECK_FALSE(backward_at("4k3/8/8/8/8/2P5/3P4/4K3 w - - 0 1", "d2"));
  // The same for a neighbour's double step: c2-c4 would defend d5, unless b4 could take it.
  CHECK_FALSE(backward_at("4k3/8/8/3P4/8/8/2P5/4K3 w - - 0 1", "d5"));
  // With b4 there, c2-c4 no longer counts; with no friendly pawn ahead it is still not
  // backward, but a pawn on e6 makes it so.
  CHECK_FALSE(backward_at("4k3/8/8/3P4/1p6/8/2P5/4K3 w - - 0 1", "d5"));
  CHECK(backward_at("4k3/8/4P3/3P4/1p6/8/2P5/4K3 w - - 0 1", "d5"));

  // No friendly pawn on an adjacent file ahead: not backward (it is isolated, or supported
  // from behind only).
  CHECK_FALSE(backward_at("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1", "d4"));
  CHECK_FALSE(backward_at("4k3/8/3P4/8/8/8/2P5/4K3 w - - 0 1", "d6"));
  // Black pawns mirror white's: d6 behind c5 and e5 is backward.
  CHECK(backward_at("4k3/8/3p4/2p1p3/8/8/8/4K3 w - - 0 1", "d6"));
  CHECK(terms("4k3/8/3p4/2p1p3/8/8/8/4K3 w - - 0 1").pawn.backward == 20);
}

TEST_CASE("Greenblatt K: king ranks from each side, only with queens") {
  // Kings at home: 8*1 - 8*1 = 0.
  CHECK(terms("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1").king_safety == 0);
  // The black king on e6 is on its third rank: 8*3 - 8*1 = +16 (bad for black).
  CHECK(terms("3q4/8/4k3/8/8/8/8/3QK3 w - - 0 1").king_safety == 16);
  // The white king on e4, its fourth rank: 8*1 - 8*4 = -24.
  CHECK(terms("3qk3/8/8/8/4K3/8/8/3Q4 w - - 0 1").king_safety == -24);
  // "Queens": both sides'. With one queen (K+Q v K) the kings walk freely ...
  CHECK(terms("8/8/4k3/8/8/8/8/3QK3 w - - 0 1").king_safety == 0);
  CHECK(terms("8/8/4k3/8/8/8/8/4K3 w - - 0 1").king_safety == 0);
  // ... and without queens it is 0.
  CHECK(terms("8/8/4k3/8/8/8/8/3RK3 w - - 0 1").king_safety == 0);
}

TEST_CASE("Greenblatt C: centre pawns") {
  CHECK(terms("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1").center == 1);
  CHECK(terms("4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1").center == 0);
  CHECK(terms("4k3/8/8/4p3/8/8/8/4K3 w - - 0 1").center == -1);
  CHECK(terms("4k3/8/8/8/8/8/8/4K3 w - - 0 1").center == 0);
  // A knight in the centre is not a pawn.
  CHECK(terms("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1").center == 0);
}

TEST_CASE("Greenblatt total and the side to move") {
  // Lone d4 pawn: M 128, R 0, P = isolated -16 + passed 24 = 8, K 0, C 1: S = 137.
  const GreenblattTerms t = terms("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1");
  CHECK(t.material == 128);
  CHECK(t.pawns == 8);
  CHECK(t.center == 1);
  CHECK(t.total == 137);
  CHECK(ChessGame::from_text("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1").evaluate() == 137);
  CHECK(ChessGame::from_text("4k3/8/8/8/3P4/8/8/4K3 b - - 0 1").evaluate() == -137);
  // ChessGame remembers the root's material for R: after the queen is won, R appears.
  ChessGame g = ChessGame::from_text("4k3/8/8/8/8/8/3q4/3RK3 w - - 0 1");
  std::vector<ChessGame::Move> moves;
  g.moves(moves);
  REQUIRE(!moves.empty());
  CHECK(g.move_label(moves[0]) == "Rxd2");  // captures come first
  g.make(moves[0]);
  const GreenblattTerms after = g.eval_terms();
  CHECK(after.material == 640);
  // T = 641/1249, W = 641/1: R = 5281 (641*1249 - 1*641) / (1*641) = 5281 * 1248 = 6,590,688.
  CHECK(after.ratio == 6590688);
  CHECK(g.evaluate() == -(after.total));  // black to move
}
