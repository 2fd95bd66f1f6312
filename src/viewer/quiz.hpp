// Quiz mode: the replay stops before each decision of the search and asks the student to make
// it: the value a node returns, the window a node is entered with, whether a successor's return
// causes a cutoff (and how many successors it prunes), a node's kind once decided. The
// questions come from the trace (any search can be quizzed); each answer is checked against
// what the search did, in the value view of the quiz, and a wrong one gets the narration's
// explanation and the pseudocode line. Levels add question types:
//   1 values, 2 + pruning, 3 + windows, 4 + kinds, 5 all of them in the negamax form.
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

struct QuizFeedback {
  bool correct = false;
  std::string right_answer;  // "2", "[3, +∞]", "yes, 2 pruned", "Cut"; "" while not settled
  std::string explanation;   // the narration of the event, and the pseudocode line
};

class Quiz {
 public:
  static constexpr int k_levels = 5;
  static const char* level_name(int level);  // "values", "pruning", "windows", "kinds", "negamax"

  // The questions of `level` over the whole trace.
  void start(const trace::Model& model, int level);
  void stop() { m_active = false; }
  bool active() const { return m_active; }
  bool done() const { return m_active && m_next >= m_questions.size(); }
  int level() const { return m_level; }
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

  std::size_t asked() const { return m_next; }
  std::size_t total() const { return m_questions.size(); }
  std::size_t right_first_time() const { return m_right; }
  // The questions missed (wrong first, revealed or skipped) with their right answers.
  const std::vector<std::pair<std::string, std::string>>& missed() const { return m_missed; }

 private:
  const trace::Model* m_model = nullptr;
  bool m_active = false;
  int m_level = 1;
  std::vector<Question> m_questions;
  std::size_t m_next = 0, m_right = 0;
  bool m_tried = false;  // the current question had a wrong answer
  QuizFeedback m_feedback;
  std::vector<std::pair<std::string, std::string>> m_missed;
};

// An answer's number as a student types it: "3", "-2", "−2", "+inf", "-∞".
std::optional<Score> parse_quiz_number(const std::string& text);

}  // namespace kibitz::viewer
