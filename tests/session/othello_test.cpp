// Othello: perft against the published counts, passes and finished games, text forms and
// errors, keys, evaluation, alpha-beta against minimax.
#include <doctest/doctest.h>

#include <utility>
#include <vector>

#include "core/error.hpp"
#include "game_checks.hpp"
#include "games/othello/othello.hpp"
#include "search/perft.hpp"
#include "session/run.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

// Black to move has only b1, next to white's a1 and four white centre discs: black must pass,
// then white's only move c1 turns b1 over and leaves no black disc.
const std::string k_pass_board =
    std::string("ox......") + std::string(16, '.') + "...oo......oo..." + std::string(24, '.');

std::string error_of(const std::string& text) {
  try {
    OthelloGame::from_text(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::uint64_t slow_perft(OthelloGame& g, int depth) {
  MoveStack<OthelloGame::Move> stack;
  return perft_generic(g, depth, stack);
}

// Positions that stop exactly `depth` plies from g (games over at that ply).
long long finished_at(OthelloGame& g, int depth) {
  std::vector<OthelloGame::Move> moves;
  g.moves(moves);
  if (depth == 0) return moves.empty() ? 1 : 0;
  long long n = 0;
  for (const auto m : moves) {
    g.make(m);
    n += finished_at(g, depth - 1);
    g.unmake(m);
  }
  return n;
}

Score search(const std::string& position, int depth, const char* algo) {
  SearchSpec s;
  s.game = "othello";
  s.position = position;
  s.depth = depth;
  s.algo = algo;
  return run_search(s, false).value;
}

}  // namespace

TEST_CASE("othello: perft from the start matches the published counts") {
  // Depth 4 is also the 244 openings of 002_... section 5.2's tournament ("all possible
  // first four moves").
  const std::uint64_t expected[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216};
  OthelloGame g;
  for (int d = 0; d <= 8; ++d) {
    INFO("depth " << d);
    CHECK(g.perft(d) == expected[d]);
    CHECK(perft(g, d) == expected[d]);  // the generic entry point uses the fast member
  }
  for (int d = 0; d <= 7; ++d) CHECK(slow_perft(g, d) == expected[d]);
  CHECK(g.position_text() == OthelloGame().position_text());
}

TEST_CASE("othello: perft counts passes, and a finished game ends its paths") {
  // The first passes come at ply 9: 24 positions at ply 8 where the side to move must pass.
  OthelloGame g;
  CHECK(g.perft(9) == 3'005'288);
  // 228 games are over at ply 9. The published perft(10) of 24,571,284 lets each of them
  // pass once more (a game there ends after two passes in a row); here a finished game has
  // no moves, so kibitz's perft(10) is 24,571,284 - 228 = 24,571,056 (see docs/games.md).
  CHECK(finished_at(g, 9) == 228);
  CHECK(finished_at(g, 8) == 0);
}

TEST_CASE("othello: a forced pass is the only move") {
  OthelloGame g = OthelloGame::from_text(k_pass_board + " x");
  std::vector<OthelloGame::Move> moves;
  g.moves(moves);
  REQUIRE(moves == std::vector<OthelloGame::Move>{OthelloGame::k_pass});
  CHECK(g.move_label(moves[0]) == "pass");
  CHECK(!g.over());
  const std::uint64_t key = g.key();
  g.make(OthelloGame::k_pass);
  CHECK(!g.black_to_move());
  CHECK(g.key() != key);
  CHECK(g.key() == g.compute_key());
  g.moves(moves);
  REQUIRE(moves == std::vector<OthelloGame::Move>{2});  // c1
  CHECK(g.move_label(2) == "c1");
  g.make(2);
  CHECK(g.over());
  g.moves(moves);
  CHECK(moves.empty());
  CHECK(g.evaluate() == -64 * OthelloGame::k_disc_unit);  // black, to move, has lost 0-64
  g.unmake(2);
  g.unmake(OthelloGame::k_pass);
  CHECK(g.key() == key);
  CHECK(g.position_text() == k_pass_board + " x");
  // Perft: pass, c1, then nothing.
  CHECK(g.perft(1) == 1);
  CHECK(g.perft(2) == 1);
  CHECK(g.perft(3) == 0);
  CHECK(slow_perft(g, 2) == 1);
  CHECK(slow_perft(g, 3) == 0);
  for (const char* a : {"minimax", "alphabeta", "alphabeta-bounds"}) {
    CHECK(search(k_pass_board + " x", 6, a) == -64 * OthelloGame::k_disc_unit);
    CHECK(search(k_pass_board + " o", 6, a) == 64 * OthelloGame::k_disc_unit);  // white plays c1
  }
  // A pass in a move list.
  CHECK(OthelloGame::from_text(k_pass_board + " x moves pass c1").over());
}

TEST_CASE("othello: finished games score their final disc difference, empties to the winner") {
  constexpr Score u = OthelloGame::k_disc_unit;
  std::vector<OthelloGame::Move> moves;
  OthelloGame wiped = OthelloGame::from_text(std::string(64, 'x') + " o");
  wiped.moves(moves);
  CHECK(moves.empty());
  CHECK(wiped.over());
  CHECK(wiped.evaluate() == -64 * u);
  std::string half;
  for (int i = 0; i < 64; ++i) half += (i / 8) % 2 ? 'x' : 'o';  // rows alternate: 32 each
  const OthelloGame draw = OthelloGame::from_text(half + " x");
  CHECK(draw.over());
  CHECK(draw.evaluate() == 0);
  std::string more_black = half;
  more_black[0] = 'x';
  CHECK(OthelloGame::from_text(more_black + " x").evaluate() == 2 * u);  // 33 to 31
  CHECK(OthelloGame::from_text(more_black + " o").evaluate() == -2 * u);
  // Empty squares left, but nobody can move: Maruo's nine-move game, black wipes out white
  // with 13 discs.
  OthelloGame nine = OthelloGame::from_text("moves e6 f4 e3 f6 g5 d6 e7 f5 c5");
  nine.moves(moves);
  CHECK(moves.empty());
  CHECK(oth::popcount(nine.black()) == 13);
  CHECK(nine.white() == 0);
  CHECK(nine.evaluate() == -64 * u);  // white to move has lost 0-13, the 51 empties black's
  int discs = 0;
  CHECK((OthelloGame::final_discs(nine.evaluate(), discs) && discs == -64));
  CHECK_FALSE(OthelloGame::final_discs(OthelloGame().evaluate() + 1, discs));
  CHECK(nine.perft(1) == 0);
  // One ply earlier black wins at once with c5; perft agrees with the generic count where
  // that path ends.
  OthelloGame before = OthelloGame::from_text("moves e6 f4 e3 f6 g5 d6 e7 f5");
  CHECK(search("moves e6 f4 e3 f6 g5 d6 e7 f5", 3, "alphabeta") == 64 * u);
  for (int d = 1; d <= 4; ++d) CHECK(before.perft(d) == slow_perft(before, d));
}

TEST_CASE("othello: text forms") {
  const OthelloGame start;
  const std::string start_text = std::string(27, '.') + "ox......xo" + std::string(27, '.') + " x";
  CHECK(start.position_text() == start_text);
  CHECK(OthelloGame::from_text("").key() == start.key());
  CHECK(OthelloGame::from_text(start_text).key() == start.key());
  // Other characters for the discs and the side.
  CHECK(OthelloGame::from_text(std::string(27, '-') + "WB------BW" + std::string(27, '-') + " B")
            .key() == start.key());
  // Moves: separated, written together, any case.
  const OthelloGame a = OthelloGame::from_text("moves f5 d6 c3");
  CHECK(OthelloGame::from_text("moves f5d6c3").key() == a.key());
  CHECK(OthelloGame::from_text("moves F5 D6 C3").key() == a.key());
  CHECK(OthelloGame::from_text(start_text + " moves f5 d6 c3").key() == a.key());
  CHECK(!a.black_to_move());
  CHECK(a.ply() == 0);
  CHECK(OthelloGame::from_text(a.position_text()).key() == a.key());
  CHECK(OthelloGame::from_text("moves f5").position_text() ==
        std::string(27, '.') + "ox......xxx" + std::string(26, '.') + " o");
  // Square names: a1 top left, h8 bottom right; black's first moves.
  CHECK(OthelloGame::square_name(0) == "a1");
  CHECK(OthelloGame::square_name(63) == "h8");
  CHECK(OthelloGame::parse_move("E6") == 44);
  CHECK(OthelloGame::parse_move("pass") == OthelloGame::k_pass);
  CHECK(OthelloGame::parse_move("i1") == -1);
  std::vector<OthelloGame::Move> moves;
  start.moves(moves);
  std::string labels;
  for (auto m : moves) labels += start.move_label(m) + " ";
  CHECK(labels == "d3 c4 f5 e6 ");
}

TEST_CASE("othello: bad positions and moves are rejected with the reason") {
  CHECK(error_of("xo..") ==
        "othello board 'xo..' has 4 squares, not 64 (x, o or . for a1..h1, a2..h8)");
  CHECK(error_of(std::string(27, '.') + "oz......xo" + std::string(27, '.') + " x") ==
        "othello board character 29 (e4) 'z' is not x, o or .");
  CHECK(error_of(std::string(64, '.') + " x") ==
        "impossible othello board: the centre square d4 is empty (the four centre squares are "
        "occupied from the start)");
  CHECK(error_of(std::string(27, '.') + "ox......xo" + std::string(27, '.')) ==
        "the othello board needs the side to move after it (x or o)");
  CHECK(error_of(std::string(27, '.') + "ox......xo" + std::string(27, '.') + " q") ==
        "'q' is not a side to move (x for black or o for white)");
  CHECK(error_of("moves a1") == "move 1 'a1': not a legal move for black (legal: d3 c4 f5 e6)");
  CHECK(error_of("moves f5 z9") == "move 2 'z9': not a square (a1-h8) or pass");
  CHECK(error_of("moves f5 pass") ==
        "move 2 'pass': white has moves (f4 d6 f6), so it cannot pass");
  CHECK(error_of(k_pass_board + " x moves c1") ==
        "move 1 'c1': not a legal move for black (it must pass)");
  CHECK(error_of(k_pass_board + " x moves pass c1 pass") == "move 3 'pass': the game is over");
  CHECK(error_of("f5") ==
        "othello board 'f5' has 2 squares, not 64 (x, o or . for a1..h1, a2..h8)");
  CHECK(error_of(std::string(27, '.') + "ox......xo" + std::string(27, '.') + " x f5") ==
        "unexpected 'f5' in the othello position (expected 'moves')");
}

TEST_CASE("othello: evaluation") {
  const OthelloGame start;
  CHECK(start.evaluate() == 0);  // the start is symmetric
  // After f5 (white to move): white has 3 moves, black 3; 4 black discs to 1.
  const OthelloGame f5 = OthelloGame::from_text("moves f5");
  const OthelloGame::EvalTerms t = f5.eval_terms();
  CHECK(t.mobility == 0);
  // White's potential moves: 13 empty squares touch black, 5 touch white's d4.
  CHECK(t.potential == 4 * (13 - 5));
  CHECK(t.discs == (1 - 4) * 5 / 16);  // still 0 this early
  CHECK(t.corners == 0);
  CHECK(f5.evaluate() == 32);
  // A corner for the side to move, with its X square held by the opponent.
  std::string b = std::string(64, '.');
  b[0] = 'x';   // a1
  b[9] = 'o';   // b2, next to a taken corner: no penalty
  b[14] = 'o';  // g2, next to the empty h1: penalised
  b[27] = 'o', b[28] = 'x', b[35] = 'x', b[36] = 'o';
  const OthelloGame::EvalTerms c = OthelloGame::from_text(b + " x").eval_terms();
  CHECK(c.corners == 80);
  CHECK(c.x_squares == 40);
}

TEST_CASE("othello: alpha-beta equals minimax at small depths") {
  for (const std::string& p :
       {std::string(""), std::string("moves f5"), std::string("moves f5 d6 c3 d3 c4"),
        std::string("moves f5 d6 c3 d3 c4 f4 f6 f3 e6 e7"), k_pass_board + " x",
        k_pass_board + " o"}) {
    for (int d = 1; d <= 4; ++d) check_alphabeta_matches_minimax<OthelloGame>(p, d);
  }
}

TEST_CASE("othello: keys, text round trips and unmake") {
  OthelloGame g;
  CHECK(walk_and_check(g, 5) == 1 + 4 + 12 + 56 + 244 + 1396);
  OthelloGame p = OthelloGame::from_text(k_pass_board + " x");
  CHECK(walk_and_check(p, 4) == 3);
  OthelloGame mid = OthelloGame::from_text("moves f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 d7 c6");
  walk_and_check(mid, 3);
}

TEST_CASE("othello: bench signature") {
  const long long nodes = alphabeta_nodes<OthelloGame>(
      {"", "moves f5 d6", "moves f5 d6 c3 d3 c4", "moves f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 d7 c6"}, 6);
  MESSAGE("othello bench nodes " << nodes);
  CHECK(nodes == 217'591);
}

TEST_CASE("othello: FFO endgames solved exactly, every move's disc count") {
  // Public positions from the FFO set as Edax's problem/fforum-20-39.obf lists them, with
  // each move's exact score for the side to move (empties to the winner).
  struct Ffo {
    const char* board;
    std::vector<std::pair<const char*, int>> moves;  // best first
  };
  const Ffo ffo[] = {
      {"XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X",
       {{"h5", 6}, {"g6", -2}, {"f6", -4}, {"h6", -10}}},
      {"OOOOOOOOXOOXXX--XXOOXOO-XOXOOO--XOOOOX--XOOXOO--XOOOOO--XXXX---- O",
       {{"g5", 0}, {"g2", -2}, {"g4", -4}, {"g6", -6}}},
  };
  for (const Ffo& f : ffo) {
    CAPTURE(f.board);
    SearchSpec s;
    s.game = "othello";
    s.position = f.board;
    s.set("depth", "end");
    const SearchResult r = run_search(s, false);
    int discs = 0;
    REQUIRE(OthelloGame::final_discs(r.value, discs));
    CHECK(discs == f.moves.front().second);
    for (const auto& m : f.moves) {
      const std::string move = m.first;  // (a structured binding cannot be captured in C++17)
      CAPTURE(move);
      SearchSpec after = s;
      after.position = std::string(f.board) + " moves " + move;
      REQUIRE(OthelloGame::final_discs(run_search(after, false).value, discs));
      CHECK(-discs == m.second);
    }
  }
}
