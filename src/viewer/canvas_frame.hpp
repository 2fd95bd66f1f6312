// What one frame of the tree canvas works with (canvas.cpp draws the frame, canvas_node.cpp
// its nodes): where the canvas is, the camera's transform, the level of detail, the cursor's
// active path and, at the end, the principal variation.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <imgui.h>

#include "viewer/canvas.hpp"
#include "viewer/theme.hpp"
#include "viewer/views/view.hpp"

namespace kibitz::viewer {

struct CanvasFrame {
  ImVec2 origin;  // top-left of the canvas on screen
  ImVec2 size;
  float zoom = 1, cam_x = 0, cam_y = 0;
  int lod = 2;                               // 2 full nodes, 1 boxes, 0 dots
  ImVec2 clip_a, clip_b;                     // a node centred outside these is off screen
  float hw = 0, hh = 0;                      // half a node's width and height (world units)
  std::uint32_t current = trace::k_no_node;  // the node of the cursor's event
  std::uint32_t visible_end = 0;             // nodes of the layout entered by the event: ids < it
  float world_x0 = 0, world_x1 = 0;          // the clip's x range in world units
  std::vector<std::uint32_t> path;           // it and its ancestors
  std::vector<std::uint32_t> pv;             // at the end: the root and its principal variation

  ImVec2 to_screen(float x, float y) const {
    return ImVec2(origin.x + size.x * 0.5f + (x - cam_x) * zoom,
                  origin.y + size.y * 0.5f + (y - cam_y) * zoom);
  }
  ImVec2 to_world(ImVec2 p) const {
    return ImVec2(cam_x + (p.x - origin.x - size.x * 0.5f) / zoom,
                  cam_y + (p.y - origin.y - size.y * 0.5f) / zoom);
  }
  bool on_screen(ImVec2 p) const {
    return p.x >= clip_a.x && p.x <= clip_b.x && p.y >= clip_a.y && p.y <= clip_b.y;
  }
  static bool contains(const std::vector<std::uint32_t>& v, std::uint32_t id) {
    for (std::uint32_t x : v) {
      if (x == id) return true;
    }
    return false;
  }
};

// Culling and folding (a level's ids are in x order, those entered by t a prefix):
// the ids of level d entered by the frame's event whose centres are within [x0, x1].
struct IdRange {
  const std::uint32_t* begin;
  const std::uint32_t* end;
};
inline IdRange level_range(const TreeLayout& l, const CanvasFrame& f, std::uint32_t d, float x0,
                           float x1) {
  const std::uint32_t* b = l.level_begin(d);
  const std::uint32_t* e = std::lower_bound(b, l.level_end(d), f.visible_end);
  const float* xs = l.level_x(d);
  const float* n = xs + (e - b);
  const float* lo = std::lower_bound(xs, n, x0);
  const float* hi = std::upper_bound(lo, n, x1);
  return {b + (lo - xs), b + (hi - xs)};
}
inline IdRange level_range(const TreeLayout& l, const CanvasFrame& f, std::uint32_t d) {
  return level_range(l, f, d, f.world_x0, f.world_x1);
}
// The first id in [p, e) of level d whose x is at least x: the next pixel column when folding
// (the next id first, then a galloping search, so a sparse level costs one comparison a node).
inline const std::uint32_t* first_from_x(const TreeLayout& l, std::uint32_t d,
                                         const std::uint32_t* p, const std::uint32_t* e, float x) {
  const float* xs = l.level_x(d) - (l.level_begin(d) - p);  // xs[i] is the x of p[i]
  const std::size_t n = static_cast<std::size_t>(e - p);
  if (n == 0 || xs[0] >= x) return p;
  std::size_t lo = 0, step = 1;
  while (lo + step < n && xs[lo + step] < x) {
    lo += step;
    step *= 2;
  }
  const std::size_t hi = std::min(n, lo + step + 1);
  return p + (std::lower_bound(xs + lo, xs + hi, x) - xs);
}

// A click on the canvas (`hovered`): the left button released without a drag.
inline bool canvas_clicked(bool hovered) {
  return hovered && ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
         ImGui::GetIO().MouseDragMaxDistanceSqr[0] < 16.0f;
}

// canvas_node.cpp: over the GPU's boxes, the text and marks of every node on screen at the
// frame's level of detail (the path's dots at a far zoom), the hovered one noted in s.hovered;
// and, before the GPU's boxes, the stacks under collapsed nodes.
void draw_collapsed_stacks(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout);
void draw_canvas_nodes(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout,
                       CanvasStats& stats);
void draw_dashed_rect(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thickness, float dash);
void draw_dashed_line(ImDrawList* dl, ImVec2 p, ImVec2 q, ImU32 col, float thickness, float dash);

// canvas_ghosts.cpp: the pruned branches under a stub (ViewerState::ghosts_shown), their
// and a ghost leaf's value as the value view shows values.
// `preview`: before their cutoff, drawn as the input tree's other nodes not reached yet.
void draw_ghosts(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout,
                 const LayoutStub& st, const Palette& pal, bool preview = false);
// Where draw_ghosts puts each of st's pruned nodes (in ViewerState::pruned's order): its box
// and the top of the edge to it (its parent's bottom).
struct GhostBox {
  ImVec2 from, a, b;
};
std::vector<GhostBox> ghost_boxes(const CanvasPaint& p, const CanvasFrame& f,
                                  const TreeLayout& layout, const LayoutStub& st, bool preview);
// Large cards' leaf values at one size: the scale that fits the widest value of the trace's
// leaves in a narrow leaf (1 when all fit; never below 0.5). canvas_node.cpp.
float leaf_value_scale(const ViewerState& s);

// A colour at a third of its opacity: what the search has not reached yet.
inline ImU32 faint(ImU32 c) {
  const ImU32 a = (c >> IM_COL32_A_SHIFT) & 0xFF;
  return (c & ~IM_COL32_A_MASK) | ((a / 3) << IM_COL32_A_SHIFT);
}

// canvas_preview.cpp: the input tree where the search has not been yet, faint (a small tree
// whose whole input is known: ViewerState::previews_input_tree).
void draw_input_preview(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout);
std::string ghost_value(const ViewerState& s, const PrunedNode& node);

// canvas_quiz.cpp: a quiz on the canvas: the asked node ringed and kept in view, its answer
// box beside it, a successor clicked to give its value, and pruned branches marked by clicking
// their edges (graded one by one).
void keep_asked_in_view(ViewerState& s, const TreeLayout& layout, ImVec2 size);
void quiz_on_canvas(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout);

// canvas_tooltip.cpp: the hovered node's story (s.hovered), with the views' lines and its
// position as a board.
void draw_canvas_tooltip(ViewerState& s);

// canvas_overview.cpp: the minimap in the canvas's corner when part of the tree is out of view.
bool overview_wanted(const ViewerState& s, const TreeLayout& layout, const CanvasFrame& f);
void draw_overview(ViewerState& s, const TreeLayout& layout, const CanvasFrame& f);

}  // namespace kibitz::viewer
