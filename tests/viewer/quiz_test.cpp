// Quiz mode (viewer/quiz.hpp, app/viewer_app/quiz.cpp): a scripted student on the AIMA tree,
// a wrong answer explained, the replay never past the question, practice trees from a seed.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app_driver.hpp"
#include "core/error.hpp"

using namespace kibitz;
using kibitz::test::make_app;

namespace {

std::string field(const std::string& json, const std::string& key) {
  const std::size_t at = json.find("\"" + key + "\":");
  if (at == std::string::npos) return "";
  const std::size_t from = at + key.size() + 3;
  std::size_t end = from;
  if (json[from] == '"') return json.substr(from + 1, json.find('"', from + 1) - from - 1);
  while (end < json.size() && json[end] != ',' && json[end] != '}') ++end;
  return json.substr(from, end - from);
}

// The AIMA tree at level 2 (values and pruning), in the textbook's view, answered right.
const std::vector<std::string> k_aima_level2 = {
    R"({"cutoff":false})",            // leaf 0.0 returned 3 to MIN 0
    R"({"cutoff":false})",            // leaf 0.1 returned 12
    R"({"value":3})",                 // MIN 0 returns 3
    R"({"cutoff":false})",            // MIN 0 returned 3 to the root
    R"({"cutoff":true,"pruned":2})",  // leaf 1.0 returned 2 to MIN 1: 2 <= alpha = 3
    R"({"value":2})",                 // MIN 1 returns 2 (an upper bound)
    R"({"cutoff":false})",            // MIN 1 returned 2 to the root
    R"({"cutoff":false})",            // leaf 2.0 returned 14 to MIN 2
    R"({"cutoff":false})",            // leaf 2.1 returned 5
    R"({"value":2})",                 // MIN 2 returns 2
    R"({"value":3})",                 // the root returns 3
};

}  // namespace

TEST_CASE("a student answering the AIMA tree right scores 100%, never shown an answer first") {
  ViewerApp app = make_app();
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  const std::string started = api::start_quiz(app, R"({"level":"pruning"})");
  REQUIRE(field(started, "total") == "11");
  auto& s = app.state();
  for (const std::string& answer : k_aima_level2) {
    const viewer::Question* q = s.quiz.current();
    REQUIRE(q != nullptr);
    CAPTURE(q->text);
    CHECK(s.cursor() < q->t);  // the answer's event not shown yet
    s.step(1000);              // the replay goes as far as just before it, no further
    CHECK(s.cursor() + 1 == q->t);
    if (q->type == viewer::QuestionType::value)
      CHECK_FALSE(s.model().state_at(q->node, s.cursor()).has_ret);
    const std::string f = api::answer_quiz(app, answer);
    CHECK(field(f, "correct") == "true");
  }
  const std::string end = api::quiz_state(app);
  CHECK(field(end, "done") == "true");
  CHECK(field(end, "right") == "11");
  CHECK(end.find(R"("missed":[])") != std::string::npos);
  CHECK(s.cursor() + 1 == s.event_count());  // the whole search shown at the end
}

TEST_CASE("a wrong answer is marked wrong and explained; the summary lists it") {
  ViewerApp app = make_app();
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  api::start_quiz(app, R"({"level":2})");
  auto& s = app.state();
  for (int i = 0; i < 4; ++i) api::answer_quiz(app, k_aima_level2[static_cast<std::size_t>(i)]);
  const std::string wrong = api::answer_quiz(app, R"({"cutoff":false})");  // it does cut off
  CHECK(field(wrong, "correct") == "false");
  CHECK(field(wrong, "right_answer").empty());  // not given away: the question stays
  const std::string why = field(wrong, "explanation");
  CAPTURE(why);
  CHECK(why.find("At a MIN node a value v cuts off when v < \u03b1") != std::string::npos);
  CHECK(why.find("pseudocode line 17") != std::string::npos);     // the cutoff test
  CHECK(s.quiz.current()->type == viewer::QuestionType::cutoff);  // asked again
  const std::string right = api::answer_quiz(app, R"({"cutoff":true})");
  CHECK(field(right, "correct") == "true");
  CHECK(field(right, "right_answer") == "yes, 2 pruned");
  CHECK(field(right, "explanation").find("MIN node 1: best 2 < \u03b1 = 3") == 0);
  // An answer that is not one for the question is refused, not marked wrong.
  CHECK(api::answer_quiz(app, R"({"kind":"Pv"})").find("asks for a value") != std::string::npos);
  CHECK(api::answer_quiz(app, "not json").find("not JSON") != std::string::npos);
  CHECK(field(api::answer_quiz(app, R"({"value":-2})"), "correct") == "false");  // negamax's
  CHECK(field(api::answer_quiz(app, R"({"reveal":true})"), "right_answer") == "2");
  api::answer_quiz(app, R"({"skip":true})");
  const std::string state = api::quiz_state(app);
  CHECK(field(state, "right") == "4");
  CHECK(state.find(R"("answer":"yes, 2 pruned")") != std::string::npos);
  CHECK(state.find(R"("answer":"2")") != std::string::npos);
  for (const char* bad :
       {R"({"value":"three"})", R"({"kind":"Leaf"})", R"({"colour":1})", "7", "{"}) {
    CAPTURE(bad);
    CHECK(api::answer_quiz(app, bad).find(R"({"error":)") == 0);
  }
}

TEST_CASE("every level asks more; windows and kinds in both views; links carry the quiz") {
  ViewerApp app = make_app();
  api::run_search(app, R"J({"tree":"A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))","algo":"alphabeta"})J");
  std::size_t last = 0;
  for (int level = 1; level <= 5; ++level) {
    CAPTURE(level);
    api::start_quiz(app, "{\"level\":" + std::to_string(level) + "}");
    auto& s = app.state();
    CHECK(s.quiz.total() >= last);
    last = s.quiz.total();
    CHECK(s.value_view == (level == 5 ? trace::ValueView::negamax : trace::ValueView::minimax));
    while (s.quiz.current()) api::answer_quiz(app, R"({"reveal":true})");
    CHECK(s.quiz.done());
  }
  api::start_quiz(app, R"({"level":3})");
  const viewer::Question* q = app.state().quiz.current();
  while (q && q->type != viewer::QuestionType::window) {
    api::answer_quiz(app, R"({"skip":true})");
    q = app.state().quiz.current();
  }
  REQUIRE(q != nullptr);  // B is entered with [-inf, +inf]
  CHECK(q->text == "With what window [\u03b1, \u03b2] is MIN B entered?");
  CHECK(field(api::answer_quiz(app, R"({"alpha":"-inf","beta":"+∞"})"), "correct") == "true");
  CHECK(app.url_hash().find("&quiz=3") != std::string::npos);
  CHECK(api::start_quiz(app, R"({"level":9})").find("level is 1 to 5") != std::string::npos);
}

TEST_CASE("practice trees: the same seed the same tree, one that prunes; links name the seed") {
  const PracticeSpec p = PracticeSpec::parse("b=3,d=3,lo=0,hi=20,seed=7");
  const std::string tree = practice_tree(p);
  CHECK(tree == practice_tree(PracticeSpec::parse(p.to_text())));
  // Fixed by the generator (core/rng.hpp): the browser test checks the page makes it too.
  CHECK(tree ==
        "(((10 4 0) (16 11 8) (12 1 9)) ((16 0 3) (4 5 16) (17 5 2)) ((12 10 12) (13 15 11) "
        "(18 6 20)))");
  ViewerApp app = make_app();
  const std::string started =
      api::start_quiz(app, R"({"level":2,"practice":"b=3,d=3,lo=0,hi=20,seed=7"})");
  CHECK(field(started, "active") == "true");
  CHECK(app.state().model().counters_at(app.state().event_count() - 1).cutoffs > 0);
  const std::string link = app.url_hash();
  CAPTURE(link);
  CHECK(link.rfind("#practice=b=3,d=3,lo=0,hi=20,seed=7&algo=alphabeta", 0) == 0);
  ViewerApp fresh = make_app();
  api::apply_link(fresh, link, false);
  CHECK(fresh.state().quiz.active());
  CHECK(fresh.state().quiz.total() == app.state().quiz.total());
  for (const char* bad : {"b=9", "d=0", "lo=5,hi=1", "colour=red", "seed=-1", "b=3,b=4"})
    CHECK_THROWS_AS(PracticeSpec::parse(bad), InputError);
}
