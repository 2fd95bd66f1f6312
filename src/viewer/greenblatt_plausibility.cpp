// The plausibility trace (the paper's debugging aid 4): every move the plausible move
// generator scored at a node, sortable, with why it was searched (the width and its
// extensions), its value once searched, and for the chosen row each heuristic's points with
// its comment.
#include <algorithm>
#include <string>
#include <vector>

#include "core/score.hpp"
#include "trace/greenblatt_index.hpp"
#include "trace/narration.hpp"
#include "viewer/greenblatt_panels.hpp"
#include "viewer/widgets.hpp"

namespace kibitz::viewer {

namespace {

using MoveRecord = trace::GreenblattMove;
using NodeRecords = trace::GreenblattNode;

// node_records of the node shown, recomputed only when the node or the trace changes.
struct RecordCache {
  const trace::Model* model = nullptr;
  std::size_t events = 0;
  std::uint32_t id = trace::k_no_node;
  NodeRecords records;

  const NodeRecords& get(const trace::Model& m, std::uint32_t node) {
    if (model != &m || events != m.event_count() || id != node) {
      model = &m;
      events = m.event_count();
      id = node;
      records = trace::greenblatt_node(m, node);
    }
    return records;
  }
};

bool has_records(const NodeRecords& r) {
  return r.has_width || r.capture_search ||
         r.feedover.condition != greenblatt::FeedoverCondition::none;
}

// The move's value to the node as of t: -ret less the penalty, the secondary search's if it
// replaced it; empty until known.
std::string value_at(const trace::Model& m, const MoveRecord& r, std::size_t t, Score* out) {
  if (r.child == trace::k_no_node) return "";
  const trace::NodeState st = m.state_at(r.child, t);
  if (!st.visible) return "";
  if (!st.done) return "\u2026";
  Score v = -st.ret - m.node(r.child).adjustment;
  if (r.secondary != trace::k_no_node) {
    const trace::NodeState sec = m.state_at(r.secondary, t);
    if (sec.done) v = std::min(v, -sec.ret - m.node(r.secondary).adjustment);
  }
  if (out) *out = v;
  return format_score_pretty(v);
}

// The node as the line of moves that reaches it ("" for the root).
std::string line_to(const trace::Model& m, std::uint32_t id) {
  std::string line;
  for (std::uint32_t n = id; n != trace::k_no_node && m.parent(n) != trace::k_no_node;
       n = m.parent(n)) {
    line = m.label(n) + (line.empty() ? "" : " ") + line;
  }
  return line;
}

// What the generator did at the node: feedover, the capture search's or the width's figures.
void draw_generation_summary(const NodeRecords& rec) {
  if (rec.feedover.condition != greenblatt::FeedoverCondition::none) {
    ImGui::TextWrapped(
        "Feedover, condition %s: the plausible move generator runs again at the end of the basic "
        "depth.",
        greenblatt::feedover_name(rec.feedover.condition));
  }
  if (rec.capture_search) {
    ImGui::TextWrapped(
        "Static value %s for the side to move; %d plausible capture%s%s.",
        format_score_pretty(rec.capture.static_value).c_str(), rec.capture.captures,
        rec.capture.captures == 1 ? "" : "s",
        rec.capture.stand_pat_cut ? " (the static value reached \u03b2: none searched)" : "");
  } else if (rec.has_width) {
    ImGui::TextWrapped(
        "Level %d: basic width %d; moves of at least %d distinct pieces (%d have safe moves); %d "
        "of %zu "
        "moves selected.",
        rec.width.level, rec.width.width, rec.width.distinct_min, rec.width.safe_pieces,
        rec.width.selected, rec.moves.size());
  }
}

// Rows in the order the table's sort asks for (values as of t).
void sort_rows(std::vector<int>& rows, const trace::Model& m, const NodeRecords& rec,
               std::size_t t) {
  const ImGuiTableSortSpecs* spec = ImGui::TableGetSortSpecs();
  if (!spec || spec->SpecsCount <= 0) return;
  const int col = spec->Specs[0].ColumnIndex;
  const bool asc = spec->Specs[0].SortDirection == ImGuiSortDirection_Ascending;
  auto key = [&](int i) -> long long {
    const MoveRecord& r = rec.moves[static_cast<std::size_t>(i)];
    Score v = -k_score_inf;
    switch (col) {
      case 1:
        return r.record.move;
      case 2:
        return r.record.plausibility;
      case 3:
        return static_cast<long long>(
            r.record.reason == greenblatt::Reason::none ? 99 : static_cast<int>(r.record.reason));
      case 4:
        value_at(m, r, t, &v);
        return v;
      default:
        return r.rank;
    }
  };
  std::stable_sort(rows.begin(), rows.end(), [&](int a, int b) {
    if (col == 1) {
      const std::string& x = rec.moves[static_cast<std::size_t>(a)].name;
      const std::string& y = rec.moves[static_cast<std::size_t>(b)].name;
      return asc ? x < y : y < x;
    }
    return asc ? key(a) < key(b) : key(b) < key(a);
  });
}

// One row of the table; clicking it chooses it for the detail (and selects its successor).
void draw_move_row(ViewerState& s, const trace::Model& m, const MoveRecord& r, std::size_t t,
                   int& detail_rank) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  const std::string label = std::to_string(r.rank + 1) + "##p" + std::to_string(r.rank);
  if (ImGui::Selectable(label.c_str(), detail_rank == r.rank,
                        ImGuiSelectableFlags_SpanAllColumns)) {
    detail_rank = r.rank;
    if (r.child != trace::k_no_node) s.selected = r.child;
  }
  ImGui::TableSetColumnIndex(1);
  ImGui::TextUnformatted(r.name.c_str());
  if (r.record.poor && ImGui::IsItemHovered())
    ImGui::SetTooltip("developmentally poor: a few points off its value");
  ImGui::TableSetColumnIndex(2);
  ImGui::Text("%d", r.record.plausibility);
  ImGui::TableSetColumnIndex(3);
  // A move beyond the width that was searched replaced one that led to mate.
  const greenblatt::Reason why =
      r.record.reason == greenblatt::Reason::none && r.child != trace::k_no_node
          ? greenblatt::Reason::replacement
          : r.record.reason;
  if (why == greenblatt::Reason::none)
    ImGui::TextDisabled("no");
  else
    ImGui::TextUnformatted(greenblatt::reason_tag(why));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", greenblatt::reason_name(why));
  ImGui::TableSetColumnIndex(4);
  const std::string v = value_at(m, r, t, nullptr);
  const bool mated = r.child != trace::k_no_node && (m.marks(r.child) & trace::k_gb_mate_skip);
  ImGui::Text("%s%s", v.c_str(), mated ? " mate" : "");
  if (mated && ImGui::IsItemHovered())
    ImGui::SetTooltip("leads to mate against the side to move: not counted against the width");
}

// The table of the node's moves, sortable; the chosen row is detail_rank (reset to 0 when the
// node shown, detail_node, changes).
void draw_moves_table(ViewerState& s, const trace::Model& m, std::uint32_t id,
                      const NodeRecords& rec, int& detail_rank, std::uint32_t& detail_node) {
  const std::size_t t = s.cursor();
  // Rows in the order the table's sort asks for.
  std::vector<int> rows(rec.moves.size());
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<int>(i);
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_Sortable | ImGuiTableFlags_SizingFixedFit |
                                ImGuiTableFlags_ScrollY;
  const float height =
      std::min(ImGui::GetTextLineHeightWithSpacing() * (static_cast<float>(rows.size()) + 1.5f),
               ImGui::GetContentRegionAvail().y * 0.55f);
  if (ImGui::BeginTable("plausibility", 5, flags,
                        ImVec2(0, std::max(height, ImGui::GetTextLineHeight() * 4)))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_DefaultSort);
    ImGui::TableSetupColumn("move");
    ImGui::TableSetupColumn("plaus.", ImGuiTableColumnFlags_PreferSortDescending);
    ImGui::TableSetupColumn("why");
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_PreferSortDescending);
    ImGui::TableHeadersRow();
    sort_rows(rows, m, rec, t);
    if (detail_node != id) {
      detail_node = id;
      detail_rank = 0;
    }
    for (int i : rows) draw_move_row(s, m, rec.moves[static_cast<std::size_t>(i)], t, detail_rank);
    ImGui::EndTable();
  }
  s.note_widget("plausibility_table");
}

// The factors of the chosen row, each with its comment, then what kind of move it is.
void draw_move_detail(ViewerState& s, const MoveRecord& d) {
  section((d.name + ": plausibility " + std::to_string(d.record.plausibility) + ", " +
           greenblatt::reason_name(d.record.reason))
              .c_str());
  if (d.contributions.empty())
    ImGui::TextDisabled("No heuristic applies (or the trace does not carry them).");
  for (const greenblatt::Contribution& c : d.contributions)
    ImGui::TextWrapped("%s", greenblatt::describe(c).c_str());
  std::string flags_text;
  if (d.record.check) flags_text += d.record.safe ? "a safe check; " : "a check (unsafe); ";
  if (d.record.capture) flags_text += "a capture; ";
  if (!d.record.safe) flags_text += "the moved piece would be en prise; ";
  if (d.record.poor) flags_text += "developmentally poor (a few points off its value); ";
  if (!flags_text.empty()) {
    flags_text.resize(flags_text.size() - 2);
    ImGui::TextDisabled("%s", flags_text.c_str());
  }
  s.note_widget("plausibility_detail");
}

}  // namespace

void draw_plausibility(ViewerState& s) {
  if (!s.has_trace()) {
    ImGui::TextDisabled("No trace loaded.");
    return;
  }
  const trace::Model& m = s.model();
  static bool follow = true;
  static RecordCache cache;
  static int detail_rank = 0;
  static std::uint32_t detail_node = trace::k_no_node;
  ImGui::Checkbox("Follow the current node", &follow);
  s.note_widget("plausibility_follow");
  std::uint32_t id = s.selected;
  if (follow) {
    const std::uint32_t c = m.node_of_event(s.cursor());
    if (c != trace::k_no_node) id = c;
  }
  if (id == trace::k_no_node || id >= m.node_count()) {
    ImGui::TextDisabled("Select a node.");
    return;
  }
  // Following, a node without records (a leaf of the search) shows its parent's generation.
  while (follow && !has_records(cache.get(m, id)) && m.parent(id) != trace::k_no_node)
    id = m.parent(id);
  const NodeRecords& rec = cache.get(m, id);
  // The node as the line of moves that reaches it.
  const std::string line = line_to(m, id);
  section(line.empty() ? "the root" : ("after " + line).c_str());
  if (!has_records(rec)) {
    ImGui::TextWrapped("No plausible move generation at this node%s.",
                       m.is_leaf(id)
                           ? " (a leaf: mate, stalemate, a draw or a position settled by the table)"
                           : "");
    return;
  }
  draw_generation_summary(rec);
  if (rec.moves.empty()) return;
  draw_moves_table(s, m, id, rec, detail_rank, detail_node);
  // The factors of the chosen row, each with its comment.
  draw_move_detail(s, rec.moves[static_cast<std::size_t>(
                          std::clamp(detail_rank, 0, static_cast<int>(rec.moves.size()) - 1))]);
}

}  // namespace kibitz::viewer
