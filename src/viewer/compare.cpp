// Compare (compare.hpp): the second search follows the first, the nodes only one searched, the
// side-by-side canvases and the table.
#include "viewer/compare.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

#include <imgui.h>

#include "viewer/canvas.hpp"
#include "viewer/viewer_state.hpp"

namespace kibitz::viewer {

namespace {

// Each node's path, as text, to its id.
std::map<std::string, std::uint32_t> paths_of(const trace::Model& m) {
  std::map<std::string, std::uint32_t> out;
  for (std::uint32_t id = 0; id < m.node_count(); ++id) out.emplace(m.path_text(id), id);
  return out;
}

void mark(ViewerState& here, const ViewerState& other) {
  const std::map<std::string, std::uint32_t> there = paths_of(other.model());
  const trace::Model& m = here.model();
  here.only_here.assign(m.node_count(), 0);
  for (std::uint32_t id = 0; id < m.node_count(); ++id)
    here.only_here[id] = there.count(m.path_text(id)) == 0;
}

void ratio_cell(double a, double b) {
  if (a > 0)
    ImGui::Text("%.2f", b / a);
  else
    ImGui::TextDisabled("\u2014");
}

void table(const ViewerState& a, const ViewerState& b) {
  const CompareFigures fa = compare_figures(a.model()), fb = compare_figures(b.model());
  const ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("compare_table", 7, flags)) return;
  for (const char* h : {"", "nodes", "leaves", "cutoffs", "Pv", "Cut", "All"})
    ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  const struct {
    const char* name;
    const CompareFigures* f;
  } rows[] = {{"A", &fa}, {"B", &fb}};
  for (const auto& r : rows) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(r.name);
    const std::uint32_t v[] = {r.f->nodes, r.f->leaves, r.f->cutoffs, r.f->pv, r.f->cut, r.f->all};
    for (int c = 0; c < 6; ++c) {
      ImGui::TableSetColumnIndex(c + 1);
      ImGui::Text("%u", v[c]);
    }
  }
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextUnformatted("B / A");
  const double va[] = {double(fa.nodes), double(fa.leaves), double(fa.cutoffs),
                       double(fa.pv),    double(fa.cut),    double(fa.all)};
  const double vb[] = {double(fb.nodes), double(fb.leaves), double(fb.cutoffs),
                       double(fb.pv),    double(fb.cut),    double(fb.all)};
  for (int c = 0; c < 6; ++c) {
    ImGui::TableSetColumnIndex(c + 1);
    ratio_cell(va[c], vb[c]);
  }
  ImGui::EndTable();
}

// One side: its title (what it searched, how far it is) over its canvas.
void side(ViewerState& s, const char* name, float width, float height) {
  ImGui::BeginChild(name, ImVec2(width, height), false, ImGuiWindowFlags_NoScrollbar);
  const std::uint32_t entered = s.has_trace() ? s.model().nodes_visible_at(s.cursor()) : 0;
  std::size_t only = 0;
  for (std::uint32_t id = 0; id < entered && id < s.only_here.size(); ++id) only += s.only_here[id];
  ImGui::TextWrapped("%s: %s \u2014 %u nodes entered%s", name, s.compare_title.c_str(), entered,
                     only ? (", " + std::to_string(only) + " only here (purple)").c_str() : "");
  draw_tree_canvas(s, ImGui::GetContentRegionAvail());
  ImGui::EndChild();
}

}  // namespace

CompareFigures compare_figures(const trace::Model& m) {
  CompareFigures f;
  if (m.event_count() == 0) return f;
  const trace::Counters c = m.counters_at(m.event_count() - 1);
  f.nodes = static_cast<std::uint32_t>(m.node_count());
  f.leaves = c.leaves;
  f.cutoffs = c.cutoffs;
  f.pv = c.pv;
  f.cut = c.cut;
  f.all = c.all;
  return f;
}

void mark_only_here(ViewerState& a, ViewerState& b) {
  if (!a.has_trace() || !b.has_trace()) return;
  mark(a, b);
  mark(b, a);
}

void follow_compare(const ViewerState& a, ViewerState& b) {
  b.value_view = a.value_view;
  b.value_view_chosen = a.value_view_chosen;
  b.theme = a.theme;
  b.font_scale = a.font_scale;
  b.dpi_scale = a.dpi_scale;
  b.show_pruned = a.show_pruned;
  if (b.present != a.present) b.set_present(a.present);
  if (!a.has_trace() || !b.has_trace() || a.event_count() == 0 || b.event_count() == 0) return;
  const trace::Model& ma = a.model();
  const trace::Model& mb = b.model();
  if (a.cursor() + 1 >= a.event_count()) return b.seek(b.event_count() - 1);
  const std::uint32_t at = ma.node_of_event(a.cursor());
  if (at == trace::k_no_node) return b.seek(0);
  const bool leaving = ma.event(a.cursor()).type == trace::EventType::leave;
  // The same node where B searched it (the first with its path: B's iterations differ).
  const std::string path = ma.path_text(at);
  std::uint32_t same = trace::k_no_node;
  for (std::uint32_t id = 0; id < mb.node_count() && same == trace::k_no_node; ++id)
    if (mb.depth(id) == ma.depth(at) && mb.path_text(id) == path) same = id;
  if (same == trace::k_no_node) {  // else as many nodes in
    const std::uint32_t entered = ma.nodes_visible_at(a.cursor());
    same = std::min<std::uint32_t>(entered, static_cast<std::uint32_t>(mb.node_count())) - 1;
  }
  const trace::ModelNode& n = mb.node(same);
  b.seek(leaving && n.leave_t != trace::k_never ? n.leave_t : n.enter_t);
}

void draw_compare(ViewerState& a, ViewerState& b, float width, float height) {
  follow_compare(a, b);
  const float table_h = ImGui::GetFrameHeightWithSpacing() * 4.6f;
  const float half = std::max(50.0f, (width - ImGui::GetStyle().ItemSpacing.x) * 0.5f);
  const float canvases = std::max(80.0f, height - table_h);
  side(a, "A", half, canvases);
  ImGui::SameLine();
  side(b, "B", half, canvases);
  table(a, b);
  a.note_widget("compare_table");
}

const std::vector<ComparePreset>& compare_presets() {
  static const std::vector<ComparePreset> presets = {
      {"Best against worst move ordering (b = 3, d = 3)",
       R"J({"tree":"(((9 4 2) (15 12 10) (16 13 11)) ((6 3 1) (8 7 5) (19 17 14)) ((5 2 0) (7 6 4) (21 20 18)))","algo":"alphabeta"})J",
       R"J({"tree":"(((18 20 21) (4 6 7) (0 2 5)) ((14 17 19) (5 7 8) (1 3 6)) ((11 13 16) (10 12 15) (2 4 9)))","algo":"alphabeta"})J"},
      {"Cutoff when best > beta against best >= beta",
       R"J({"tree":"((3 12 8) (3 4 6) (14 5 3))","algo":"alphabeta","criterion":"gt"})J",
       R"J({"tree":"((3 12 8) (3 4 6) (14 5 3))","algo":"alphabeta","criterion":"ge"})J"},
      {"Minimax against alpha-beta", R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"minimax"})J",
       R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J"},
      {"Alpha-beta against principal variation search",
       R"J({"random":"b=3,d=4,lo=0,hi=40,seed=3","algo":"alphabeta"})J",
       R"J({"random":"b=3,d=4,lo=0,hi=40,seed=3","algo":"pvs"})J"},
      {"Forward estimation against alpha-beta",
       R"J({"random":"b=3,d=4,seed=1","algo":"alphabeta"})J",
       R"J({"random":"b=3,d=4,seed=1","algo":"forward-estimation"})J"},
      {"Interest search: a limit against none (tic-tac-toe, depth 4)",
       R"J({"game":"tictactoe","depth":4,"algo":"interest","limit":"inf"})J",
       R"J({"game":"tictactoe","depth":4,"algo":"interest","limit":3000})J"},
  };
  return presets;
}

}  // namespace kibitz::viewer
