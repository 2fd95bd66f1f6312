// Forward estimation's view (002_...): pruned successors as FE stubs with the inequality that
// pruned them, estimate bars under tested nodes, the inspector's table of a node's tests, the
// legend's marks and the statistics' counts (fe_canvas.cpp, fe_panels.cpp). Its set-up options
// are drawn by the generic form; this adds what they need to be understood.
#include "trace/fe_index.hpp"
#include "viewer/fe_draw.hpp"
#include "viewer/views/view.hpp"

namespace kibitz::viewer {

namespace {

class FeAlgorithmView final : public AlgorithmView {
 public:
  const char* algorithm() const override { return "forward-estimation"; }
  bool applies(const trace::Model& m) const override {
    return m.trace().meta.get("algo") == "forward-estimation" || trace::fe_index(m).size() > 0;
  }
  // The explanation, and the bounds: their default depends on the source (exact bounds are
  // known only for random trees).
  void setup(ViewerState& s, std::map<std::string, std::string>& values) const override {
    ImGui::TextWrapped(
        "Prunes a successor whose estimate [c + l\u00b7d, c + u\u00b7d] cannot reach the window "
        "(needs node costs: a random tree or a game).");
    const bool random = s.setup.source == SetupForm::Source::random;
    if (s.setup.source == SetupForm::Source::tree || s.setup.source == SetupForm::Source::example)
      ImGui::TextColored(ImVec4(0.9f, 0.6f, 0.2f, 1.0f), "Choose a random tree or a game.");
    const auto given = values.find("bounds");
    const std::string bounds = given != values.end() ? given->second : random ? "exact" : "online";
    ImGui::TextUnformatted("edge-cost bounds");
    const char* const names[] = {"exact", "online", "offline"};
    const char* const labels[] = {"exact", "on-line", "off-line"};
    for (int i = 0; i < 3; ++i) {
      if (i) ImGui::SameLine();
      if (ImGui::RadioButton(labels[i], bounds == names[i])) values["bounds"] = names[i];
      s.note_widget((std::string("fe_bounds_") + names[i]).c_str());
    }
  }
  void inspector(ViewerState& s, std::uint32_t id) const override {
    draw_fe_inspector(s, id, s.cursor());
  }
  void legend(ViewerState& s) const override { draw_fe_legend(s); }
  void stats(ViewerState& s) const override { draw_fe_stats(s); }
  void tooltip(const ViewerState& s, std::uint32_t id) const override {
    fe_node_tooltip(s.model(), id, s.cursor());
  }
  bool owns_stubs() const override { return true; }
  bool owns_stub(const trace::Model&, const LayoutStub& st) const override {
    return st.fe_test >= 0;
  }
  bool stub(const CanvasPaint& p, const LayoutStub& st, ImVec2 from, ImVec2 top) const override {
    if (st.fe_test < 0) return false;
    draw_fe_stub(p.dl, p.s, st, from, top, p.zoom, p.lod, p.hovered);
    return true;
  }
  void node(const CanvasPaint& p, std::uint32_t id, ImVec2 a, ImVec2 b) const override {
    if (p.lod == 2) draw_fe_node_bar(p.dl, p.s, id, p.t, a, b, p.zoom);
  }
};

}  // namespace

const AlgorithmView& forward_estimation_view() {
  static const FeAlgorithmView view;
  return view;
}

}  // namespace kibitz::viewer
