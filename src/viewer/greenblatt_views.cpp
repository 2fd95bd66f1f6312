// The Greenblatt views besides the plausibility trace: the top-level record (aid 5), the
// statistics (aid 6), the evaluation broken into its terms (aid 3) and the canvas marks.
#include <algorithm>
#include <string>

#include "core/score.hpp"
#include "trace/greenblatt_index.hpp"
#include "trace/narration.hpp"
#include "viewer/greenblatt_panels.hpp"
#include "viewer/widgets.hpp"

namespace kibitz::viewer {

namespace {

struct Marks {
  ImU32 feedover, capture, secondary;
};

Marks marks(Theme t) {
  // A violet and a sand tint, readable over both themes' node boxes; each also has a text tag.
  if (t == Theme::dark)
    return {IM_COL32(170, 120, 240, 90), IM_COL32(220, 180, 110, 70), IM_COL32(120, 200, 255, 255)};
  return {IM_COL32(150, 90, 220, 60), IM_COL32(200, 150, 60, 60), IM_COL32(0, 100, 170, 255)};
}

std::uint32_t root_of(const trace::Model& m, std::uint32_t id) {
  while (id != trace::k_no_node && m.parent(id) != trace::k_no_node) id = m.parent(id);
  return id;
}

// The labels of a line of nodes, space separated.
std::string line_text(const trace::Model& m, std::uint32_t first) {
  std::string s = m.label(first);
  for (std::uint32_t id : m.principal_variation(first))
    s += " " + (m.label(id).empty() ? "?" : m.label(id));
  return s;
}

std::string final_value(const trace::Model& m, std::uint32_t child) {
  const trace::ModelNode& n = m.node(child);
  if (n.leave_t == trace::k_never) return "\u2026";
  return format_score_pretty(-n.ret - n.adjustment);
}

}  // namespace

void draw_top_level(ViewerState& s) {
  if (!s.has_trace() || s.model().roots().empty()) {
    ImGui::TextDisabled("No trace loaded.");
    return;
  }
  const trace::Model& m = s.model();
  std::uint32_t root = root_of(m, s.selected);
  if (root == trace::k_no_node) root = m.roots().back();
  const trace::GreenblattNode rec = trace::greenblatt_node(m, root);
  section(m.roots().size() > 1
              ? ("top level, iteration " + std::to_string(m.iteration(root))).c_str()
              : "top level");
  if (rec.moves.empty()) {
    ImGui::TextDisabled("No plausibility record at the root.");
    return;
  }
  const std::vector<std::uint32_t> pv = m.principal_variation(root);
  const std::uint32_t chosen = pv.empty() ? trace::k_no_node : pv.front();
  ImGui::TextWrapped(
      "Every root move's plausibility and, for each move searched, the main variation found under "
      "it "
      "(the whole search). Basic width %d, %d of %zu moves selected.",
      rec.width.width, rec.width.selected, rec.moves.size());
  // Searched moves, in plausibility order, each with its main variation; then the others.
  std::string skipped;
  for (const trace::GreenblattMove& r : rec.moves) {
    if (r.child == trace::k_no_node) {
      skipped +=
          (skipped.empty() ? "" : ", ") + r.name + " " + std::to_string(r.record.plausibility);
      continue;
    }
    const bool best =
        r.child == chosen || (r.secondary != trace::k_no_node && r.secondary == chosen);
    const std::string head = std::to_string(r.rank + 1) + ". " + r.name + (best ? " \u25c0" : "") +
                             "   plausibility " + std::to_string(r.record.plausibility) +
                             ", value " + final_value(m, r.child) + "##top" +
                             std::to_string(r.rank);
    if (ImGui::Selectable(head.c_str(), s.selected == r.child)) s.selected = r.child;
    ImGui::Indent();
    ImGui::TextWrapped("%s", line_text(m, r.child).c_str());
    if (r.secondary != trace::k_no_node) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::TextWrapped("secondary search %s: %s", final_value(m, r.secondary).c_str(),
                         line_text(m, r.secondary).c_str());
      ImGui::PopStyleColor();
    }
    ImGui::Unindent();
  }
  if (!skipped.empty()) {
    section("not searched (plausibility)");
    ImGui::TextWrapped("%s", skipped.c_str());
  }
  s.note_widget("top_level_table");
  ImGui::TextDisabled("\u25c0 the move chosen. Values are the root's, after value modifications.");
}

void draw_greenblatt_stats(ViewerState& s) {
  if (!s.has_trace()) return;
  const trace::Model& m = s.model();
  const trace::Counters now = m.counters_at(s.cursor());
  const trace::Counters all = m.counters_at(m.event_count() - 1);
  section("Greenblatt search");
  if (s.search_seconds >= 0) {
    ImGui::TextWrapped("time: %.3f s (the recorded run; unrecorded searches are faster)",
                       s.search_seconds);
  }
  const ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("gb_stats", 3, flags)) {
    ImGui::TableSetupColumn("");
    ImGui::TableSetupColumn("so far");
    ImGui::TableSetupColumn("whole search");
    ImGui::TableHeadersRow();
    auto row = [](const char* name, std::uint32_t a, std::uint32_t b) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(name);
      ImGui::TableSetColumnIndex(1);
      ImGui::Text("%u", a);
      ImGui::TableSetColumnIndex(2);
      ImGui::Text("%u", b);
    };
    row("plausible move generations", now[trace::Counter::gb_generations],
        all[trace::Counter::gb_generations]);
    row("feedovers", now[trace::Counter::gb_feedovers], all[trace::Counter::gb_feedovers]);
    row("static evaluations", now[trace::Counter::gb_statics], all[trace::Counter::gb_statics]);
    row("capture-search nodes", now[trace::Counter::gb_capture_nodes],
        all[trace::Counter::gb_capture_nodes]);
    row("secondary searches", now[trace::Counter::gb_secondary], all[trace::Counter::gb_secondary]);
    row("hash probes", now[trace::Counter::tt_probes], all[trace::Counter::tt_probes]);
    row("hash hits", now[trace::Counter::tt_hits], all[trace::Counter::tt_hits]);
    row("hash cutoffs", now[trace::Counter::tt_cutoffs], all[trace::Counter::tt_cutoffs]);
    ImGui::EndTable();
  }
  s.note_widget("greenblatt_stats");
}

void draw_eval_breakdown(ViewerState& s, std::uint32_t id) {
  if (!s.services.eval_breakdown) return;
  const trace::Model& m = s.model();
  const std::optional<EvalBreakdown> eval = s.services.eval_breakdown(
      m.trace().meta.get("game"), m.position(id), m.position(root_of(m, id)));
  if (!eval) return;  // not a position with a breakdown
  section(eval->title.c_str());
  const ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("eval_terms", 3, flags)) {
    ImGui::TableSetupColumn("term");
    ImGui::TableSetupColumn("value");
    ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
    for (const EvalBreakdown::Row& row : eval->rows) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(row.term.c_str());
      ImGui::TableSetColumnIndex(1);
      ImGui::Text("%+d", row.value);
      ImGui::TableSetColumnIndex(2);
      ImGui::TextWrapped("%s", row.what.c_str());
    }
    ImGui::EndTable();
  }
  s.note_widget("eval_terms");
  ImGui::TextDisabled("%s", eval->footer.c_str());
}

void greenblatt_node_marks(ImDrawList* dl, std::uint32_t node_marks, ImVec2 a, ImVec2 b, float zoom,
                           int lod, Theme theme) {
  const bool fo = node_marks & trace::k_gb_feedover, cap = node_marks & trace::k_gb_by_capture,
             sec = node_marks & trace::k_gb_secondary;
  if (!fo && !cap && !sec) return;
  const Marks k = marks(theme);
  if (lod == 0) {
    // Dots: a ring of the mark's colour.
    const ImVec2 c((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
    const float r = std::max(1.5f, std::min(b.x - a.x, b.y - a.y) * 0.5f) + 1.5f;
    if (fo || cap)
      dl->AddCircle(c, r, (fo ? k.feedover : k.capture) | IM_COL32(0, 0, 0, 255), 8, 1.5f);
    return;
  }
  if (fo) dl->AddRectFilled(a, b, k.feedover, 6.0f * zoom);
  if (cap) dl->AddRectFilled(a, b, k.capture, 6.0f * zoom);
  if (lod < 2) return;
  const std::string tag =
      std::string(fo ? "FO " : "") + (cap ? "\u00d7 " : "") + (sec ? "2nd" : "");
  const float fs = 13.0f * zoom;
  ImFont* font = ImGui::GetFont();
  const ImVec2 ts = font->CalcTextSizeA(fs, 1e9f, 0.0f, tag.c_str());
  const ImVec2 p(b.x - ts.x - 5.0f * zoom, b.y - ts.y - 3.0f * zoom);
  dl->AddText(
      font, fs, p,
      sec && !fo && !cap ? k.secondary : (fo ? k.feedover : k.capture) | IM_COL32(0, 0, 0, 255),
      tag.c_str());
}

void draw_greenblatt_legend(ViewerState& s) {
  const Marks k = marks(s.theme);
  section("Greenblatt search");
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float h = ImGui::GetTextLineHeight();
  auto swatch = [&](ImU32 fill, const char* tag, const char* text) {
    const ImVec2 a = ImGui::GetCursorScreenPos();
    const ImVec2 b(a.x + h * 2.6f, a.y + h * 1.1f);
    dl->AddRectFilled(a, b, palette(s.theme).node_bg, 3.0f);
    if (fill) dl->AddRectFilled(a, b, fill, 3.0f);
    dl->AddText(ImVec2(a.x + 4, a.y + 1), palette(s.theme).text, tag);
    ImGui::Dummy(ImVec2(h * 2.6f, h * 1.1f));
    ImGui::SameLine();
    ImGui::TextWrapped("%s", text);
  };
  swatch(k.feedover, "FO",
         "feedover: at the end of the basic depth a feedover condition held, so the plausible move "
         "generator ran again");
  swatch(k.capture, "\u00d7",
         "reached by a plausible capture (the capture search, no depth limit)");
  swatch(0, "2nd",
         "secondary search: a new best top-level move's line followed and searched two plies more");
  ImGui::TextWrapped(
      "A successor's value may be lowered by a value modification (poor development, tempo): "
      "best[k] then uses \u2212ret less the penalty.");
}

}  // namespace kibitz::viewer
