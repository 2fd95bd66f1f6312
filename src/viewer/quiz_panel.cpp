// Quiz mode's window (quiz.hpp): the question in large type over the canvas, the student's
// answer (a number, a window, yes or no, a kind), Check, Reveal and Skip, the feedback with its
// explanation, the score, and at the end what was missed. Opened from View → Quiz.
#include <algorithm>
#include <string>

#include <imgui.h>
#include <misc/cpp/imgui_stdlib.h>

#include "viewer/panels.hpp"

namespace kibitz::viewer {

namespace {

struct QuizInputs {
  std::string value, alpha, beta;
  int pruned = 0;
  std::string note;  // a typing slip, said here rather than counted wrong
};

// The answer controls of the question's type; true and the answer filled when one is given.
bool answer_controls(const Question& q, QuizInputs& in, Answer& a) {
  const float w = ImGui::GetFontSize() * 6;
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

void draw_quiz_window(ViewerState& s) {
  if (!s.quiz.active()) return;
  static QuizInputs in;
  s.value_view = s.quiz.view();  // the questions' form, whatever V says while it runs
  // At the bottom right of the canvas (trees hang from its top), never wider than the window
  // (a phone), moved freely after.
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float w = std::min(ImGui::GetFontSize() * 26, vp->WorkSize.x - 16);
  const auto canvas = s.widgets.find("canvas");
  const ImVec2 corner =
      canvas != s.widgets.end()
          ? ImVec2(canvas->second.z - 8, canvas->second.w - 8)
          : ImVec2(vp->WorkPos.x + vp->WorkSize.x - 8, vp->WorkPos.y + vp->WorkSize.y * 0.6f);
  ImGui::SetNextWindowPos(ImVec2(std::max(vp->WorkPos.x + 8 + w, corner.x), corner.y),
                          ImGuiCond_Appearing, ImVec2(1.0f, 1.0f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(std::min(w, 200.0f), 0),
                                      ImVec2(vp->WorkSize.x - 16, vp->WorkSize.y * 0.7f));

  bool open = true;
  const std::string title = std::string("Quiz: ") + Quiz::level_name(s.quiz.level()) + "###quiz";
  if (!ImGui::Begin(title.c_str(), &open, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::End();
    if (!open) s.quiz.stop();
    return;
  }
  s.note_widget("quiz");
  ImGui::PushTextWrapPos(w - ImGui::GetStyle().WindowPadding.x * 2);  // its width, always
  ImGui::TextDisabled("%zu of %zu asked, %zu right the first time", s.quiz.asked(), s.quiz.total(),
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
  ImGui::PopTextWrapPos();
  ImGui::End();
  if (!open) s.quiz.stop();
}

}  // namespace kibitz::viewer
