// Text inside a full node's box on the canvas (canvas_node.cpp, canvas_minimax.cpp): lines
// from the top, a left and a right part on one line, shrunk to fit rather than run together.
#pragma once

#include <string>

#include <imgui.h>

#include "trace/model.hpp"
#include "viewer/canvas_frame.hpp"
#include "viewer/viewer_state.hpp"

namespace kibitz::viewer {

struct NodeText {
  ImDrawList* dl;
  ImFont* font;
  ImVec2 a, b;
  float fs, line, pad, y;

  void text(float x, const std::string& s, ImU32 col) const {
    dl->AddText(font, fs, ImVec2(x, y), col, s.c_str());
  }
  // A line with a left and a right part ("α[2] +17466 ... β +∞"); when wide numbers would make
  // them overlap, the line's text shrinks to fit the box rather than run together.
  void pair(const std::string& left, ImU32 left_col, const std::string& right,
            ImU32 right_col) const {
    const float lw = font->CalcTextSizeA(fs, 1e9f, 0.0f, left.c_str()).x;
    const float rw = font->CalcTextSizeA(fs, 1e9f, 0.0f, right.c_str()).x;
    const float avail = b.x - a.x - 2 * pad, gap = fs * 0.5f;
    const float k = lw + gap + rw > avail ? avail / (lw + gap + rw) : 1.0f;
    const float dy = (1.0f - k) * fs * 0.5f;  // keep the smaller text on the line's middle
    dl->AddText(font, fs * k, ImVec2(a.x + pad, y + dy), left_col, left.c_str());
    dl->AddText(font, fs * k, ImVec2(b.x - pad - rw * k, y + dy), right_col, right.c_str());
  }
};

// The word before a leaf's value ("eval", or a view's own, as a capture search's) and its
// colour, given the word of the value view.
inline const char* leaf_word(const CanvasPaint& p, std::uint32_t id, const char* word,
                             ImU32& colour) {
  for (const AlgorithmView* v : p.s.views()) {
    if (const char* w = v->leaf_word(p.s, id, colour)) word = w;
  }
  return word;
}

// A MAX (△) or MIN (▽) mark of height h whose left edge is at `at` (its top).
void player_mark(ImDrawList* dl, ImVec2 at, float h, bool max, ImU32 col);

}  // namespace kibitz::viewer
