// Quiz mode: the replay stops before each decision of the search and asks the student to make
// it: the value a node returns, the window a node is entered with, whether a successor's return
// causes a cutoff (and how many successors it prunes), a node's kind once decided. The
// questions come from the trace (any search can be quizzed); each answer is checked against
// what the search did, in the value view of the quiz, and a wrong one gets the narration's
// explanation and the pseudocode line. Levels add question types:
//   1 values, 2 + pruning, 3 + windows, 4 + kinds, 5 all of them in the negamax form.
// A round asks at most 12 of them, spread over the search (round r picks a different 12);
// pruning can be answered by marking the pruned branches on the canvas, graded one by one
// (quiz_marks.cpp); a finished round gives a result code (quiz_code.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/node_kind.hpp"
#include "core/score.hpp"
#include "trace/minimax_form.hpp"
#include "trace/model.hpp"

namespace kibitz::viewer {

enum class QuestionType { value, cutoff, window, kind };

struct Question {
  QuestionType type = QuestionType::value;
  std::size_t t = 0;        // the event that answers it (the replay waits just before it)
  std::uint32_t node = 0;   // the node it is about (cutoff: the parent)
  std::uint32_t child = 0;  // cutoff: the successor that returned
  std::string text;         // "What value does MIN node 1 return?"
};

// What a student answers; only the fields of the question's type are read.
struct Answer {
  std::optional<Score> value;        // value
  std::optional<Score> alpha, beta;  // window
  std::optional<bool> cutoff;        // cutoff
  std::optional<int> pruned;         // cutoff: successors pruned (optional)
  std::optional<NodeKind> kind;      // kind
  bool reveal = false, skip = false;
};

// A branch a student marks as pruned on the canvas: the node it hangs from (`parent`) and the
// successor it leads to: a node of the trace (`child`), or one of the branches pruned at
// `parent` as ViewerState::pruned lists them (`ghost`, its index there; `inner`: an edge below
// the top of such a branch).
struct QuizEdge {
  std::uint32_t parent = trace::k_no_node;
  std::uint32_t child = trace::k_no_node;
  int ghost = -1;
  bool inner = false;
  bool operator==(const QuizEdge& o) const {
    return parent == o.parent && child == o.child && ghost == o.ghost;
  }
};

// How a mark was graded: right (it is pruned), wrong (with the misconception it shows) or
// neither (a branch inside one already marked, a branch marked twice).
enum class MarkGrade { right, wrong, neither };
struct MarkVerdict {
  MarkGrade grade = MarkGrade::neither;
  std::string text;
};

struct QuizFeedback {
  bool correct = false;
  std::string right_answer;  // "2", "[3, +∞]", "yes, 2 pruned", "Cut"; "" while not settled
  std::string explanation;   // the narration of the event, and the pseudocode line
};

class Quiz {
 public:
  static constexpr int k_levels = 5;
  static const char* level_name(int level);  // "values", "pruning", "windows", "kinds", "negamax"

  static constexpr std::size_t k_round_size = 12;

  // Round `round` of the questions of `level`: all of them when there are at most 12, else 12
  // spread over the search (the root's value always last), a different 12 each round.
  void start(const trace::Model& model, int level, int round = 0);
  void stop() { m_active = false; }
  bool active() const { return m_active; }
  bool done() const { return m_active && m_next >= m_questions.size(); }
  int level() const { return m_level; }
  int round() const { return m_round; }
  std::size_t questions_in_all() const { return m_all; }  // of the level, over every round
  std::uint32_t quiz_hash() const { return m_hash; }      // names the trace and level (result code)
  // The value view the questions are asked in: negamax at level 5, else the textbook's.
  trace::ValueView view() const {
    return m_level >= 5 ? trace::ValueView::negamax : trace::ValueView::minimax;
  }
  const Question* current() const { return done() || !m_active ? nullptr : &m_questions[m_next]; }
  // Where the replay waits for the current question (just before its event), or the end.
  std::size_t wait_at() const;

  // What an answer lacks for the current question ("this question asks for a value"), or "".
  std::string missing(const Answer& a) const;
  // Checks an answer to the current question. Right (or revealed, or skipped): the quiz moves
  // to the next question, and the feedback gives the answer and what the search did. Wrong: it
  // stays, and the feedback gives the rule and the pseudocode line, not the answer.
  QuizFeedback answer(const Answer& a);
  const QuizFeedback& last_feedback() const { return m_feedback; }

  // Pruning by marking branches (a cutoff question): each mark graded at once; a wrong one
  // counts the question as missed and says why. Marking every pruned branch answers it.
  MarkVerdict mark(const QuizEdge& e);
  // "That's all": the marks so far are the answer (a cutoff that prunes exactly them).
  MarkVerdict finish_marks();
  const std::vector<QuizEdge>& marks() const { return m_marks; }
  const std::vector<QuizEdge>& wrong_marks() const { return m_wrong_marks; }
  const MarkVerdict& last_mark() const { return m_mark_verdict; }
  // Successors the current cutoff question's node prunes (0: no cutoff).
  int prunes_now() const;
  // Round answered: its result code (quiz_code.hpp), else "".
  std::string result_code() const;

  std::size_t asked() const { return m_next; }
  std::size_t total() const { return m_questions.size(); }
  std::size_t right_first_time() const { return m_right; }
  // The questions missed (wrong first, revealed or skipped) with their right answers.
  const std::vector<std::pair<std::string, std::string>>& missed() const { return m_missed; }

 private:
  const trace::Model* m_model = nullptr;
  bool m_active = false;
  int m_level = 1, m_round = 0;
  std::size_t m_all = 0;
  std::uint32_t m_hash = 0;
  std::vector<std::size_t> m_picked;  // each question's index among all of the level's
  std::uint32_t m_missed_mask = 0;    // bit i: question i of the round missed
  std::vector<QuizEdge> m_marks;
  std::vector<QuizEdge> m_wrong_marks;
  MarkVerdict m_mark_verdict;
  void settle_marks();
  std::vector<Question> m_questions;
  std::size_t m_next = 0, m_right = 0;
  bool m_tried = false;  // the current question had a wrong answer
  QuizFeedback m_feedback;
  std::vector<std::pair<std::string, std::string>> m_missed;
};

// An answer's number as a student types it: "3", "-2", "−2", "+inf", "-∞".
std::optional<Score> parse_quiz_number(const std::string& text);

}  // namespace kibitz::viewer
