// Interest search's view (001_...): its pseudocode, the limit schedule's part of the set-up form,
// each edge's cost and net cost, the interest cutoff's violet diamond and stubs, the
// inspector's plausibility trace, the legend and the statistics (interest_canvas.cpp,
// interest_panels.cpp).
#include <cstdio>
#include <cstdlib>

#include <imgui.h>
#include <misc/cpp/imgui_stdlib.h>

#include "trace/interest_index.hpp"
#include "trace/records/interest_codec.hpp"
#include "viewer/interest_panels.hpp"
#include "viewer/views/view.hpp"

namespace kibitz::viewer {

namespace {

using trace::EventType;

// Interest search (001_...): search! with the net-cost test before each successor.
const Listing k_listing{
    "interest search: search! with an interest limit (001_\u2026)",
    {
        "def search!(node, tally)",
        "  if count(node.succ) = 0",
        "    node.ret = evaluate(node.position)",
        "    return",
        "  end",
        "  cost[i] = 1 / interest(move i); sort the moves by cost",
        "  mutable ply_cost \u2190 0",
        "  for k from 0 to count(node.succ) \u2212 1",
        "    net = tally[mover] + ply_cost + cost[k]   (+ tally[other] if joint)",
        "    if net > limit and k = 0: node.ret = evaluate(node.position); return",
        "    break if net > limit                      (interest cutoff)",
        "    node.succ[k].alpha[0] = \u2212node.beta;  node.succ[k].beta = \u2212node.alpha[k]",
        "    search!(node.succ[k], tally with tally[mover] += ply_cost + cost[k])",
        "    node.best[k] = max(node.best[k\u22121], \u2212node.succ[k].ret)",
        "    break if node.best[k] \u22c6 node.beta",
        "    node.alpha[k+1] = max(node.alpha[k], \u2212node.succ[k].ret)",
        "    ply_cost \u2190 ply_cost + cost[k]",
        "  end",
        "  node.ret = node.best[k]",
        "end",
    }};

// The limits' text from its parts: "start=S,factor=F,iterations=N".
std::string growth_text(int start, float factor, int iterations) {
  char f[32];
  std::snprintf(f, sizeof f, "%.3f", static_cast<double>(factor));
  std::string fs = f;
  while (!fs.empty() && fs.back() == '0') fs.pop_back();
  if (!fs.empty() && fs.back() == '.') fs.pop_back();
  return "start=" + std::to_string(start) + ",factor=" + fs +
         ",iterations=" + std::to_string(iterations);
}

// One part of a growth text ("factor" of "start=1000,factor=2,iterations=4"), or fallback.
double growth_part(const std::string& text, const char* name, double fallback) {
  const std::string key = std::string(name) + "=";
  const std::size_t at = text.find(key);
  if (at == std::string::npos) return fallback;
  return std::atof(text.c_str() + at + key.size());
}

// The limit schedule: automatic, a list, or a growth (the text of the option "limits").
void limits_form(ViewerState& s, std::string& limits) {
  ImGui::TextUnformatted("interest limit of each iteration");
  int mode = limits.empty() ? 0 : limits.find('=') != std::string::npos ? 2 : 1;
  const int before = mode;
  ImGui::RadioButton("automatic", &mode, 0);
  s.note_widget("interest_limits_auto");
  ImGui::SameLine();
  ImGui::RadioButton("list", &mode, 1);
  s.note_widget("interest_limits_list");
  ImGui::SameLine();
  ImGui::RadioButton("growth", &mode, 2);
  s.note_widget("interest_limits_growth");
  if (mode != before)
    limits = mode == 0 ? "" : mode == 1 ? "2000,4000,8000" : growth_text(1000, 2.0f, 4);
  const float w = ImGui::GetFontSize() * 6;
  if (mode == 0) {
    ImGui::TextDisabled("2c, 4c, 8c, 16c: c is the cost of the root's cheapest move");
  } else if (mode == 1) {
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##limits", &limits);
    s.note_widget("interest_limits");
    ImGui::TextDisabled("growing limits, e.g. 2000,4000,8000 or 3000,inf");
  } else {
    int start = static_cast<int>(growth_part(limits, "start", 1000));
    float factor = static_cast<float>(growth_part(limits, "factor", 2.0));
    int iterations = static_cast<int>(growth_part(limits, "iterations", 4));
    ImGui::SetNextItemWidth(w);
    ImGui::InputInt("start", &start);
    ImGui::SetNextItemWidth(w);
    ImGui::InputFloat("factor", &factor, 0.25f, 1.0f, "%.4g");
    ImGui::SetNextItemWidth(w);
    ImGui::InputInt("iterations", &iterations);
    limits = growth_text(std::max(0, start), std::min(100.0f, std::max(1.001f, factor)),
                         std::min(50, std::max(1, iterations)));
  }
}

class InterestView final : public AlgorithmView {
 public:
  const char* algorithm() const override { return "interest"; }
  bool applies(const trace::Model& m) const override {
    return m.trace().meta.get("algo") == "interest" || !trace::interest_index(m).empty();
  }
  const Listing* listing() const override { return &k_listing; }
  int line_of(const trace::Event& e, bool leaf) const override {
    switch (e.type) {
      case EventType::enter:
      case EventType::label:
      case EventType::position:
        return 1;
      case EventType::expand:
      case EventType::interest_terms:
        return 6;
      case EventType::interest_move:
        if (trace::RecordCodec<InterestMoveRecord>::static_leaf(e)) return 10;
        return trace::RecordCodec<InterestMoveRecord>::cut(e) ? 11 : 9;
      case EventType::evaluate:
        return 3;
      case EventType::child_return:
        return 13;
      case EventType::best_set:
        return 14;
      case EventType::cutoff:
        return 15;
      case EventType::alpha_set:
        return 16;
      case EventType::leave:
        return leaf ? 4 : 19;
      default:
        return 0;
    }
  }
  int call_line(const trace::Model&, std::uint32_t) const override { return 13; }
  void setup(ViewerState& s, std::map<std::string, std::string>& values) const override {
    limits_form(s, values["limits"]);
    if (s.setup.source == SetupForm::Source::random) {
      bool value_costs = values["interest_costs"] == "value";
      ImGui::Checkbox("costs from values (else ranks)", &value_costs);
      values["interest_costs"] = value_costs ? "value" : "rank";
    } else {
      values.erase("interest_costs");
    }
  }
  void inspector(ViewerState& s, std::uint32_t id) const override {
    draw_interest_inspector(s, id);
  }
  void legend(ViewerState& s) const override { draw_interest_legend(s); }
  void stats(ViewerState& s) const override {
    const trace::InterestIndex& ix = trace::interest_index(s.model());
    ImGui::Text("interest cutoffs: %u so far, %u in the whole search", ix.cutoffs_at(s.cursor()),
                ix.cutoffs());
  }
  void tooltip(const ViewerState& s, std::uint32_t id) const override {
    draw_interest_tooltip(s.model(), id);
  }
  void edge(const CanvasPaint& p, std::uint32_t child, ImVec2 from, ImVec2 to) const override {
    if (p.lod == 2) draw_interest_edge(p.dl, p.s, child, from, to, p.zoom);
  }
  bool owns_stubs() const override { return true; }
  bool owns_stub(const trace::Model& m, const LayoutStub& st) const override {
    return trace::interest_index(m).cut(st.parent) != trace::k_no_node;
  }
  bool stub(const CanvasPaint& p, const LayoutStub& st, ImVec2 from, ImVec2 top) const override {
    const float sw = p.s.metrics.stub_width * p.zoom;
    return draw_interest_stub(p.dl, p.s, st, from, top,
                              ImVec2(sw, p.s.metrics.node_height * 0.55f * p.zoom), p.zoom, p.lod);
  }
  const char* leaf_word(const ViewerState& s, std::uint32_t id, ImU32& colour) const override {
    if (!is_static_interest_leaf(s.model(), id)) return nullptr;
    colour = interest_color(s.theme);
    return "static";  // a leaf by the interest limit, not by depth
  }
};

}  // namespace

const AlgorithmView& interest_view() {
  static const InterestView view;
  return view;
}

}  // namespace kibitz::viewer
