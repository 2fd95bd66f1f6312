// What the page tells a screen reader (issue 31, accessibility): the narration sentence of the
// event at the cursor, and the selected node in words (its move, MAX or MIN, window, value and
// kind as of the cursor), in the value view shown. The page puts them in an ARIA live region and
// a DOM summary (web/index.html); the canvas itself says nothing to a screen reader.
#pragma once

#include <cstdint>
#include <string>

#include "viewer/viewer_state.hpp"

namespace kibitz::viewer {

// The sentence under the replay bar ("Press Run ..." before there is a trace).
std::string narration_sentence(const ViewerState& s);
// "Selected: Nf3 (a MIN node, depth 1): window α = −∞, β = +3; returned +3, a Pv node: exact."
// ("" when no node is selected or it is not entered yet).
std::string node_summary(const ViewerState& s, std::uint32_t id);

}  // namespace kibitz::viewer
