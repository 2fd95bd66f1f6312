// Search statistics as of the cursor, and for the whole trace.
#include <cmath>

#include "viewer/canvas.hpp"
#include "viewer/panels.hpp"
#include "viewer/views/view.hpp"

namespace kibitz::viewer {

void draw_stats(ViewerState& s) {
  if (!s.has_trace()) {
    ImGui::TextDisabled("No trace loaded.");
    return;
  }
  const trace::Model& m = s.model();
  const trace::Counters now = m.counters_at(s.cursor());
  const trace::Counters all = m.counters_at(m.event_count() - 1);
  const ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("stats", 3, flags)) {
    ImGui::TableSetupColumn("");
    ImGui::TableSetupColumn("so far");
    ImGui::TableSetupColumn("whole search");
    ImGui::TableHeadersRow();
    auto row = [](const char* name, double a, double b, const char* fmt) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(name);
      ImGui::TableSetColumnIndex(1);
      ImGui::Text(fmt, a);
      ImGui::TableSetColumnIndex(2);
      ImGui::Text(fmt, b);
    };
    row("nodes", now.nodes, all.nodes, "%.0f");
    row("leaves evaluated", now.leaves, all.leaves, "%.0f");
    row("cutoffs", now.cutoffs, all.cutoffs, "%.0f");
    row("Pv nodes", now.pv, all.pv, "%.0f");
    // A node is Cut from its cutoff on, as the canvas shows it, not only once it has left.
    std::uint32_t open_cut = 0;
    const std::size_t t = s.cursor();
    for (std::uint32_t id = m.node_of_event(t); id != trace::k_no_node; id = m.parent(id)) {
      const trace::ModelNode& n = m.node(id);
      if (n.cutoff_t <= t && (n.leave_t == trace::k_never || n.leave_t > t)) ++open_cut;
    }
    row("Cut nodes", now.cut + open_cut, all.cut, "%.0f");
    row("All nodes", now.all, all.all, "%.0f");
    row("deepest node", now.max_depth, all.max_depth, "%.0f");
    // Effective branching factor: the d-th root of the leaves evaluated, d the depth reached.
    auto ebf = [](const trace::Counters& c) {
      return c.max_depth > 0 && c.leaves > 0
                 ? std::pow(static_cast<double>(c.leaves), 1.0 / c.max_depth)
                 : 0.0;
    };
    row("effective branching", ebf(now), ebf(all), "%.3f");
    ImGui::EndTable();
  }
  // Of the Cut nodes, how many were cut by their first successor (the seed: 90+% in real searches).
  std::uint32_t cut = 0, first = 0;
  for (std::uint32_t id = 0; id < m.node_count(); ++id) {
    if (m.kind(id) != NodeKind::cut) continue;
    ++cut;
    first += m.node(id).cutoff_child == 0;
  }
  if (cut)
    ImGui::Text("Cut nodes cut by their first successor: %u of %u (%.0f%%)", first, cut,
                100.0 * first / cut);
  ImGui::TextDisabled("effective branching = leaves^(1/depth)");
  for (const AlgorithmView* v : s.views()) v->stats(s);
  ImGui::Separator();
  const CanvasStats& cs = last_canvas_stats();
  ImGui::TextDisabled("events %zu, nodes %u; layout %.2f ms; frame %.1f ms (own work %.1f ms)",
                      m.event_count(), m.node_count(), s.layout().build_ms(), s.frame_ms,
                      s.work_ms);
  ImGui::TextDisabled("drawn %d, culled %d, folded %d (detail %d)", cs.nodes_drawn, cs.nodes_culled,
                      cs.dots_folded, cs.level_of_detail);
}

}  // namespace kibitz::viewer
