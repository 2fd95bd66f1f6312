// The Find tab: go to a node by its path, moves, name or id, or list the nodes that meet a
// condition (a kind other than expected, a late cutoff, a value range) and go to them.
#include <imgui.h>
#include <misc/cpp/imgui_stdlib.h>

#include <algorithm>
#include <string>

#include "core/score.hpp"
#include "viewer/node_find.hpp"
#include "viewer/panels.hpp"
#include "viewer/widgets.hpp"

namespace kibitz::viewer {

namespace {

constexpr std::size_t k_listed = 500;

void go_to_field(ViewerState& s) {
  ImGui::TextDisabled("a path (0.2.1), moves (e4 e5), a name, or #id");
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 4);
  const bool enter = ImGui::InputText("##goto", &s.find.text, ImGuiInputTextFlags_EnterReturnsTrue);
  s.note_widget("find_text");
  ImGui::SameLine();
  if (ImGui::Button("Go to") || enter) {
    const std::uint32_t id = find_node(s.model(), s.find.text, s.find.error);
    if (id != trace::k_no_node) s.go_to(id);
  }
  s.note_widget("find_go");
  if (!s.find.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.45f, 0.4f, 1));
    ImGui::TextWrapped("%s", s.find.error.c_str());
    ImGui::PopStyleColor();
  }
}

void condition_fields(ViewerState& s) {
  static const char* const k_conditions[] = {
      "kind is not the one expected", "cutoff by successor k or later", "ret in a range",
      "evaluated leaf in a range",    "how the engine searched it",     "a note, move or key says"};
  static const char* const k_kinds[] = {
      "probe",      "re-search", "superseded attempt",     "null move",
      "quiescence", "table cut", "moves pruned unsearched"};
  ImGui::SetNextItemWidth(-1);
  ImGui::Combo("##condition", &s.find.condition, k_conditions, 6);
  s.note_widget("find_condition");
  const float w = number_width(4.0f);
  const auto c = static_cast<FindCondition>(s.find.condition);
  if (c == FindCondition::late_cutoff) {
    ImGui::SetNextItemWidth(w);
    ImGui::InputInt("k (0 = first)", &s.find.min_k);
    s.find.min_k = std::max(0, s.find.min_k);
  } else if (c == FindCondition::value_range || c == FindCondition::leaf_range) {
    ImGui::SetNextItemWidth(w);
    ImGui::InputInt("from", &s.find.lo);
    ImGui::SetNextItemWidth(w);
    ImGui::InputInt("to", &s.find.hi);
  } else if (c == FindCondition::search_kind) {
    ImGui::SetNextItemWidth(-1);
    ImGui::Combo("##search_kind", &s.find.kind, k_kinds, 7);
  } else if (c == FindCondition::text) {
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##find_text", "note text, a move, a key in hex", &s.find.what);
    s.note_widget("find_what");
  }
  if (ImGui::Button("Find")) {
    FindQuery q;
    q.condition = c;
    q.min_k = s.find.min_k;
    q.lo = s.find.lo;
    q.hi = s.find.hi;
    q.kind = static_cast<SearchKind>(s.find.kind);
    q.text = s.find.what;
    s.find.results = find_nodes(s.model(), q, k_listed, s.find.total);
    s.find.searched = true;
  }
  s.note_widget("find_button");
}

void results(ViewerState& s) {
  if (!s.find.searched) return;
  if (s.find.total == 0) {
    ImGui::TextDisabled("no node meets it");
    return;
  }
  if (s.find.total > s.find.results.size())
    ImGui::Text("%zu nodes (the first %zu listed)", s.find.total, s.find.results.size());
  else
    ImGui::Text("%zu node%s", s.find.total, s.find.total == 1 ? "" : "s");
  ImGui::BeginChild("find_results", ImVec2(0, 0), true, ImGuiWindowFlags_NavFlattened);
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(s.find.results.size()));
  const trace::Model& m = s.model();
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const std::uint32_t id = s.find.results[static_cast<std::size_t>(i)];
      const trace::ModelNode& n = m.node(id);
      const std::string path = m.path_text(id).empty() ? "root" : m.path_text(id);
      std::string line = path + "  " + kind_label(n.kind);
      if (n.expected != NodeKind::unknown && n.expected != n.kind)
        line += std::string(" (expected ") + kind_label(n.expected) + ")";
      if (n.leave_t != trace::k_never) line += "  ret " + format_score_pretty(n.ret);
      if (n.cutoff_child >= 0) line += "  cut by k=" + std::to_string(n.cutoff_child);
      line += "##" + std::to_string(id);
      if (ImGui::Selectable(line.c_str(), s.selected == id)) s.go_to(id);
    }
  }
  ImGui::EndChild();
}

}  // namespace

void draw_find(ViewerState& s) {
  if (!s.has_trace()) {
    ImGui::TextDisabled("No trace yet.");
    return;
  }
  ImGui::TextDisabled("go to");
  ImGui::Separator();
  go_to_field(s);
  if (s.selected != trace::k_no_node && ImGui::Button("Zoom to the selection (Z)"))
    s.go_to(s.selected);
  ImGui::TextDisabled("find");
  ImGui::Separator();
  condition_fields(s);
  results(s);
}

}  // namespace kibitz::viewer
