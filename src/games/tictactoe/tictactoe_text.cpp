// Tic-tac-toe text forms: position text, move names and their parsing (format in
// tictactoe.hpp).
#include <cctype>
#include <sstream>

#include "core/error.hpp"
#include "games/tictactoe/tictactoe.hpp"

namespace kibitz {

namespace {

std::vector<std::string> split_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

int popcount9(unsigned m) {
  int n = 0;
  for (; m; m &= m - 1) ++n;
  return n;
}

// Throws unless a game could have reached the board with these x marks (nx of them) and o
// marks (no of them): x moves first, and a side with three in a row made the last move.
void check_reachable(unsigned x_marks, unsigned o_marks, int nx, int no) {
  const std::string counts = "(" + std::to_string(nx) + " x, " + std::to_string(no) + " o)";
  if (nx != no && nx != no + 1) {
    throw InputError("impossible tic-tac-toe board " + counts +
                     ": x moves first, so x has as many marks as o or one more");
  }
  const bool x_line = TicTacToeGame::has_line(x_marks);
  const bool o_line = TicTacToeGame::has_line(o_marks);
  if (x_line && o_line) {
    throw InputError("impossible tic-tac-toe board: both x and o have three in a row");
  }
  if (x_line && nx == no) {
    throw InputError("impossible tic-tac-toe board " + counts +
                     ": x has three in a row, but o moved after it");
  }
  if (o_line && nx != no) {
    throw InputError("impossible tic-tac-toe board " + counts +
                     ": o has three in a row, but x moved after it");
  }
}

}  // namespace

std::string TicTacToeGame::cell_name(int cell) {
  std::string s(2, ' ');
  s[0] = static_cast<char>('a' + cell % 3);
  s[1] = static_cast<char>('3' - cell / 3);
  return s;
}

int TicTacToeGame::parse_cell(const std::string& word) {
  const std::string w = lower(word);
  if (w.size() == 1 && w[0] >= '1' && w[0] <= '9') return w[0] - '1';
  if (w.size() == 2 && w[0] >= 'a' && w[0] <= 'c' && w[1] >= '1' && w[1] <= '3') {
    return ('3' - w[1]) * 3 + (w[0] - 'a');
  }
  return -1;
}

std::string TicTacToeGame::position_text() const {
  std::string s;
  for (int i = 0; i < k_cells; ++i) s += cell(i);
  s += m_side == 0 ? " x" : " o";
  return s;
}

TicTacToeGame TicTacToeGame::from_text(const std::string& text) {
  const std::vector<std::string> words = split_words(text);
  TicTacToeGame g;
  std::size_t w = 0;
  if (w < words.size() && lower(words[w]) != "moves") {
    const std::string board = lower(words[w++]);
    if (board.size() != static_cast<std::size_t>(k_cells)) {
      throw InputError("tic-tac-toe board '" + words[0] + "' has " + std::to_string(board.size()) +
                       " cells, not 9 (x, o or . for each cell, top row first)");
    }
    for (int i = 0; i < k_cells; ++i) {
      const char c = board[static_cast<std::size_t>(i)];
      if (c == 'x') {
        g.place(0, i);
      } else if (c == 'o') {
        g.place(1, i);
      } else if (c != '.') {
        throw InputError("tic-tac-toe board character " + std::to_string(i + 1) + " '" +
                         std::string(1, words[0][static_cast<std::size_t>(i)]) +
                         "' is not x, o or .");
      }
    }
    const int nx = popcount9(g.m_marks[0]);
    const int no = popcount9(g.m_marks[1]);
    check_reachable(g.m_marks[0], g.m_marks[1], nx, no);
    // (With at most 5 marks a side's lines always share the cell of its last move, so
    // a board that passes these checks can be reached.)
    g.m_side = nx == no ? 0 : 1;
    if (w < words.size() && lower(words[w]) != "moves") {
      const std::string side = lower(words[w++]);
      if (side != "x" && side != "o") {
        throw InputError("'" + words[w - 1] + "' is neither a side to move (x or o) nor 'moves'");
      }
      const int given = side == "x" ? 0 : 1;
      if (given != g.m_side) {
        throw InputError("wrong side to move '" + side + "': with " + std::to_string(nx) +
                         " x and " + std::to_string(no) + " o it is " +
                         (g.m_side == 0 ? "x" : "o") + "'s turn");
      }
    }
  }
  if (w < words.size()) {
    if (lower(words[w]) != "moves") {
      throw InputError("unexpected '" + words[w] +
                       "' in the tic-tac-toe position (expected 'moves')");
    }
    ++w;
    for (int index = 1; w < words.size(); ++w, ++index) {
      const std::string& word = words[w];
      const std::string where = "move " + std::to_string(index) + " '" + word + "': ";
      const int c = parse_cell(word);
      if (c < 0) throw InputError(where + "not a cell (1-9 or a1-c3)");
      if (const char who = g.winner()) {
        throw InputError(where + "the game is over (" + std::string(1, who) +
                         " has three in a row)");
      }
      if ((g.m_marks[0] | g.m_marks[1]) & (1u << c)) {
        throw InputError(where + "cell " + cell_name(c) + " is taken");
      }
      g.make(static_cast<Move>(c));
    }
  }
  g.m_ply = 0;  // the position read is the root
  g.m_key = g.compute_key();
  return g;
}

}  // namespace kibitz
