#include "viewer/spoken.hpp"

#include "trace/minimax_form.hpp"
#include "trace/narration.hpp"
#include "viewer/game_services.hpp"
#include "viewer/textbook.hpp"

namespace kibitz::viewer {

std::string narration_sentence(const ViewerState& s) {
  if (!s.has_trace()) return "Press Run to search the tree in Set-up.";
  // A quiz at its question says the question (what the last event did may give the answer
  // away: a cutoff's sentence names the best the asked node returns).
  if (s.at_quiz_question()) return "Question: " + s.quiz.current()->text;
  std::string text =
      narrate(s.model(), s.cursor(), s.value_view, pruned_names(s.pruned), !s.textbook_mode());
  if (s.textbook_mode() && s.cursor() < s.event_count() &&
      s.model().event(s.cursor()).type == trace::EventType::child_return) {  // the rule, said
    const std::string rule = rule_sentence(s.model(), rule_at(s.model(), s.cursor()));
    if (!rule.empty()) text += " Rule: " + rule + ".";
  }
  return text;
}

namespace {

const char* kind_words(NodeKind k) {
  switch (k) {
    case NodeKind::pv:
      return "a Pv node: exact";
    case NodeKind::cut:
      return "a Cut node: a successor cut off, the value a bound";
    case NodeKind::all:
      return "an All node: nothing reached alpha, the value a bound";
    case NodeKind::leaf:
      return "a leaf";
    default:
      return "not finished";
  }
}

}  // namespace

std::string node_summary(const ViewerState& s, std::uint32_t id) {
  if (!s.has_trace() || id == trace::k_no_node || id >= s.model().node_count()) return "";
  if (s.at_quiz_question()) return "";  // a node's values would answer the question
  const trace::Model& m = s.model();
  const trace::NodeState st = m.state_at(id, s.cursor());
  if (!st.visible) return "";
  const bool textbook = s.value_view == trace::ValueView::minimax;
  const trace::ModelNode& n = m.node(id);
  std::string out = "Selected: " + node_name(m, id) + " (";
  if (textbook) out += trace::is_max_node(m, id) ? "a MAX node, " : "a MIN node, ";
  out += "depth " + std::to_string(n.depth) + "): window ";
  Score a = n.alpha0, b = n.beta;
  if (textbook) {
    const trace::MinimaxWindow w = trace::max_view_window(m, id, a, b);
    a = w.alpha;
    b = w.beta;
  }
  out += "\u03b1 = " + format_score_pretty(a) + ", \u03b2 = " + format_score_pretty(b);
  if (st.has_ret) {
    const Score ret = textbook ? trace::max_view(m, id, st.ret) : st.ret;
    out += "; returned " + format_score_pretty(ret) + ", " + kind_words(st.kind) + ".";
  } else if (st.has_best) {
    const Score best = textbook ? trace::max_view(m, id, st.best) : st.best;
    out += "; being searched, best so far " + format_score_pretty(best) + ".";
  } else {
    out += "; being searched.";
  }
  return out;
}

}  // namespace kibitz::viewer
