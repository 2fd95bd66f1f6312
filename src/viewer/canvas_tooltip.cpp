// The canvas's tooltip (canvas_frame.hpp): the hovered node's story, with the views' lines
// and its position as a board.
#include <algorithm>
#include <string>

#include "core/score.hpp"
#include "trace/minimax_form.hpp"
#include "viewer/boards.hpp"
#include "viewer/canvas_frame.hpp"
#include "viewer/node_card.hpp"

namespace kibitz::viewer {

using trace::k_no_node;

// The hovered node's story, with the views' lines and its position as a board.
void draw_canvas_tooltip(ViewerState& s) {
  const trace::Model& m = s.model();
  const std::uint32_t id = s.hovered;
  const trace::NodeState st = m.state_at(id, s.cursor());
  const trace::ModelNode& n = m.node(id);
  ImGui::BeginTooltip();
  ImGui::Text("%s (id %u, path %s)", node_name(m, id).c_str(), id,
              m.path_text(id).empty() ? "root" : m.path_text(id).c_str());
  if (s.minimax_view()) {  // as the canvas shows it: MAX's point of view
    ImGui::Text("%s", n.leaf ? "a leaf" : trace::is_max_node(m, id) ? "a MAX node" : "a MIN node");
    if (m.has_window()) {
      const trace::MinimaxWindow w = trace::max_view_window(m, id, n.alpha0, n.beta);
      ImGui::Text("window on entry [\u03b1, \u03b2] = [%s, %s]",
                  format_score_pretty(w.alpha).c_str(), format_score_pretty(w.beta).c_str());
    }
    if (st.has_ret)
      ImGui::Text("value %s (%s), %s", format_score_pretty(trace::max_view(m, id, st.ret)).c_str(),
                  bound_name(trace::max_view(m, id, st.bound)), kind_label(st.kind));
  } else {
    if (m.has_window())
      ImGui::Text("window \u03b1\u2080 = %s, \u03b2 = %s", format_score_pretty(n.alpha0).c_str(),
                  format_score_pretty(n.beta).c_str());
    if (st.has_ret)
      ImGui::Text("ret %s (%s), %s", format_score_pretty(st.ret).c_str(), bound_name(st.bound),
                  kind_label(st.kind));
  }
  if (!st.has_ret && st.open) {
    ImGui::TextUnformatted("being searched");
  }
  if (n.expected != NodeKind::unknown) ImGui::Text("expected %s", kind_label(n.expected));
  for (const AlgorithmView* v : s.views()) v->tooltip(s, id);
  const std::string& position = m.position(id);
  if (!position.empty()) {
    // The position as a board, with the move that led to it marked.
    const std::string game = m.trace().meta.get("game");
    const Board board = parse_board(game, position);
    if (board.ok()) {
      Board before;
      if (n.parent != k_no_node) before = parse_board(game, m.position(n.parent));
      const float side = ImGui::GetFontSize() * 11;
      draw_board(ImGui::GetWindowDrawList(), ImGui::GetCursorScreenPos(), side, board,
                 n.parent != k_no_node ? &before : nullptr, palette(s.theme));
      ImGui::Dummy(ImVec2(side, side * static_cast<float>(board.rows) /
                                    static_cast<float>(std::max(board.rows, board.cols))));
    } else {
      ImGui::TextUnformatted(position.c_str());
    }
  }
  ImGui::EndTooltip();
}

}  // namespace kibitz::viewer
