// Tic-tac-toe: the whole game tree, perft, solved values through every algorithm, text forms
// and keys.
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "game_checks.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "search/perft.hpp"
#include "session/run.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

SearchResult solve(const std::string& position, const char* algo, Criterion c = Criterion::gt) {
  SearchSpec s;
  s.game = "tictactoe";
  s.position = position;
  s.depth = 9;
  s.algo = algo;
  s.criterion = c;
  return run_search(s, false);
}

std::string error_of(const std::string& text) {
  try {
    TicTacToeGame::from_text(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("tic-tac-toe: the whole game tree") {
  TicTacToeGame g;
  GameTreeCount c;
  MoveStack<TicTacToeGame::Move> stack;
  count_game_tree(g, c, stack);
  CHECK(c.nodes == 549'946);
  CHECK(c.leaves == 255'168);
}

TEST_CASE("tic-tac-toe: perft") {
  // Move paths of each length (games that ended earlier stop counting).
  const std::uint64_t expected[] = {1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872, 0};
  TicTacToeGame g;
  for (int d = 0; d <= 10; ++d) CHECK(perft(g, d) == expected[d]);
}

TEST_CASE("tic-tac-toe: every algorithm finds the start a draw") {
  for (const char* a : {"minimax", "alphabeta", "alphabeta-bounds"}) {
    for (Criterion c : {Criterion::gt, Criterion::ge}) {
      INFO(a << " " << criterion_name(c));
      const SearchResult r = solve("", a, c);
      CHECK(r.value == 0);
      CHECK(r.bound == Bound::exact);
    }
  }
  CHECK(solve("", "minimax").stats.nodes == 549'946);  // minimax visits the whole tree
}

TEST_CASE("tic-tac-toe: won and lost positions get the sign and the distance") {
  struct Case {
    const char* position;
    Score value;
  };
  const Case cases[] = {
      {"xx.oo....", k_score_win - 1},     // x to move completes the top row
      {"xx.oo.x..", k_score_win - 1},     // o to move completes the middle row
      {"xx.xo...o", -(k_score_win - 2)},  // o to move cannot stop both a3-c3 and a3-a1
      {"xo.......", k_score_win - 5},     // x: b2, then a fork (a1 or c3 with a3-a1 and b2)
      {"x...o....", 0},                   // a centre reply holds
      {"xxxoo.... o", -k_score_win},      // already lost for o (ply 0)
      {"xoxxoxoxo", 0},                   // full board, no line: a draw
  };
  for (const Case& c : cases) {
    for (const char* a : {"minimax", "alphabeta", "alphabeta-bounds"}) {
      INFO(c.position << " " << a);
      CHECK(solve(c.position, a).value == c.value);
    }
  }
  TicTacToeGame lost = TicTacToeGame::from_text("xxxoo....");
  std::vector<TicTacToeGame::Move> moves;
  lost.moves(moves);
  CHECK(moves.empty());
  CHECK(lost.winner() == 'x');
  CHECK(lost.evaluate() == -k_score_win);
}

TEST_CASE("tic-tac-toe: open-lines evaluation") {
  CHECK(TicTacToeGame().evaluate() == 0);
  // x in the centre: all 8 lines stay open for x, 4 (those avoiding b2) for o. o is to move.
  CHECK(TicTacToeGame::from_text("....x....").evaluate() == 4 - 8);
  CHECK(TicTacToeGame::from_text("x........").evaluate() == 5 - 8);
}

TEST_CASE("tic-tac-toe: alpha-beta equals minimax at small depths") {
  for (const char* p :
       {"", "x........", "....x....", "xo.......", "x...o...x", "xx.oo....", "xo.xo...."}) {
    for (int d = 1; d <= 4; ++d) check_alphabeta_matches_minimax<TicTacToeGame>(p, d);
  }
}

TEST_CASE("tic-tac-toe: keys, text round trips and unmake over the whole tree") {
  TicTacToeGame g;
  CHECK(walk_and_check(g, 9) == 549'946);
}

TEST_CASE("tic-tac-toe: text forms") {
  CHECK(TicTacToeGame().position_text() == "......... x");
  CHECK(TicTacToeGame::from_text("").position_text() == "......... x");
  CHECK(TicTacToeGame::from_text("x.o......").position_text() == "x.o...... x");
  CHECK(TicTacToeGame::from_text("X.O...... X").position_text() == "x.o...... x");
  CHECK(TicTacToeGame::from_text("x........").position_text() == "x........ o");
  // Cells by number (1-9, reading order) or by name (a1-c3), from the start or a board.
  const TicTacToeGame a = TicTacToeGame::from_text("moves 5 1 9");
  CHECK(a.position_text() == "o...x...x o");
  CHECK(TicTacToeGame::from_text("moves b2 a3 c1").key() == a.key());
  CHECK(TicTacToeGame::from_text("....x.... o moves 1 9").key() == a.key());
  CHECK(a.ply() == 0);
  CHECK(TicTacToeGame::cell_name(0) == "a3");
  CHECK(TicTacToeGame::cell_name(8) == "c1");
  CHECK(TicTacToeGame::parse_cell("B2") == 4);
  CHECK(TicTacToeGame::parse_cell("7") == 6);
  CHECK(TicTacToeGame::parse_cell("d1") == -1);
  CHECK(a.move_label(2) == "c3");
  // The generation order is the cell order.
  std::vector<TicTacToeGame::Move> moves;
  a.moves(moves);
  CHECK(moves == std::vector<TicTacToeGame::Move>{1, 2, 3, 5, 6, 7});
}

TEST_CASE("tic-tac-toe: bad positions are rejected with the reason") {
  CHECK(error_of("x.o") ==
        "tic-tac-toe board 'x.o' has 3 cells, not 9 (x, o or . for each cell, top row first)");
  CHECK(error_of("x.o.z....") == "tic-tac-toe board character 5 'z' is not x, o or .");
  CHECK(error_of("xx.......").find("impossible tic-tac-toe board (2 x, 0 o)") == 0);
  CHECK(error_of("o........").find("impossible tic-tac-toe board (0 x, 1 o)") == 0);
  CHECK(error_of("xxxooo...") == "impossible tic-tac-toe board: both x and o have three in a row");
  CHECK(error_of("xxxoo.o..").find("x has three in a row, but o moved after it") !=
        std::string::npos);
  CHECK(error_of("ooox.x.xx").find("o has three in a row, but x moved after it") !=
        std::string::npos);
  CHECK(error_of("x........ x") == "wrong side to move 'x': with 1 x and 0 o it is o's turn");
  CHECK(error_of("......... o") == "wrong side to move 'o': with 0 x and 0 o it is x's turn");
  CHECK(error_of("......... q") == "'q' is neither a side to move (x or o) nor 'moves'");
  CHECK(error_of("moves 5 5") == "move 2 '5': cell b2 is taken");
  CHECK(error_of("moves 1 4 2 5 3 6") == "move 6 '6': the game is over (x has three in a row)");
  CHECK(error_of("moves 0") == "move 1 '0': not a cell (1-9 or a1-c3)");
  CHECK(error_of("x........ o 5") ==
        "unexpected '5' in the tic-tac-toe position (expected 'moves')");
  CHECK(error_of("xxx...xxx").find("impossible tic-tac-toe board (6 x, 0 o)") == 0);
}

TEST_CASE("tic-tac-toe: bench signature") {
  // alpha-beta (>) to the end from fixed positions; changes only when the game's move order
  // or the search changes.
  const long long nodes =
      alphabeta_nodes<TicTacToeGame>({"", "x........", "....x....", "xo.......", "x...o...."}, 9);
  MESSAGE("tic-tac-toe bench nodes " << nodes);
  CHECK(nodes == 150'631);
}
