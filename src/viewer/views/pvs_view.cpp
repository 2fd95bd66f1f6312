// Principal variation search's view: its pseudocode, every node searched with a zero window
// striped teal (a probe's whole subtree) and the probe tagged "0-window", a re-search striped
// pink and tagged "re-search" and its superseded probe dimmed; the inspector says what a probe
// asked and what it answered; the legend and the statistics count probes and re-searches.
#include <algorithm>
#include <string>

#include "core/score.hpp"
#include "trace/node_marks.hpp"
#include "viewer/canvas_frame.hpp"
#include "viewer/views/view.hpp"
#include "viewer/views/view_marks.hpp"
#include "viewer/widgets.hpp"

namespace kibitz::viewer {

namespace {

using trace::EventType;

const Listing k_listing{
    "principal variation search (search! with zero windows)",
    {
        "def pvs!(node)",
        "  if count(node.succ) = 0",
        "    node.ret = evaluate(node.position)",
        "    return",
        "  end",
        "  for k from 0 to count(node.succ) \u2212 1",
        "    if k = 0 or the window is already a zero window",
        "      pvs!(node.succ[k]) with the window (\u2212\u03b2, \u2212\u03b1[k])",
        "    else",
        "      pvs!(node.succ[k]) with the zero window (\u2212\u03b1[k]\u22121, \u2212\u03b1[k])",
        "      if \u03b1[k] < \u2212node.succ[k].ret and not \u2212node.succ[k].ret \u22c6 \u03b2",
        "        pvs!(node.succ[k]) again with the window (\u2212\u03b2, \u2212\u03b1[k])",
        "      end",
        "    end",
        "    node.best[k] = max(node.best[k\u22121], \u2212node.succ[k].ret)",
        "    break if node.best[k] \u22c6 node.beta",
        "    node.alpha[k+1] = max(node.alpha[k], \u2212node.succ[k].ret)",
        "  end",
        "  node.ret = node.best[k]",
        "end",
        "\u203b with the criterion >, the zero window is (\u2212\u03b1[k], \u2212\u03b1[k])",
    }};

// Whether a node was searched with a zero window: no value strictly inside (alpha, beta) with
// >=, alpha = beta with >. A probe's whole subtree is.
bool zero_window(const trace::Model& m, const trace::ModelNode& n) {
  const bool ge = m.trace().meta.get("criterion", "gt") == "ge";
  return ge ? n.beta - n.alpha0 <= 1 : n.alpha0 >= n.beta;
}

// Probes and re-searches entered at or before t.
void count_at(const trace::Model& m, std::size_t t, std::uint32_t& probes,
              std::uint32_t& researches) {
  probes = researches = 0;
  const std::uint32_t visible = m.nodes_visible_at(t);
  for (std::uint32_t id = 0; id < visible; ++id) {
    probes += (m.marks(id) & trace::k_pvs_probe_node) != 0;
    researches += (m.marks(id) & trace::k_pvs_research_node) != 0;
  }
}

class PvsView final : public AlgorithmView {
 public:
  const char* algorithm() const override { return "pvs"; }
  bool applies(const trace::Model& m) const override {
    // PVS's own probes; or a PVS search that recorded none, unless it recorded through the
    // engine vocabulary (its modern techniques): the engine's view shows those.
    bool engine = false;
    for (std::uint32_t id = 0; id < m.node_count(); ++id) {
      const std::uint32_t marks = m.marks(id);
      if (marks & (trace::k_pvs_probe_node | trace::k_pvs_research_node)) return true;
      engine |= (marks & (trace::k_eng_probe | trace::k_eng_research | trace::k_eng_null_move |
                          trace::k_eng_quiescence)) != 0;
    }
    return m.trace().meta.get("algo") == "pvs" && !engine;
  }
  const Listing* listing() const override { return &k_listing; }
  int line_of(const trace::Event& e, bool leaf) const override {
    switch (e.type) {
      case EventType::enter:
      case EventType::label:
      case EventType::position:
        return 1;
      case EventType::expand:
        return 6;
      case EventType::evaluate:
        return 3;
      case EventType::pvs:
        return e.flags == 0 ? 10 : 11;  // the probe; the decision to search again
      case EventType::child_return:
        return 8;  // line_at tells which call returned
      case EventType::best_set:
        return 15;
      case EventType::cutoff:
        return 16;
      case EventType::alpha_set:
        return 17;
      case EventType::leave:
        return leaf ? 4 : 19;
      default:
        return 0;
    }
  }
  // A return goes back to the call that searched the successor: the full window, the probe or
  // the re-search (the successor entered last before it).
  int line_at(const trace::Model& m, std::size_t t, bool leaf) const override {
    const trace::Event& e = m.event(t);
    const std::uint32_t id = m.node_of_event(t);
    if (e.type != EventType::child_return || id >= m.node_count()) return line_of(e, leaf);
    for (std::uint32_t i = m.child_count(id); i > 0; --i) {
      const std::uint32_t child = m.child(id, i - 1);
      if (m.enter_t(child) < t) return call_line(m, child);
    }
    return line_of(e, leaf);
  }
  int call_line(const trace::Model& m, std::uint32_t child) const override {
    const std::uint32_t marks = m.marks(child);
    if (marks & trace::k_pvs_probe_node) return 10;
    if (marks & trace::k_pvs_research_node) return 12;
    return 8;
  }
  bool marks_dots() const override { return true; }
  void node(const CanvasPaint& p, std::uint32_t id, ImVec2 a, ImVec2 b) const override {
    // Dots need only the marks (hot); boxes, few on screen, read the window too.
    const std::uint32_t marks = p.m.marks(id);
    const bool probe = marks & trace::k_pvs_probe_node,
               research = marks & trace::k_pvs_research_node;
    const ImU32 col = research ? research_colour(p.s.theme) : probe_colour(p.s.theme);
    if (p.lod == 0) {
      if (!probe && !research) return;
      const ImVec2 c((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
      p.dl->AddCircle(c, std::max(2.0f, (b.x - a.x) * 0.5f + 1.5f), col, 8, 1.5f);
      return;
    }
    if (!probe && !research && !zero_window(p.m, p.m.node(id))) return;
    stripe(p, a, b, col);
    const bool superseded = marks & trace::k_superseded;
    if (superseded)
      p.dl->AddRectFilled(a, b, palette(p.s.theme).canvas_bg & 0x99FFFFFFu, 6.0f * p.zoom);
    if (p.lod < 2 || !(probe || research)) return;
    tag_above(p, a, b, probe ? (superseded ? "0-window \u21bb" : "0-window") : "re-search", col);
  }
  void tooltip(const ViewerState& s, std::uint32_t id) const override {
    const trace::ModelNode& n = s.model().node(id);
    if (!(n.marks & trace::k_pvs_probe_node) && zero_window(s.model(), n))
      ImGui::TextUnformatted("searched with a zero window (inside a probe)");
    if (n.marks & trace::k_pvs_probe_node)
      ImGui::TextUnformatted(n.marks & trace::k_superseded
                                 ? "a zero-window probe whose result fell inside the window: "
                                   "searched again"
                                 : "a zero-window probe: does it beat alpha?");
    if (n.marks & trace::k_pvs_research_node)
      ImGui::TextUnformatted("a re-search with the full window, after its probe");
  }
  void inspector(ViewerState& s, std::uint32_t id) const override;
  void legend(ViewerState& s) const override;
  void stats(ViewerState& s) const override {
    std::uint32_t probes, researches, all_probes, all_researches;
    count_at(s.model(), s.cursor(), probes, researches);
    count_at(s.model(), s.model().event_count() - 1, all_probes, all_researches);
    ImGui::Text("zero-window probes: %u so far, %u in the whole search", probes, all_probes);
    ImGui::Text("re-searches: %u so far, %u in the whole search", researches, all_researches);
  }
};

void PvsView::inspector(ViewerState& s, std::uint32_t id) const {
  const trace::Model& m = s.model();
  const trace::ModelNode& n = m.node(id);
  if (!(n.marks & (trace::k_pvs_probe_node | trace::k_pvs_research_node))) return;
  section("principal variation search");
  const std::string parent_alpha = format_score_pretty(-n.beta);
  if (n.marks & trace::k_pvs_probe_node) {
    ImGui::TextWrapped(
        "A zero-window probe: searched with (%s, %s) only to learn whether it beats its parent's "
        "\u03b1[%d] = %s, not its value.",
        format_score_pretty(n.alpha0).c_str(), format_score_pretty(n.beta).c_str(), n.k,
        parent_alpha.c_str());
    if (n.marks & trace::k_superseded)
      ImGui::TextWrapped(
          "It did beat it, without a cutoff: its return is only a bound, so successor %d was "
          "searched again with the full window (the next node with the same k).",
          n.k);
  } else {
    ImGui::TextWrapped(
        "A re-search: successor %d searched again with the full window (%s, %s) because its "
        "zero-window probe said it beats \u03b1. Expected a Pv node.",
        n.k, format_score_pretty(n.alpha0).c_str(), format_score_pretty(n.beta).c_str());
  }
}

void PvsView::legend(ViewerState& s) const {
  section("principal variation search");
  auto swatch = [&](ImU32 col, const char* text) { legend_swatch(s, col, text); };
  swatch(probe_colour(s.theme),
         "teal stripe: searched with a zero window. \"0-window\" marks the probe itself (a "
         "successor after the first: does it beat \u03b1?), \"0-window \u21bb\" and dimmed "
         "when its answer meant a re-search");
  swatch(research_colour(s.theme),
         "pink stripe, \"re-search\": the same successor searched again with the full window, "
         "expected Pv");
}

}  // namespace

const AlgorithmView& pvs_view() {
  static const PvsView view;
  return view;
}

}  // namespace kibitz::viewer
