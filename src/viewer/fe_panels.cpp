// Forward estimation in the panels: its set-up options, the inspector's table of a node's
// tests, the legend's marks and the statistics' counts.
#include <algorithm>
#include <string>

#include "core/score.hpp"
#include "trace/fe_index.hpp"
#include "viewer/fe_draw.hpp"
#include "viewer/widgets.hpp"

namespace kibitz::viewer {

namespace {
std::string sc(std::int64_t v) {
  return format_score_pretty(static_cast<Score>(v));
}
}  // namespace

void draw_fe_inspector(ViewerState& s, std::uint32_t id, std::size_t t) {
  const trace::Model& m = s.model();
  const trace::FeIndex& fe = trace::fe_index(m);
  if (const trace::FeTest* own = fe.test_of_child(id); own && own->t <= t) {
    section("forward estimation");
    ImGui::TextWrapped("Entered after its estimate [%s, %s] was tested: %s.",
                       sc(own->low()).c_str(), sc(own->high()).c_str(),
                       trace::fe_inequality(*own).c_str());
  }
  const std::uint32_t n = fe.count(id);
  const trace::FeTest* tests = fe.begin(id);
  std::uint32_t shown = 0;
  for (std::uint32_t i = 0; i < n; ++i) shown += tests[i].t <= t;
  if (shown == 0) return;
  section("forward estimation: successors tested");
  const ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
  if (ImGui::BeginTable("fe_tests", 4, flags)) {
    ImGui::TableSetupColumn("move", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("root", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("[c+l\u00b7d, c+u\u00b7d]", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("test", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    const ImVec4 pruned_col = ImGui::ColorConvertU32ToFloat4(fe_colour(s.theme));
    for (std::uint32_t i = 0; i < n; ++i) {
      const trace::FeTest& f = tests[i];
      if (f.t > t) continue;
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      const std::string move =
          f.move_index == trace::k_no_move_index ? "?" : std::to_string(f.move_index);
      if (f.child != trace::k_no_node && f.child < m.nodes_visible_at(t)) {
        if (ImGui::SmallButton((move + "##fe" + std::to_string(i)).c_str())) s.selected = f.child;
      } else {
        ImGui::TextUnformatted(move.c_str());
      }
      ImGui::TableSetColumnIndex(1);
      ImGui::Text("%s d=%d", f.max_root ? "MAX" : "MIN", f.d);
      ImGui::TableSetColumnIndex(2);
      ImGui::Text("[%s, %s]", sc(f.low()).c_str(), sc(f.high()).c_str());
      ImGui::TableSetColumnIndex(3);
      if (f.pruned) ImGui::PushStyleColor(ImGuiCol_Text, pruned_col);
      ImGui::TextWrapped("%s%s", trace::fe_inequality(f).c_str(), f.pruned ? ": pruned" : "");
      if (f.pruned) ImGui::PopStyleColor();
    }
    ImGui::EndTable();
  }
  const trace::ModelNode& node = m.node(id);
  if (node.pruned > 0 && node.leave_t <= t) {
    ImGui::TextWrapped(
        "ret = max(best, the largest estimate of a pruned successor): a pruned successor is worth "
        "at "
        "most its estimate, so ret stays a bound of the score.");
  }
  ImGui::TextDisabled(
      "c, l', u', the estimate and \u03b1/\u03b2 are from MAX's point of view (the root's side).");
}

void draw_fe_legend(ViewerState& s) {
  if (!s.has_trace() || trace::fe_index(s.model()).size() == 0) return;
  const Palette& p = palette(s.theme);
  const ImU32 fe = fe_colour(s.theme);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float h = ImGui::GetTextLineHeight();
  section("forward estimation");
  ImVec2 a = ImGui::GetCursorScreenPos();
  for (float x = a.x; x < a.x + h * 2.6f; x += 6) {
    dl->AddLine(ImVec2(x, a.y), ImVec2(std::min(x + 3, a.x + h * 2.6f), a.y), fe, 1.5f);
    dl->AddLine(ImVec2(x, a.y + h * 1.1f), ImVec2(std::min(x + 3, a.x + h * 2.6f), a.y + h * 1.1f),
                fe, 1.5f);
  }
  dl->AddText(ImVec2(a.x + 4, a.y + 1), fe, "FE");
  ImGui::Dummy(ImVec2(h * 2.6f, h * 1.1f));
  ImGui::SameLine();
  ImGui::TextWrapped(
      "dashed FE box: a successor pruned before it was entered, with the inequality that pruned it "
      "(c+u\u00b7d \u2264 \u03b1 for a MIN root, c+l\u00b7d \u2265 \u03b2 for a MAX root)");
  a = ImGui::GetCursorScreenPos();
  dl->AddRectFilled(a, ImVec2(a.x + h * 2.6f, a.y + h * 0.7f),
                    (p.text_dim & 0x00FFFFFFu) | 0x46000000u);
  dl->AddRectFilled(ImVec2(a.x + h * 0.3f, a.y + h * 0.15f),
                    ImVec2(a.x + h * 1.2f, a.y + h * 0.55f), fe);
  dl->AddLine(ImVec2(a.x + h * 1.4f, a.y - 2), ImVec2(a.x + h * 1.4f, a.y + h * 0.7f + 2), p.text,
              2.0f);
  ImGui::Dummy(ImVec2(h * 2.6f, h * 0.8f));
  ImGui::SameLine();
  ImGui::TextWrapped(
      "bar under a tested node: its estimated interval [c+l\u00b7d, c+u\u00b7d] (filled) against "
      "its "
      "window [\u03b1, \u03b2] (band; the tested bound is the heavy line)");
  ImGui::Checkbox("show estimate bars", &s.fe.bars);
  s.note_widget("fe_bars");
}

void draw_fe_stats(ViewerState& s) {
  const trace::Model& m = s.model();
  const trace::Counters now = m.counters_at(s.cursor());
  const trace::Counters all = m.counters_at(m.event_count() - 1);
  if (all[trace::Counter::fe_tests] == 0) return;
  ImGui::Text("forward estimation: %u of %u tests, %u of %u pruned", now[trace::Counter::fe_tests],
              all[trace::Counter::fe_tests], now[trace::Counter::fe_prunes],
              all[trace::Counter::fe_prunes]);
  ImGui::TextDisabled(
      "nodes generated (the report's count): %u",
      all.nodes - static_cast<std::uint32_t>(m.roots().size()) + all[trace::Counter::fe_prunes]);
}

}  // namespace kibitz::viewer
