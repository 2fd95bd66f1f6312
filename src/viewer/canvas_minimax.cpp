// A full node's numbers in the textbook's form (trace/minimax_form.hpp): its window [α, β],
// best and value from MAX's point of view; a MIN node's best is the smallest value so far and
// the bound it narrows is β. Values are written as textbooks write them ("3", "−2", "+∞").
#include <string>

#include "core/bound.hpp"
#include "viewer/canvas_text.hpp"
#include "viewer/theme.hpp"
#include "viewer/viewer_state.hpp"

namespace kibitz::viewer {

namespace {

std::string num(Score s) {
  std::string t = format_score_pretty(s);
  if (!is_infinite(s) && !t.empty() && t[0] == '+') t.erase(0, 1);
  return t;
}

const char* bound_word(Bound b) {
  switch (b) {
    case Bound::lower:
      return "\u2265 ";  // the value is this or more
    case Bound::upper:
      return "\u2264 ";
    default:
      return "";
  }
}

}  // namespace

void player_mark(ImDrawList* dl, ImVec2 at, float h, bool max, ImU32 col) {
  const float w = h * 1.1f;
  if (max)
    dl->AddTriangleFilled(ImVec2(at.x + w * 0.5f, at.y), ImVec2(at.x + w, at.y + h),
                          ImVec2(at.x, at.y + h), col);
  else
    dl->AddTriangleFilled(ImVec2(at.x, at.y), ImVec2(at.x + w, at.y),
                          ImVec2(at.x + w * 0.5f, at.y + h), col);
}

void minimax_value_lines(const CanvasPaint& p, NodeText& txt, std::uint32_t id,
                         const trace::NodeState& st) {
  const Palette& pal = palette(p.s.theme);
  const trace::ModelNode& n = p.m.node(id);
  const bool max = trace::is_max_node(p.m, id);
  if (n.leaf) {
    if (st.evaluated) {
      ImU32 colour = pal.text;
      const char* word = leaf_word(p, id, "value", colour);
      txt.text(txt.a.x + txt.pad, std::string(word) + " " + num(trace::max_view(p.m, id, st.eval)),
               colour);
    }
    txt.y += txt.line;
    if (p.m.has_window()) {
      const trace::MinimaxWindow w = trace::max_view_window(p.m, id, n.alpha0, n.beta);
      txt.pair("\u03b1 " + num(w.alpha), pal.text_dim, "\u03b2 " + num(w.beta), pal.text_dim);
    }
    txt.y += txt.line * 2;
    if (st.has_ret && (!st.evaluated || st.ret != st.eval)) {  // a capture search's own value
      txt.y -= txt.line;
      txt.text(txt.a.x + txt.pad, "value " + num(trace::max_view(p.m, id, st.ret)), pal.text);
    }
    return;
  }
  if (p.m.has_window()) {
    // The current alpha[k] narrows α at a MAX node and β at a MIN node: coloured once it has.
    const trace::MinimaxWindow w = trace::max_view_window(p.m, id, st.alpha, n.beta);
    const bool narrowed = st.alpha_index && st.alpha != n.alpha0;
    txt.pair("\u03b1 " + num(w.alpha), max && narrowed ? pal.pv : pal.text, "\u03b2 " + num(w.beta),
             !max && narrowed ? pal.pv : pal.text);
  }
  txt.y += txt.line;
  if (st.has_best)
    txt.text(txt.a.x + txt.pad, "best " + num(trace::max_view(p.m, id, st.best)), pal.text);
  else
    txt.text(txt.a.x + txt.pad, "best \u2014", pal.text_dim);
  txt.y += txt.line;
  if (st.has_ret) {
    const std::string value = std::string("value ") +
                              bound_word(trace::max_view(p.m, id, st.bound)) +
                              num(trace::max_view(p.m, id, st.ret));
    if (p.s.scores && id < p.s.scores->size())
      txt.pair(value, pal.text, "sc " + num(trace::max_view(p.m, id, (*p.s.scores)[id])),
               pal.text_dim);
    else
      txt.text(txt.a.x + txt.pad, value, pal.text);
  } else if (st.open) {
    txt.text(txt.a.x + txt.pad, "searching\u2026", pal.text_dim);
  }
}

}  // namespace kibitz::viewer
