// Tic-tac-toe rules, keys and evaluation (text forms are in tictactoe_text.cpp).
#include "games/tictactoe/tictactoe.hpp"

#include <cassert>

#include "games/zobrist.hpp"

namespace kibitz {

namespace {

// The 8 lines as cell masks (bit i = cell index i, reading order from the top row).
constexpr unsigned k_lines[8] = {
    0007, 0070, 0700,  // rows
    0111, 0222, 0444,  // columns
    0421, 0124,        // diagonals
};

// 9 cells x 2 sides, then the side-to-move word.
constexpr auto k_zobrist = zobrist_keys<TicTacToeGame::k_cells * 2 + 1>(0x7417AC70E0001ull);
constexpr std::uint64_t k_zobrist_o_to_move = k_zobrist[TicTacToeGame::k_cells * 2];

constexpr std::uint64_t zobrist(int side, int cell) {
  return k_zobrist[static_cast<std::size_t>(side * TicTacToeGame::k_cells + cell)];
}

}  // namespace

TicTacToeGame::TicTacToeGame() : m_key(compute_key()) {}

bool TicTacToeGame::has_line(unsigned marks) {
  for (unsigned line : k_lines) {
    if ((marks & line) == line) return true;
  }
  return false;
}

char TicTacToeGame::cell(int i) const {
  if (m_marks[0] & (1u << i)) return 'x';
  if (m_marks[1] & (1u << i)) return 'o';
  return '.';
}

char TicTacToeGame::winner() const {
  if (has_line(m_marks[0])) return 'x';
  if (has_line(m_marks[1])) return 'o';
  return 0;
}

void TicTacToeGame::place(int side, int cell) {
  m_marks[side] ^= 1u << cell;
  m_key ^= zobrist(side, cell);
}

void TicTacToeGame::make(Move m) {
  assert(m < k_cells && !((m_marks[0] | m_marks[1]) & (1u << m)));
  place(m_side, m);
  m_side ^= 1;
  m_key ^= k_zobrist_o_to_move;
  ++m_ply;
}

void TicTacToeGame::unmake(Move m) {
  m_side ^= 1;
  m_key ^= k_zobrist_o_to_move;
  place(m_side, m);
  --m_ply;
}

std::uint64_t TicTacToeGame::compute_key() const {
  std::uint64_t k = m_side == 1 ? k_zobrist_o_to_move : 0;
  for (int side = 0; side < 2; ++side) {
    for (int i = 0; i < k_cells; ++i) {
      if (m_marks[side] & (1u << i)) k ^= zobrist(side, i);
    }
  }
  return k;
}

Score TicTacToeGame::evaluate() const {
  const unsigned mine = m_marks[m_side];
  const unsigned theirs = m_marks[m_side ^ 1];
  // Only the side that just moved can have completed a line.
  if (has_line(theirs)) return -(k_score_win - m_ply);
  if (full()) return 0;
  int open = 0;
  for (unsigned line : k_lines) {
    if (!(line & theirs)) ++open;  // still winnable by the side to move
    if (!(line & mine)) --open;    // still winnable by the opponent
  }
  return open;
}

}  // namespace kibitz
