// Pruning answered by marking branches (quiz.hpp): a student clicks the branches a cutoff
// prunes, as in abTreePractice, and each click is graded at once. A wrong mark names the
// misconception it shows: a cutoff at a node whose window is still open, a branch already
// searched, a branch of another node than the one the value came back to.
#include <algorithm>
#include <string>

#include "viewer/quiz.hpp"
#include "viewer/quiz_words.hpp"

namespace kibitz::viewer {

using namespace quiz_words;

namespace {

// Why a value that came back to `node` prunes nothing: the bound it would have to reach.
std::string no_cutoff_reason(const trace::Model& m, const Question& q, bool minimax) {
  const bool max = !minimax || trace::is_max_node(m, q.node);
  const trace::MinimaxWindow w = window_of(m, q.node, minimax);
  const Score bound = max ? w.beta : w.alpha;
  const std::string name = who(m, q.node, minimax), v = num(value_of(m, q.child, minimax), minimax);
  const char* side = max ? "\u03b2" : "\u03b1";
  if (is_infinite(bound))
    return "You pruned below " + name + " whose " + side + " is still " + num(bound, minimax) +
           ": no value can pass it, so " + name + " cannot cut off yet.";
  if (!minimax)
    return "You pruned below " + name + ", but best = " + num(-value_of(m, q.child, false), false) +
           " does not reach \u03b2 = " + num(bound, false) + ": " + name +
           " searches its next successor.";
  const Criterion c = criterion_of(m);
  return "You pruned below " + name + ", but " + v + " " +
         trace::max_view_cutoff_symbol(m, q.node, c) + " " + side + " = " + num(bound, true) +
         " is false: the " + (max ? "MIN" : "MAX") +
         " node above could still let play reach it, so " + name + " searches on.";
}

bool is_ancestor(const trace::Model& m, std::uint32_t a, std::uint32_t id) {
  for (std::uint32_t p = m.parent(id); p != trace::k_no_node; p = m.parent(p))
    if (p == a) return true;
  return false;
}

}  // namespace

int Quiz::prunes_now() const {
  const Question* q = current();
  if (!q || q->type != QuestionType::cutoff) return 0;
  const trace::Model& m = *m_model;
  if (m.successor(q->node, m.node(q->node).cutoff_child) != q->child) return 0;
  return pruned_by(m, q->node);
}

MarkVerdict Quiz::mark(const QuizEdge& e) {
  const Question* q = current();
  if (!q || q->type != QuestionType::cutoff || e.parent >= m_model->node_count()) return {};
  const trace::Model& m = *m_model;
  const bool minimax = view() == trace::ValueView::minimax;
  const std::string name = who(m, q->node, minimax);
  MarkVerdict v;
  if (e.parent == q->node && e.ghost >= 0 && prunes_now() > 0) {
    if (e.inner) {
      v.text = "That branch goes with the one above it: mark the branch right under " + name + ".";
    } else if (std::find(m_marks.begin(), m_marks.end(), e) != m_marks.end()) {
      v.text = "That branch is marked already.";
    } else {
      m_marks.push_back(e);
      v.grade = MarkGrade::right;
      v.text = "Right: " + name + " never searches it.";
    }
    m_mark_verdict = v;
    if (static_cast<int>(m_marks.size()) >= prunes_now()) settle_marks();
    return v;
  }
  v.grade = MarkGrade::wrong;
  if (e.parent == q->node && e.child != trace::k_no_node && m.enter_t(e.child) < q->t)
    v.text = who(m, e.child, minimax) +
             " has been searched already: a cutoff prunes only the successors not searched yet.";
  else if (e.parent == q->node)
    v.text = no_cutoff_reason(m, *q, minimax);
  else if (is_ancestor(m, e.parent, q->node))
    v.text = "That branch hangs from " + who(m, e.parent, minimax) + ", above " + name +
             ": a cutoff at " + name + " prunes only " + name +
             "'s own successors not searched yet; the nodes above it go on.";
  else
    v.text = "That branch hangs from " + who(m, e.parent, minimax) + ", not from " + name +
             ": the value came back to " + name + ", so only its successors can be pruned now.";
  if (v.text[0] >= 'a' && v.text[0] <= 'z') v.text[0] = static_cast<char>(v.text[0] - 'a' + 'A');
  m_tried = true;
  if (std::find(m_wrong_marks.begin(), m_wrong_marks.end(), e) == m_wrong_marks.end())
    m_wrong_marks.push_back(e);
  return m_mark_verdict = v;
}

MarkVerdict Quiz::finish_marks() {
  const Question* q = current();
  if (!q || q->type != QuestionType::cutoff) return {};
  const bool minimax = view() == trace::ValueView::minimax;
  const int need = prunes_now(), have = static_cast<int>(m_marks.size());
  MarkVerdict v;
  if (have == 0) {  // not an answer yet
    v.text = "Nothing is marked: click the branches it prunes, or press No cutoff.";
    return m_mark_verdict = v;
  }
  v.grade = MarkGrade::wrong;
  if (need > have)
    v.text = std::to_string(need - have) + " more of " + who(*m_model, q->node, minimax) +
             "'s successors are pruned: every one it has not searched yet.";
  else
    return {};  // every pruned branch was marked: the question is settled already
  m_tried = true;
  return m_mark_verdict = v;
}

// Every pruned branch marked: the question is answered (right the first time only if no mark
// was wrong).
void Quiz::settle_marks() {
  Answer a;
  a.cutoff = true;
  a.pruned = static_cast<int>(m_marks.size());
  const MarkVerdict last = m_mark_verdict;
  answer(a);
  m_mark_verdict = last;
}

}  // namespace kibitz::viewer
