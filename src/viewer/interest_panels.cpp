// The interest-search panels: set-up fields, the inspector's plausibility trace (every move of
// a node with its interest terms, cost, net cost and fate), the iteration selector and the
// legend.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <imgui.h>

#include "trace/interest_index.hpp"
#include "trace/interest_narration.hpp"
#include "trace/narration.hpp"
#include "viewer/interest_panels.hpp"
#include "viewer/widgets.hpp"

namespace kibitz::viewer {

namespace {

std::string cost_text(std::int64_t v) {
  return v >= k_score_inf ? "inf" : std::to_string(v);
}

std::string move_label(const trace::Model& m, std::uint32_t node, int move_index) {
  if (const trace::InterestRatingInfo* r = trace::interest_index(m).rating_of(node, move_index)) {
    if (r->label) return m.trace().strings.get(r->label);
  }
  return "move " + std::to_string(move_index);
}

// The limit or depth an iteration's root was searched with, from its iteration_begin event.
bool iteration_figure(const trace::Model& m, std::uint32_t root, Score& figure) {
  const std::uint32_t t = m.enter_t(root);
  if (t == 0 || m.event(t - 1).type != trace::EventType::iteration_begin) return false;
  figure = m.event(t - 1).a;
  return true;
}

// Root i's aspiration attempt, when iterations repeat a depth or search a narrow window:
// ", attempt 2: fail-high at [25, 40]" (nothing for a lone full-window iteration).
std::string aspiration_text(const trace::Model& m, const std::vector<std::uint32_t>& roots,
                            std::size_t i, Score depth) {
  int attempt = 1;
  for (std::size_t j = i; j > 0; --j) {
    Score before = 0;
    if (!iteration_figure(m, roots[j - 1], before) || before != depth) break;
    ++attempt;
  }
  const trace::ModelNode& r = m.node(roots[i]);
  const bool full = r.alpha0 <= -k_score_inf && r.beta >= k_score_inf;
  std::string s = attempt > 1 ? ", attempt " + std::to_string(attempt) : "";
  if (full || r.leave_t == trace::k_never) return s;
  const std::string window =
      " at [" + format_score_pretty(r.alpha0) + ", " + format_score_pretty(r.beta) + "]";
  if (r.ret <= r.alpha0) return s + ": fail-low" + window;
  if (r.ret >= r.beta) return s + ": fail-high" + window;
  return s + ": inside" + window;
}

// How node id was reached, the tallies at it and, once it happened (by t), its interest cutoff.
void draw_interest_summary(ViewerState& s, std::uint32_t id, std::size_t t) {
  const trace::Model& m = s.model();
  const trace::InterestIndex& ix = trace::interest_index(m);
  const std::uint32_t into = ix.into(id);
  if (into != trace::k_no_node) {
    const trace::InterestMoveInfo mv = ix.move_info(into);
    ImGui::TextWrapped("Reached by %s: cost %s; net = %s \u2264 limit %s.",
                       move_label(m, mv.node, mv.move_index).c_str(),
                       cost_text(mv.move_cost).c_str(), interest_net_sum(mv).c_str(),
                       cost_text(mv.limit).c_str());
  }
  if (ix.move_count(id) > 0) {
    const trace::InterestMoveInfo first = ix.move_info(ix.move_event(id, 0));
    ImGui::TextWrapped("Tallies here: the side to move %s, the other side %s (%s); limit %s.",
                       cost_text(first.mover).c_str(), cost_text(first.other).c_str(),
                       first.joint ? "joint: both count" : "split: only its own counts",
                       cost_text(first.limit).c_str());
  }
  const std::uint32_t cut = ix.cut(id);
  if (cut != trace::k_no_node && cut <= t) {
    const trace::InterestMoveInfo mv = ix.move_info(cut);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(interest_color(s.theme)));
    if (mv.static_leaf) {
      ImGui::TextWrapped(
          "Interest cutoff at the first move, %s: net %s > limit %s. A leaf of this iteration, "
          "evaluated statically; %d moves never searched.",
          move_label(m, id, mv.move_index).c_str(), cost_text(mv.net).c_str(),
          cost_text(mv.limit).c_str(), ix.skipped(id));
    } else {
      ImGui::TextWrapped("Interest cutoff at %s: net %s > limit %s; %d moves never searched.",
                         move_label(m, id, mv.move_index).c_str(), cost_text(mv.net).c_str(),
                         cost_text(mv.limit).c_str(), ix.skipped(id));
    }
    ImGui::PopStyleColor();
    s.note_widget("interest_cut");
  }
}

// A row of the plausibility trace.
struct InterestRow {
  int rated;            // index among the node's rated moves
  std::uint32_t event;  // its interest_move, k_no_node if it never came up
};

// The rows of node id's plausibility trace, in the order they are shown.
std::vector<InterestRow> interest_rows(const trace::Model& m, std::uint32_t id) {
  const trace::InterestIndex& ix = trace::interest_index(m);
  std::vector<InterestRow> rows;
  std::vector<char> listed(static_cast<std::size_t>(ix.rated(id)), 0);
  for (std::uint32_t i = 0; i < ix.move_count(id); ++i) {
    const std::uint32_t ev = ix.move_event(id, i);
    for (int r = 0; r < ix.rated(id); ++r) {
      if (ix.rating(id, r).move_index == m.event(ev).aux && !listed[static_cast<std::size_t>(r)]) {
        listed[static_cast<std::size_t>(r)] = 1;
        rows.push_back({r, ev});
        break;
      }
    }
  }
  std::vector<int> rest;
  for (int r = 0; r < ix.rated(id); ++r) {
    if (!listed[static_cast<std::size_t>(r)]) rest.push_back(r);
  }
  std::stable_sort(rest.begin(), rest.end(),
                   [&](int a, int b) { return ix.rating(id, a).cost < ix.rating(id, b).cost; });
  for (int r : rest) rows.push_back({r, trace::k_no_node});
  return rows;
}

// What became of a move as of t (came_up: its interest_move happened, mv is it).
void draw_move_fate(ViewerState& s, std::uint32_t id, std::size_t t, bool came_up,
                    const trace::InterestMoveInfo& mv) {
  const trace::Model& m = s.model();
  const std::uint32_t cut = trace::interest_index(m).cut(id);
  if (came_up && mv.cut)
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(interest_color(s.theme)), "> limit");
  else if (came_up)
    ImGui::TextUnformatted("searched");
  else if (cut != trace::k_no_node && cut <= t)
    ImGui::TextDisabled("skipped");
  else if (m.cutoff_t(id) != trace::k_never && m.cutoff_t(id) <= t)
    ImGui::TextDisabled("beta cutoff");
  else if (m.leave_t(id) != trace::k_never && m.leave_t(id) <= t)
    ImGui::TextDisabled("not searched");
  else
    ImGui::TextDisabled("waiting");
}

// One move of node id's plausibility trace as of t; opened, its terms one per row under it.
void draw_interest_row(ViewerState& s, std::uint32_t id, std::size_t t, const InterestRow& row) {
  const trace::Model& m = s.model();
  const trace::InterestIndex& ix = trace::interest_index(m);
  const trace::InterestRatingInfo& r = ix.rating(id, row.rated);
  const bool came_up = row.event != trace::k_no_node && row.event <= t;
  trace::InterestMoveInfo mv;
  if (came_up) mv = ix.move_info(row.event);
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  const std::string name = move_label(m, id, r.move_index) + "##im" + std::to_string(r.move_index);
  const bool open = ImGui::TreeNodeEx(name.c_str(), ImGuiTreeNodeFlags_SpanFullWidth);
  ImGui::TableSetColumnIndex(1);
  ImGui::Text("%lld", static_cast<long long>(r.interest));
  ImGui::TableSetColumnIndex(2);
  if (came_up && mv.penalty > 0)
    ImGui::Text("%lld+%lld", static_cast<long long>(r.cost), static_cast<long long>(mv.penalty));
  else
    ImGui::Text("%lld", static_cast<long long>(r.cost));
  ImGui::TableSetColumnIndex(3);
  if (came_up) ImGui::TextUnformatted(cost_text(mv.net).c_str());
  ImGui::TableSetColumnIndex(4);
  draw_move_fate(s, id, t, came_up, mv);
  if (open) {
    for (std::uint32_t e = r.terms_begin; e < r.t; ++e) {
      const trace::Event& te = m.event(e);
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextDisabled("  %s", ix.term_name(te.flags).c_str());
      ImGui::TableSetColumnIndex(1);
      ImGui::TextDisabled("%+d", te.a);
    }
    ImGui::TreePop();
  }
}

}  // namespace

void draw_interest_tooltip(const trace::Model& m, std::uint32_t id) {
  const trace::InterestIndex& ix = trace::interest_index(m);
  if (ix.empty()) return;
  const std::uint32_t into = ix.into(id);
  if (into != trace::k_no_node) {
    const trace::InterestMoveInfo mv = ix.move_info(into);
    ImGui::Text("move cost %s, net %s (limit %s)", cost_text(mv.move_cost).c_str(),
                cost_text(mv.net).c_str(), cost_text(mv.limit).c_str());
  }
  if (is_static_interest_leaf(m, id))
    ImGui::TextUnformatted("a leaf of this iteration: its first move is over the limit");
}

void draw_interest_inspector(ViewerState& s, std::uint32_t id) {
  const trace::Model& m = s.model();
  const trace::InterestIndex& ix = trace::interest_index(m);
  if (ix.empty()) return;
  const std::size_t t = s.cursor();
  section("interest");
  draw_interest_summary(s, id, t);
  if (ix.rated(id) == 0) return;
  // The plausibility trace: the moves in the order they came up, then the rest cheapest first.
  const std::vector<InterestRow> rows = interest_rows(m, id);
  ImGui::TextDisabled("plausibility trace: each move's interest terms (click a move)");
  const ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("interest_moves", 5, flags)) return;
  ImGui::TableSetupColumn("move");
  ImGui::TableSetupColumn("interest");
  ImGui::TableSetupColumn("cost");
  ImGui::TableSetupColumn("net");
  ImGui::TableSetupColumn("");
  ImGui::TableHeadersRow();
  for (const InterestRow& row : rows) draw_interest_row(s, id, t, row);
  ImGui::EndTable();
  s.note_widget("interest_moves");
}

namespace {

// The iteration's deepest line: its length, its moves in a tooltip, and a button that goes to
// its end (without a depth cap the limit alone decides how deep an iteration reaches).
void draw_deepest_line(ViewerState& s, std::size_t root_index) {
  const trace::Model& m = s.model();
  const std::uint32_t deepest = m.deepest_of_root(root_index);
  const int plies = m.depth(deepest);
  ImGui::SameLine();
  const std::string label =
      "deepest line " + std::to_string(plies) + (plies == 1 ? " ply" : " plies") + "##deepest";
  if (ImGui::SmallButton(label.c_str())) s.go_to(deepest);
  s.note_widget("iteration_deepest");
  if (ImGui::IsItemHovered()) {
    std::vector<std::uint32_t> line;
    for (std::uint32_t id = deepest; id != trace::k_no_node; id = m.parent(id)) line.push_back(id);
    std::string text;
    for (std::size_t i = line.size() - 1; i-- > 0;) {
      const std::string& move = m.label(line[i]);
      text += (text.empty() ? "" : " ") + (move.empty() ? m.path_text(line[i]) : move);
    }
    ImGui::SetTooltip("%s\n(click: go to its end)", text.empty() ? "the root alone" : text.c_str());
  }
}

}  // namespace

std::string iteration_title(const trace::Model& m, std::size_t i) {
  const auto& roots = m.roots();
  Score figure = 0;
  std::string s = std::to_string(i + 1);
  if (iteration_figure(m, roots[i], figure)) {
    const bool interest = !trace::interest_index(m).empty();
    s += interest ? ": limit " + cost_text(figure) : ": depth " + std::to_string(figure);
    if (!interest) s += aspiration_text(m, roots, i, figure);
  } else if (!m.label(roots[i]).empty()) {
    s += ": " + m.label(roots[i]);  // a triggered capture's subtree: the path to it
  }
  return s;
}

bool wants_iteration_selector(const ViewerState& s) {
  return s.has_trace() && s.model().roots().size() > 1;
}

void draw_iteration_selector(ViewerState& s) {
  const trace::Model& m = s.model();
  const auto& roots = m.roots();
  const bool interest = !trace::interest_index(m).empty();
  auto root_index_at = [&](std::size_t t) {
    std::size_t i = 0;
    while (i + 1 < roots.size() && m.enter_t(roots[i + 1]) <= t) ++i;
    return i;
  };
  auto title = [&](std::size_t i) { return iteration_title(m, i); };
  // Shows iteration i whole: the cursor goes to its last event.
  auto show = [&](std::size_t i) {
    s.iteration_view = static_cast<int>(i);
    const std::uint32_t root = roots[i];
    const trace::ModelNode& n = m.node(root);
    s.seek(n.leave_t != trace::k_never ? n.leave_t : m.event_count() - 1);
    s.camera.fit_pending = true;
  };
  const std::size_t current =
      s.iteration_view >= 0
          ? std::min<std::size_t>(static_cast<std::size_t>(s.iteration_view), roots.size() - 1)
          : root_index_at(s.cursor());
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Iteration");
  ImGui::SameLine();
  if (ImGui::ArrowButton("##iter_prev", ImGuiDir_Left) && current > 0) show(current - 1);
  s.note_widget("iteration_prev");
  ImGui::SameLine();
  const std::string preview =
      s.iteration_view == ViewerState::k_iteration_all
          ? std::string("all, side by side")
          : title(current) +
                (s.iteration_view == ViewerState::k_iteration_cursor ? " (at the cursor)" : "");
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 17);
  if (ImGui::BeginCombo("##iteration", preview.c_str())) {
    if (ImGui::Selectable("the one at the cursor",
                          s.iteration_view == ViewerState::k_iteration_cursor)) {
      s.iteration_view = ViewerState::k_iteration_cursor;
    }
    if (ImGui::Selectable("all, side by side", s.iteration_view == ViewerState::k_iteration_all)) {
      s.iteration_view = ViewerState::k_iteration_all;
      s.camera.fit_all_pending = true;
    }
    for (std::size_t i = 0; i < roots.size(); ++i) {
      if (ImGui::Selectable(title(i).c_str(), s.iteration_view == static_cast<int>(i))) show(i);
    }
    ImGui::EndCombo();
  }
  s.note_widget("iteration_combo");
  ImGui::SameLine();
  if (ImGui::ArrowButton("##iter_next", ImGuiDir_Right) && current + 1 < roots.size())
    show(current + 1);
  s.note_widget("iteration_next");
  // The iteration's figures: nodes, and with interest the cutoffs on the limit.
  const std::uint32_t first = roots[current];
  const std::uint32_t end = current + 1 < roots.size() ? roots[current + 1] : m.node_count();
  const trace::ModelNode& r = m.node(first);
  const std::size_t last_t = r.leave_t != trace::k_never ? r.leave_t : m.event_count() - 1;
  ImGui::SameLine();
  if (interest) {
    const std::uint32_t cuts =
        trace::interest_index(m).cutoffs_at(last_t) -
        (r.enter_t > 0 ? trace::interest_index(m).cutoffs_at(r.enter_t - 1) : 0);
    ImGui::TextDisabled("%u nodes, %u interest cutoffs,", end - first, cuts);
  } else {
    ImGui::TextDisabled("%u nodes,", end - first);
  }
  draw_deepest_line(s, current);
}

void draw_interest_legend(ViewerState& s) {
  if (!s.has_trace() || trace::interest_index(s.model()).empty()) return;
  const ImU32 col = interest_color(s.theme);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float h = ImGui::GetTextLineHeight();
  section("interest search");
  {
    const ImVec2 a = ImGui::GetCursorScreenPos();
    const ImVec2 c(a.x + h * 1.3f, a.y + h * 0.55f);
    const float r = h * 0.45f;
    dl->AddQuadFilled(ImVec2(c.x, c.y - r), ImVec2(c.x + r, c.y), ImVec2(c.x, c.y + r),
                      ImVec2(c.x - r, c.y), col);
    ImGui::Dummy(ImVec2(h * 2.6f, h * 1.1f));
    ImGui::SameLine();
    ImGui::TextWrapped(
        "violet diamond, \u201cnet N > limit L\u201d: an interest cutoff, the next move's net cost "
        "is "
        "over the "
        "iteration's limit; the dashed violet box +N: the moves never searched");
  }
  ImGui::TextWrapped(
      "On an edge: the move's cost (upper number, grey) and the net cost of the branch (lower "
      "number, "
      "violet): net = the mover's path tally (+ the other side's with joint tallies) + the moves "
      "already "
      "searched at that node + the move's own cost.");
  ImGui::TextWrapped(
      "A leaf with a violet stub below it: its first move was already over the limit, so it is a "
      "leaf of "
      "this iteration, evaluated statically.");
}

}  // namespace kibitz::viewer
