// Tic-tac-toe: x moves first; three in a row wins, a full board without one is a draw.
//
// Cells are numbered 1-9 in reading order, the top row first, and named a1-c3 with the
// a1 corner at the bottom left (chess-like):
//
//   1 2 3      a3 b3 c3
//   4 5 6  =   a2 b2 c2
//   7 8 9      a1 b1 c1
//
// Position text: "[BOARD [SIDE]] [moves M1 M2 ...]", words separated by spaces.
//   BOARD  9 characters x, o or . for the cells 1-9 in that order ("x.o......")
//   SIDE   x or o, the side to move; when left out it follows from the counts (x moves first,
//          so x is to move when the counts are equal). A side that the counts contradict is
//          an error.
//   moves  moves played from BOARD (or from the empty board when BOARD is left out), each a
//          cell number 1-9 or a name a1-c3: "moves 5 1 9", "x........ moves b2".
// "" is the empty board. position_text() writes "BOARD SIDE" ("x...o.... x"), which
// from_text reads back. Move labels are the cell names a1-c3.
//
// Moves are generated in cell order 1-9 (a3 b3 c3 a2 ... c1).
//
// Evaluation of a position that is not over (from the side to move): the open-lines
// heuristic, the number of the 8 lines still free of the opponent's marks minus the number of
// lines still free of the side to move's marks (range -8..+8). A finished game scores its
// result: a loss is -(k_score_win - ply) (the side that just moved completed a line), a draw 0.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/score.hpp"
#include "games/game.hpp"

namespace kibitz {

class TicTacToeGame {
 public:
  using Move = std::uint8_t;  // cell index 0..8 (cell number - 1)

  static constexpr int k_cells = 9;

  TicTacToeGame();  // the empty board, x to move

  // Throws InputError naming the fault (bad board, impossible counts, illegal move, ...).
  static TicTacToeGame from_text(const std::string& text);

  void moves(std::vector<Move>& out) const {
    out.clear();
    if (over()) return;
    const unsigned occupied = m_marks[0] | m_marks[1];
    for (int i = 0; i < k_cells; ++i) {
      if (!(occupied & (1u << i))) out.push_back(static_cast<Move>(i));
    }
  }
  void make(Move m);
  void unmake(Move m);
  Score evaluate() const;
  std::string move_label(Move m) const { return cell_name(m); }
  std::string position_text() const;
  std::uint64_t key() const { return m_key; }
  int ply() const { return m_ply; }

  // Queries for tests and views.
  bool x_to_move() const { return m_side == 0; }
  char cell(int i) const;  // 'x', 'o' or '.'
  bool over() const { return has_line(m_marks[0]) || has_line(m_marks[1]) || full(); }
  // 'x' or 'o' when that side has three in a row, else 0.
  char winner() const;
  // The key computed from scratch (the incremental key must always equal it).
  std::uint64_t compute_key() const;

  // "a1".."c3" for a cell index.
  static std::string cell_name(int cell);
  // A cell index from "1".."9" or "a1".."c3" (case-insensitive); -1 when it is neither.
  static int parse_cell(const std::string& word);
  static bool has_line(unsigned marks);

 private:
  bool full() const { return (m_marks[0] | m_marks[1]) == 0x1FFu; }
  void place(int side, int cell);  // updates marks and key

  unsigned m_marks[2] = {0, 0};  // bit i = cell index i; [0] = x, [1] = o
  int m_side = 0;                // side to move: 0 = x, 1 = o
  int m_ply = 0;                 // plies since the position was set up
  std::uint64_t m_key = 0;
};

static_assert(is_game_v<TicTacToeGame>);

}  // namespace kibitz
