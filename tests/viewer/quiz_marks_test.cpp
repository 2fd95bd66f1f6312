// The quiz on the canvas (viewer/canvas_quiz.cpp, quiz_marks.cpp, quiz_code.hpp): pruned
// branches marked by clicking their edges, each click graded with the misconception named;
// rounds of at most 12 questions; result codes written, checked and read.
#include <doctest/doctest.h>

#include <string>

#include "app_driver.hpp"
#include "viewer/canvas.hpp"
#include "viewer/quiz_code.hpp"

using namespace kibitz;
using kibitz::test::click_at;
using kibitz::test::frames;
using kibitz::test::HeadlessImGui;
using kibitz::test::make_app;

namespace {

const char* const k_aima = R"J({"tree":"A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))","algo":"alphabeta"})J";

// The middle of the first edge drawn that `pick` accepts, or (-1, -1).
template <class F>
ImVec2 edge_middle(F&& pick) {
  for (const viewer::QuizEdgeOnScreen& e : viewer::last_quiz_edges())
    if (pick(e.edge)) return ImVec2((e.from.x + e.to.x) * 0.5f, (e.from.y + e.to.y) * 0.5f);
  return ImVec2(-1, -1);
}

// Skips questions until the current one prunes something (the cutoff at MIN C).
void skip_to_cutoff(ViewerApp& app, HeadlessImGui& ui) {
  viewer::Answer skip;
  skip.skip = true;
  while (app.state().quiz.current() && app.state().quiz.prunes_now() == 0)
    app.state().answer_quiz(skip);
  app.state().seek(app.state().quiz.wait_at());  // Next question
  frames(ui, app, 3);
}

}  // namespace

TEST_CASE("pruned branches are marked by clicking their edges, each click graded") {
  ViewerApp app = make_app();
  api::run_search(app, k_aima);
  HeadlessImGui ui(ImVec2(1280, 800));
  frames(ui, app, 2);
  api::start_quiz(app, R"({"level":"pruning"})");
  frames(ui, app, 3);
  viewer::ViewerState& s = app.state();
  const trace::Model& m = s.model();
  REQUIRE(viewer::quiz_marks_on_canvas(s));  // leaf 3 came back to MIN B: a cutoff question
  const std::uint32_t b = s.quiz.current()->node;
  // B's next successor (leaf 12, not reached): B's alpha is still -inf, nothing prunes.
  const ImVec2 wrong = edge_middle([&](const viewer::QuizEdge& e) {
    return e.parent == b && e.child != trace::k_no_node && m.node(e.child).enter_t > s.cursor();
  });
  REQUIRE(wrong.x >= 0);
  click_at(ui, app, wrong);
  CHECK(s.quiz.last_mark().grade == viewer::MarkGrade::wrong);
  CHECK(s.quiz.last_mark().text.find("MIN B whose \u03b1 is still \u2212\u221e") !=
        std::string::npos);
  CHECK(s.quiz.wrong_marks().size() == 1);

  skip_to_cutoff(app, ui);  // leaf 2 came back to MIN C: 2 <= alpha = 3 prunes 4 and 6
  const std::uint32_t c = s.quiz.current()->node;
  REQUIRE(s.quiz.prunes_now() == 2);
  const ImVec2 searched = edge_middle([&](const viewer::QuizEdge& e) {
    return e.parent == c && e.child != trace::k_no_node;  // leaf 2, searched already
  });
  click_at(ui, app, searched);
  CHECK(s.quiz.last_mark().text.find("has been searched already") != std::string::npos);
  const ImVec2 other = edge_middle([&](const viewer::QuizEdge& e) { return e.parent == b; });
  click_at(ui, app, other);
  CHECK(s.quiz.last_mark().text.find("not from MIN C") != std::string::npos);
  const std::size_t asked = s.quiz.asked(), right = s.quiz.right_first_time();
  for (int k = 0; k < 2; ++k) {
    const ImVec2 pruned = edge_middle(
        [&](const viewer::QuizEdge& e) { return e.parent == c && e.ghost == k && !e.inner; });
    REQUIRE(pruned.x >= 0);
    click_at(ui, app, pruned);
    if (k == 0) CHECK(s.quiz.last_mark().grade == viewer::MarkGrade::right);
    if (k == 0) CHECK(s.quiz.marks().size() == 1);
  }
  CHECK(s.quiz.asked() == asked + 1);  // both marked: answered, but not right the first time
  CHECK(s.quiz.right_first_time() == right);
  CHECK(s.quiz.missed().back().second == "yes, 2 pruned");

  // A student who marks them both at once is right the first time; "That's all" too early is
  // told how many are left.
  api::start_quiz(app, R"({"level":"pruning"})");
  frames(ui, app, 2);
  skip_to_cutoff(app, ui);
  CHECK(s.quiz.finish_marks().text.find("Nothing is marked") != std::string::npos);
  api::start_quiz(app, R"({"level":"pruning"})");
  frames(ui, app, 2);
  skip_to_cutoff(app, ui);
  const std::size_t before = s.quiz.right_first_time();
  click_at(ui, app,
           edge_middle([&](const viewer::QuizEdge& e) { return e.parent == c && e.ghost == 0; }));
  CHECK(s.quiz.finish_marks().text.find("1 more of MIN C's successors") != std::string::npos);
  CHECK(s.quiz.right_first_time() == before);
}

TEST_CASE("a value question is answered by clicking the successor it comes from") {
  ViewerApp app = make_app();
  api::run_search(app, k_aima);
  HeadlessImGui ui(ImVec2(1280, 800));
  api::start_quiz(app, R"({"level":"values"})");
  frames(ui, app, 3);
  viewer::ViewerState& s = app.state();
  REQUIRE(s.quiz.current()->type == viewer::QuestionType::value);  // MIN B returns 3
  CHECK(s.widgets.count("quiz_answer") == 1);                      // its box beside B
  const std::uint32_t b = s.quiz.current()->node, leaf12 = s.model().successor(b, 1);
  const std::string at = api::node_screen(app, leaf12);
  const float x = std::stof(at.substr(1)), y = std::stof(at.substr(at.find(',') + 1));
  click_at(ui, app, ImVec2(x, y));
  CHECK_FALSE(s.quiz.last_feedback().correct);  // 12 is not B's value
  CHECK(s.quiz.asked() == 0);
  const std::string at3 = api::node_screen(app, s.model().successor(b, 0));
  click_at(ui, app, ImVec2(std::stof(at3.substr(1)), std::stof(at3.substr(at3.find(',') + 1))));
  CHECK(s.quiz.last_feedback().correct);
  CHECK(s.quiz.asked() == 1);
}

TEST_CASE("rounds of at most 12 questions, another round, a result code the teacher reads") {
  ViewerApp app = make_app();
  api::start_quiz(app, R"({"level":5,"practice":"b=3,d=3,lo=0,hi=20,seed=7"})");
  viewer::ViewerState& s = app.state();
  CHECK(s.quiz.total() == viewer::Quiz::k_round_size);
  CHECK(s.quiz.questions_in_all() > 2 * viewer::Quiz::k_round_size);
  const std::string first = s.quiz.current()->text;
  viewer::Answer reveal;
  reveal.reveal = true;
  std::string last;
  for (int i = 0; s.quiz.current(); ++i) {
    last = s.quiz.current()->text;
    if (i % 3 == 0) {
      s.answer_quiz(reveal);
    } else {
      viewer::Answer skip;
      skip.skip = true;
      s.answer_quiz(skip);
    }
  }
  CHECK(last.find("the root") != std::string::npos);  // the root's value closes every round
  const std::string code = s.quiz.result_code();
  std::string error;
  const auto r = viewer::decode_quiz_result(code, error);
  REQUIRE(r.has_value());
  CHECK(r->level == 5);
  CHECK(r->asked == 12);
  CHECK(r->right == 0);
  CHECK(r->missed == 0xfffu);
  const std::string read = viewer::describe_quiz_result(code, &s.model());
  CHECK(read.find("0 of 12 right") != std::string::npos);
  CHECK(read.find("\n12. ") != std::string::npos);
  // A mistyped code is refused, not misread; a code about another tree says so.
  std::string typo = code;
  typo[6] = typo[6] == '0' ? '1' : '0';
  CHECK(viewer::describe_quiz_result(typo, &s.model()).find("does not check out") !=
        std::string::npos);
  CHECK(viewer::describe_quiz_result("hello", nullptr).find("not a quiz result code") !=
        std::string::npos);
  s.start_quiz(5, 1);
  CHECK(s.quiz.round() == 1);
  CHECK(s.quiz.current()->text != first);
  CHECK(viewer::describe_quiz_result(code, &s.model()).find("Missed") != std::string::npos);
  api::run_search(app, k_aima);
  CHECK(viewer::describe_quiz_result(code, &s.model()).find("another tree") != std::string::npos);
}
