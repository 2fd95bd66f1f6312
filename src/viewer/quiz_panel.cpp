// Quiz mode's window (quiz.hpp): the question in large type over the canvas, the student's
// answer (a number, a window, yes or no, a kind), Check, Reveal and Skip, the feedback with its
// explanation, the score, and at the end what was missed. Opened from View → Quiz.
#include <string>

#include <imgui.h>
#include <misc/cpp/imgui_stdlib.h>

#include "viewer/panels.hpp"

namespace kibitz::viewer {

namespace {

struct QuizInputs {
  std::string value, alpha, beta;
  int pruned = 0;
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
        if (!a.value) a.value = k_score_inf + 1;  // not a number: wrong, and said so
        return true;
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
        if (!a.alpha || !a.beta) a.alpha = a.beta = k_score_inf + 1;
        return true;
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

void feedback(const ViewerState& s) {
  const QuizFeedback& f = s.quiz.last_feedback();
  if (f.right_answer.empty()) return;
  const Palette& pal = palette(s.theme);
  ImGui::PushStyleColor(ImGuiCol_Text, f.correct ? pal.pv : pal.cutoff_mark);
  ImGui::TextWrapped("%s", f.correct ? "Right." : ("The answer: " + f.right_answer + ".").c_str());
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
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  // At the top right, clear of the tree's root (trees grow from the left and the top).
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x - 12, vp->WorkPos.y + 30),
                          ImGuiCond_FirstUseEver, ImVec2(1.0f, 0.0f));
  ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 30, 0), ImGuiCond_FirstUseEver);
  bool open = true;
  const std::string title = std::string("Quiz: ") + Quiz::level_name(s.quiz.level()) + "###quiz";
  if (!ImGui::Begin(title.c_str(), &open)) {
    ImGui::End();
    if (!open) s.quiz.stop();
    return;
  }
  s.note_widget("quiz");
  ImGui::TextDisabled("%zu of %zu asked, %zu right the first time", s.quiz.asked(), s.quiz.total(),
                      s.quiz.right_first_time());
  if (const Question* q = s.quiz.current()) {
    ImGui::SetWindowFontScale(1.25f);
    ImGui::TextWrapped("%s", q->text.c_str());
    ImGui::SetWindowFontScale(1.0f);
    Answer a;
    const std::size_t before = s.quiz.asked();
    bool given = answer_controls(*q, in, a);
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
  ImGui::End();
  if (!open) s.quiz.stop();
}

}  // namespace kibitz::viewer
