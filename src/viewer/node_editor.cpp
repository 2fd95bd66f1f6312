// Edit by hand: a node's value, name, successors and place among its siblings, in the inspector
// and in a popup over the canvas (a double-click on a leaf, a right-click on any node). Each
// change is asked of the app (command::EditNode), which edits the tree text, searches again at
// once and keeps the cursor at the same node and step (app/viewer_app/tree_edits.cpp).
#include <cstdio>
#include <string>

#include "core/score.hpp"
#include "trace/minimax_form.hpp"
#include "viewer/panels.hpp"
#include "viewer/widgets.hpp"

namespace kibitz::viewer {

namespace {

using Kind = command::EditNode::Kind;

void ask_edit(ViewerState& s, std::uint32_t id, Kind kind, Score value = 0, std::string name = {}) {
  s.ask(command::EditNode{kind, id, value, std::move(name)});
}

// A leaf's value as the tree text has it (MAX's point of view), whatever the view.
Score typed_value(const trace::Model& m, std::uint32_t id) {
  return trace::max_view(m, id, m.node(id).ret);
}

void value_field(ViewerState& s, std::uint32_t id) {
  // The field shows the tree's value unless it is being typed in.
  static std::uint32_t shown_for = trace::k_no_node;
  static bool typing = false;
  static int value = 0;
  const trace::Model& m = s.model();
  if (!typing || shown_for != id) value = static_cast<int>(typed_value(m, id));
  shown_for = id;
  // The number's box 5 em wide besides its - and + buttons (square, as tall as a touch target).
  ImGui::SetNextItemWidth(number_width(5.0f));
  const bool entered =
      ImGui::InputInt("value (Enter)", &value, 1, 10,
                      ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  typing = ImGui::IsItemActive();
  s.note_widget("edit_value");
  if (entered && value != typed_value(m, id)) ask_edit(s, id, Kind::set_value, value);
}

void name_field(ViewerState& s, std::uint32_t id) {
  static std::uint32_t shown_for = trace::k_no_node;
  static bool typing = false;
  static char name[64] = "";
  if (!typing || shown_for != id)
    std::snprintf(name, sizeof name, "%s", s.model().label(id).c_str());
  shown_for = id;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.0f);
  const bool entered =
      ImGui::InputText("name (Enter)", name, sizeof name, ImGuiInputTextFlags_EnterReturnsTrue);
  typing = ImGui::IsItemActive();
  s.note_widget("edit_name");
  if (entered && s.model().label(id) != name) ask_edit(s, id, Kind::rename, 0, name);
}

}  // namespace

bool node_editable(const ViewerState& s, std::uint32_t id) {
  return s.tree_editable && s.has_trace() && id < s.model().node_count() && !s.quiz.active() &&
         !s.compare_with;
}

void draw_node_editor(ViewerState& s, std::uint32_t id) {
  if (!node_editable(s, id)) return;
  const trace::ModelNode& n = s.model().node(id);
  if (n.leaf) value_field(s, id);
  name_field(s, id);
  if (ImGui::Button("+ successor")) ask_edit(s, id, Kind::add_successor);
  s.note_widget("edit_add");
  if (n.parent != trace::k_no_node) {
    ImGui::SameLine();
    if (ImGui::Button("remove")) ask_edit(s, id, Kind::remove);
    s.note_widget("edit_remove");
    ImGui::SameLine();
    if (ImGui::Button("\u25c0 move")) ask_edit(s, id, Kind::move_left);
    s.note_widget("edit_left");
    ImGui::SameLine();
    if (ImGui::Button("move \u25b6")) ask_edit(s, id, Kind::move_right);
    s.note_widget("edit_right");
  }
  ImGui::BeginDisabled(!s.can_undo_edit);
  if (ImGui::Button("undo (Ctrl+Z)")) s.ask(command::UndoEdit{});
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!s.can_redo_edit);
  if (ImGui::Button("redo (Ctrl+Y)")) s.ask(command::RedoEdit{});
  ImGui::EndDisabled();
}

}  // namespace kibitz::viewer
