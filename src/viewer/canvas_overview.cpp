// The overview (minimap) in the canvas's corner: the whole tree squeezed into a small box, a
// pixel column of each level one dot, the active path bright, the view as a rectangle; a click
// or a drag there moves the view (M shows or hides it).
#include <algorithm>

#include "viewer/canvas_frame.hpp"
#include "viewer/theme.hpp"

namespace kibitz::viewer {

namespace {

struct Box {
  ImVec2 a, size;       // on screen
  float min_x, sx, sy;  // world to box: (x - min_x) * sx, y * sy
  ImVec2 to_box(float x, float y) const { return ImVec2(a.x + (x - min_x) * sx, a.y + y * sy); }
};

// Each level as bars: a pixel column with a node is lit, neighbouring lit columns one bar.
void draw_levels(ImDrawList* dl, const TreeLayout& layout, const CanvasFrame& f, const Box& box,
                 ImU32 col) {
  const float step = 1.0f / box.sx;  // a pixel of the box, in world units
  for (std::uint32_t d = 0; d < layout.level_count(); ++d) {
    const IdRange r = level_range(layout, f, d, layout.min_x(), layout.max_x());
    const float* xs = layout.level_x(d) - (layout.level_begin(d) - r.begin);  // xs[i]: r.begin[i]
    const float y = box.to_box(0.0f, layout.level_y(d)).y;
    auto x_of = [&](const std::uint32_t* it) { return xs[it - r.begin]; };
    for (const std::uint32_t* it = r.begin; it < r.end;) {
      const float bx = box.to_box(x_of(it), 0.0f).x;
      float ex = bx + 1.0f;
      it = first_from_x(layout, d, it + 1, r.end, x_of(it) + step);
      while (it < r.end) {
        const float rx = box.to_box(x_of(it), 0.0f).x;
        if (rx > ex + 1.0f) break;
        ex = rx + 1.0f;
        it = first_from_x(layout, d, it + 1, r.end, x_of(it) + step);
      }
      dl->AddRectFilled(ImVec2(bx, y - 1.0f), ImVec2(ex, y + 1.0f), col);
    }
  }
}

}  // namespace

bool overview_wanted(const ViewerState& s, const TreeLayout& layout, const CanvasFrame& f) {
  // Not in a quiz: it keeps the asked node in view, and the map could cover its successors.
  if (!s.show_overview || layout.node_count() < 2 || s.quiz.active()) return false;
  const float w = (layout.max_x() - layout.min_x()) * f.zoom;
  const float h = layout.max_y() * f.zoom;
  return w > f.size.x * 1.05f || h > f.size.y * 1.05f;  // part of the tree is out of view
}

void draw_overview(ViewerState& s, const TreeLayout& layout, const CanvasFrame& f) {
  if (!overview_wanted(s, layout, f)) return;
  const float em = ImGui::GetFontSize();
  const float world_w = std::max(1.0f, layout.max_x() - layout.min_x());
  const float world_h = std::max(1.0f, layout.max_y() + s.metrics.node_height);
  const float w = std::min(f.size.x * 0.3f, 18.0f * em);
  const float h_max = std::min(f.size.y * 0.3f, 9.0f * em);
  const float h = std::clamp(w * world_h / world_w, std::min(3.0f * em, h_max), h_max);
  Box box;
  box.size = ImVec2(w, h);
  box.a = ImVec2(f.origin.x + f.size.x - w - em * 0.6f, f.origin.y + f.size.y - h - em * 0.6f);
  box.min_x = layout.min_x();
  box.sx = w / world_w;
  box.sy = h / world_h;
  const Palette& pal = palette(s.theme);
  // Its own child window: it takes the clicks over the canvas under it.
  const ImVec2 cursor = ImGui::GetCursorScreenPos();
  ImGui::SetCursorScreenPos(box.a);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::BeginChild("overview", box.size, false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleVar();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(box.a, ImVec2(box.a.x + w, box.a.y + h),
                    (pal.canvas_bg & 0x00FFFFFFu) | 0xE6000000u, 4.0f);
  dl->AddRect(box.a, ImVec2(box.a.x + w, box.a.y + h), pal.node_border, 4.0f);
  draw_levels(dl, layout, f, box, pal.text_dim);
  // The active path and, at the end, the principal variation.
  auto line = [&](const std::vector<std::uint32_t>& ids, ImU32 col) {
    for (std::size_t i = 0; i + 1 < ids.size(); ++i) {
      const std::uint32_t a = ids[i], b = ids[i + 1];
      if (!layout.shown(a) || !layout.shown(b)) continue;
      dl->AddLine(box.to_box(layout.x(a), layout.y(a)), box.to_box(layout.x(b), layout.y(b)), col,
                  2.0f);
    }
  };
  std::vector<std::uint32_t> path(f.path.rbegin(), f.path.rend());
  line(f.pv, pal.edge_pv);
  line(path, pal.edge_active);
  // The view.
  const ImVec2 v0 = f.to_world(f.origin);
  const ImVec2 v1 = f.to_world(ImVec2(f.origin.x + f.size.x, f.origin.y + f.size.y));
  ImVec2 r0 = box.to_box(v0.x, v0.y), r1 = box.to_box(v1.x, v1.y);
  r0 = ImVec2(std::max(r0.x, box.a.x), std::max(r0.y, box.a.y));
  r1 = ImVec2(std::min(std::max(r1.x, r0.x + 2.0f), box.a.x + w),
              std::min(std::max(r1.y, r0.y + 2.0f), box.a.y + h));
  dl->AddRect(r0, r1, pal.active, 0.0f, 0, 1.5f);
  // A click or a drag centres the view there.
  ImGui::InvisibleButton("##overview", box.size);
  s.note_widget("overview");
  if (ImGui::IsItemActive()) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    s.camera.x = box.min_x + (m.x - box.a.x) / box.sx;
    s.camera.y = std::clamp((m.y - box.a.y) / box.sy, 0.0f, layout.max_y());
    s.camera.follow = false;
    s.camera.fitted_near = false;
  }
  ImGui::EndChild();
  ImGui::SetCursorScreenPos(cursor);
}

}  // namespace kibitz::viewer
