// The interest-search views headless: the set-up form runs an interest search, the layout
// carries stubs for interest cutoffs, the inspector shows the plausibility trace, the
// iteration selector moves between limits, links keep the options.
#include <doctest/doctest.h>

#include "app/viewer_app/viewer_app.hpp"
#include "app/web/api.hpp"
#include "app_driver.hpp"
#include "headless.hpp"
#include "trace/interest_index.hpp"
#include "viewer/canvas.hpp"
#include "viewer/interest_panels.hpp"
#include "viewer/panels.hpp"

using namespace kibitz;
using namespace kibitz::test;

TEST_CASE("the set-up form runs an interest search with its limits, tallies and penalty") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  s.setup.source = viewer::SetupForm::Source::game;
  s.setup.game = 0;  // tic-tac-toe
  s.setup.game_depth = 6;
  s.setup.algo = "interest";
  s.setup.options()["limits"] = "800,1600";
  s.setup.options()["tallies"] = "joint";
  s.setup.options()["similarity"] = "on";
  s.open_tab = "setup";
  frames(ui, app, 2);
  CHECK(s.widgets.count("interest_limits") == 1);  // the view's list field
  CHECK(s.widgets.count("tallies") == 1);          // the generic widgets
  CHECK(s.widgets.count("similarity") == 1);
  s.ask(viewer::command::Run{});
  frames(ui, app, 2);
  REQUIRE(s.has_trace());
  CHECK(s.error.empty());
  const trace::Meta& meta = s.model().trace().meta;
  CHECK(meta.get("algo") == "interest");
  CHECK(meta.get("limits") == "800,1600");
  CHECK(meta.get("tallies") == "joint");
  CHECK(meta.get("similarity") == "on");
  CHECK(s.model().roots().size() == 2);
  // The link keeps the options and reproduces the search.
  const std::string link = app.url_hash();
  CHECK(link.find("&limits=800,1600&tallies=joint&similarity=on") != std::string::npos);
  const std::uint32_t nodes = s.model().node_count();
  api::apply_link(app, link, false);
  CHECK(s.model().node_count() == nodes);
  CHECK(s.setup.algo == "interest");
  CHECK(s.setup.options().at("tallies") == "joint");
  // A bad schedule is an error in the panel, not a crash.
  s.setup.options()["limits"] = "1600,800";
  s.ask(viewer::command::Run{});
  frames(ui, app, 2);
  CHECK(s.error.find("must grow") != std::string::npos);
  // A growth schedule typed in its parts is read back from its text.
  s.setup.options()["limits"] = "start=1000,factor=1.5,iterations=4";
  s.ask(viewer::command::Run{});
  frames(ui, app, 2);
  CHECK(s.error.empty());
  CHECK(s.model().trace().meta.get("limits").find(',') != std::string::npos);
}

TEST_CASE("interest cutoffs leave stubs in the layout; the canvas and panels draw them") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  const std::string r = api::run_search(
      app,
      R"J({"game":"tictactoe","position":"x...o.... x","depth":5,"algo":"interest","limits":"1000,2000"})J");
  REQUIRE(r.find("error") == std::string::npos);
  const trace::Model& m = s.model();
  REQUIRE(trace::interest_index(m).cutoffs() > 0);
  s.seek(s.event_count() - 1);
  frames(ui, app, 2);
  // Every interest cutoff of the shown iteration has its stub, counting the moves skipped.
  const viewer::TreeLayout& layout = s.layout();
  int interest_stubs = 0;
  for (const viewer::LayoutStub& st : layout.stubs()) {
    if (trace::interest_index(m).cut(st.parent) == trace::k_no_node) continue;
    ++interest_stubs;
    CHECK(st.count == trace::interest_index(m).skipped(st.parent));
  }
  int cuts = 0;
  for (std::uint32_t id = layout.first(); id < layout.end(); ++id)
    cuts += trace::interest_index(m).cut(id) != trace::k_no_node;
  CHECK(interest_stubs == cuts);
  CHECK(cuts > 0);
  // The inspector on a node with a cutoff shows it and the moves' table.
  for (std::uint32_t id = layout.first(); id < layout.end(); ++id) {
    if (trace::interest_index(m).cut(id) != trace::k_no_node && !m.node(id).leaf) {
      s.selected = id;
      break;
    }
  }
  s.open_tab = "inspector";
  frames(ui, app, 2);
  CHECK(s.widgets.count("interest_cut") == 1);
  CHECK(s.widgets.count("interest_moves") == 1);
  // Every step draws.
  for (std::size_t t = 0; t < s.event_count(); t += 7) {
    s.seek(t);
    s.selected = static_cast<std::uint32_t>(t % m.node_count());
    frames(ui, app, 1);
  }
  s.open_tab = "legend";
  frames(ui, app, 2);
}

TEST_CASE("the iteration selector steps from one limit to the next") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(
      app,
      R"J({"game":"connect4","position":"4453","depth":5,"algo":"interest","limits":"1000,2000,4000"})J");
  REQUIRE(s.model().roots().size() == 3);
  s.seek(0);
  frames(ui, app, 2);
  REQUIRE(s.widgets.count("iteration_next") == 1);
  click(ui, app, "iteration_next");
  CHECK(s.iteration_view == 1);
  const std::uint32_t second = s.model().roots()[1];
  CHECK(s.cursor() == s.model().node(second).leave_t);  // the whole second iteration is shown
  std::uint32_t first = 0, end = 0;
  s.shown_range(s.cursor(), first, end);
  CHECK(first == second);
  click(ui, app, "iteration_next");
  CHECK(s.iteration_view == 2);
  click(ui, app, "iteration_prev");
  CHECK(s.iteration_view == 1);
  // The deepest line of the shown iteration: uncapped (the default here), past depth 5; its
  // button goes to the node at its end.
  const std::uint32_t deepest = s.model().deepest_of_root(1);
  CHECK(s.model().node(deepest).depth > 5);
  for (std::uint32_t id = s.model().roots()[1]; id < s.model().roots()[2]; ++id)
    CHECK(s.model().node(id).depth <= s.model().node(deepest).depth);
  REQUIRE(s.widgets.count("iteration_deepest") == 1);
  click(ui, app, "iteration_deepest");
  CHECK(s.selected == deepest);
  // A single search has no selector.
  api::run_search(app,
                  R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"interest","limit":"inf"})J");
  s.widgets.clear();
  frames(ui, app, 2);
  CHECK(s.widgets.count("iteration_combo") == 0);
}

TEST_CASE("a search from runSearch options shows in the set-up form, and Run repeats it") {
  ViewerApp app = make_app();
  const std::string summary = api::run_search(
      app,
      R"({"random":"b=3,d=4,lo=-9,hi=9,seed=3","algo":"interest","limits":"600,900","tallies":"joint"})");
  REQUIRE(summary.find("\"error\"") == std::string::npos);
  const viewer::SetupForm& f = app.state().setup;
  CHECK(f.source == viewer::SetupForm::Source::random);
  CHECK(f.b == 3);
  CHECK(f.d == 4);
  CHECK(f.seed == 3);
  CHECK(f.algo == "interest");
  CHECK(f.values.at("interest").at("limits") == "600,900");
  CHECK(f.values.at("interest").at("tallies") == "joint");
  const std::uint32_t nodes = app.state().model().node_count();
  const std::size_t events = app.state().model().event_count();
  const trace::Trace* before = &app.state().trace();
  HeadlessImGui ui;
  frames(ui, app, 2);
  click(ui, app, "run");
  CHECK(app.state().error.empty());
  CHECK(&app.state().trace() != before);  // a new search ran
  CHECK(app.state().model().node_count() == nodes);
  CHECK(app.state().model().event_count() == events);
}
