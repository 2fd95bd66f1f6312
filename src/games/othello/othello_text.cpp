// Othello text forms: board text, square names and move lists (format in othello.hpp).
#include <cctype>
#include <sstream>

#include "core/error.hpp"
#include "games/othello/othello.hpp"

namespace kibitz {

using namespace oth;

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// 'x' black, 'o' white, '.' empty, 0 for anything else.
char board_char(char c) {
  switch (c) {
    case 'x':
    case 'X':
    case 'b':
    case 'B':
    case '*':
      return 'x';
    case 'o':
    case 'O':
    case 'w':
    case 'W':
      return 'o';
    case '.':
    case '-':
      return '.';
    default:
      return 0;
  }
}

std::string square_list(Bits b) {
  std::string s;
  for (; b; b &= b - 1) s += (s.empty() ? "" : " ") + OthelloGame::square_name(lowest_square(b));
  return s;
}

// The discs of a 64-square board text (a1..h1, a2..h8): black's and white's. Throws on a
// wrong length or character, or on an empty centre square.
void read_board(const std::string& board, Bits& black, Bits& white) {
  if (board.size() != 64) {
    throw InputError("othello board '" + board + "' has " + std::to_string(board.size()) +
                     " squares, not 64 (x, o or . for a1..h1, a2..h8)");
  }
  for (int i = 0; i < 64; ++i) {
    const char c = board_char(board[static_cast<std::size_t>(i)]);
    if (c == 'x') {
      black |= 1ull << i;
    } else if (c == 'o') {
      white |= 1ull << i;
    } else if (c != '.') {
      throw InputError("othello board character " + std::to_string(i + 1) + " (" +
                       OthelloGame::square_name(i) + ") '" +
                       std::string(1, board[static_cast<std::size_t>(i)]) + "' is not x, o or .");
    }
  }
  for (int centre : {27, 28, 35, 36}) {
    if (!((black | white) & (1ull << centre))) {
      throw InputError("impossible othello board: the centre square " +
                       OthelloGame::square_name(centre) +
                       " is empty (the four centre squares are occupied from the start)");
    }
  }
}

}  // namespace

std::string OthelloGame::square_name(int sq) {
  std::string s(2, ' ');
  s[0] = static_cast<char>('a' + sq % 8);
  s[1] = static_cast<char>('1' + sq / 8);
  return s;
}

int OthelloGame::parse_move(const std::string& word) {
  const std::string w = lower(word);
  if (w == "pass") return k_pass;
  if (w.size() == 2 && w[0] >= 'a' && w[0] <= 'h' && w[1] >= '1' && w[1] <= '8') {
    return (w[1] - '1') * 8 + (w[0] - 'a');
  }
  return -1;
}

std::string OthelloGame::position_text() const {
  std::string s;
  s.reserve(66);
  for (int i = 0; i < 64; ++i) s += square(i);
  s += m_black_to_move ? " x" : " o";
  return s;
}

OthelloGame OthelloGame::from_text(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);

  OthelloGame g;
  std::size_t w = 0;
  if (w < words.size() && lower(words[w]) != "moves") {
    const std::string& board = words[w++];
    Bits black = 0, white = 0;
    read_board(board, black, white);
    if (w >= words.size() || lower(words[w]) == "moves") {
      throw InputError("the othello board needs the side to move after it (x or o)");
    }
    const std::string side = lower(words[w++]);
    if (side != "x" && side != "o" && side != "b" && side != "w") {
      throw InputError("'" + words[w - 1] + "' is not a side to move (x for black or o for white)");
    }
    g.m_black_to_move = side == "x" || side == "b";
    g.m_player = g.m_black_to_move ? black : white;
    g.m_opponent = g.m_black_to_move ? white : black;
  }

  if (w < words.size()) {
    if (lower(words[w]) != "moves") {
      throw InputError("unexpected '" + words[w] + "' in the othello position (expected 'moves')");
    }
    int index = 0;
    for (++w; w < words.size(); ++w) {
      // A word may hold several moves written together: "f5d6c3".
      const std::string word = lower(words[w]);
      for (std::size_t at = 0; at < word.size();) {
        const std::size_t len = word.compare(at, 4, "pass") == 0 ? 4 : 2;
        const std::string token = word.substr(at, len);
        at += len;
        ++index;
        const std::string where = "move " + std::to_string(index) + " '" + token + "': ";
        const int m = parse_move(token);
        if (m < 0) throw InputError(where + "not a square (a1-h8) or pass");
        const Bits legal = legal_moves(g.m_player, g.m_opponent);
        const char* mover = g.m_black_to_move ? "black" : "white";
        if (!legal && !legal_moves(g.m_opponent, g.m_player)) {
          throw InputError(where + "the game is over");
        }
        if (m == k_pass && legal) {
          throw InputError(where + mover + " has moves (" + square_list(legal) +
                           "), so it cannot pass");
        }
        if (m != k_pass && !(legal & (1ull << m))) {
          throw InputError(where + "not a legal move for " + mover + " (" +
                           (legal ? "legal: " + square_list(legal) : std::string("it must pass")) +
                           ")");
        }
        g.make(static_cast<Move>(m));
      }
    }
  }
  g.m_ply = 0;  // the position read is the root
  g.m_flipped.clear();
  g.m_key = g.compute_key();
  return g;
}

}  // namespace kibitz
