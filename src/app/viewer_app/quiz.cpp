// The app behind the viewer, its quiz (viewer/quiz.hpp): started on a practice tree made from a
// seed, or on the search shown; answered question by question.
#include "app/viewer_app/viewer_app.hpp"
#include "core/error.hpp"
#include "core/failure.hpp"

namespace kibitz {

Done ViewerApp::start_quiz(int level, const std::optional<PracticeSpec>& p, int round) {
  if (level < 1 || level > viewer::Quiz::k_levels)
    return Done::refused("quiz: level is 1 to 5 or values, pruning, windows, kinds, negamax");
  if (p) {
    SearchSpec spec;
    spec.tree = practice_tree(*p);
    spec.set_algorithm("alphabeta");
    const Done d = run_given(spec);
    if (!d.ok()) return d;
    practice = p;
  }
  if (!m_state.has_trace()) return Done::refused("quiz: no search is shown (give a practice tree)");
  m_state.start_quiz(level, round);
  return {};
}

bool ViewerApp::showing_practice() const {
  return practice && m_spec && m_spec->tree == practice_tree(*practice);
}

Done ViewerApp::answer_quiz(const viewer::Answer& a, viewer::QuizFeedback& feedback) {
  if (!m_state.quiz.active() || m_state.quiz.done())
    return Done::refused("quiz: no question is asked");
  const std::string missing = m_state.quiz.missing(a);
  if (!missing.empty()) return Done::refused("quiz: " + missing);
  feedback = m_state.answer_quiz(a);
  return {};
}

}  // namespace kibitz
