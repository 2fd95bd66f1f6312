// The tree canvas: the search tree as of the cursor, with each node's alpha, beta, best and
// ret, its kind, the active path, cutoffs and unsearched stubs. Pan with drag, zoom with the
// wheel or +/-, F fits, C toggles follow-the-cursor.
#pragma once

#include <vector>

#include <imgui.h>

#include "viewer/viewer_state.hpp"

namespace kibitz::viewer {

void draw_tree_canvas(ViewerState& s, ImVec2 size);

// Drawing statistics of the last frame (for the frame-time figures and tests).
struct CanvasStats {
  int nodes_drawn = 0;
  int nodes_culled = 0;
  int dots_folded = 0;      // sub-pixel nodes merged into an already drawn pixel
  int level_of_detail = 0;  // 2 full boxes, 1 small boxes, 0 dots
  double ms = 0;            // the canvas's own time in the frame (layout, culling, drawing)
};
const CanvasStats& last_canvas_stats();

// A quiz's branches on the canvas in the last frame, for marking pruned ones (canvas_quiz.cpp):
// each with its middle in screen pixels (for tests and the page's API).
struct QuizEdgeOnScreen {
  QuizEdge edge;
  ImVec2 from, to;
};
const std::vector<QuizEdgeOnScreen>& last_quiz_edges();
// Whether the current cutoff question is answered by marking branches on the canvas (the whole
// input tree is drawn, pruned branches included), not by a count.
bool quiz_marks_on_canvas(const ViewerState& s);

// canvas_overlay.cpp: over the canvas at origin, size: a partial trace's banner, and the
// progress of a search running in the background with its Cancel button.
void draw_canvas_overlays(ViewerState& s, ImVec2 origin, ImVec2 size);

}  // namespace kibitz::viewer
