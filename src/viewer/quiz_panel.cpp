// Quiz mode's panel (quiz.hpp), docked under the canvas: the question in large type, the
// controls the canvas does not take (a cutoff: No cutoff / That's all, a count when branches
// cannot be marked; a kind), Reveal and Skip, the feedback with its explanation, the score,
// and at the end what was missed, the result code and the next round. The answer box of a
// value or window question stands beside the asked node on the canvas (canvas_quiz.cpp).
// Opened from View → Quiz; View → Quiz → Read result codes reads students' codes.
#include <algorithm>
#include <sstream>
#include <string>

#include <imgui.h>
#include <misc/cpp/imgui_stdlib.h>

#include "viewer/canvas.hpp"
#include "viewer/panels.hpp"
#include "viewer/quiz_code.hpp"
#include "viewer/widgets.hpp"

namespace kibitz::viewer {

namespace {

struct QuizInputs {
  std::string value, alpha, beta;
  int pruned = 0;
  std::string note;  // a typing slip, said here rather than counted wrong
};

QuizInputs& inputs() {
  static QuizInputs in;
  return in;
}

bool g_codes_open = false;
bool g_box_beside = false;  // this frame's answer box stands beside the node on the canvas
std::string g_codes;

// A line of help, dim, wrapped to the panel (a phone's is narrow).
void hint(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

// Hands an answer to the quiz; the next question starts with empty fields.
void give(ViewerState& s, const Answer& a) {
  const std::size_t before = s.quiz.asked();
  s.answer_quiz(a);
  if (s.quiz.asked() != before) inputs() = QuizInputs{};
}

// A value or a window typed in the box beside the node; true and `a` filled when given.
bool typed_answer(ViewerState& s, const Question& q, QuizInputs& in, Answer& a) {
  const float w = number_width(4.0f);
  if (q.type == QuestionType::value) {
    ImGui::SetNextItemWidth(w);
    const bool enter = ImGui::InputText("##value", &in.value, ImGuiInputTextFlags_EnterReturnsTrue);
    s.note_widget("quiz_answer");
    ImGui::SameLine();
    if ((ImGui::Button("Check") || enter) && !in.value.empty()) {
      a.value = parse_quiz_number(in.value);
      in.note = a.value ? "" : "Type a number, such as 3, -2 or +inf.";
      return a.value.has_value();
    }
    return false;
  }
  // α and β on one line where they fit with Check (not on a phone's narrow panel).
  const bool one_line = ImGui::GetContentRegionAvail().x >= 2 * w + ImGui::GetFontSize() * 8;
  ImGui::SetNextItemWidth(w);
  ImGui::InputText("\u03b1", &in.alpha);
  s.note_widget("quiz_answer");
  if (one_line) ImGui::SameLine();
  ImGui::SetNextItemWidth(w);
  const bool enter = ImGui::InputText("\u03b2", &in.beta, ImGuiInputTextFlags_EnterReturnsTrue);
  s.note_widget("quiz_beta");
  ImGui::SameLine();
  if ((ImGui::Button("Check") || enter) && !in.alpha.empty() && !in.beta.empty()) {
    a.alpha = parse_quiz_number(in.alpha);
    a.beta = parse_quiz_number(in.beta);
    in.note = a.alpha && a.beta ? "" : "Type two numbers, such as 3 and +inf.";
    return a.alpha && a.beta;
  }
  return false;
}

// The panel's own answer controls for a cutoff or a kind question; true and `a` filled when
// one is given.
// `help`: what to say under Reveal and Skip (kept next to the answer on a phone's short panel).
bool panel_answer(ViewerState& s, const Question& q, QuizInputs& in, Answer& a, bool beside,
                  std::string& help) {
  if (q.type == QuestionType::kind) {
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
  if (q.type != QuestionType::cutoff && !beside) {  // also for a keyboard: Tab reaches it here
    if (q.type == QuestionType::value) help = "Or click the successor it comes from.";
    return typed_answer(s, q, in, a);
  }
  if (q.type != QuestionType::cutoff) {
    help = q.type == QuestionType::value
               ? "Type the answer in the box beside the ringed node, or click the successor it "
                 "comes from."
               : "Type the answer in the box beside the ringed node.";
    return false;
  }
  const bool marking = quiz_marks_on_canvas(s);
  if (marking) hint("Click each branch it prunes on the tree, or:");
  if (ImGui::Button("No cutoff")) {
    a.cutoff = false;
    return true;
  }
  s.note_widget("quiz_no_cutoff");
  ImGui::SameLine();
  if (marking) {
    if (ImGui::Button("That's all")) s.quiz.finish_marks();
    s.note_widget("quiz_thats_all");
    return false;
  }
  ImGui::SetNextItemWidth(number_width(4.0f));
  ImGui::InputInt("pruned", &in.pruned);
  ImGui::SameLine();
  if (ImGui::Button("Cutoff")) {
    a.cutoff = true;
    if (in.pruned > 0) a.pruned = in.pruned;
    return true;
  }
  return false;
}

// The last mark's grade, or the last answer's feedback: a wrong one's rule (the question is
// still asked), or the last settled question's answer and what the search did.
void feedback(const ViewerState& s) {
  const Palette& pal = palette(s.theme);
  const MarkVerdict& m = s.quiz.last_mark();
  if (s.quiz.current() && !m.text.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, m.grade == MarkGrade::right   ? pal.pv
                                         : m.grade == MarkGrade::wrong ? pal.cutoff_mark
                                                                       : pal.text);
    ImGui::TextWrapped("%s", m.text.c_str());
    ImGui::PopStyleColor();
  }
  const QuizFeedback& f = s.quiz.last_feedback();
  if (f.explanation.empty()) return;
  ImGui::Separator();
  ImGui::PushStyleColor(ImGuiCol_Text, f.correct ? pal.pv : pal.cutoff_mark);
  const std::string head = f.right_answer.empty() ? "Not quite. Try again, or Reveal."
                           : f.correct            ? "The last answer was right."
                                       : "The last question's answer: " + f.right_answer + ".";
  ImGui::TextWrapped("%s", head.c_str());
  ImGui::PopStyleColor();
  ImGui::TextWrapped("%s", f.explanation.c_str());
}

// The round's end: the score, what to look at again, the code for the teacher, what next.
void summary(ViewerState& s) {
  const Quiz& q = s.quiz;
  ImGui::TextWrapped("Done: %zu of %zu right the first time.", q.right_first_time(), q.total());
  const std::string code = q.result_code();
  ImGui::Text("Your result code: %s", code.c_str());
  ImGui::SameLine();
  if (ImGui::Button("Copy code")) ImGui::SetClipboardText(code.c_str());
  s.note_widget("quiz_code");
  if (q.questions_in_all() > q.total()) {
    if (ImGui::Button("Another round on this tree")) s.start_quiz(q.level(), q.round() + 1);
    ImGui::SameLine();
  }
  if (ImGui::Button("Next tree")) s.ask(command::QuizPractice{q.level()});
  s.note_widget("quiz_next_tree");
  if (q.missed().empty()) return;
  ImGui::TextUnformatted("To look at again:");
  for (const auto& [question, answer] : q.missed())
    ImGui::BulletText("%s  \u2192  %s", question.c_str(), answer.c_str());
}

}  // namespace

void draw_quiz_answer_box(ViewerState& s, ImVec2 node_a, ImVec2 node_b, ImVec2 canvas_a,
                          ImVec2 canvas_b) {
  const Question* q = s.quiz.current();
  if (!q) return;
  QuizInputs& in = inputs();
  // Beside the node, on whichever side has room, else under or over it (a phone's narrow
  // canvas); never off the canvas. Its size is last frame's (an estimate the first time).
  static ImVec2 box(0, 0);
  const ImVec2 size(
      box.x > 0 ? box.x : ImGui::GetFontSize() * (q->type == QuestionType::window ? 17 : 10),
      box.y > 0 ? box.y : ImGui::GetFrameHeightWithSpacing() * 2);
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  ImVec2 pos(node_b.x + gap, node_a.y);
  if (pos.x + size.x > canvas_b.x) pos.x = node_a.x - gap - size.x;
  // No room on either side (a phone's narrow canvas): the box goes in the quiz panel, where it
  // covers neither the node's successors nor its parent.
  g_box_beside = pos.x >= canvas_a.x;
  if (!g_box_beside) return;
  pos.x = std::clamp(pos.x, canvas_a.x, std::max(canvas_a.x, canvas_b.x - size.x));
  pos.y = std::clamp(pos.y, canvas_a.y, std::max(canvas_a.y, canvas_b.y - size.y));
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowBgAlpha(0.95f);
  // Out of the Tab order (a keyboard answers in the quiz panel, where Tab goes on to Reveal,
  // Skip and the rest): Tab in it goes back to the panels (keyboard_focus.cpp).
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoNav;
  if (ImGui::Begin("##quiz_answer", nullptr, flags)) {
    box = ImGui::GetWindowSize();
    Answer a;
    if (typed_answer(s, *q, in, a)) give(s, a);
    if (!in.note.empty()) ImGui::TextColored(ImVec4(0.84f, 0.37f, 0.0f, 1), "%s", in.note.c_str());
  }
  ImGui::End();
}

void draw_quiz_panel(ViewerState& s, ImVec2 size) {
  if (!s.quiz.active()) return;
  // A keyboard user (Tab's ring was shown during this question) answers here, where Tab goes
  // on to Reveal and Skip, even when a box stands beside the node for the mouse.
  static const Question* keyboard_question = nullptr;
  if (keyboard_focus_shown()) keyboard_question = s.quiz.current();
  const bool beside = g_box_beside && keyboard_question != s.quiz.current();
  g_box_beside = false;  // the canvas says so again next frame
  QuizInputs& in = inputs();
  s.value_view = s.quiz.view();  // the questions' form, whatever V says while it runs
  // Docked under the canvas (it shrinks to make room): nothing overlaps the tree, the legend or
  // the panels, and a long summary scrolls inside it.
  ImGui::BeginChild("quiz_dock", size, true, ImGuiWindowFlags_NavFlattened);
  s.note_widget("quiz");
  bool open = true;
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("Quiz: %s, round %d \u00b7 %zu of %zu asked, %zu right the first time",
                     Quiz::level_name(s.quiz.level()), s.quiz.round() + 1, s.quiz.asked(),
                     s.quiz.total(), s.quiz.right_first_time());
  ImGui::PopStyleColor();
  if (s.quiz.current() && !s.at_quiz_question()) {
    // What the search did with the last answer is on the canvas; the next question waits.
    if (ImGui::Button("Next question \u25b6")) s.seek(s.quiz.wait_at());
    s.note_widget("quiz_next");
    hint("(or \u2192 and \u25b6 Play: the replay stops at it)");
  } else if (const Question* q = s.quiz.current()) {
    ImGui::SetWindowFontScale(1.25f);
    ImGui::TextWrapped("%s", q->text.c_str());
    ImGui::SetWindowFontScale(1.0f);
    Answer a;
    std::string help;
    bool given = panel_answer(s, *q, in, a, beside, help);
    if (ImGui::Button("Reveal")) given = a.reveal = true;
    s.note_widget("quiz_reveal");
    ImGui::SameLine();
    if (ImGui::Button("Skip")) given = a.skip = true;
    if (!beside && !in.note.empty())
      ImGui::TextColored(ImVec4(0.84f, 0.37f, 0.0f, 1), "%s", in.note.c_str());
    if (!help.empty()) hint(help.c_str());
    if (given) give(s, a);
  } else {
    summary(s);
  }
  feedback(s);
  if (ImGui::Button("Stop the quiz")) open = false;
  ImGui::EndChild();
  if (!open) s.quiz.stop();
}

void open_quiz_codes() {
  g_codes_open = true;
}

void draw_quiz_codes(ViewerState& s) {
  if (!g_codes_open) return;
  ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 34, ImGui::GetFontSize() * 22),
                           ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Quiz result codes", &g_codes_open)) return ImGui::End();
  s.note_widget("quiz_codes");
  ImGui::TextWrapped(
      "Paste students' codes, one a line. With the quiz's tree shown (its link), each missed "
      "question is listed with its answer.");
  ImGui::InputTextMultiline("##codes", &g_codes, ImVec2(-1, ImGui::GetFontSize() * 5));
  std::istringstream lines(g_codes);
  std::string line;
  const trace::Model* m = s.has_trace() ? &s.model() : nullptr;
  while (std::getline(lines, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    ImGui::Separator();
    ImGui::TextWrapped("%s", describe_quiz_result(line, m).c_str());
  }
  ImGui::End();
}

}  // namespace kibitz::viewer
