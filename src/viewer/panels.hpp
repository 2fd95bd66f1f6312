// The viewer's panels: functions over the borrowed ViewerState, drawn inside whatever window
// or child region the host layout gives them.
#pragma once

#include "viewer/viewer_state.hpp"

namespace kibitz::viewer {

void draw_viewer(ViewerState& s);  // the whole window: menu, panels, canvas, replay bar
void handle_global_keys(ViewerState& s);
// Tab through every control (keyboard_focus.cpp): at the frame's start, Tab made a request for
// the next control of any kind; whether a control has the focus ring; Space or Enter pressing
// it (true: the key is taken); whether the last item drawn has the ring.
void keyboard_focus_begin();
bool keyboard_focus_shown();
bool press_focused_control();
bool last_item_has_keyboard_focus();
void draw_keyboard_focus();  // the ring, over everything, at the frame's end

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
// The Shape tab: an icicle of the root shown, a row per ply, each subtree as wide as its size.
void draw_shape(ViewerState& s);
void draw_find(ViewerState& s);           // go to a node; find nodes by a condition
void draw_file_browser(ViewerState& s);   // desktop: open and save by path
void draw_export_window(ViewerState& s);  // File → Export…: PNG, SVG, TikZ, DOT, GIF
// View → Quiz: the question, the answer, the score, docked under the canvas (size: its room).
void draw_quiz_panel(ViewerState& s, ImVec2 size);
// A value or window question's answer box, beside the asked node (node_a..node_b on screen),
// inside the canvas (canvas_a..canvas_b).
void draw_quiz_answer_box(ViewerState& s, ImVec2 node_a, ImVec2 node_b, ImVec2 canvas_a,
                          ImVec2 canvas_b);
// View → Quiz → Read result codes: a window reading students' codes (quiz_code.hpp).
void open_quiz_codes();
void draw_quiz_codes(ViewerState& s);
// Edit by hand (node_editor.cpp): whether node id of the shown tree can be edited, and its
// value, name, successors and place as widgets (the inspector's, the canvas's popup).
bool node_editable(const ViewerState& s, std::uint32_t id);
void draw_node_editor(ViewerState& s, std::uint32_t id);

}  // namespace kibitz::viewer
