// Connect-four text forms: the column sequence and the board (format in connect4.hpp).
#include <cctype>
#include <sstream>

#include "core/error.hpp"
#include "games/connect4/connect4.hpp"

namespace kibitz {

using namespace c4;

namespace {

bool is_board_char(char c) {
  return c == 'x' || c == 'X' || c == 'o' || c == 'O' || c == '.' || c == '/';
}

bool all_of(const std::string& w, bool (*pred)(char)) {
  for (char c : w) {
    if (!pred(c)) return false;
  }
  return true;
}

bool is_digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// The rows of a board text, top row first: one 42-cell word or 6 words of 7 cells (rows
// split by '/' or by spaces).
std::vector<std::string> board_rows(const std::vector<std::string>& words) {
  std::vector<std::string> rows;
  for (const std::string& w : words) {
    std::string row;
    for (char c : w + "/") {
      if (c != '/') {
        row += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      } else if (!row.empty()) {
        rows.push_back(row);
        row.clear();
      }
    }
  }
  if (rows.size() == 1 && rows[0].size() == static_cast<std::size_t>(k_cells)) {
    const std::string all = rows[0];
    rows.clear();
    for (int r = 0; r < k_height; ++r)
      rows.push_back(all.substr(static_cast<std::size_t>(r * k_width), k_width));
  }
  if (rows.size() != static_cast<std::size_t>(k_height)) {
    throw InputError("connect-four board has " + std::to_string(rows.size()) +
                     " rows, not 6 (7 cells x, o or . per row, the top row first)");
  }
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].size() != static_cast<std::size_t>(k_width)) {
      throw InputError("connect-four board row " + std::to_string(r + 1) + " '" + rows[r] +
                       "' has " + std::to_string(rows[r].size()) + " cells, not 7");
    }
  }
  return rows;
}

// True when some top stone of `stones` could have been the last move: without it there is no
// four in a row (otherwise the game ended before that move).
bool four_from_last_stone(std::uint64_t stones, std::uint64_t mask) {
  for (int col = 0; col < k_width; ++col) {
    const std::uint64_t in_col = mask & column_mask(col);
    if (!in_col) continue;
    const std::uint64_t top = (in_col + bottom_mask(col)) >> 1;
    if ((stones & top) && !has_four(stones & ~top)) return true;
  }
  return false;
}

// The stones of a board text's rows (top row first): all of them in mask, x's in x.
void read_cells(const std::vector<std::string>& rows, std::uint64_t& x, std::uint64_t& mask) {
  for (int r = 0; r < k_height; ++r) {
    const int row = k_height - 1 - r;  // text is top row first
    for (int col = 0; col < k_width; ++col) {
      const char c = rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(col)];
      const std::uint64_t bit = 1ull << bit_index(col, row);
      if (c == 'x') {
        x |= bit;
        mask |= bit;
      } else if (c == 'o') {
        mask |= bit;
      } else if (c != '.') {
        throw InputError("connect-four board row " + std::to_string(r + 1) + " cell " +
                         std::to_string(col + 1) + " '" + std::string(1, c) + "' is not x, o or .");
      }
    }
  }
}

// Throws unless a game could have reached the board: no stone above an empty cell, x has as
// many stones as o or one more, and at most the last stone played made a four in a row.
void check_reachable(std::uint64_t x, std::uint64_t mask) {
  for (int col = 0; col < k_width; ++col) {
    const std::uint64_t in_col = mask & column_mask(col);
    if ((in_col + bottom_mask(col)) & in_col) {
      throw InputError("connect-four board: column " + std::to_string(col + 1) +
                       " has a stone above an empty cell");
    }
  }
  const std::uint64_t o = mask ^ x;
  const int nx = popcount(x), no = popcount(o);
  const std::string counts = "(" + std::to_string(nx) + " x, " + std::to_string(no) + " o)";
  if (nx != no && nx != no + 1) {
    throw InputError("impossible connect-four board " + counts +
                     ": x moves first, so x has as many stones as o or one more");
  }
  const bool x_four = has_four(x), o_four = has_four(o);
  if (x_four && o_four) {
    throw InputError("impossible connect-four board: both x and o have four in a row");
  }
  if (x_four && nx == no) {
    throw InputError("impossible connect-four board " + counts +
                     ": x has four in a row, but o moved after it");
  }
  if (o_four && nx != no) {
    throw InputError("impossible connect-four board " + counts +
                     ": o has four in a row, but x moved after it");
  }
  if ((x_four && !four_from_last_stone(x, mask)) || (o_four && !four_from_last_stone(o, mask))) {
    throw InputError(
        "impossible connect-four board: the game was over before the last stone was played");
  }
}

}  // namespace

std::string Connect4Game::board_text() const {
  std::string s;
  for (int row = k_height - 1; row >= 0; --row) {
    for (int col = 0; col < k_width; ++col) s += cell(col, row);
    if (row) s += '/';
  }
  return s;
}

std::string Connect4Game::position_text() const {
  // The empty board as a board: an empty text would read as "no position" in a trace.
  return m_from_start && !m_sequence.empty() ? m_sequence : board_text();
}

Connect4Game Connect4Game::from_text(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);

  Connect4Game g;
  std::size_t w = 0;
  std::vector<std::string> board_words;
  while (w < words.size() && all_of(words[w], is_board_char)) board_words.push_back(words[w++]);
  if (!board_words.empty()) {
    const std::vector<std::string> rows = board_rows(board_words);
    std::uint64_t x = 0, mask = 0;
    read_cells(rows, x, mask);
    check_reachable(x, mask);
    const std::uint64_t o = mask ^ x;
    g.m_mask = mask;
    g.m_stones = popcount(x) + popcount(o);
    g.m_current = g.x_to_move() ? x : o;
    g.m_from_start = false;
  }

  int index = 0;
  for (; w < words.size(); ++w) {
    if (!all_of(words[w], is_digit)) {
      throw InputError("'" + words[w] +
                       "' is neither a connect-four board (x, o, . and /) nor a column " +
                       "sequence (1-7)" + (board_words.empty() ? "" : " after the board"));
    }
    for (char c : words[w]) {
      ++index;
      const std::string where = "move " + std::to_string(index) + " '" + std::string(1, c) + "': ";
      if (c < '1' || c > '7') throw InputError(where + "not a column (1-7)");
      const int col = c - '1';
      if (g.won()) {
        throw InputError(where + "the game is over (" + (g.x_to_move() ? "o" : "x") +
                         " has four in a row)");
      }
      if (!g.can_play(col)) throw InputError(where + "column " + std::string(1, c) + " is full");
      g.make(static_cast<Move>(col));
    }
  }
  g.m_ply = 0;  // the position read is the root
  g.m_key = g.compute_key();
  return g;
}

}  // namespace kibitz
