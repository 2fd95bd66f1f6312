// The viewer's interest-search parts (001_...): the set-up fields, the inspector's
// plausibility trace, the iteration selector, the legend, and what the canvas draws for
// interest: each edge's cost (above) and net cost (below), and the interest cutoff as its own
// mark (a violet diamond, "net 1530 > 1500") with the moves it skipped as violet stubs.
#pragma once

#include <cstdint>

#include <imgui.h>

#include "trace/model.hpp"
#include "viewer/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace kibitz::viewer {

void draw_interest_inspector(ViewerState& s, std::uint32_t id);
void draw_interest_legend(ViewerState& s);
// One row above the canvas when the trace has several roots (iterations by depth or limit).
bool wants_iteration_selector(const ViewerState& s);
// Iteration i's title in the selector: "3: depth 5", with aspiration attempts "4: depth 5,
// attempt 2: fail-high at [25, 40]", with interest search "2: limit 4,000".
std::string iteration_title(const trace::Model& m, std::size_t i);
void draw_iteration_selector(ViewerState& s);
// Lines for the canvas tooltip of node id (nothing when the trace has no interest events).
void draw_interest_tooltip(const trace::Model& m, std::uint32_t id);

ImU32 interest_color(Theme t);
// The numbers on the edge p -> c into node `child`: cost above, net cost below.
void draw_interest_edge(ImDrawList* dl, const ViewerState& s, std::uint32_t child, ImVec2 p,
                        ImVec2 c, float zoom);
// Draws the stub if it is one of an interest cutoff (returns false otherwise: an alpha-beta
// stub, for the canvas to draw). stub_size: the box size on screen; lod: the canvas' level.
bool draw_interest_stub(ImDrawList* dl, const ViewerState& s, const LayoutStub& stub, ImVec2 p,
                        ImVec2 c, ImVec2 stub_size, float zoom, int lod);
// True when node id is a leaf because of an interest cutoff at its first move.
bool is_static_interest_leaf(const trace::Model& m, std::uint32_t id);

}  // namespace kibitz::viewer
