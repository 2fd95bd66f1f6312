// A quiz on the canvas (canvas_frame.hpp): the asked node ringed and kept in view with its
// answer box beside it; a value question answered by clicking the successor whose value the
// node returns; a cutoff question answered by clicking the branches it prunes, as a student
// prunes a tree on paper (abTreePractice), each mark graded at once.
#include <algorithm>
#include <cmath>
#include <vector>

#include "viewer/canvas_frame.hpp"
#include "viewer/panels.hpp"
#include "viewer/quiz_words.hpp"
#include "viewer/theme.hpp"

namespace kibitz::viewer {

namespace {

std::vector<QuizEdgeOnScreen> g_edges;

float distance_to_segment(ImVec2 p, ImVec2 a, ImVec2 b) {
  const float dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
  float t = len2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0;
  t = std::clamp(t, 0.0f, 1.0f);
  const float ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y;
  return std::sqrt(ex * ex + ey * ey);
}

// Every branch drawn: the layout's (parent to node, reached or not) and the pruned branches'.
std::vector<QuizEdgeOnScreen> edges_drawn(const CanvasPaint& p, const CanvasFrame& f,
                                          const TreeLayout& layout) {
  std::vector<QuizEdgeOnScreen> out;
  for (std::uint32_t id = layout.first(); id < layout.end(); ++id) {
    const std::uint32_t parent = p.m.parent(id);
    if (!layout.shown(id) || parent == trace::k_no_node || !layout.contains(parent)) continue;
    QuizEdgeOnScreen e;
    e.edge.parent = parent;
    e.edge.child = id;
    e.from = f.to_screen(layout.x(parent), layout.y(parent) + f.hh);
    e.to = f.to_screen(layout.x(id), layout.y(id) - f.hh);
    out.push_back(e);
  }
  for (const LayoutStub& st : layout.stubs()) {
    if (!p.s.ghosts_shown(st.parent) || !p.s.pruned.count(st.parent)) continue;
    const bool preview = st.t > p.t || st.parent >= f.visible_end;
    const std::vector<GhostBox> boxes = ghost_boxes(p, f, layout, st, preview);
    const std::vector<PrunedNode>& g = p.s.pruned.at(st.parent);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      QuizEdgeOnScreen e;
      e.edge.parent = st.parent;
      e.edge.ghost = static_cast<int>(i);
      e.edge.inner = g[i].parent >= 0;
      e.from = boxes[i].from;
      e.to = ImVec2((boxes[i].a.x + boxes[i].b.x) * 0.5f, boxes[i].a.y);
      out.push_back(e);
    }
  }
  return out;
}

// A mark across an edge's middle: two strokes (a right one) or a cross (a wrong one).
void draw_mark(ImDrawList* dl, const QuizEdgeOnScreen& e, ImU32 col, bool cross, float size) {
  const ImVec2 m((e.from.x + e.to.x) * 0.5f, (e.from.y + e.to.y) * 0.5f);
  const float dx = e.to.x - e.from.x, dy = e.to.y - e.from.y;
  const float len = std::max(1.0f, std::sqrt(dx * dx + dy * dy));
  const ImVec2 u(dx / len, dy / len), n(-u.y, u.x);  // along, across
  const float w = std::max(2.0f, size * 0.18f);
  if (cross) {
    dl->AddLine(ImVec2(m.x - size * 0.5f, m.y - size * 0.5f),
                ImVec2(m.x + size * 0.5f, m.y + size * 0.5f), col, w);
    dl->AddLine(ImVec2(m.x - size * 0.5f, m.y + size * 0.5f),
                ImVec2(m.x + size * 0.5f, m.y - size * 0.5f), col, w);
    return;
  }
  for (float k : {-0.2f, 0.2f}) {
    const ImVec2 c(m.x + u.x * size * k, m.y + u.y * size * k);
    dl->AddLine(ImVec2(c.x - n.x * size * 0.5f, c.y - n.y * size * 0.5f),
                ImVec2(c.x + n.x * size * 0.5f, c.y + n.y * size * 0.5f), col, w);
  }
}

// A click on the canvas (not a drag): the branch nearest to it, within reach of a finger.
const QuizEdgeOnScreen* clicked_edge(const CanvasPaint& p, float reach) {
  if (!canvas_clicked(p.hovered)) return nullptr;
  const ImGuiIO& io = ImGui::GetIO();
  const QuizEdgeOnScreen* best = nullptr;
  float best_d = reach;
  for (const QuizEdgeOnScreen& e : g_edges) {
    const float d = distance_to_segment(io.MousePos, e.from, e.to);
    if (d < best_d) {
      best_d = d;
      best = &e;
    }
  }
  return best;
}

void mark_edges(const CanvasPaint& p, ViewerState& s) {
  const Palette& pal = palette(s.theme);
  const float size = std::max(20.0f * s.ui_scale(), 16.0f * p.zoom);
  if (const QuizEdgeOnScreen* e = clicked_edge(p, 22.0f * s.ui_scale())) s.quiz.mark(e->edge);
  for (const QuizEdgeOnScreen& e : g_edges) {
    const auto& marks = s.quiz.marks();
    if (std::find(marks.begin(), marks.end(), e.edge) != marks.end())
      draw_mark(p.dl, e, pal.pv, false, size);
    else if (std::find(s.quiz.wrong_marks().begin(), s.quiz.wrong_marks().end(), e.edge) !=
             s.quiz.wrong_marks().end())
      draw_mark(p.dl, e, pal.cutoff_mark, true, size);
  }
}

// A value question: the successor clicked gives its value as the answer.
void answer_by_click(const CanvasPaint& p, ViewerState& s, const Question& q) {
  const std::uint32_t c = s.hovered;
  if (!canvas_clicked(p.hovered) || c == trace::k_no_node || c >= p.m.node_count()) return;
  const trace::ModelNode& n = p.m.node(c);
  if (n.parent != q.node || n.leave_t == trace::k_never || n.leave_t >= q.t) return;
  Answer a;
  a.value = quiz_words::value_of(p.m, c, s.quiz.view() == trace::ValueView::minimax);
  s.answer_quiz(a);
}

}  // namespace

const std::vector<QuizEdgeOnScreen>& last_quiz_edges() {
  return g_edges;
}

bool quiz_marks_on_canvas(const ViewerState& s) {
  const Question* q = s.quiz.current();
  return q && s.at_quiz_question() && q->type == QuestionType::cutoff && s.previews_input_tree() &&
         s.show_pruned;
}

void keep_asked_in_view(ViewerState& s, const TreeLayout& layout, ImVec2 size) {
  const Question* q = s.quiz.current();
  if (!q || !s.at_quiz_question() || !layout.contains(q->node) || !layout.shown(q->node)) return;
  // The node and its answer box beside it: a node's width of room on each side.
  const float mx = s.metrics.node_width * 1.5f, my = s.metrics.node_height;
  const float half_w = size.x * 0.5f / s.camera.zoom, half_h = size.y * 0.5f / s.camera.zoom;
  const float x = layout.x(q->node), y = layout.y(q->node);
  if (half_w > mx) s.camera.x = std::clamp(s.camera.x, x - half_w + mx, x + half_w - mx);
  if (half_h > my) s.camera.y = std::clamp(s.camera.y, y - half_h + my, y + half_h - my);
}

void quiz_on_canvas(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout) {
  ViewerState& s = p.s;
  g_edges.clear();
  const Question* q = s.quiz.current();
  if (!q || !s.at_quiz_question() || !layout.contains(q->node) || !layout.shown(q->node)) return;
  // The asked node ringed, thick and dashed, told from the cursor's ring by its shape.
  const Palette& pal = palette(s.theme);
  const float x = layout.x(q->node), y = layout.y(q->node);
  const ImVec2 a = f.to_screen(x - f.hw, y - f.hh), b = f.to_screen(x + f.hw, y + f.hh);
  const float pad = 5.0f * std::max(0.6f, f.zoom);
  draw_dashed_rect(p.dl, ImVec2(a.x - pad, a.y - pad), ImVec2(b.x + pad, b.y + pad), pal.text,
                   std::max(2.0f, 2.5f * f.zoom), 7.0f * f.zoom);
  if (q->type == QuestionType::cutoff && quiz_marks_on_canvas(s)) {
    g_edges = edges_drawn(p, f, layout);
    mark_edges(p, s);
  } else if (q->type == QuestionType::value) {
    answer_by_click(p, s, *q);
  }
  if (s.quiz.current() == q && (q->type == QuestionType::value || q->type == QuestionType::window))
    draw_quiz_answer_box(s, ImVec2(a.x - pad, a.y - pad), ImVec2(b.x + pad, b.y + pad),
                         ImVec2(f.origin.x, f.origin.y),
                         ImVec2(f.origin.x + f.size.x, f.origin.y + f.size.y));
}

}  // namespace kibitz::viewer
