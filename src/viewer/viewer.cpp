// The host layout: the menu bar, then three resizable columns (set-up and inspector | the tree
// canvas | events, statistics and legend) over the replay bar.
#include <algorithm>

#include "viewer/boards.hpp"
#include "viewer/canvas.hpp"
#include "viewer/compare.hpp"
#include "viewer/fe_draw.hpp"
#include "viewer/interest_panels.hpp"
#include "viewer/panels.hpp"
#include "viewer/views/view.hpp"

namespace kibitz::viewer {

namespace {

// View → Quiz: this search at a level, or a practice tree (the app makes it from a seed).
void quiz_menu(ViewerState& s) {
  if (!ImGui::BeginMenu("Quiz: predict, then see")) return;
  for (int level = 1; level <= Quiz::k_levels; ++level) {
    const std::string name = "This search: " + std::to_string(level) + ". " +
                             Quiz::level_name(level) +
                             (level > 1 && level < 5 ? " (and the above)" : "");
    if (ImGui::MenuItem(name.c_str(), nullptr, false, s.has_trace())) s.start_quiz(level);
  }
  ImGui::Separator();
  for (int level = 1; level <= Quiz::k_levels; ++level) {
    const std::string name = "A practice tree: " + std::string(Quiz::level_name(level));
    if (ImGui::MenuItem(name.c_str())) s.ask(command::QuizPractice{level});
  }
  ImGui::Separator();
  if (ImGui::MenuItem("Read students' result codes\u2026")) open_quiz_codes();
  ImGui::EndMenu();
}

// View → Compare: the lessons' pairs of searches side by side.
void compare_menu(ViewerState& s) {
  if (!ImGui::BeginMenu("Compare two searches")) return;
  // The search shown against another way of searching the same tree.
  const struct {
    const char* label;
    const char* what;
  } mine[] = {{"This search against minimax", "minimax"},
              {"This search against alpha-beta", "alphabeta"},
              {"This search against principal variation search", "pvs"},
              {"This search with the other cutoff test (> or \u2265)", "criterion"},
              {"This tree at its best and its worst move ordering", "ordering"}};
  for (const auto& m : mine)
    if (ImGui::MenuItem(m.label, nullptr, false, s.has_trace()))
      s.ask(command::CompareWith{m.what});
  ImGui::Separator();
  const std::vector<ComparePreset>& presets = compare_presets();
  for (std::size_t i = 0; i < presets.size(); ++i)
    if (ImGui::MenuItem(presets[i].name)) s.ask(command::ComparePreset{static_cast<int>(i)});
  ImGui::Separator();
  if (ImGui::MenuItem("Back to one search", nullptr, false, s.compare_with != nullptr))
    s.ask(command::EndCompare{});
  ImGui::EndMenu();
}

void file_menu(ViewerState& s) {
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("New tree (build it by hand)")) s.ask(command::NewTree{});
    s.note_widget("menu_new_tree");
    if (ImGui::MenuItem("Undo the edit", "Ctrl+Z", false, s.can_undo_edit))
      s.ask(command::UndoEdit{});
    if (ImGui::MenuItem("Redo the edit", "Ctrl+Y", false, s.can_redo_edit))
      s.ask(command::RedoEdit{});
    ImGui::Separator();
    if (s.is_web) {
      if (ImGui::MenuItem("Open trace\u2026", "Ctrl+O")) s.ask(command::OpenPicker{});
      if (ImGui::MenuItem("Download .kbz", "Ctrl+S", false, s.has_trace()))
        s.ask(command::Download{false});
      if (ImGui::MenuItem("Download JSON", nullptr, false, s.has_trace()))
        s.ask(command::Download{true});
      if (ImGui::MenuItem("Copy link at this step", nullptr, false, s.has_trace()))
        s.ask(command::CopyLink{false});
      s.note_widget("menu_copy_link");
      if (ImGui::MenuItem("Copy link from the start", nullptr, false, s.has_trace()))
        s.ask(command::CopyLink{true});
      s.note_widget("menu_copy_link_start");
    } else {
      if (ImGui::MenuItem("Open or save\u2026", "Ctrl+O")) s.show_file_browser = true;
    }
    if (ImGui::MenuItem("Export picture\u2026", nullptr, false, s.has_trace()))
      s.show_export = true;
    ImGui::EndMenu();
  }
}

void draw_menus(ViewerState& s);
void draw_menu(ViewerState& s) {
  // The phone layout: a menu's rows 44 pixels apart (a Selectable's hit box spans the spacing).
  const bool touch = is_narrow(s);
  if (touch)
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(8 * s.ui_scale(), 28 * s.ui_scale()));
  draw_menus(s);
  if (touch) ImGui::PopStyleVar();
}

void draw_menus(ViewerState& s) {
  if (!ImGui::BeginMenuBar()) return;
  file_menu(s);
  s.note_widget("menu_file");
  if (ImGui::BeginMenu("View")) {
    if (ImGui::MenuItem("Fit the tree", "F")) s.camera.fit_all_pending = true;
    ImGui::MenuItem("Overview (minimap)", "M", &s.show_overview);
    if (ImGui::MenuItem("Fold or unfold the selected subtree", "X / double-click") &&
        s.selected != trace::k_no_node)
      s.toggle_collapsed(s.selected);
    if (ImGui::MenuItem("Unfold all", nullptr, false, !s.collapsed().empty())) s.expand_all();
    ImGui::MenuItem("Follow the current node", "C", &s.camera.follow);
    bool final_shape = s.layout_mode == LayoutMode::final_shape;
    if (ImGui::MenuItem("Lay out the final tree (no growing)", nullptr, &final_shape)) {
      s.layout_mode = final_shape ? LayoutMode::final_shape : LayoutMode::growing;
    }
    ImGui::MenuItem("The whole tree faint, ahead of the search", nullptr, &s.show_input_tree);
    ImGui::MenuItem("Textbook mode (no node kinds; \u03b1, \u03b2 on edges; the rules)", "K",
                    &s.textbook, s.textbook_applies());
    s.note_widget("menu_textbook");
    ImGui::Separator();
    if (s.is_web && ImGui::MenuItem("Full screen (or leave it)", "F11"))
      s.ask(command::FullScreen{});
    s.note_widget("menu_full_screen");
    if (ImGui::MenuItem("Projector mode", "P", s.present)) s.set_present(!s.present);
    s.note_widget("menu_present");
    ImGui::MenuItem("Left panel (set-up, inspector)", "[", &s.show_left_panel, !s.present);
    ImGui::MenuItem("Right panel (legend, events...)", "]", &s.show_right_panel, !s.present);
    ImGui::MenuItem("Pruned branches (trees given as text, random trees)", nullptr, &s.show_pruned);
    const bool game = s.has_trace() && !s.trace().meta.get("game").empty();
    if (ImGui::MenuItem("Search the pruned branches (games, small searches)", nullptr, false,
                        game)) {
      const std::size_t n = s.search_pruned_branches();
      s.status = n ? "pruned branches searched again at " + std::to_string(n) + " nodes"
                   : "no pruned branch small enough to draw (under 128 nodes, traces under "
                     "20,000 nodes)";
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Values as in textbooks: MAX and MIN nodes", "V", s.minimax_view()))
      s.set_value_view(trace::ValueView::minimax);
    if (ImGui::MenuItem("Values as the seed: negamax", "V", !s.minimax_view()))
      s.set_value_view(trace::ValueView::negamax);
    s.note_widget("menu_value_view");
    quiz_menu(s);
    compare_menu(s);
    s.note_widget("menu_quiz");
    ImGui::Separator();
    ImGui::MenuItem("Forward estimation: estimate bars", nullptr, &s.fe.bars);
    ImGui::MenuItem("Experiments\u2026", nullptr,
                    &s.fe.experiments.open);  // fe_experiments_panel.cpp
    ImGui::Separator();
    if (ImGui::MenuItem("Dark theme", nullptr, s.theme == Theme::dark)) {
      s.theme = Theme::dark;
      s.rebuild_fonts = true;
    }
    if (ImGui::MenuItem("Light theme", nullptr, s.theme == Theme::light)) {
      s.theme = Theme::light;
      s.rebuild_fonts = true;
    }
    if (ImGui::MenuItem("Larger text", "Ctrl +")) {
      s.font_scale = std::min(3.0f, s.font_scale * 1.125f);
      s.rebuild_fonts = true;
    }
    if (ImGui::MenuItem("Smaller text", "Ctrl \u2212")) {
      s.font_scale = std::max(0.6f, s.font_scale / 1.125f);
      s.rebuild_fonts = true;
    }
    ImGui::EndMenu();
  }
  s.note_widget("menu_view");
  ImGui::EndMenuBar();
}

ImGuiTabItemFlags tab_flags(ViewerState& s, const char* name) {
  if (s.open_tab != name) return 0;
  return ImGuiTabItemFlags_SetSelected;
}

// The left column's tabs: set-up, inspector, the board for a game, the tree's shape, the
// algorithm's own.
void left_tab_items(ViewerState& s) {
  if (ImGui::BeginTabItem("Set-up", nullptr, tab_flags(s, "setup"))) {
    draw_setup(s);
    ImGui::EndTabItem();
  }
  s.note_widget("tab_setup");
  if (ImGui::BeginTabItem("Inspector", nullptr, tab_flags(s, "inspector"))) {
    draw_inspector(s);
    ImGui::EndTabItem();
  }
  s.note_widget("tab_inspector");
  if (s.has_trace() && !s.model().trace().meta.get("game").empty()) {
    if (ImGui::BeginTabItem("Board", nullptr, tab_flags(s, "board"))) {
      draw_board_panel(s);
      ImGui::EndTabItem();
    }
    s.note_widget("tab_board");
  }
  if (ImGui::BeginTabItem("Shape", nullptr, tab_flags(s, "shape"))) {
    draw_shape(s);
    ImGui::EndTabItem();
  }
  s.note_widget("tab_shape");
  if (s.has_trace()) {
    for (const AlgorithmView* v : s.views()) v->tabs(s, TabColumn::left);
  }
}
// With `merged` (a window too narrow for three columns), the right column's tabs follow,
// scrolling, with a list of them all.
void right_tab_items(ViewerState& s);
void draw_left_tabs(ViewerState& s, bool merged) {
  const ImGuiTabBarFlags flags =
      merged ? ImGuiTabBarFlags_FittingPolicyScroll | ImGuiTabBarFlags_TabListPopupButton : 0;
  if (!ImGui::BeginTabBar(merged ? "merged_tabs" : "left_tabs", flags)) return;
  left_tab_items(s);
  if (merged) right_tab_items(s);
  ImGui::EndTabBar();
}

// The right column's tabs: legend, events, statistics, the algorithm's own.
void right_tab_items(ViewerState& s) {
  if (ImGui::BeginTabItem("Legend", nullptr, tab_flags(s, "legend"))) {
    draw_legend(s);
    ImGui::EndTabItem();
  }
  s.note_widget("tab_legend");
  if (ImGui::BeginTabItem("Events", nullptr, tab_flags(s, "events"))) {
    draw_events(s);
    ImGui::EndTabItem();
  }
  s.note_widget("tab_events");
  if (ImGui::BeginTabItem("Find", nullptr, tab_flags(s, "find"))) {
    draw_find(s);
    ImGui::EndTabItem();
  }
  s.note_widget("tab_find");
  if (ImGui::BeginTabItem("Statistics", nullptr, tab_flags(s, "stats"))) {
    draw_stats(s);
    ImGui::EndTabItem();
  }
  s.note_widget("tab_stats");
  if (s.has_trace()) {
    for (const AlgorithmView* v : s.views()) v->tabs(s, TabColumn::right);
  }
}
void draw_right_tabs(ViewerState& s) {
  if (!ImGui::BeginTabBar("right_tabs")) return;
  right_tab_items(s);
  ImGui::EndTabBar();
}

// The iteration selector (when the trace has iterations) over the tree canvas, `size` in all.
void draw_canvas_and_selector(ViewerState& s, ImVec2 size) {
  if (wants_iteration_selector(s)) {
    draw_iteration_selector(s);
    size.y -= ImGui::GetFrameHeightWithSpacing();
  }
  draw_tree_canvas(s, size);
}

// The canvas column, `size` in all: compare's two canvases, or the canvas with the quiz docked
// under it (40% of the column, at most 12 lines), or the canvas alone.
void draw_canvas_column(ViewerState& s, ImVec2 size) {
  if (s.compare_with) return draw_compare(s, *s.compare_with, size.x, size.y);
  if (!s.quiz.active()) return draw_canvas_and_selector(s, size);
  const float quiz_h = std::min(size.y * 0.4f, ImGui::GetTextLineHeightWithSpacing() * 12.0f);
  draw_canvas_and_selector(s, ImVec2(size.x, size.y - quiz_h - ImGui::GetStyle().ItemSpacing.y));
  draw_quiz_panel(s, ImVec2(size.x, quiz_h));
}

// A narrow window (a phone): one column, the tree first, every panel a tab of the same bar.
void draw_one_column(ViewerState& s, float body_h) {
  ImGui::BeginChild("one_column", ImVec2(0, body_h), false, ImGuiWindowFlags_NavFlattened);
  if (ImGui::BeginTabBar("one_column_tabs", ImGuiTabBarFlags_FittingPolicyScroll)) {
    if (ImGui::BeginTabItem("Tree", nullptr, tab_flags(s, "tree"))) {
      draw_canvas_column(s, ImGui::GetContentRegionAvail());
      ImGui::EndTabItem();
    }
    s.note_widget("tab_tree");
    left_tab_items(s);
    right_tab_items(s);
    ImGui::EndTabBar();
  }
  ImGui::EndChild();
}

// The columns, body_h high: tabs | the iteration selector over the tree canvas | tabs, either
// side column left out when its panel is hidden (or in projector mode). Below 1400 logical px
// (a 1280x800 projector, a laptop) the right column's tabs join the left's: the canvas keeps
// two thirds of the width, so a small tree fits whole at a readable zoom.
void draw_columns(ViewerState& s, float body_h) {
  const ImGuiTableFlags tflags =
      ImGuiTableFlags_Resizable | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_NoSavedSettings;
  const bool merged = s.left_panel_shown() && s.right_panel_shown() &&
                      ImGui::GetMainViewport()->WorkSize.x / std::max(0.5f, s.dpi_scale) < 1400.0f;
  const bool left = s.left_panel_shown(), right = s.right_panel_shown() && !merged;
  if (!ImGui::BeginTable(left && right ? "columns"
                         : left        ? "columns_l"
                         : right       ? "columns_r"
                                       : "columns_none",
                         1 + left + right, tflags, ImVec2(0, body_h)))
    return;
  // Side columns of 19 em, but at most 30% of the window each: with large text (a classroom)
  // the tree keeps at least 40% of the width.
  const float side = std::min(ImGui::GetFontSize() * 19, ImGui::GetContentRegionAvail().x * 0.3f);
  if (left) ImGui::TableSetupColumn("left", ImGuiTableColumnFlags_WidthFixed, side);
  ImGui::TableSetupColumn("canvas", ImGuiTableColumnFlags_WidthStretch);
  if (right) ImGui::TableSetupColumn("right", ImGuiTableColumnFlags_WidthFixed, side);
  ImGui::TableNextRow(ImGuiTableRowFlags_None, body_h);
  int column = 0;
  if (left) {
    ImGui::TableSetColumnIndex(column++);
    ImGui::BeginChild("left", ImVec2(0, body_h), false, ImGuiWindowFlags_NavFlattened);
    draw_left_tabs(s, merged);
    ImGui::EndChild();
  }
  ImGui::TableSetColumnIndex(column++);
  draw_canvas_column(s, ImVec2(ImGui::GetContentRegionAvail().x, body_h));
  if (right) {
    ImGui::TableSetColumnIndex(column);
    ImGui::BeginChild("right", ImVec2(0, body_h), false, ImGuiWindowFlags_NavFlattened);
    draw_right_tabs(s);
    ImGui::EndChild();
  }
  ImGui::EndTable();
}

}  // namespace

namespace {
void draw_viewer_body(ViewerState& s);
}  // namespace

void draw_viewer(ViewerState& s) {
  s.widgets.clear();  // this frame's: a panel hidden now leaves none behind
  s.focused_widget.clear();
  keyboard_focus_begin();
  // The phone layout: buttons, tabs and fields 44 pixels high, as touch targets should be.
  const bool touch = is_narrow(s);
  if (touch) {
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(10 * s.ui_scale(), 14 * s.ui_scale()));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(8 * s.ui_scale(), 10 * s.ui_scale()));
  }
  draw_viewer_body(s);
  if (touch) ImGui::PopStyleVar(2);
  draw_keyboard_focus();
}

namespace {
void draw_viewer_body(ViewerState& s) {
  handle_global_keys(s);
  s.update_playback(ImGui::GetIO().DeltaTime);
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  const ImGuiWindowFlags host =
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
      ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoSavedSettings |
      (s.embed ? 0 : ImGuiWindowFlags_MenuBar);  // embedded: the canvas and the replay bar
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(6, 4));
  ImGui::Begin("Kibitz", nullptr, host);
  ImGui::PopStyleVar();
  if (!s.embed) draw_menu(s);
  // Room for the transport (its rows wrap in a narrow window), the scrub bar and two lines of
  // narration (in its own type size; three in a narrow window).
  const bool narrow = is_narrow(s);
  const float bar_h =
      ImGui::GetFrameHeightWithSpacing() * static_cast<float>(replay_rows(s) + 1) +
      ImGui::GetTextLineHeightWithSpacing() * (narrow ? 3.4f : 2.35f) * narration_scale(s);
  const float body_h = std::max(100.0f, ImGui::GetContentRegionAvail().y - bar_h);
  if (s.embed)
    draw_canvas_column(s, ImVec2(ImGui::GetContentRegionAvail().x, body_h));
  else if (narrow)
    draw_one_column(s, body_h);
  else
    draw_columns(s, body_h);
  draw_replay_bar(s);
  ImGui::End();
  s.open_tab.clear();
  draw_file_browser(s);
  draw_export_window(s);
  draw_quiz_codes(s);
  draw_fe_experiments(s);
}

}  // namespace

}  // namespace kibitz::viewer
