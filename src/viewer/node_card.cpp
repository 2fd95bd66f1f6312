// A node's card (node_card.hpp): the seed's negamax numbers (alpha[k], beta, best[k], ret and
// its bound), or the textbook's (the window [α, β], best and the value, from MAX's point of
// view, as trace/minimax_form.hpp turns them).
#include "viewer/node_card.hpp"

namespace kibitz::viewer {

namespace {

std::string num(Score s) {
  return format_score_textbook(s);
}

const char* bound_symbol(Bound b) {
  switch (b) {
    case Bound::lower:
      return "\u2265";  // score >= ret
    case Bound::upper:
      return "\u2264";
    default:
      return "=";
  }
}

const char* bound_word(Bound b) {  // before a textbook value: "≥ 3" is "3 or more"
  switch (b) {
    case Bound::lower:
      return "\u2265 ";
    case Bound::upper:
      return "\u2264 ";
    default:
      return "";
  }
}

void set_tag(NodeCard& c, const trace::ModelNode& n, const trace::NodeState& st) {
  c.decided = st.kind != NodeKind::unknown;
  c.tag = "\u2026";
  if (c.decided) {
    c.tag = kind_label(st.kind);
    c.tag_kind = st.kind;
  } else if (n.expected != NodeKind::unknown) {
    c.tag = std::string(kind_label(n.expected)) + "?";
    c.tag_kind = n.expected;
  }
  c.wrong_prediction = c.decided && n.expected != NodeKind::unknown && st.kind != n.expected &&
                       st.kind != NodeKind::leaf;
}

CardText leaf_value_text(const CardOptions& o, const char* word, const std::string& value) {
  return {std::string(o.leaf_word ? o.leaf_word : word) + " " + value,
          o.leaf_word ? Ink::view : Ink::text};
}

// The seed's lines: a leaf's evaluation and window, an inner node's alpha[k], beta and
// best[k]; then ret and its bound (with the unpruned score), or "searching…".
void negamax_lines(NodeCard& c, const trace::Model& m, std::uint32_t id, const trace::NodeState& st,
                   const CardOptions& o) {
  const trace::ModelNode& n = m.node(id);
  if (n.leaf) {
    c.lines.push_back(
        {st.evaluated ? leaf_value_text(o, "eval", format_score_pretty(st.eval)) : CardText{}, {}});
    c.lines.push_back(m.has_window()
                          ? CardLine{{"\u03b1 " + format_score_pretty(n.alpha0), Ink::dim},
                                     {"\u03b2 " + format_score_pretty(n.beta), Ink::dim}}
                          : CardLine{});
  } else {
    CardLine window;
    if (m.has_window()) {
      const std::string k = st.alpha_index ? "[" + std::to_string(st.alpha_index) + "]" : "";
      window = {{"\u03b1" + k + " " + format_score_pretty(st.alpha),
                 st.alpha_index && st.alpha != n.alpha0 ? Ink::narrowed : Ink::text},
                {"\u03b2 " + format_score_pretty(n.beta), Ink::text}};
    }
    c.lines.push_back(window);
    c.lines.push_back(st.has_best ? CardLine{{"best[" + std::to_string(st.best_index) + "] " +
                                                  format_score_pretty(st.best),
                                              Ink::text},
                                             {}}
                                  : CardLine{{"best \u2014", Ink::dim}, {}});
  }
  CardLine ret;
  if (st.has_ret) {
    ret.left = {"ret " + format_score_pretty(st.ret) + " " + bound_symbol(st.bound), Ink::text};
    if (o.scores && id < o.scores->size())
      ret.right = {"sc " + format_score_pretty((*o.scores)[id]), Ink::dim};
  } else if (st.open) {
    ret.left = {"searching\u2026", Ink::dim};
  }
  c.lines.push_back(ret);
}

// The textbook's lines: the window [α, β] and best from MAX's point of view (a MIN node's
// best is the smallest so far, and the bound it narrows is β), then the value.
void minimax_lines(NodeCard& c, const trace::Model& m, std::uint32_t id, const trace::NodeState& st,
                   const CardOptions& o) {
  const trace::ModelNode& n = m.node(id);
  if (n.leaf) {
    c.lines.push_back({st.evaluated
                           ? leaf_value_text(o, "value", num(trace::max_view(m, id, st.eval)))
                           : CardText{},
                       {}});
    CardLine window;
    if (m.has_window()) {
      const trace::MinimaxWindow w = trace::max_view_window(m, id, n.alpha0, n.beta);
      window = {{"\u03b1 " + num(w.alpha), Ink::dim}, {"\u03b2 " + num(w.beta), Ink::dim}};
    }
    c.lines.push_back(window);
    CardLine own;  // a capture search's own value, when it differs from the evaluation
    if (st.has_ret && (!st.evaluated || st.ret != st.eval))
      own.left = {"value " + num(trace::max_view(m, id, st.ret)), Ink::text};
    c.lines.push_back(own);
    return;
  }
  const bool max = trace::is_max_node(m, id);
  CardLine window;
  if (m.has_window()) {
    const trace::MinimaxWindow w = trace::max_view_window(m, id, st.alpha, n.beta);
    const bool narrowed = st.alpha_index && st.alpha != n.alpha0;
    window = {{"\u03b1 " + num(w.alpha), max && narrowed ? Ink::narrowed : Ink::text},
              {"\u03b2 " + num(w.beta), !max && narrowed ? Ink::narrowed : Ink::text}};
  }
  c.lines.push_back(window);
  c.lines.push_back(st.has_best
                        ? CardLine{{"best " + num(trace::max_view(m, id, st.best)), Ink::text}, {}}
                        : CardLine{{"best \u2014", Ink::dim}, {}});
  CardLine value;
  if (st.has_ret) {
    value.left = {std::string("value ") + bound_word(trace::max_view(m, id, st.bound)) +
                      num(trace::max_view(m, id, st.ret)),
                  Ink::text};
    if (o.scores && id < o.scores->size())
      value.right = {"sc " + num(trace::max_view(m, id, (*o.scores)[id])), Ink::dim};
  } else if (st.open) {
    value.left = {"searching\u2026", Ink::dim};
  }
  c.lines.push_back(value);
}

}  // namespace

std::string card_name(const trace::Model& m, std::uint32_t id) {
  const std::string& label = m.label(id);
  if (!label.empty()) return label;
  return m.parent(id) == trace::k_no_node ? std::string("root") : m.path_text(id);
}

NodeCard node_card(const trace::Model& m, std::uint32_t id, std::size_t t, const CardOptions& o) {
  const trace::NodeState st = m.state_at(id, t);
  const trace::ModelNode& n = m.node(id);
  const bool minimax = o.view == trace::ValueView::minimax;
  NodeCard c;
  set_tag(c, n, st);
  if (o.hide_expected && !c.decided) {
    c.tag = "\u2026";
    c.tag_kind = NodeKind::unknown;
  }
  if (o.hide_kinds) {
    c.tag.clear();
    c.tag_kind = NodeKind::unknown;
    c.decided = c.wrong_prediction = false;
  }
  c.name = card_name(m, id);
  c.title = c.name;
  if (minimax && !n.leaf) {
    c.player = trace::is_max_node(m, id) ? 1 : -1;
    c.title = std::string(c.player > 0 ? "MAX " : "MIN ") + c.name;
  }
  if (minimax)
    minimax_lines(c, m, id, st, o);
  else
    negamax_lines(c, m, id, st, o);
  if (o.hide_best && !n.leaf && c.lines.size() > 1 && !st.has_ret) {
    c.lines[1] = {{"best ?", Ink::dim}, {}};
    if (minimax && m.has_window()) {  // the narrowed bound is the best: the window as entered
      const trace::MinimaxWindow w = trace::max_view_window(m, id, n.alpha0, n.beta);
      c.lines[0] = {{"\u03b1 " + num(w.alpha), Ink::text}, {"\u03b2 " + num(w.beta), Ink::text}};
    }
  }
  if (n.leaf && (st.has_ret || st.evaluated)) {
    const Score v = st.has_ret ? st.ret : st.eval;  // a capture search's own value, once back
    c.leaf_value = minimax ? num(trace::max_view(m, id, v)) : format_score_pretty(v);
  }
  return c;
}

}  // namespace kibitz::viewer
