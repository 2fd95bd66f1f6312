#include "viewer/views/view_marks.hpp"

#include <algorithm>

namespace kibitz::viewer {

ImU32 probe_colour(Theme t) {
  return t == Theme::dark ? IM_COL32(60, 200, 210, 255) : IM_COL32(0, 120, 135, 255);
}

ImU32 research_colour(Theme t) {
  return t == Theme::dark ? IM_COL32(240, 110, 200, 255) : IM_COL32(175, 40, 135, 255);
}

void tag_above(const CanvasPaint& p, ImVec2 a, ImVec2 b, const char* text, ImU32 col) {
  ImFont* font = ImGui::GetFont();
  const float fs = 13.0f * p.zoom;
  const ImVec2 ts = font->CalcTextSizeA(fs, 1e9f, 0.0f, text);
  const ImVec2 at(b.x - ts.x, a.y - ts.y - 2.0f * p.zoom);
  p.dl->AddRectFilled(ImVec2(at.x - 2.0f * p.zoom, at.y), ImVec2(b.x + 1.0f, at.y + ts.y),
                      palette(p.s.theme).canvas_bg, 3.0f * p.zoom);
  p.dl->AddText(font, fs, at, col, text);
}

void stripe(const CanvasPaint& p, ImVec2 a, ImVec2 b, ImU32 col) {
  const float in = std::max(1.0f, 1.5f * p.zoom), w = std::max(2.5f, 3.5f * p.zoom);
  p.dl->AddRectFilled(ImVec2(a.x + in, a.y + 4.0f * p.zoom),
                      ImVec2(a.x + in + w, b.y - 4.0f * p.zoom), col, w * 0.5f);
}

void legend_swatch(const ViewerState& s, ImU32 col, const char* text) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float h = ImGui::GetTextLineHeight();
  const ImVec2 a = ImGui::GetCursorScreenPos(), b(a.x + h * 2.6f, a.y + h * 1.1f);
  dl->AddRectFilled(a, b, palette(s.theme).node_bg, 3.0f);
  dl->AddRectFilled(ImVec2(a.x + 2, a.y + 2), ImVec2(a.x + 7, b.y - 2), col, 2.5f);
  ImGui::Dummy(ImVec2(h * 2.6f, h * 1.1f));
  ImGui::SameLine();
  ImGui::TextWrapped("%s", text);
}

}  // namespace kibitz::viewer
