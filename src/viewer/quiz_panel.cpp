// Quiz mode's window (quiz.hpp): the question in large type over the canvas, the student's
// answer (a number, a window, yes or no, a kind), Check, Reveal and Skip, the feedback with its
// explanation, the score, and at the end what was missed. Opened from View → Quiz.
#include <algorithm>
#include <string>

#include <imgui.h>
#include <misc/cpp/imgui_stdlib.h>

#include "viewer/panels.hpp"
#include "viewer/widgets.hpp"

namespace kibitz::viewer {

namespace {

struct QuizInputs {
  std::string value, alpha, beta;
  int pruned = 0;
  std::string note;  // a typing slip, said here rather than counted wrong
};

// The answer controls of the question's type; true and the answer filled when one is given.
bool answer_controls(const Question& q, QuizInputs& in, Answer& a) {
  const float w = number_width(4.0f);
  switch (q.type) {
    case QuestionType::value: {
      ImGui::SetNextItemWidth(w);
      const bool enter = ImGui::InputText("value", &in.value, ImGuiInputTextFlags_EnterReturnsTrue);
      ImGui::SameLine();
      if ((ImGui::Button("Check") || enter) && !in.value.empty()) {
        a.value = parse_quiz_number(in.value);
        in.note = a.value ? "" : "Type a number, such as 3, -2 or +inf.";
        return a.value.has_value();
      }
      return false;
    }
    case QuestionType::window: {
      ImGui::SetNextItemWidth(w);
      ImGui::InputText("\u03b1", &in.alpha);
      ImGui::SameLine();
      ImGui::SetNextItemWidth(w);
      ImGui::InputText("\u03b2", &in.beta);
      ImGui::SameLine();
      if (ImGui::Button("Check") && !in.alpha.empty() && !in.beta.empty()) {
        a.alpha = parse_quiz_number(in.alpha);
        a.beta = parse_quiz_number(in.beta);
        in.note = a.alpha && a.beta ? "" : "Type two numbers, such as 3 and +inf.";
        return a.alpha && a.beta;
      }
      return false;
    }
    case QuestionType::cutoff:
      if (ImGui::Button("No cutoff")) {
        a.cutoff = false;
        return true;
      }
      ImGui::SameLine();
      ImGui::SetNextItemWidth(w);
      ImGui::InputInt("pruned", &in.pruned);
      ImGui::SameLine();
      if (ImGui::Button("Cutoff")) {
        a.cutoff = true;
        if (in.pruned > 0) a.pruned = in.pruned;
        return true;
      }
      return false;
    case QuestionType::kind:
      for (NodeKind k : {NodeKind::pv, NodeKind::cut, NodeKind::all}) {
        if (ImGui::Button(kind_label(k))) {
          a.kind = k;
          return true;
        }
        ImGui::SameLine();
      }
      ImGui::NewLine();
      return false;
  }
  return false;
}

// The last answer's feedback: a wrong one's rule (the question is still asked), or the last
// settled question's answer and what the search did.
void feedback(const ViewerState& s) {
  const QuizFeedback& f = s.quiz.last_feedback();
  if (f.explanation.empty()) return;
  const Palette& pal = palette(s.theme);
  ImGui::Separator();
  ImGui::PushStyleColor(ImGuiCol_Text, f.correct ? pal.pv : pal.cutoff_mark);
  const std::string head = f.right_answer.empty() ? "Not quite. Try again, or Reveal."
                           : f.correct            ? "The last answer was right."
                                       : "The last question's answer: " + f.right_answer + ".";
  ImGui::TextWrapped("%s", head.c_str());
  ImGui::PopStyleColor();
  ImGui::TextWrapped("%s", f.explanation.c_str());
}

void summary(ViewerState& s) {
  const Quiz& q = s.quiz;
  ImGui::TextWrapped("Done: %zu of %zu right the first time.", q.right_first_time(), q.total());
  if (q.missed().empty()) return;
  ImGui::TextUnformatted("To look at again:");
  for (const auto& [question, answer] : q.missed())
    ImGui::BulletText("%s  \u2192  %s", question.c_str(), answer.c_str());
}

}  // namespace

void draw_quiz_panel(ViewerState& s, ImVec2 size) {
  if (!s.quiz.active()) return;
  static QuizInputs in;
  s.value_view = s.quiz.view();  // the questions' form, whatever V says while it runs
  // Docked under the canvas (it shrinks to make room): nothing overlaps the tree, the legend or
  // the panels, and a long summary scrolls inside it.
  ImGui::BeginChild("quiz_dock", size, true);
  s.note_widget("quiz");
  bool open = true;
  ImGui::TextDisabled("Quiz: %s \u00b7 %zu of %zu asked, %zu right the first time",
                      Quiz::level_name(s.quiz.level()), s.quiz.asked(), s.quiz.total(),
                      s.quiz.right_first_time());
  if (const Question* q = s.quiz.current()) {
    ImGui::SetWindowFontScale(1.25f);
    ImGui::TextWrapped("%s", q->text.c_str());
    ImGui::SetWindowFontScale(1.0f);
    Answer a;
    const std::size_t before = s.quiz.asked();
    bool given = answer_controls(*q, in, a);
    if (!in.note.empty()) ImGui::TextColored(ImVec4(0.84f, 0.37f, 0.0f, 1), "%s", in.note.c_str());
    if (ImGui::Button("Reveal")) given = a.reveal = true;
    ImGui::SameLine();
    if (ImGui::Button("Skip")) given = a.skip = true;
    if (given) {
      s.answer_quiz(a);
      if (s.quiz.asked() != before) in = QuizInputs{};  // the next question starts empty
    }
  } else {
    summary(s);
  }
  feedback(s);
  if (ImGui::Button("Stop the quiz")) open = false;
  ImGui::EndChild();
  if (!open) s.quiz.stop();
}

}  // namespace kibitz::viewer
