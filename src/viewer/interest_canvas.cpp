// What the canvas draws for interest search: numbers on the edges, the interest cutoff mark
// and its stubs. Distinct from alpha-beta's cutoff (two orange bars across the cutoff
// child's edge, grey stubs): a violet diamond on the edge to violet stubs.
#include <algorithm>
#include <cmath>
#include <string>

#include "trace/interest_index.hpp"
#include "viewer/interest_panels.hpp"

namespace kibitz::viewer {

namespace {

std::string cost_text(std::int64_t v) {
  return v >= k_score_inf ? "inf" : std::to_string(v);
}

void draw_diamond(ImDrawList* dl, ImVec2 at, float r, ImU32 fill, ImU32 edge) {
  const ImVec2 top(at.x, at.y - r), right(at.x + r, at.y), bottom(at.x, at.y + r),
      left(at.x - r, at.y);
  dl->AddQuadFilled(top, right, bottom, left, fill);
  dl->AddQuad(top, right, bottom, left, edge, std::max(1.0f, r * 0.18f));
}

void dashed_line(ImDrawList* dl, ImVec2 p, ImVec2 c, ImU32 col, float w) {
  for (int i = 0; i < 6; ++i) {
    const float t0 = i / 6.0f, t1 = (i + 0.5f) / 6.0f;
    dl->AddLine(ImVec2(p.x + (c.x - p.x) * t0, p.y + (c.y - p.y) * t0),
                ImVec2(p.x + (c.x - p.x) * t1, p.y + (c.y - p.y) * t1), col, w);
  }
}

}  // namespace

ImU32 interest_color(Theme t) {
  return t == Theme::dark ? IM_COL32(185, 140, 255, 255) : IM_COL32(120, 60, 200, 255);
}

bool is_static_interest_leaf(const trace::Model& m, std::uint32_t id) {
  const std::uint32_t cut = trace::interest_index(m).cut(id);
  return cut != trace::k_no_node && trace::interest_index(m).move_info(cut).static_leaf;
}

void draw_interest_edge(ImDrawList* dl, const ViewerState& s, std::uint32_t child, ImVec2 p,
                        ImVec2 c, float zoom) {
  const trace::InterestIndex& ix = trace::interest_index(s.model());
  const std::uint32_t into = ix.into(child);
  if (into == trace::k_no_node) return;
  const trace::InterestMoveInfo mv = ix.move_info(into);
  const Palette& pal = palette(s.theme);
  ImFont* font = ImGui::GetFont();
  const float fs = 12.5f * zoom;
  // Beside the edge, on the side away from the parent's centre line.
  const float side = c.x >= p.x ? 1.0f : -1.0f;
  auto label = [&](float t, const std::string& text, ImU32 col) {
    const ImVec2 at(p.x + (c.x - p.x) * t, p.y + (c.y - p.y) * t);
    const ImVec2 size = font->CalcTextSizeA(fs, 1e9f, 0.0f, text.c_str());
    const float x = side > 0 ? at.x + 4 * zoom : at.x - 4 * zoom - size.x;
    dl->AddRectFilled(ImVec2(x - 1, at.y - size.y * 0.5f),
                      ImVec2(x + size.x + 1, at.y + size.y * 0.5f), pal.canvas_bg);
    dl->AddText(font, fs, ImVec2(x, at.y - size.y * 0.5f), col, text.c_str());
  };
  label(0.3f, cost_text(mv.move_cost), pal.text_dim);
  label(0.68f, cost_text(mv.net), interest_color(s.theme));
}

bool draw_interest_stub(ImDrawList* dl, const ViewerState& s, const LayoutStub& stub, ImVec2 p,
                        ImVec2 c, ImVec2 stub_size, float zoom, int lod) {
  const trace::Model& m = s.model();
  const std::uint32_t cut = trace::interest_index(m).cut(stub.parent);
  if (cut == trace::k_no_node) return false;
  const trace::InterestMoveInfo mv = trace::interest_index(m).move_info(cut);
  const Palette& pal = palette(s.theme);
  const ImU32 col = interest_color(s.theme);
  const float w = std::max(1.0f, 1.5f * zoom);
  dashed_line(dl, p, c, col, w);
  if (lod == 0) return true;
  const ImVec2 a(c.x - stub_size.x * 0.5f, c.y), b(c.x + stub_size.x * 0.5f, c.y + stub_size.y);
  // A dashed box: the moves never searched.
  const float dash = 4.0f * zoom;
  auto seg = [&](ImVec2 u, ImVec2 v) {
    const float len = std::hypot(v.x - u.x, v.y - u.y);
    const int n = std::max(1, static_cast<int>(len / (dash * 2)));
    for (int i = 0; i < n; ++i) {
      const float t0 = static_cast<float>(2 * i) / static_cast<float>(2 * n),
                  t1 = static_cast<float>(2 * i + 1) / static_cast<float>(2 * n);
      dl->AddLine(ImVec2(u.x + (v.x - u.x) * t0, u.y + (v.y - u.y) * t0),
                  ImVec2(u.x + (v.x - u.x) * t1, u.y + (v.y - u.y) * t1), col,
                  std::max(1.0f, zoom));
    }
  };
  seg(a, ImVec2(b.x, a.y));
  seg(ImVec2(b.x, a.y), b);
  seg(b, ImVec2(a.x, b.y));
  seg(ImVec2(a.x, b.y), a);
  // The mark: a diamond on the edge, near the stub.
  const ImVec2 at(p.x + (c.x - p.x) * 0.62f, p.y + (c.y - p.y) * 0.62f);
  draw_diamond(dl, at, std::max(4.0f, 8.0f * zoom), col, pal.canvas_bg);
  if (lod == 2) {
    ImFont* font = ImGui::GetFont();
    const float fs = 14.0f * zoom;
    const std::string count = "+" + std::to_string(stub.count);
    const ImVec2 ts = font->CalcTextSizeA(fs, 1e9f, 0.0f, count.c_str());
    dl->AddText(font, fs, ImVec2(c.x - ts.x * 0.5f, a.y + (b.y - a.y - ts.y) * 0.5f), col,
                count.c_str());
    // Beside the diamond, in the gap between the levels.
    const std::string why = "net " + cost_text(mv.net) + " > limit " + cost_text(mv.limit);
    const float fs2 = 12.5f * zoom;
    const ImVec2 ws = font->CalcTextSizeA(fs2, 1e9f, 0.0f, why.c_str());
    const float r = std::max(4.0f, 8.0f * zoom);
    const ImVec2 where(c.x >= p.x ? at.x + r + 3 * zoom : at.x - r - 3 * zoom - ws.x,
                       at.y - ws.y * 0.5f);
    dl->AddRectFilled(where, ImVec2(where.x + ws.x, where.y + ws.y), pal.canvas_bg);
    dl->AddText(font, fs2, where, col, why.c_str());
  }
  return true;
}

}  // namespace kibitz::viewer
