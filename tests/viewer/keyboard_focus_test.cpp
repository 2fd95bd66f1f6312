// Tab through every control (viewer/keyboard_focus.cpp): Tab moves a focus ring over buttons
// as well as fields, across the panels, to the Run button; Space presses the control under
// the ring instead of playing; Shift+Tab goes back.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "app_driver.hpp"

using namespace kibitz;
using kibitz::test::frames;
using kibitz::test::HeadlessImGui;
using kibitz::test::make_app;

TEST_CASE("Tab reaches every kind of control, the Run button among them; Space presses it") {
  ViewerApp app = make_app();
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  HeadlessImGui ui(ImVec2(1280, 800));
  frames(ui, app, 3);
  viewer::ViewerState& s = app.state();
  std::set<std::string> seen;
  std::string previous;
  int tabs = 0;
  for (; tabs < 200 && s.focused_widget != "run"; ++tabs) {
    previous = s.focused_widget;
    ui.press(258);  // Tab
    frames(ui, app, 2);
    if (!s.focused_widget.empty()) seen.insert(s.focused_widget);
  }
  CAPTURE(tabs);
  REQUIRE(s.focused_widget == "run");
  CHECK(seen.size() >= 3);  // buttons, tabs and fields on the way, not text fields alone
  ui.press(258, true);      // Shift+Tab: back one
  frames(ui, app, 2);
  CHECK(s.focused_widget != "run");
  ui.press(258);
  frames(ui, app, 2);
  REQUIRE(s.focused_widget == "run");
  // Space presses Run (the search runs again, the replay does not start playing).
  const std::uint64_t generation = s.trace_generation();
  ui.press(32);
  frames(ui, app, 4);
  CHECK_FALSE(s.playing);
  CHECK(s.trace_generation() != generation);
}

TEST_CASE("a quiz by keyboard: a pressed button that goes away does not lose Tab; Next question") {
  ViewerApp app = make_app();
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  HeadlessImGui ui(ImVec2(1280, 800));
  api::start_quiz(app, R"({"level":"pruning"})");
  frames(ui, app, 3);
  viewer::ViewerState& s = app.state();
  auto tab_to = [&](const std::string& name) {
    for (int i = 0; i < 120 && s.focused_widget != name; ++i) {
      ui.press(258);  // Tab
      frames(ui, app, 2);
    }
    return s.focused_widget == name;
  };
  REQUIRE(tab_to("quiz_no_cutoff"));  // leaf 3 came back to MIN 0: no cutoff
  ui.press(32);                       // Space presses it; the button goes away
  frames(ui, app, 3);
  CHECK(s.quiz.asked() == 1);
  CHECK(tab_to("quiz_next"));  // Tab goes on from the first control, not nowhere
  ui.press(32);
  frames(ui, app, 3);
  CHECK(s.at_quiz_question());
  // A value question: the answer field in the quiz panel is reached by Tab too.
  viewer::Answer skip;
  skip.skip = true;
  while (s.quiz.current() && s.quiz.current()->type != viewer::QuestionType::value)
    s.answer_quiz(skip);
  s.seek(s.quiz.wait_at());
  frames(ui, app, 3);
  CHECK(tab_to("quiz_reveal"));
}
