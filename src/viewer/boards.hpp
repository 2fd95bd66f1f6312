// Boards drawn from a node's position text (the trace's own words: FEN, the Othello and
// tic-tac-toe boards, connect-four move sequences), so any trace in the documented format
// shows its positions. Parsing here is for drawing only; the games' rules live in the engine.
#pragma once

#include <string>
#include <vector>

#include <imgui.h>

#include "viewer/theme.hpp"

namespace kibitz::viewer {

struct Board {
  enum class Game { none, chess, othello, connect4, tictactoe };
  Game game = Game::none;
  int rows = 0, cols = 0;
  // Row by row from the top of the drawing: chess piece letters (PNBRQK white, pnbrqk black)
  // or 'x' / 'o' for the other games, '.' empty.
  std::vector<char> cells;
  std::string to_move;  // "white", "black", "x", "o" when the text says
  std::string error;    // why the text could not be read (the board is then empty)

  bool ok() const { return game != Game::none && error.empty(); }
  char at(int r, int c) const { return cells[static_cast<std::size_t>(r * cols + c)]; }
};

// game: the trace's "game" metadata (chess, othello, connect4, tictactoe).
Board parse_board(const std::string& game, const std::string& text);

// Draws the board in a square area of side `size` at `origin`, marking the cells that differ
// from `before` (the parent's board: the last move), when given.
void draw_board(ImDrawList* dl, ImVec2 origin, float size, const Board& board, const Board* before,
                const Palette& palette);

// The board of the selected (or the current) node, with its position text: the Board tab.
class ViewerState;
void draw_board_panel(ViewerState& s);

}  // namespace kibitz::viewer
