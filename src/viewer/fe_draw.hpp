// Forward estimation in the viewer: the canvas's stubs for pruned successors and estimate
// bars, the panels' sections (set-up, inspector, legend, statistics), the Experiments window
// and its charts. Each is called from one line in the shared panel it belongs to.
#pragma once

#include <cstddef>
#include <cstdint>

#include <imgui.h>

#include "core/chart.hpp"
#include "trace/fe_index.hpp"
#include "viewer/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace kibitz::viewer {

ImU32 fe_colour(Theme t);

// Canvas. A pruned successor: a dashed edge from the parent's bottom `from` to the stub's top
// centre `top`, a box tagged FE with the inequality that pruned it, its estimate bar; a
// tooltip when the mouse is over it. lod: 0 dots, 1 boxes, 2 full detail.
void draw_fe_stub(ImDrawList* dl, ViewerState& s, const LayoutStub& st, ImVec2 from, ImVec2 top,
                  float zoom, int lod, bool canvas_hovered);
// The estimate bar under an entered node that forward estimation tested before entering it.
void draw_fe_node_bar(ImDrawList* dl, const ViewerState& s, std::uint32_t id, std::size_t t,
                      ImVec2 a, ImVec2 b, float zoom);
// Lines for a node's tooltip: the test that let it be entered.
void fe_node_tooltip(const trace::Model& m, std::uint32_t id, std::size_t t);

// Panels.
void draw_fe_inspector(ViewerState& s, std::uint32_t id, std::size_t t);  // the node's tests
void draw_fe_legend(ViewerState& s);
void draw_fe_stats(ViewerState& s);
void draw_fe_experiments(ViewerState& s);  // the Experiments window, when open

// A chart with the same axes as the SVG files, in the given rectangle.
void draw_chart(ImDrawList* dl, const Chart& c, ImVec2 a, ImVec2 b, Theme theme);

}  // namespace kibitz::viewer
