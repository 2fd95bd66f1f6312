// Quiz mode's questions and answers (quiz.hpp), read off the trace's events.
#include "viewer/quiz.hpp"

#include <algorithm>
#include <cstdlib>

#include "core/criterion.hpp"
#include "trace/narration.hpp"
#include "viewer/node_card.hpp"
#include "viewer/pseudocode.hpp"
#include "viewer/quiz_words.hpp"

namespace kibitz::viewer {

namespace quiz_words {

std::string num(Score s, bool minimax) {
  return minimax ? format_score_textbook(s) : format_score_pretty(s);
}

std::string who(const trace::Model& m, std::uint32_t id, bool minimax) {
  const std::string name = node_name(m, id);
  const char* player = trace::is_max_node(m, id) ? "MAX" : "MIN";
  if (m.is_leaf(id)) return "leaf " + (name.rfind("node ", 0) == 0 ? name.substr(5) : name);
  if (m.parent(id) == trace::k_no_node)
    return minimax ? std::string("the root (") + player + ")" : "the root";
  return minimax ? std::string(player) + " " + name : name;
}

Score value_of(const trace::Model& m, std::uint32_t id, bool minimax) {
  return minimax ? trace::max_view(m, id, m.node(id).ret) : m.node(id).ret;
}

trace::MinimaxWindow window_of(const trace::Model& m, std::uint32_t id, bool minimax) {
  const trace::ModelNode& n = m.node(id);
  return minimax ? trace::max_view_window(m, id, n.alpha0, n.beta)
                 : trace::MinimaxWindow{n.alpha0, n.beta};
}

int pruned_by(const trace::Model& m, std::uint32_t id) {
  const trace::ModelNode& n = m.node(id);
  if (n.cutoff_child < 0) return 0;
  return std::max(0, n.succ_count - n.cutoff_child - 1 - n.pruned);
}

std::uint32_t fnv1a(const std::string& text, std::uint32_t h) {
  for (unsigned char c : text) h = (h ^ c) * 16777619u;
  return h;
}

Criterion criterion_of(const trace::Model& m) {
  Criterion c = Criterion::gt;
  parse_criterion(m.trace().meta.get("criterion", "gt").c_str(), c);
  return c;
}

}  // namespace quiz_words

namespace {

using trace::EventType;
using namespace quiz_words;

void add(std::vector<Question>& qs, QuestionType type, std::size_t t, std::uint32_t node,
         std::uint32_t child, std::string text) {
  Question q;
  q.type = type;
  q.t = t;
  q.node = node;
  q.child = child;
  q.text = std::move(text);
  qs.push_back(std::move(q));
}

// The questions the events at t ask, at `level`, in the order the replay meets them.
void questions_at(const trace::Model& m, std::size_t t, int level, bool minimax,
                  std::vector<Question>& qs) {
  const trace::Event& e = m.event(t);
  const std::uint32_t id = e.node;
  if (id == trace::k_no_node || id >= m.node_count()) return;
  const trace::ModelNode& n = m.node(id);
  switch (e.type) {
    case EventType::enter:
      if (level >= 3 && m.has_window() && n.parent != trace::k_no_node && !n.leaf)
        add(qs, QuestionType::window, t, id, 0,
            "With what window [\u03b1, \u03b2] is " + who(m, id, minimax) + " entered?");
      break;
    case EventType::child_return: {
      const std::uint32_t c = m.successor(id, e.a);
      if (level >= 2 && m.has_window() && n.succ_count > e.a + 1 && c != trace::k_no_node)
        add(qs, QuestionType::cutoff, t, id, c,
            who(m, c, minimax) + " returned " + num(value_of(m, c, minimax), minimax) + " to " +
                who(m, id, minimax) + ". Does that cause a cutoff? If so, how many successors " +
                "does it prune?");
      break;
    }
    case EventType::cutoff:
      if (level >= 4)
        add(qs, QuestionType::kind, t, id, 0,
            "What kind of node is " + who(m, id, minimax) + " now: Pv, Cut or All?");
      break;
    case EventType::leave:
      if (n.leaf) break;
      if (level >= 4 && n.cutoff_t == trace::k_never)
        add(qs, QuestionType::kind, t, id, 0,
            "What kind of node is " + who(m, id, minimax) + ": Pv, Cut or All?");
      add(qs, QuestionType::value, t, id, 0,
          minimax ? "What value does " + who(m, id, minimax) + " return?"
                  : "What does " + who(m, id, minimax) + " return (ret, negamax)?");
      break;
    default:
      break;
  }
}

std::string right_answer(const trace::Model& m, const Question& q, bool minimax) {
  const trace::ModelNode& n = m.node(q.node);
  switch (q.type) {
    case QuestionType::value:
      return num(value_of(m, q.node, minimax), minimax);
    case QuestionType::window: {
      const trace::MinimaxWindow w = window_of(m, q.node, minimax);
      return "[" + num(w.alpha, minimax) + ", " + num(w.beta, minimax) + "]";
    }
    case QuestionType::cutoff:
      if (m.successor(q.node, n.cutoff_child) != q.child) return "no";
      return "yes, " + std::to_string(pruned_by(m, q.node)) + " pruned";
    case QuestionType::kind:
      return kind_label(q.type == QuestionType::kind && n.cutoff_t <= q.t ? NodeKind::cut : n.kind);
  }
  return "";
}

bool is_right(const trace::Model& m, const Question& q, const Answer& a, bool minimax) {
  const trace::ModelNode& n = m.node(q.node);
  switch (q.type) {
    case QuestionType::value:
      return a.value && *a.value == value_of(m, q.node, minimax);
    case QuestionType::window: {
      const trace::MinimaxWindow w = window_of(m, q.node, minimax);
      return a.alpha && a.beta && *a.alpha == w.alpha && *a.beta == w.beta;
    }
    case QuestionType::cutoff: {
      const bool cut = m.successor(q.node, n.cutoff_child) == q.child;
      return a.cutoff && *a.cutoff == cut &&
             (!cut || !a.pruned || *a.pruned == pruned_by(m, q.node));
    }
    case QuestionType::kind:
      return a.kind && *a.kind == (n.cutoff_t <= q.t ? NodeKind::cut : n.kind);
  }
  return false;
}

// The rule that answers a question, without its answer: for a wrong answer.
std::string hint(const trace::Model& m, const Question& q, bool minimax) {
  const bool max = trace::is_max_node(m, q.node);
  const Criterion c = criterion_of(m);
  switch (q.type) {
    case QuestionType::value:
      if (!minimax)
        return "ret is best: the largest of the successors' negated returns (\u2212ret of each), "
               "or the one that caused a cutoff.";
      return std::string("A ") + (max ? "MAX" : "MIN") + " node returns the " +
             (max ? "largest" : "smallest") +
             " value its successors returned (its best), or the one that caused a cutoff.";
    case QuestionType::cutoff:
      if (!minimax)
        return std::string("A cutoff comes when best[k] ") + criterion_symbol(c) +
               " \u03b2; then every successor not searched yet is pruned.";
      return std::string("At a ") + (max ? "MAX" : "MIN") + " node a value v cuts off when v " +
             trace::max_view_cutoff_symbol(m, q.node, c) + (max ? " \u03b2" : " \u03b1") +
             " (the " + (max ? "MIN" : "MAX") +
             " node above would never let play reach it); then every successor not searched yet "
             "is pruned.";
    case QuestionType::window:
      if (!minimax)
        return "A successor is searched with its parent's window negated and swapped: "
               "(\u2212\u03b2, \u2212alpha[k]).";
      return "A successor is entered with its parent's window as it stands then: \u03b1 raised by "
             "the MAX nodes above, \u03b2 lowered by the MIN nodes.";
    case QuestionType::kind:
      return "Cut: a successor caused a cutoff. All: no successor's value got inside the window. "
             "Pv: otherwise, and its value is exact.";
  }
  return "";
}

// The pseudocode line a question's decision runs: the cutoff test for a cutoff (wherever the
// trace first runs it), else the line of the question's event.
int rule_line(const trace::Model& m, const Question& q) {
  if (q.type == QuestionType::cutoff)
    for (std::size_t t = 0; t < m.event_count(); ++t)
      if (m.event(t).type == trace::EventType::cutoff) return line_of_event(m, t);
  return line_of_event(m, q.t);
}

}  // namespace

std::string Quiz::missing(const Answer& a) const {
  const Question* q = current();
  if (!q || a.reveal || a.skip) return "";
  switch (q->type) {
    case QuestionType::value:
      return a.value ? "" : "this question asks for a value (a number, or +inf / -inf)";
    case QuestionType::window:
      return a.alpha && a.beta ? "" : "this question asks for a window: an alpha and a beta";
    case QuestionType::cutoff:
      return a.cutoff ? "" : "this question asks whether there is a cutoff (yes or no)";
    case QuestionType::kind:
      return a.kind ? "" : "this question asks for a kind: Pv, Cut or All";
  }
  return "";
}

const char* Quiz::level_name(int level) {
  static const char* const names[] = {"values", "pruning", "windows", "kinds", "negamax"};
  return names[std::clamp(level, 1, k_levels) - 1];
}

namespace {

// FNV-1a over a question list and its answers: names the quiz (the trace and the level) in a
// result code, so that a teacher's Kibitz can tell whether a code is about the tree it shows.
std::uint32_t hash_questions(const trace::Model& m, const std::vector<Question>& qs, bool minimax) {
  std::uint32_t h = 2166136261u;
  auto feed = [&h](const std::string& text) { h = fnv1a("\xff", fnv1a(text, h)); };
  for (const Question& q : qs) {
    feed(q.text);
    feed(right_answer(m, q, minimax));
  }
  return h;
}

// Round r's questions among n: all when n is at most k, else k spread evenly (each round
// starting further on), the last question (the root's value) always among them.
std::vector<std::size_t> pick_round(std::size_t n, std::size_t k, int round) {
  std::vector<std::size_t> picked;
  if (n <= k) {
    for (std::size_t i = 0; i < n; ++i) picked.push_back(i);
    return picked;
  }
  const std::size_t spread = k - 1, offset = static_cast<std::size_t>(round) % ((n - 1) / spread);
  for (std::size_t i = 0; i < spread; ++i) picked.push_back(i * (n - 1) / spread + offset);
  picked.push_back(n - 1);
  picked.erase(std::unique(picked.begin(), picked.end()), picked.end());
  return picked;
}

}  // namespace

void Quiz::start(const trace::Model& model, int level, int round) {
  m_model = &model;
  m_level = std::clamp(level, 1, k_levels);
  m_round = std::max(0, round);
  m_questions.clear();
  m_missed.clear();
  m_marks.clear();
  m_wrong_marks.clear();
  m_mark_verdict = {};
  m_next = m_right = 0;
  m_missed_mask = 0;
  m_tried = false;
  m_feedback = {};
  const bool minimax = view() == trace::ValueView::minimax;
  std::vector<Question> all;
  for (std::size_t t = 0; t < model.event_count(); ++t)
    questions_at(model, t, m_level, minimax, all);
  m_all = all.size();
  m_hash = hash_questions(model, all, minimax);
  m_picked = pick_round(all.size(), k_round_size, m_round);
  for (std::size_t i : m_picked) m_questions.push_back(all[i]);
  m_active = true;
}

std::size_t Quiz::wait_at() const {
  if (!m_model || m_model->event_count() == 0) return 0;
  if (!current()) return m_model->event_count() - 1;
  const std::size_t t = current()->t;
  return t == 0 ? 0 : t - 1;
}

QuizFeedback Quiz::answer(const Answer& a) {
  const Question* q = current();
  if (!q) return m_feedback = {};
  const trace::Model& m = *m_model;
  const bool minimax = view() == trace::ValueView::minimax;
  QuizFeedback f;
  const std::string right = right_answer(m, *q, minimax);
  f.correct = !a.reveal && !a.skip && is_right(m, *q, a, minimax);
  const bool settled = f.correct || a.reveal || a.skip;
  const int line = rule_line(m, *q);
  const std::string text = listing_line(m, line);
  const std::string code =
      text.empty() ? "" : " (pseudocode line " + std::to_string(line) + ": " + text + ")";
  if (!settled) {  // wrong: the rule, not the answer; the question stays
    f.explanation = hint(m, *q, minimax) + code;
    m_tried = true;
    return m_feedback = f;
  }
  f.right_answer = right;
  // No "expected Pv" once kinds are asked (level 4): it would hint at the kind questions.
  const bool kinds = m_level < 4;
  std::string why = narrate(m, q->t, view(), {}, kinds);
  if (q->type == QuestionType::cutoff && right != "no") {
    // The sentence of the cutoff itself, a few events on, says what was compared.
    for (std::size_t t = q->t; t < m.event_count() && t < q->t + 8; ++t)
      if (m.event(t).type == trace::EventType::cutoff && m.event(t).node == q->node)
        why = narrate(m, t, view(), {}, kinds);
  }
  f.explanation = why + code;
  if (f.correct && !m_tried) ++m_right;
  if (!f.correct || m_tried) {
    m_missed.emplace_back(q->text, right);
    m_missed_mask |= 1u << m_next;
  }
  ++m_next;
  m_tried = false;
  m_marks.clear();
  m_wrong_marks.clear();
  m_mark_verdict = {};
  return m_feedback = f;
}

std::optional<Score> parse_quiz_number(const std::string& text) {
  std::string s;
  for (std::size_t i = 0; i < text.size(); ++i) {  // "−" (U+2212) is a minus; spaces go
    if (text.compare(i, 3, "\u2212") == 0) {
      s += '-';
      i += 2;
    } else if (text.compare(i, 3, "\u221e") == 0) {
      s += "inf";
      i += 2;
    } else if (text[i] != ' ') {
      s += text[i];
    }
  }
  if (s == "inf" || s == "+inf") return k_score_inf;
  if (s == "-inf") return -k_score_inf;
  if (s.empty() || s.size() > 11) return std::nullopt;
  char* end = nullptr;
  const long v = std::strtol(s.c_str(), &end, 10);
  if (*end || v <= -k_score_inf || v >= k_score_inf) return std::nullopt;
  return static_cast<Score>(v);
}

}  // namespace kibitz::viewer
