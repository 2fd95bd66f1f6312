// Marks more than one view draws (principal variation search's, an engine's): one look for a
// probe, a re-search, a tag above a box, a stripe inside it, a legend swatch.
#pragma once

#include <imgui.h>

#include "viewer/theme.hpp"
#include "viewer/views/view.hpp"

namespace kibitz::viewer {

ImU32 probe_colour(Theme t);     // teal: a zero-window or reduced search
ImU32 research_colour(Theme t);  // pink: the same move searched again

// A short tag just above a node's box, right-aligned, on a patch of the canvas's colour so the
// edge coming into the box does not cross the letters.
void tag_above(const CanvasPaint& p, ImVec2 a, ImVec2 b, const char* text, ImU32 col);
// A stripe down the inside of a box's left edge.
void stripe(const CanvasPaint& p, ImVec2 a, ImVec2 b, ImU32 col);
// A legend line: a box with a stripe of `col`, then the text.
void legend_swatch(const ViewerState& s, ImU32 col, const char* text);

}  // namespace kibitz::viewer
