// The minimax view's player marks: MAX △ and MIN ▽ (node_card.cpp has its numbers).
#include "viewer/canvas_text.hpp"

namespace kibitz::viewer {

void player_mark(ImDrawList* dl, ImVec2 at, float h, bool max, ImU32 col) {
  const float w = h * 1.1f;
  if (max)
    dl->AddTriangleFilled(ImVec2(at.x + w * 0.5f, at.y), ImVec2(at.x + w, at.y + h),
                          ImVec2(at.x, at.y + h), col);
  else
    dl->AddTriangleFilled(ImVec2(at.x, at.y), ImVec2(at.x + w, at.y),
                          ImVec2(at.x + w * 0.5f, at.y + h), col);
}

}  // namespace kibitz::viewer
