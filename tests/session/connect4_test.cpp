// Connect four: perft against an independent array-based counter, text forms and errors,
// keys, and Pascal Pons' benchmark positions solved with alpha-beta.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "game_checks.hpp"
#include "games/connect4/connect4.hpp"
#include "search/perft.hpp"
#include "test_util.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

// A deliberately plain connect four: a 7x6 array of 0 (empty), 1 and 2, and a win test that
// looks along the four directions through the last stone. Shares no code with the game.
struct ArrayBoard {
  int cell[7][6] = {};  // [column][row], row 0 at the bottom
  int height[7] = {};

  bool wins_at(int c, int r) const {
    const int who = cell[c][r];
    const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (const auto& d : dirs) {
      int run = 1;
      for (int s : {1, -1}) {
        int x = c + s * d[0], y = r + s * d[1];
        while (x >= 0 && x < 7 && y >= 0 && y < 6 && cell[x][y] == who) {
          ++run;
          x += s * d[0];
          y += s * d[1];
        }
      }
      if (run >= 4) return true;
    }
    return false;
  }

  // Paths of exactly `depth` plies; a won game has no continuation.
  std::uint64_t count(int depth, int who) {
    if (depth == 0) return 1;
    std::uint64_t n = 0;
    for (int c = 0; c < 7; ++c) {
      if (height[c] == 6) continue;
      const int r = height[c]++;
      cell[c][r] = who;
      n += wins_at(c, r) ? (depth == 1 ? 1 : 0) : count(depth - 1, 3 - who);
      cell[c][r] = 0;
      --height[c];
    }
    return n;
  }
};

std::string error_of(const std::string& text) {
  try {
    Connect4Game::from_text(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// Pons' score of a position solved by our search: a win k_score_win - p (p plies from the
// root, the winning stone included) is the (p+n)-th stone of the game for a root with n
// stones; Pons scores a win with the s-th stone (44 - s) / 2 (21 for a win with one's first
// ... 1 with one's last stone).
int pons_score(Score v, int stones) {
  if (v == 0) return 0;
  const int plies = k_score_win - (v > 0 ? v : -v);
  const int score = (44 - (stones + plies)) / 2;
  return v > 0 ? score : -score;
}

}  // namespace

TEST_CASE("connect four: perft equals an independent brute-force count") {
  Connect4Game g;
  ArrayBoard b;
  for (int d = 1; d <= 8; ++d) {
    INFO("depth " << d);
    CHECK(perft(g, d) == b.count(d, 1));
  }
  // The published counts (OEIS A212693): the first finished games appear at ply 7.
  CHECK(perft(g, 7) == 823'536);
  CHECK(perft(g, 8) == 5'673'234);
}

TEST_CASE("connect four: perft from other positions") {
  for (const char* seq :
       {"4453", "444444", "1212121", "33333322222211", "2252576253462244111563365343671351441"}) {
    Connect4Game g = Connect4Game::from_text(seq);
    ArrayBoard b;
    // Replay the sequence on the array board.
    int who = 1;
    bool over = false;
    for (const char* p = seq; *p; ++p) {
      const int c = *p - '1';
      const int r = b.height[c]++;
      b.cell[c][r] = who;
      over = b.wins_at(c, r);
      who = 3 - who;
    }
    CHECK(g.over() == over);
    for (int d = 1; d <= 5; ++d) {
      INFO(seq << " depth " << d);
      CHECK(perft(g, d) == (over ? 0 : b.count(d, who)));
    }
  }
}

TEST_CASE("connect four: text forms") {
  const Connect4Game g = Connect4Game::from_text("4453");
  CHECK(g.position_text() == "4453");
  CHECK(g.board_text() == "......./......./......./......./...o.../..oxx..");
  CHECK(g.stones() == 4);
  CHECK(g.ply() == 0);
  CHECK(g.x_to_move());
  // The board form, with '/', spaces, newlines or nothing between rows.
  const std::string one_word = std::string(28, '.') + "...o.....OXX..";
  for (const std::string& board :
       {std::string("......./......./......./......./...o.../..oxx.."),
        std::string("....... ....... ....... ....... ...o... ..oxx.."),
        std::string(".......\n.......\n.......\n.......\n...o...\n..oxx..\n"), one_word}) {
    INFO(board);
    const Connect4Game b = Connect4Game::from_text(board);
    CHECK(b.key() == g.key());
    CHECK(b.position_text() == g.board_text());
  }
  // A board followed by a sequence played from it.
  const Connect4Game c =
      Connect4Game::from_text("......./......./......./......./...o.../..oxx.. 12");
  CHECK(c.key() == Connect4Game::from_text("445312").key());
  CHECK(c.position_text() == "......./......./......./......./...o.../xooxx..");
  CHECK(Connect4Game().position_text() == "......./......./......./......./......./.......");
  CHECK(Connect4Game::from_text(Connect4Game().position_text()).position_text() ==
        Connect4Game().position_text());
  CHECK(Connect4Game().move_label(0) == "1");
  CHECK(g.move_label(6) == "7");
  // Moves come centre first; a full column drops out.
  std::vector<Connect4Game::Move> moves;
  Connect4Game::from_text("444444").moves(moves);
  CHECK(moves == std::vector<Connect4Game::Move>{2, 4, 1, 5, 0, 6});
  // Moves made after a sequence extend it.
  Connect4Game d = Connect4Game::from_text("44");
  d.make(2);
  CHECK(d.position_text() == "443");
  d.unmake(2);
  CHECK(d.position_text() == "44");
}

TEST_CASE("connect four: bad positions and moves are rejected with the reason") {
  CHECK(error_of("4444444") == "move 7 '4': column 4 is full");
  CHECK(error_of("12121212") == "move 8 '2': the game is over (x has four in a row)");
  CHECK(error_of("8") == "move 1 '8': not a column (1-7)");
  CHECK(error_of("440") == "move 3 '0': not a column (1-7)");
  CHECK(error_of("44a") ==
        "'44a' is neither a connect-four board (x, o, . and /) nor a column sequence (1-7)");
  CHECK(error_of("......./......./......./......./.......") ==
        "connect-four board has 5 rows, not 6 (7 cells x, o or . per row, the top row first)");
  CHECK(error_of("......./......./......./......./....../..xxo..") ==
        "connect-four board row 5 '......' has 6 cells, not 7");
  CHECK(error_of("......./......./......./...x.../......./...o...") ==
        "connect-four board: column 4 has a stone above an empty cell");
  CHECK(error_of("......./......./......./......./......./xxx....")
            .find("impossible connect-four board (3 x, 0 o)") == 0);
  CHECK(error_of("......./......./......./......./ooo..../xxxxo..") ==
        "impossible connect-four board (4 x, 4 o): x has four in a row, but o moved after it");
  CHECK(error_of("......./......./......./......./xx...../ooooxxx") ==
        "impossible connect-four board (5 x, 4 o): o has four in a row, but x moved after it");
  CHECK(error_of("......./......./xo...../xo...../xo...../xo.....") ==
        "impossible connect-four board: both x and o have four in a row");
  // x's four in a row is covered by an o: the game went on after it was over.
  CHECK(error_of("......./o....../x....../x....../x....../xoo....") ==
        "impossible connect-four board: the game was over before the last stone was played");
  CHECK(error_of("......./......./......./......./......./xxxxooo 5") ==
        "move 1 '5': the game is over (x has four in a row)");
  CHECK(Connect4Game::from_text("......./......./......./......./......./xxxxooo").won());
}

TEST_CASE("connect four: finished games") {
  Connect4Game won = Connect4Game::from_text("1212121");
  std::vector<Connect4Game::Move> moves;
  won.moves(moves);
  CHECK(moves.empty());
  CHECK(won.won());
  CHECK(won.evaluate() == -k_score_win);  // o to move has lost
  // A full board without four in a row: a draw.
  const std::string draw = "oxoxoxo/oxoxoxo/xoxoxox/xoxoxox/oxoxoxo/xoxoxox";
  Connect4Game full = Connect4Game::from_text(draw);
  full.moves(moves);
  CHECK(moves.empty());
  CHECK(full.evaluate() == 0);
}

TEST_CASE("connect four: evaluation terms") {
  CHECK(Connect4Game().evaluate() == 0);
  // x in the centre column's bottom cell (7 lines through it); o to move.
  CHECK(Connect4Game::from_text("4").evaluate() == -7);
  // x threatens to complete 1-2-3-4 on the bottom row at column 4 and o must block.
  const Connect4Game t = Connect4Game::from_text("112233");
  CHECK(t.evaluate() >= 400);  // x to move wins now: the +500 tempo term
  const Connect4Game u = Connect4Game::from_text("1122334");
  CHECK(u.over());
}

TEST_CASE("connect four: alpha-beta equals minimax at small depths") {
  for (const char* p :
       {"", "4", "4453", "44444433", "1122", "2252576253462244111563365343671351"}) {
    for (int d = 1; d <= 4; ++d) check_alphabeta_matches_minimax<Connect4Game>(p, d);
  }
}

TEST_CASE("connect four: keys, text round trips and unmake") {
  Connect4Game g;
  CHECK(walk_and_check(g, 5) == 1 + 7 + 49 + 343 + 2401 + 16807);
  Connect4Game b = Connect4Game::from_text("......./......./......./...o.../...x.../..xxo..");
  walk_and_check(b, 4);
  Connect4Game late = Connect4Game::from_text("2252576253462244111563365343671351");
  walk_and_check(late, 6);
}

TEST_CASE("connect four: Pons' end-game positions solved by alpha-beta") {
  // Test_L3_R1: 1,000 positions with 1 to 16 moves left; plain alpha-beta solves each to the
  // end of the game, and the win distance maps exactly onto Pons' score.
  const std::string path = std::string(KIBITZ_SHARED_DATA) + "/connect4/Test_L3_R1";
  std::ifstream in(path);
  if (!in) {
    MESSAGE("skipped: " << path << " is missing");
    return;
  }
  int solved = 0;
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::string moves;
    int expected = 0;
    if (!(fields >> moves >> expected)) continue;
    INFO(line);
    Connect4Game g = Connect4Game::from_text(moves);
    const int stones = g.stones();
    NullSink sink;
    AlphaBeta<Connect4Game> ab(g, sink, Criterion::gt);
    const Score v = ab.run(c4::k_cells - stones);  // to the end of the game
    CHECK((v > 0) == (expected > 0));
    CHECK((v < 0) == (expected < 0));
    CHECK(pons_score(v, stones) == expected);
    ++solved;
  }
  CHECK(solved == 1000);  // every line of the file (a few hundred milliseconds)
}

TEST_CASE("connect four: bench signature") {
  const long long nodes = alphabeta_nodes<Connect4Game>(
      {"", "4453", "44444433", "2252576253462244111563365343671351"}, 8);
  MESSAGE("connect four bench nodes " << nodes);
  CHECK(nodes == 466'416);
}

TEST_CASE("connect four: a search from the empty board records the root's position") {
  SearchSpec spec;
  spec.game = "connect4";
  spec.depth = 2;
  spec.algo = "alphabeta";
  const Recorded r = record(spec, false);
  CHECK(r.model->position(0) == Connect4Game().board_text());
  CHECK(r.model->position(1) == "4");
}
