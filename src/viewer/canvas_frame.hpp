// What one frame of the tree canvas works with (canvas.cpp draws the frame, canvas_node.cpp
// its nodes): where the canvas is, the camera's transform, the level of detail, the cursor's
// active path and, at the end, the principal variation.
#pragma once

#include <cstdint>
#include <vector>

#include <imgui.h>

#include "viewer/canvas.hpp"
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

// canvas_node.cpp: every node of the layout on screen at the frame's level of detail, the
// hovered one noted in s.hovered.
void draw_canvas_nodes(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout,
                       CanvasStats& stats);
void draw_dashed_rect(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thickness, float dash);

}  // namespace kibitz::viewer
