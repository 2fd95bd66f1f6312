// The Greenblatt program's debugging aids as views (seed 003, "Debugging aids"): the
// evaluation at any node broken into its terms (aid 3), the plausibility trace of a node's
// moves with every heuristic's points and comment (aid 4), the record of the top level with
// the main variation under each move (aid 5), and the statistics of the search (aid 6). The
// board of the selected node (aid 1) is the Board tab. Feedover, capture-search and secondary
// nodes are marked on the canvas (greenblatt_node_marks).
#pragma once

#include <cstdint>

#include <imgui.h>

#include "trace/greenblatt_index.hpp"
#include "trace/model.hpp"
#include "viewer/viewer_state.hpp"

namespace kibitz::viewer {

using trace::is_greenblatt;

void draw_plausibility(ViewerState& s);      // aid 4, for the selected or current node
void draw_top_level(ViewerState& s);         // aid 5
void draw_greenblatt_stats(ViewerState& s);  // aid 6: rows under the Statistics tab
// Aid 3: S = M + R + P + K + C of a chess node, under the Board tab.
void draw_eval_breakdown(ViewerState& s, std::uint32_t id);

// The marks of a Greenblatt node on the canvas: a tint over its box and a short tag
// ("FO" feedover, "×" reached by a plausible capture, "2nd" secondary search). lod: the
// canvas' level of detail (0 dots, 1 boxes, 2 full nodes).
void greenblatt_node_marks(ImDrawList* dl, std::uint32_t node_marks, ImVec2 a, ImVec2 b, float zoom,
                           int lod, Theme theme);
// The legend's section for these marks.
void draw_greenblatt_legend(ViewerState& s);

}  // namespace kibitz::viewer
