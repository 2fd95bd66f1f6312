// Connect four on the standard 7x6 board: x moves first; four in a row (across, up or
// diagonal) wins, a full board without one is a draw.
//
// Position text, either form (from_text reads both):
//   sequence  the columns played from the empty board, 1-7 from the left, as in Pascal Pons'
//             benchmark files: "4453" ("" = the empty board)
//   board     6 rows of 7 cells, the top row first, x, o or . per cell, rows separated by '/'
//             (or spaces, or nothing): "......./......./......./......./...o.../..xxo..";
//             it may be followed by a space and a sequence played from it: ".../..xxo.. 53".
//             The side to move follows from the counts (x moves first).
// position_text() writes the sequence when the position was reached from the empty board (a
// sequence text and moves made since), else the board; the empty board itself as a board. Move labels are the column numbers
// "1"-"7". Playing into a full column or after the game is over is an InputError naming the
// move and its index: "move 7 '4': column 4 is full".
//
// Moves are generated centre first: columns 4 3 5 2 6 1 7 (the usual order for alpha-beta;
// central columns take part in more lines).
//
// Evaluation from the side to move ("me") of a position that is not over, in points:
//   centre   sum over my stones of the number of four-cell lines through the cell (3..13,
//            13 at the centre), minus the same for the opponent's stones
//   threats  20 per empty cell where a stone would complete my four, minus 20 per such cell
//            of the opponent; 10 more per threat on the owner's good rows (Allis' parity rule:
//            rows 1, 3, 5 from the bottom for x, rows 2, 4, 6 for o)
//   tempo    +500 when one of my threats is playable now (I win with my next move), else
//            -500 when the opponent has two or more playable threats (I can block only one)
// A finished game scores its result: a loss is -(k_score_win - ply), a draw 0.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/score.hpp"
#include "games/connect4/bitboard.hpp"
#include "games/game.hpp"

namespace kibitz {

class Connect4Game {
 public:
  using Move = std::uint8_t;  // column index 0..6 (column number - 1)

  Connect4Game();  // the empty board, x to move

  // Throws InputError naming the fault (bad character, floating stone, full column, ...).
  static Connect4Game from_text(const std::string& text);

  void moves(std::vector<Move>& out) const {
    out.clear();
    if (over()) return;
    for (int col : k_order) {
      if (can_play(col)) out.push_back(static_cast<Move>(col));
    }
  }
  void make(Move col);
  void unmake(Move col);
  Score evaluate() const;
  std::string move_label(Move col) const { return std::string(1, static_cast<char>('1' + col)); }
  std::string position_text() const;
  std::uint64_t key() const { return m_key; }
  int ply() const { return m_ply; }

  // Queries for tests and views.
  static constexpr int k_order[c4::k_width] = {3, 2, 4, 1, 5, 0, 6};
  bool can_play(int col) const { return !(m_mask & c4::top_mask(col)); }
  bool x_to_move() const { return m_stones % 2 == 0; }
  int stones() const { return m_stones; }  // stones on the board
  // The side that just moved has four in a row (the side to move has lost).
  bool won() const { return c4::has_four(m_current ^ m_mask); }
  bool over() const { return won() || m_stones == c4::k_cells; }
  char cell(int col, int row) const;  // row 0 = bottom; 'x', 'o' or '.'
  std::string board_text() const;     // the board form of the position text
  std::uint64_t compute_key() const;  // from scratch (equals key() at all times)

 private:
  std::uint64_t m_current = 0;  // stones of the side to move
  std::uint64_t m_mask = 0;     // all stones
  int m_stones = 0;
  int m_ply = 0;  // plies since the position was set up
  std::uint64_t m_key = 0;
  bool m_from_start = true;  // m_sequence holds the whole game from the empty board
  std::string m_sequence;    // columns played, '1'..'7'
};

static_assert(is_game_v<Connect4Game>);

}  // namespace kibitz
