// The Greenblatt program's view (003_...): its debugging aids as tabs (the plausibility trace,
// the top level), feedover, capture-search and secondary marks on the canvas, the legend and
// the statistics (greenblatt_plausibility.cpp, greenblatt_views.cpp). Choosing it sets the form
// to chess and the paper's >= criterion.
#include "viewer/greenblatt_panels.hpp"
#include "viewer/views/view.hpp"

namespace kibitz::viewer {

namespace {

class GreenblattView final : public AlgorithmView {
 public:
  const char* algorithm() const override { return "greenblatt"; }
  bool applies(const trace::Model& m) const override { return is_greenblatt(m); }
  void chosen(SetupForm& f) const override {
    f.source = SetupForm::Source::game;
    f.game = SetupForm::k_game_count - 1;  // chess
    f.criterion = 1;  // "a move is rejected if it is equally good as the best so far"
  }
  void setup(ViewerState& s, std::map<std::string, std::string>& values) const override {
    if (ImGui::SmallButton("normal widths")) values["widths"] = "normal";
    s.note_widget("widths_normal");
    ImGui::SameLine();
    if (ImGui::SmallButton("tournament widths")) values["widths"] = "tournament";
  }
  void tabs(ViewerState& s, TabColumn column) const override {
    const char* name = column == TabColumn::left ? "Plausibility" : "Top level";
    const char* id = column == TabColumn::left ? "plausibility" : "toplevel";
    const ImGuiTabItemFlags flags = s.open_tab == id ? ImGuiTabItemFlags_SetSelected : 0;
    if (ImGui::BeginTabItem(name, nullptr, flags)) {
      if (column == TabColumn::left)
        draw_plausibility(s);
      else
        draw_top_level(s);
      ImGui::EndTabItem();
    }
    s.note_widget(column == TabColumn::left ? "tab_plausibility" : "tab_toplevel");
  }
  void legend(ViewerState& s) const override { draw_greenblatt_legend(s); }
  void stats(ViewerState& s) const override { draw_greenblatt_stats(s); }
  void tooltip(const ViewerState& s, std::uint32_t id) const override {
    const trace::ModelNode& n = s.model().node(id);
    if (n.marks & trace::k_gb_feedover)
      ImGui::TextUnformatted("feedover: the plausible move generator ran again");
    if (n.marks & trace::k_gb_by_capture)
      ImGui::TextUnformatted("reached by a plausible capture (capture search)");
    if (n.marks & trace::k_gb_secondary) ImGui::TextUnformatted("part of a secondary search");
    if (n.adjustment)
      ImGui::Text("its value to the parent is lowered by %d (a value modification)", n.adjustment);
  }
  bool marks_dots() const override { return true; }
  void node(const CanvasPaint& p, std::uint32_t id, ImVec2 a, ImVec2 b) const override {
    greenblatt_node_marks(p.dl, p.m.marks(id), a, b, p.zoom, p.lod, p.s.theme);
  }
};

}  // namespace

const AlgorithmView& greenblatt_view() {
  static const GreenblattView view;
  return view;
}

}  // namespace kibitz::viewer
