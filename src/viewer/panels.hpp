// The viewer's panels: functions over the borrowed ViewerState, drawn inside whatever window
// or child region the host layout gives them.
#pragma once

#include "viewer/viewer_state.hpp"

namespace kibitz::viewer {

void draw_viewer(ViewerState& s);  // the whole window: menu, panels, canvas, replay bar
void handle_global_keys(ViewerState& s);

void draw_replay_bar(ViewerState& s);         // transport, scrub bar, narration
float narration_scale(const ViewerState& s);  // the narration's type size, relative
// A window narrower than 700 logical pixels (a phone): one column of tabs, the tree first.
bool is_narrow(const ViewerState& s);
int replay_rows(const ViewerState& s);  // rows the transport wraps to in this window
void draw_setup(ViewerState& s);
void draw_inspector(ViewerState& s);
void draw_events(ViewerState& s);
void draw_stats(ViewerState& s);
void draw_legend(ViewerState& s);
void draw_find(ViewerState& s);           // go to a node; find nodes by a condition
void draw_file_browser(ViewerState& s);   // desktop: open and save by path
void draw_export_window(ViewerState& s);  // File → Export…: PNG, SVG, TikZ, DOT, GIF
// View → Quiz: the question, the answer, the score, docked under the canvas (size: its room).
void draw_quiz_panel(ViewerState& s, ImVec2 size);
// Edit by hand (node_editor.cpp): whether node id of the shown tree can be edited, and its
// value, name, successors and place as widgets (the inspector's, the canvas's popup).
bool node_editable(const ViewerState& s, std::uint32_t id);
void draw_node_editor(ViewerState& s, std::uint32_t id);

}  // namespace kibitz::viewer
