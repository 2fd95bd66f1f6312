#include "viewer/boards.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "viewer/greenblatt_panels.hpp"
#include "viewer/panels.hpp"
#include "viewer/viewer_state.hpp"

namespace kibitz::viewer {

namespace {

Board parse_fen(const std::string& text) {
  Board b;
  b.game = Board::Game::chess;
  b.rows = b.cols = 8;
  b.cells.assign(64, '.');
  std::istringstream in(text);
  std::string placement, side;
  in >> placement >> side;
  int r = 0, c = 0;
  for (char ch : placement) {
    if (ch == '/') {
      ++r;
      c = 0;
    } else if (std::isdigit(static_cast<unsigned char>(ch))) {
      c += ch - '0';
    } else if (std::string("pnbrqkPNBRQK").find(ch) != std::string::npos && r < 8 && c < 8) {
      b.cells[static_cast<std::size_t>(r * 8 + c)] = ch;
      ++c;
    } else {
      b.error = "not a FEN board";
      return b;
    }
  }
  if (r != 7) b.error = "a FEN board has 8 ranks";
  b.to_move = side == "b" ? "black" : "white";
  return b;
}

// Othello: 64 cells a1..h1 first, rows 1-8 from the top; tic-tac-toe: 9 cells from the top.
Board parse_cells(Board::Game game, int n, const std::string& text) {
  Board b;
  b.game = game;
  b.rows = b.cols = n;
  std::istringstream in(text);
  std::string cells, side;
  in >> cells >> side;
  if (static_cast<int>(cells.size()) != n * n) {
    b.error = "expected " + std::to_string(n * n) + " cells";
    return b;
  }
  for (char ch : cells)
    b.cells.push_back(ch == 'x' || ch == 'X' ? 'x' : ch == 'o' || ch == 'O' ? 'o' : '.');
  b.to_move = side;
  return b;
}

// Connect four: a sequence of 1-based columns from the empty board, or 6 rows of 7 cells
// (top first) separated by '/'.
Board parse_connect4(const std::string& text) {
  Board b;
  b.game = Board::Game::connect4;
  b.rows = 6;
  b.cols = 7;
  b.cells.assign(42, '.');
  std::string t = text;
  t.erase(std::remove_if(t.begin(), t.end(),
                         [](char ch) { return std::isspace(static_cast<unsigned char>(ch)); }),
          t.end());
  if (t.find('/') != std::string::npos) {
    int r = 0, c = 0;
    for (char ch : t) {
      if (ch == '/') {
        ++r;
        c = 0;
        continue;
      }
      if (r >= 6 || c >= 7) break;
      b.cells[static_cast<std::size_t>(r * 7 + c)] = ch == 'x' ? 'x' : ch == 'o' ? 'o' : '.';
      ++c;
    }
    return b;
  }
  int height[7] = {0, 0, 0, 0, 0, 0, 0};
  int ply = 0;
  for (char ch : t) {
    const int col = ch - '1';
    if (col < 0 || col > 6 || height[col] >= 6) {
      b.error = "not a column sequence";
      return b;
    }
    b.cells[static_cast<std::size_t>((5 - height[col]) * 7 + col)] = ply % 2 == 0 ? 'x' : 'o';
    ++height[col];
    ++ply;
  }
  b.to_move = ply % 2 == 0 ? "x" : "o";
  return b;
}

// Chess pieces as the filled glyphs of the Miscellaneous Symbols block, coloured by side.
const char* piece_glyph(char p) {
  switch (std::tolower(static_cast<unsigned char>(p))) {
    case 'k':
      return "\u265a";
    case 'q':
      return "\u265b";
    case 'r':
      return "\u265c";
    case 'b':
      return "\u265d";
    case 'n':
      return "\u265e";
    default:
      return "\u265f";
  }
}

// The square from a to z (dark: a dark square of a chess board).
void draw_square(ImDrawList* dl, ImVec2 a, ImVec2 z, Board::Game game, bool dark,
                 const Palette& pal) {
  const ImU32 light_sq = IM_COL32(238, 220, 182, 255), dark_sq = IM_COL32(181, 136, 99, 255);
  const ImU32 green = IM_COL32(30, 120, 70, 255), blue = IM_COL32(30, 80, 170, 255);
  switch (game) {
    case Board::Game::chess:
      dl->AddRectFilled(a, z, dark ? dark_sq : light_sq);
      break;
    case Board::Game::othello:
      dl->AddRectFilled(a, z, green);
      dl->AddRect(a, z, IM_COL32(10, 60, 30, 255));
      break;
    case Board::Game::connect4:
      dl->AddRectFilled(a, z, blue);
      break;
    default:
      dl->AddRectFilled(a, z, pal.node_bg);
      dl->AddRect(a, z, pal.node_border, 0, 0, 2.0f);
      break;
  }
}

// A chess piece (FEN letter v), outlined in the other side's colour so it reads on any square.
void draw_chess_piece(ImDrawList* dl, ImFont* font, ImVec2 centre, float cell, char v) {
  const bool white = std::isupper(static_cast<unsigned char>(v)) != 0;
  const char* g = piece_glyph(v);
  const float fs = cell * 0.86f;
  const ImVec2 ts = font->CalcTextSizeA(fs, 1e9f, 0.0f, g);
  const ImVec2 p(centre.x - ts.x * 0.5f, centre.y - ts.y * 0.5f);
  const ImU32 fill = white ? IM_COL32(255, 255, 255, 255) : IM_COL32(20, 20, 20, 255);
  const ImU32 edge = white ? IM_COL32(20, 20, 20, 255) : IM_COL32(240, 240, 240, 160);
  for (float dx : {-1.0f, 1.0f}) {
    for (float dy : {-1.0f, 1.0f}) dl->AddText(font, fs, ImVec2(p.x + dx, p.y + dy), edge, g);
  }
  dl->AddText(font, fs, p, fill, g);
}

// The piece or disc v (not '.') on the square of the given centre.
void draw_piece(ImDrawList* dl, ImFont* font, ImVec2 centre, float cell, Board::Game game, char v,
                const Palette& pal) {
  switch (game) {
    case Board::Game::chess:
      draw_chess_piece(dl, font, centre, cell, v);
      break;
    case Board::Game::othello:
      dl->AddCircleFilled(centre, cell * 0.4f,
                          v == 'x' ? IM_COL32(15, 15, 15, 255) : IM_COL32(245, 245, 245, 255));
      break;
    case Board::Game::connect4:
      dl->AddCircleFilled(centre, cell * 0.38f,
                          v == 'x' ? IM_COL32(220, 40, 40, 255) : IM_COL32(240, 210, 40, 255));
      break;
    default: {
      const float k = cell * 0.28f;
      if (v == 'x') {
        dl->AddLine(ImVec2(centre.x - k, centre.y - k), ImVec2(centre.x + k, centre.y + k), pal.cut,
                    cell * 0.08f);
        dl->AddLine(ImVec2(centre.x - k, centre.y + k), ImVec2(centre.x + k, centre.y - k), pal.cut,
                    cell * 0.08f);
      } else {
        dl->AddCircle(centre, k, pal.pv, 32, cell * 0.08f);
      }
      break;
    }
  }
}

// The files a-h under an 8x8 board and the ranks beside it (8..1 for chess, 1..8 for Othello).
void draw_coordinates(ImDrawList* dl, ImFont* font, ImVec2 o, float cell, Board::Game game,
                      const Palette& pal) {
  const float fs = cell * 0.24f;
  for (int c = 0; c < 8; ++c) {
    const char file[2] = {static_cast<char>('a' + c), 0};
    dl->AddText(font, fs, ImVec2(o.x + c * cell + cell - fs * 0.7f, o.y + 8 * cell - fs * 1.1f),
                pal.text_dim, file);
  }
  for (int r = 0; r < 8; ++r) {
    const char rank[2] = {static_cast<char>(game == Board::Game::chess ? '8' - r : '1' + r), 0};
    dl->AddText(font, fs, ImVec2(o.x + 2, o.y + r * cell + 1), pal.text_dim, rank);
  }
}

}  // namespace

Board parse_board(const std::string& game, const std::string& text) {
  if (game == "chess") return parse_fen(text);
  if (game == "othello") return parse_cells(Board::Game::othello, 8, text);
  if (game == "tictactoe") return parse_cells(Board::Game::tictactoe, 3, text);
  if (game == "connect4") return parse_connect4(text);
  Board b;
  b.error = game.empty() ? "no game" : "no board for '" + game + "'";
  return b;
}

void draw_board(ImDrawList* dl, ImVec2 o, float size, const Board& b, const Board* before,
                const Palette& pal) {
  if (!b.ok()) return;
  const float cell = size / static_cast<float>(std::max(b.rows, b.cols));
  ImFont* font = ImGui::GetFont();
  const ImU32 mark = IM_COL32(240, 200, 40, 150);
  for (int r = 0; r < b.rows; ++r) {
    for (int c = 0; c < b.cols; ++c) {
      const ImVec2 a(o.x + c * cell, o.y + r * cell), z(a.x + cell, a.y + cell);
      const char v = b.at(r, c);
      const bool moved = before && before->ok() && before->rows == b.rows &&
                         before->cols == b.cols && before->at(r, c) != v;
      draw_square(dl, a, z, b.game, (r + c) % 2 != 0, pal);
      if (moved) dl->AddRectFilled(a, z, mark);
      const ImVec2 centre(a.x + cell * 0.5f, a.y + cell * 0.5f);
      if (v == '.') {
        if (b.game == Board::Game::connect4)
          dl->AddCircleFilled(centre, cell * 0.38f, pal.canvas_bg);
        continue;
      }
      draw_piece(dl, font, centre, cell, b.game, v, pal);
    }
  }
  // Coordinates for chess and Othello (a-h under the board, 8..1 / 1..8 beside it).
  if ((b.game == Board::Game::chess || b.game == Board::Game::othello) && cell >= 18.0f)
    draw_coordinates(dl, font, o, cell, b.game, pal);
}

void draw_board_panel(ViewerState& s) {
  if (!s.has_trace()) {
    ImGui::TextDisabled("No trace loaded.");
    return;
  }
  const trace::Model& m = s.model();
  const std::string game = m.trace().meta.get("game");
  std::uint32_t id = s.selected;
  static bool follow_current = true;
  ImGui::Checkbox("Show the current node", &follow_current);
  if (follow_current) {
    const std::uint32_t c = m.node_of_event(s.cursor());
    if (c != trace::k_no_node) id = c;
  }
  if (id == trace::k_no_node || id >= m.node_count()) {
    ImGui::TextDisabled("Select a node.");
    return;
  }
  const std::string& text = m.position(id);
  if (game.empty() || text.empty()) {
    ImGui::TextWrapped("This trace has no board positions (it searched a tree, not a game).");
    return;
  }
  const Board board = parse_board(game, text);
  ImGui::Text("%s: %s", game.c_str(),
              m.label(id).empty() ? "the root position" : ("after " + m.label(id)).c_str());
  if (!board.ok()) {
    ImGui::TextWrapped("Cannot draw this position (%s): %s", board.error.c_str(), text.c_str());
    return;
  }
  Board before;
  const std::uint32_t parent = m.parent(id);
  if (parent != trace::k_no_node) before = parse_board(game, m.position(parent));
  const float size = std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 22);
  const float height =
      size * static_cast<float>(board.rows) / static_cast<float>(std::max(board.rows, board.cols));
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  draw_board(ImGui::GetWindowDrawList(), origin, size, board,
             parent != trace::k_no_node ? &before : nullptr, palette(s.theme));
  ImGui::Dummy(ImVec2(size, height));
  s.note_widget("board");
  if (!board.to_move.empty()) ImGui::Text("%s to move", board.to_move.c_str());
  ImGui::TextWrapped("%s", text.c_str());
  if (game == "chess") draw_eval_breakdown(s, id);
}

}  // namespace kibitz::viewer
