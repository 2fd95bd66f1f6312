#include "viewer/textbook.hpp"

#include <algorithm>
#include <vector>

#include "trace/minimax_form.hpp"
#include "viewer/canvas_frame.hpp"
#include "viewer/theme.hpp"
#include "viewer/viewer_state.hpp"

namespace kibitz::viewer {

namespace {

using trace::EventType;

// ⋆ is MAX's cutoff test (≥ or >), ☆ MIN's (≤ or <), as the search ran.
const Listing k_alphabeta{"alpha-beta, as textbooks write it (MAX-VALUE and MIN-VALUE)",
                          {
                              "function ALPHA-BETA-SEARCH(state)",
                              "  v \u2190 MAX-VALUE(state, \u2212\u221e, +\u221e)",
                              "  return the action whose value is v",
                              "function MAX-VALUE(state, \u03b1, \u03b2)",
                              "  if TERMINAL(state) then return UTILITY(state)",
                              "  v \u2190 \u2212\u221e",
                              "  for each a in ACTIONS(state) do",
                              "    v \u2190 MAX(v, MIN-VALUE(RESULT(state, a), \u03b1, \u03b2))",
                              "    if v \u22c6 \u03b2 then return v        (prune)",
                              "    \u03b1 \u2190 MAX(\u03b1, v)",
                              "  return v",
                              "function MIN-VALUE(state, \u03b1, \u03b2)",
                              "  if TERMINAL(state) then return UTILITY(state)",
                              "  v \u2190 +\u221e",
                              "  for each a in ACTIONS(state) do",
                              "    v \u2190 MIN(v, MAX-VALUE(RESULT(state, a), \u03b1, \u03b2))",
                              "    if v \u2606 \u03b1 then return v        (prune)",
                              "    \u03b2 \u2190 MIN(\u03b2, v)",
                              "  return v",
                          }};

const Listing k_minimax{"minimax, as textbooks write it (MAX-VALUE and MIN-VALUE)",
                        {
                            "function MINIMAX-DECISION(state)",
                            "  return the action a with the largest MIN-VALUE(RESULT(state, a))",
                            "function MAX-VALUE(state)",
                            "  if TERMINAL(state) then return UTILITY(state)",
                            "  v \u2190 \u2212\u221e",
                            "  for each a in ACTIONS(state) do",
                            "    v \u2190 MAX(v, MIN-VALUE(RESULT(state, a)))",
                            "  return v",
                            "function MIN-VALUE(state)",
                            "  if TERMINAL(state) then return UTILITY(state)",
                            "  v \u2190 +\u221e",
                            "  for each a in ACTIONS(state) do",
                            "    v \u2190 MIN(v, MAX-VALUE(RESULT(state, a)))",
                            "  return v",
                        }};

bool is_alphabeta(const trace::Model& m) {
  return m.trace().meta.get("algo") == "alphabeta";
}
bool criterion_ge(const trace::Model& m) {
  return m.trace().meta.get("criterion", "gt") == "ge";
}

// The function's lines for a MAX or MIN node: its header, terminal test, v's start, the loop,
// the recursive call, the cutoff test, the bound's update and the return.
struct Lines {
  int header, terminal, start, call, test, update, ret;
};
Lines lines_of(const trace::Model& m, std::uint32_t id) {
  const bool max = trace::is_max_node(m, id);
  if (is_alphabeta(m)) {
    const int b = max ? 0 : 8;
    return {4 + b, 5 + b, 6 + b, 8 + b, 9 + b, 10 + b, 11 + b};
  }
  const int b = max ? 0 : 6;
  return {3 + b, 4 + b, 5 + b, 7 + b, 0, 0, 8 + b};
}

std::string score_text(Score s) {
  return format_score_textbook(s);
}

}  // namespace

bool textbook_applies(const trace::Model& m) {
  const std::string algo = m.trace().meta.get("algo"), source = m.trace().meta.get("source");
  return (algo == "alphabeta" || algo == "minimax") && (source == "tree" || source == "random");
}

const Listing& textbook_listing(const trace::Model& m) {
  return is_alphabeta(m) ? k_alphabeta : k_minimax;
}

std::string textbook_listing_line(const trace::Model& m, int line) {
  const Listing& l = textbook_listing(m);
  if (line < 1 || static_cast<std::size_t>(line) > l.lines.size()) return "";
  std::string text = l.lines[static_cast<std::size_t>(line) - 1];
  const bool ge = criterion_ge(m);
  const std::pair<const char*, const char*> marks[] = {{"\u22c6", ge ? "\u2265" : ">"},
                                                       {"\u2606", ge ? "\u2264" : "<"}};
  for (const auto& [mark, op] : marks) {
    const std::string from = mark;
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at))
      text.replace(at, from.size(), op);
  }
  return text;
}

int textbook_line(const trace::Model& m, std::size_t t) {
  if (t >= m.event_count()) return 0;
  const std::uint32_t id = m.node_of_event(t);
  if (id == trace::k_no_node || id >= m.node_count()) return 0;
  const Lines l = lines_of(m, id);
  const trace::ModelNode& n = m.node(id);
  switch (m.event(t).type) {
    case EventType::enter:
    case EventType::label:
    case EventType::position:
      return l.header;
    case EventType::evaluate:
      return l.terminal;
    case EventType::expand:
      return l.start;
    case EventType::child_return:
    case EventType::best_set:
      return l.call;
    case EventType::cutoff:
      return l.test;
    case EventType::alpha_set:
      return l.update;
    case EventType::leave:
      if (n.leaf) return l.terminal;
      return n.cutoff_t <= t && l.test ? l.test : l.ret;
    default:
      return 0;
  }
}

int textbook_node_line(const trace::Model& m, std::uint32_t id, std::size_t t) {
  const trace::NodeState s = m.state_at(id, t);
  if (!s.visible || s.last_event == trace::k_never) return 0;
  if (s.open && s.children_entered > 0) {  // a successor being searched: the call
    const std::uint32_t last = m.child(id, static_cast<std::uint32_t>(s.children_entered - 1));
    if (m.enter_t(last) > s.last_event) return lines_of(m, id).call;
  }
  return textbook_line(m, s.last_event);
}

RuleAt rule_at(const trace::Model& m, std::size_t t) {
  RuleAt r;
  if (t >= m.event_count() || !m.has_window() || !is_alphabeta(m)) return r;
  const trace::Event& e = m.event(t);
  if (e.type != EventType::child_return && e.type != EventType::best_set &&
      e.type != EventType::cutoff && e.type != EventType::alpha_set)
    return r;
  const std::uint32_t p = e.node;
  if (p >= m.node_count()) return r;
  const std::int32_t k = e.type == EventType::alpha_set ? e.a - 1 : e.a;
  const std::uint32_t child = m.successor(p, k);
  if (child == trace::k_no_node || m.leave_t(child) == trace::k_never) return r;
  // The window the value met: the node's as the child returned (before α or β moved).
  const std::size_t back = std::min<std::size_t>(m.leave_t(child) + 1, t);
  const trace::NodeState st = m.state_at(p, back);
  const trace::MinimaxWindow w = trace::max_view_window(m, p, st.alpha, m.node(p).beta);
  r.node = p;
  r.max_node = trace::is_max_node(m, p);
  r.v = trace::max_view(m, child, m.node(child).ret);
  r.alpha = w.alpha;
  r.beta = w.beta;
  const trace::ModelNode& n = m.node(p);
  if (n.cutoff_t != trace::k_never && n.cutoff_child == k)
    r.rule = Rule::prune;
  else if (r.max_node ? r.v > r.alpha : r.v < r.beta)
    r.rule = Rule::update;
  else
    r.rule = Rule::keep;
  return r;
}

std::string rule_sentence(const trace::Model& m, const RuleAt& r) {
  if (r.rule == Rule::none) return "";
  const bool ge = criterion_ge(m);
  const std::string v = "v = " + score_text(r.v), a = "\u03b1 = " + score_text(r.alpha),
                    b = "\u03b2 = " + score_text(r.beta);
  if (r.max_node) {
    if (r.rule == Rule::prune)
      return "at MAX, " + v + (ge ? " \u2265 " : " > ") + b + ": prune the rest";
    if (r.rule == Rule::update) return "at MAX, " + v + " > " + a + ": \u03b1 \u2190 v";
    return "at MAX, " + v + " \u2264 " + a + ": keep \u03b1";
  }
  if (r.rule == Rule::prune)
    return "at MIN, " + v + (ge ? " \u2264 " : " < ") + a + ": prune the rest";
  if (r.rule == Rule::update) return "at MIN, " + v + " < " + b + ": \u03b2 \u2190 v";
  return "at MIN, " + v + " \u2265 " + b + ": keep \u03b2";
}

void draw_edge_windows(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout) {
  if (f.lod < 2 || !p.m.has_window() || layout.node_count() > 4000) return;
  const float fs = p.s.node_text() * p.zoom * 0.72f;
  if (fs < 8.0f) return;
  const Palette& pal = palette(p.s.theme);
  ImFont* font = ImGui::GetFont();
  struct Label {
    ImVec2 a, b;
    std::string text;
    bool on_path;
  };
  std::vector<Label> labels;
  for (std::uint32_t id = layout.first(); id < std::min(layout.end(), f.visible_end); ++id) {
    const trace::ModelNode& n = p.m.node(id);
    if (n.parent == trace::k_no_node || !layout.shown(id) || !layout.shown(n.parent)) continue;
    const trace::MinimaxWindow w = trace::max_view_window(p.m, id, n.alpha0, n.beta);
    std::string text = "(" + score_text(w.alpha) + ", " + score_text(w.beta) + ")";
    const ImVec2 a = f.to_screen(layout.x(n.parent), layout.y(n.parent) + f.hh);
    const ImVec2 c = f.to_screen(layout.x(id), layout.y(id) - f.hh);
    const ImVec2 mid((a.x + c.x) * 0.5f, (a.y + c.y) * 0.5f);
    if (!f.on_screen(mid)) continue;
    const ImVec2 ts = font->CalcTextSizeA(fs, 1e9f, 0.0f, text.c_str());
    // Beside the edge, on its outer side.
    const float x = c.x >= a.x ? mid.x + 3.0f : mid.x - ts.x - 3.0f;
    labels.push_back({ImVec2(x - 2.0f, mid.y - ts.y * 0.5f),
                      ImVec2(x + ts.x + 2.0f, mid.y + ts.y * 0.5f), std::move(text),
                      CanvasFrame::contains(f.path, id)});
  }
  // Where the leaves' edges are too close for all their labels, the cursor's path keeps its
  // label and the others give way to those already drawn (the inspector and tooltip say them).
  std::stable_partition(labels.begin(), labels.end(), [](const Label& l) { return l.on_path; });
  std::vector<const Label*> drawn;
  for (const Label& l : labels) {
    bool clear = true;
    for (const Label* d : drawn)
      clear = clear && (l.b.x <= d->a.x || l.a.x >= d->b.x || l.b.y <= d->a.y || l.a.y >= d->b.y);
    if (!clear) continue;
    drawn.push_back(&l);
    p.dl->AddRectFilled(l.a, l.b, pal.canvas_bg, 3.0f);  // over the lines it crosses
    p.dl->AddText(font, fs, ImVec2(l.a.x + 2.0f, l.a.y), pal.text_dim, l.text.c_str());
  }
}

namespace {

struct RuleRow {
  const char* when;
  const char* at_max;
  const char* at_min;
};

// The rows of the rule table for the search's cutoff test, and the row v falls in.
std::vector<RuleRow> rule_rows(bool ge) {
  if (ge)
    return {{"v \u2264 \u03b1", "keep \u03b1", "prune"},
            {"\u03b1 < v < \u03b2", "\u03b1 \u2190 v", "\u03b2 \u2190 v"},
            {"v \u2265 \u03b2", "prune", "keep \u03b2"}};
  return {{"v < \u03b1", "keep \u03b1", "prune"},
          {"v = \u03b1", "keep \u03b1", "\u03b2 \u2190 v"},
          {"\u03b1 < v < \u03b2", "\u03b1 \u2190 v", "\u03b2 \u2190 v"},
          {"v = \u03b2", "\u03b1 \u2190 v", "keep \u03b2"},
          {"v > \u03b2", "prune", "keep \u03b2"}};
}
int rule_row(bool ge, const RuleAt& r) {
  if (ge) return r.v <= r.alpha ? 0 : r.v >= r.beta ? 2 : 1;
  return r.v < r.alpha ? 0 : r.v == r.alpha ? 1 : r.v < r.beta ? 2 : r.v == r.beta ? 3 : 4;
}

}  // namespace

void draw_rule_table(ViewerState& s, ImDrawList* dl, ImVec2 origin, ImVec2 size) {
  const trace::Model& m = s.model();
  if (!is_alphabeta(m) || !m.has_window()) return;
  const Palette& pal = palette(s.theme);
  const RuleAt r = rule_at(m, s.cursor());
  const bool ge = criterion_ge(m);
  const std::vector<RuleRow> rows = rule_rows(ge);
  const int lit = r.rule == Rule::none ? -1 : rule_row(ge, r);
  const float em = ImGui::GetFontSize(), line = em * 1.35f, pad = em * 0.4f;
  const float c0 = em * 6.2f, c1 = em * 4.6f, c2 = em * 4.6f, w = c0 + c1 + c2 + 2 * pad;
  const float h = line * static_cast<float>(rows.size() + 2) + 2 * pad;
  if (w > size.x * 0.6f || h > size.y * 0.6f) return;  // no room: the narration says it
  const ImVec2 a(origin.x + size.x - w - 8.0f, origin.y + 8.0f), b(a.x + w, a.y + h);
  dl->AddRectFilled(a, b, pal.node_bg, 4.0f);
  dl->AddRect(a, b, pal.node_border, 4.0f);
  float y = a.y + pad;
  dl->AddText(ImVec2(a.x + pad, y), pal.text_dim, "successor's value v");
  y += line;
  dl->AddText(ImVec2(a.x + pad + c0, y), pal.text_dim, "at MAX");
  dl->AddText(ImVec2(a.x + pad + c0 + c1, y), pal.text_dim, "at MIN");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    y += line;
    const bool on = static_cast<int>(i) == lit;
    if (on) {  // the row v fell in, and the cell of the node's player ringed
      dl->AddRectFilled(ImVec2(a.x + 2, y - 2), ImVec2(b.x - 2, y + line - 4), pal.hover, 3.0f);
      const float cx = a.x + pad + c0 + (r.max_node ? 0.0f : c1) - em * 0.25f;
      dl->AddRect(ImVec2(cx, y - 2), ImVec2(cx + c1 - em * 0.2f, y + line - 4), pal.active, 3.0f, 0,
                  2.0f);
    }
    dl->AddText(ImVec2(a.x + pad, y), on ? pal.text : pal.text_dim, rows[i].when);
    dl->AddText(ImVec2(a.x + pad + c0, y), on && r.max_node ? pal.text : pal.text_dim,
                rows[i].at_max);
    dl->AddText(ImVec2(a.x + pad + c0 + c1, y), on && !r.max_node ? pal.text : pal.text_dim,
                rows[i].at_min);
  }
}

}  // namespace kibitz::viewer
