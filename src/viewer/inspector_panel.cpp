// The selected node: its window, the alpha[k] / best[k] history, ret against score, the
// cutoff, and the line of the pseudocode it is at.
#include <string>

#include "core/score.hpp"
#include "trace/narration.hpp"
#include "viewer/panels.hpp"
#include "viewer/pseudocode.hpp"
#include "viewer/textbook.hpp"
#include "viewer/views/view.hpp"
#include "viewer/widgets.hpp"

namespace kibitz::viewer {

namespace {
std::string sc(Score v) {
  return format_score_pretty(v);
}

// The node's name, place, window, kind (with the prediction) and successors.
void node_summary(ViewerState& s, std::uint32_t id, const trace::NodeState& st) {
  const trace::Model& m = s.model();
  const trace::ModelNode& n = m.node(id);
  if (m.has_window())
    ImGui::TextWrapped("window: \u03b1[0] = %s, \u03b2 = %s", sc(n.alpha0).c_str(),
                       sc(n.beta).c_str());
  ImGui::Text("kind: %s", st.kind == NodeKind::unknown ? "not decided yet" : kind_label(st.kind));
  if (n.expected != NodeKind::unknown) {
    ImGui::SameLine();
    const bool wrong =
        st.kind != NodeKind::unknown && st.kind != NodeKind::leaf && st.kind != n.expected;
    ImGui::TextColored(
        wrong ? ImVec4(0.8f, 0.47f, 0.65f, 1) : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled),
        "(expected %s%s)", kind_label(n.expected), wrong ? ", wrong" : "");
  }
  if (n.leaf) {
    if (st.evaluated)
      ImGui::TextWrapped("evaluate(position) = %s (a leaf of this search)", sc(st.eval).c_str());
  } else if (n.succ_count >= 0) {
    ImGui::TextWrapped("successors: %d generated, %d searched so far", n.succ_count,
                       st.children_entered);
  }
}

// The node in the textbook's form (trace/minimax_form.hpp), beside the seed's numbers.
void minimax_summary(ViewerState& s, std::uint32_t id, const trace::NodeState& st) {
  const trace::Model& m = s.model();
  const trace::ModelNode& n = m.node(id);
  const bool max = trace::is_max_node(m, id);
  ImGui::TextWrapped("%s (MAX moves at the root). As textbooks give it, from MAX's point of view:",
                     n.leaf ? "A leaf"
                     : max  ? "A MAX node"
                            : "A MIN node");
  if (m.has_window()) {
    const trace::MinimaxWindow w = trace::max_view_window(m, id, st.alpha, n.beta);
    bullet_wrapped("window [\u03b1, \u03b2] = [" + sc(w.alpha) + ", " + sc(w.beta) + "]");
  }
  if (st.has_best)
    bullet_wrapped("best so far " + sc(trace::max_view(m, id, st.best)) + " (the " +
                   (max ? "largest" : "smallest") + " of its successors' values)");
  if (st.has_ret) {
    const Bound b = trace::max_view(m, id, st.bound);
    bullet_wrapped(std::string("value ") +
                   (b == Bound::lower   ? "\u2265 "
                    : b == Bound::upper ? "\u2264 "
                                        : "") +
                   sc(trace::max_view(m, id, st.ret)));
  } else if (st.evaluated) {
    bullet_wrapped("value " + sc(trace::max_view(m, id, st.eval)));
  }
  if (!max && m.has_window())
    dim_wrapped("(its negamax numbers below are the negated ones, the window swapped)");
}

// The history table: one row per successor searched up to t, with -ret, best[k], alpha[k+1].
void history_table(ViewerState& s, std::uint32_t id) {
  const trace::Model& m = s.model();
  const std::size_t t = s.cursor();
  const bool window = m.has_window();
  // Wide scores scroll the table sideways rather than run past the panel's edge.
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
  int rows = 2;  // the header and the start
  m.own_events(id, t, [&](std::size_t, const trace::Event& e) {
    rows += e.type == trace::EventType::child_return;
    return true;
  });
  const float row_h = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2 + 1;
  const ImVec2 outer(0.0f, row_h * static_cast<float>(rows) + ImGui::GetStyle().ScrollbarSize);
  if (!ImGui::BeginTable("history", window ? 5 : 3, flags, outer)) return;
  ImGui::TableSetupColumn("k");
  ImGui::TableSetupColumn("successor");
  ImGui::TableSetupColumn("\u2212ret");
  ImGui::TableSetupColumn("best[k]");
  if (window) ImGui::TableSetupColumn("\u03b1[k+1]");
  ImGui::TableHeadersRow();
  if (window) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextDisabled("start");
    ImGui::TableSetColumnIndex(4);
    ImGui::Text("%s", sc(m.node(id).alpha0).c_str());
  }
  m.own_events(id, t, [&](std::size_t, const trace::Event& e) {
    if (e.type == trace::EventType::child_return) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::Text("%d", e.a);
      ImGui::TableSetColumnIndex(1);
      const std::uint32_t c = m.successor(id, e.a);
      if (c != trace::k_no_node &&
          ImGui::SmallButton((node_name(m, c) + "##c" + std::to_string(c)).c_str()))
        s.selected = c;
      ImGui::TableSetColumnIndex(2);
      ImGui::Text("%s", sc(-e.b).c_str());
    } else if (e.type == trace::EventType::best_set) {
      ImGui::TableSetColumnIndex(3);
      ImGui::Text("%s", sc(e.b).c_str());
    } else if (e.type == trace::EventType::alpha_set && window) {
      ImGui::TableSetColumnIndex(4);
      ImGui::Text("%s%s", sc(e.b).c_str(), (e.flags & 1) ? " raised" : "");
    } else if (e.type == trace::EventType::cutoff && window) {
      ImGui::TableSetColumnIndex(4);
      ImGui::TextColored(ImVec4(0.84f, 0.37f, 0.0f, 1), "cutoff");
    }
    return true;
  });
  ImGui::EndTable();
}

// ret against score: the bound the node claims, and whether the unpruned score agrees.
void return_value(ViewerState& s, std::uint32_t id, const trace::NodeState& st) {
  const trace::Model& m = s.model();
  ImGui::Text("ret = %s, bound: %s", sc(st.ret).c_str(), bound_name(st.bound));
  if (s.scores && id < s.scores->size()) {
    const Score score = (*s.scores)[id];
    const char* relation = score == st.ret  ? "exact (score = ret)"
                           : score > st.ret ? "lower bound (score > ret)"
                                            : "upper bound (score < ret)";
    const bool consistent = bound_holds(st.bound, st.ret, score);
    ImGui::TextWrapped("score = %s: ret is %s", sc(score).c_str(), relation);
    ImGui::PushStyleColor(
        ImGuiCol_Text, consistent ? ImVec4(0.0f, 0.62f, 0.45f, 1) : ImVec4(0.84f, 0.2f, 0.1f, 1));
    ImGui::TextWrapped(
        "%s", consistent ? "as the seed states for this kind" : "NOT what the bound claims");
    ImGui::PopStyleColor();
    return;
  }
  const std::string algo = m.trace().meta.get("algo");
  for (const AlgorithmChoice& a : s.algorithms) {
    if (a.name == algo && !a.scores) {
      ImGui::TextDisabled(
          "score: a selective search has no unpruned minimax of the same tree to compare with");
      return;
    }
  }
  if (!m.trace().meta.get("tree").empty() || !m.trace().meta.get("random").empty() ||
      !m.trace().meta.get("game").empty()) {
    if (ImGui::Button("Compute scores (unpruned minimax)")) s.ask(command::ComputeScores{});
    s.note_widget("compute_scores");
  } else {
    ImGui::TextDisabled("score: unknown (the trace does not say how to search it again)");
  }
}

// The pseudocode, with the line this node is at.
void pseudocode(ViewerState& s, std::uint32_t id) {
  const trace::Model& m = s.model();
  const bool textbook = s.textbook_mode();  // MAX-VALUE / MIN-VALUE, not the seed's negamax
  const Listing& listing = textbook ? textbook_listing(m) : listing_for(m);
  const int line =
      textbook ? textbook_node_line(m, id, s.cursor()) : line_of_node(m, id, s.cursor());
  section(listing.title);
  const ImU32 highlight = ImGui::GetColorU32(ImGuiCol_TextSelectedBg);
  for (std::size_t i = 0; i < listing.lines.size(); ++i) {
    const bool here = static_cast<int>(i + 1) == line;
    char text[160];
    std::snprintf(text, sizeof text, "%2zu %s", i + 1,
                  (textbook ? textbook_listing_line(m, static_cast<int>(i + 1))
                            : listing_line(m, static_cast<int>(i + 1)))
                      .c_str());
    if (here) {  // the line's whole height, wrapped or not
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const float w = ImGui::GetContentRegionAvail().x;
      const float h = ImGui::CalcTextSize(text, nullptr, false, w).y;
      ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + w, p.y + h), highlight);
    }
    ImGui::TextWrapped("%s", text);
    if (here) s.note_widget("pseudocode_line");
  }
}

}  // namespace

void draw_inspector(ViewerState& s) {
  if (!s.has_trace()) {
    ImGui::TextDisabled("No trace loaded.");
    return;
  }
  if (s.at_quiz_question()) {
    ImGui::TextWrapped(
        "The Inspector waits while a quiz question is asked: a node's values "
        "would give the answer away.");
    return;
  }
  const trace::Model& m = s.model();
  const std::size_t t = s.cursor();
  static bool follow_current = false;
  ImGui::Checkbox("Inspect the current node", &follow_current);
  const std::uint32_t current = m.node_of_event(t);
  if (follow_current && current != trace::k_no_node) s.selected = current;
  const std::uint32_t id = s.selected;
  if (id == trace::k_no_node || id >= m.node_count()) {
    ImGui::TextDisabled("Click a node on the canvas to inspect it.");
    return;
  }
  const trace::ModelNode& n = m.node(id);
  const trace::NodeState st = m.state_at(id, t);
  section(node_name(m, id).c_str());
  ImGui::TextWrapped("id %u, depth %d, path %s", id, n.depth,
                     m.path_text(id).empty() ? "(root)" : m.path_text(id).c_str());
  if (n.parent != trace::k_no_node) {
    ImGui::TextWrapped("successor %d of %s", n.k, node_name(m, n.parent).c_str());
    if (ImGui::SmallButton("select parent")) s.selected = n.parent;
  }
  if (node_editable(s, id)) {
    section("edit it (searched again at once)");
    draw_node_editor(s, id);
  }
  if (!st.visible) {
    dim_wrapped("Not entered yet at event " + std::to_string(t) + " (entered at " +
                std::to_string(n.enter_t) + ").");
    if (ImGui::SmallButton("go to its entry")) s.seek(n.enter_t);
    return;
  }
  minimax_summary(s, id, st);
  section("negamax (the seed's form)");
  node_summary(s, id, st);
  if (!n.leaf && m.child_count(id) > 0) history_table(s, id);
  if (st.cutoff_child >= 0) {
    const std::uint32_t c = m.successor(id, st.cutoff_child);
    ImGui::TextWrapped("Cutoff by successor %d (%s): best[%d] = %s reached \u03b2 = %s.",
                       st.cutoff_child, node_name(m, c).c_str(), st.cutoff_child,
                       sc(st.best).c_str(), sc(n.beta).c_str());
    if (n.succ_count > st.cutoff_child + 1 + n.pruned) {
      const int left = n.succ_count - st.cutoff_child - 1 - n.pruned;
      const std::vector<std::string> names =
          s.pruned.empty() ? std::vector<std::string>() : pruned_names(s.pruned)(id);
      if (!names.empty())
        ImGui::TextWrapped("Never searched: %s.", name_list(names, 8).c_str());
      else
        ImGui::TextWrapped("%d successor%s never searched.", left, left == 1 ? " was" : "s were");
    }
  }
  for (const AlgorithmView* v : s.views()) v->inspector(s, id);
  if (st.has_ret) return_value(s, id, st);
  if (!m.position(id).empty()) {
    section("position");
    ImGui::TextWrapped("%s", m.position(id).c_str());
  }
  pseudocode(s, id);
}

}  // namespace kibitz::viewer
