// The Greenblatt views headless: the plausibility trace, the top-level record, the evaluation
// terms under the board and the statistics draw for every event of a search; a click on a
// plausibility row selects the move's node; the set-up form and links run the search.
#include <doctest/doctest.h>

#include <string>

#include "app/viewer_app/viewer_app.hpp"
#include "app/web/api.hpp"
#include "app_driver.hpp"
#include "headless.hpp"
#include "viewer/greenblatt_panels.hpp"
#include "viewer/panels.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

const char* k_search =
    R"J({"game":"chess","algo":"greenblatt","depth":2,"position":"startpos moves e4 e5 Nf3 Nc6 Bc4 Nf6"})J";

}  // namespace

TEST_CASE("greenblatt views: every tab draws at every stage of the search") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  const std::string summary = api::run_search(app, k_search);
  REQUIRE(summary.find("\"error\"") == std::string::npos);
  REQUIRE(s.has_trace());
  CHECK(viewer::is_greenblatt(s.model()));
  CHECK(s.search_seconds >= 0);
  const std::size_t n = s.event_count();
  for (std::size_t t = 0; t < n; t += n / 23 + 1) {
    s.seek(t);
    for (const char* tab : {"plausibility", "board", "toplevel", "stats", "legend"}) {
      s.open_tab = tab;
      frames(ui, app, 1);
    }
  }
  s.seek(n - 1);
  s.selected = 0;
  s.open_tab = "plausibility";
  frames(ui, app, 2);
  CHECK(s.widgets.count("tab_plausibility") == 1);
  CHECK(s.widgets.count("plausibility_table") == 1);
  CHECK(s.widgets.count("plausibility_detail") == 1);
  s.open_tab = "toplevel";
  frames(ui, app, 2);
  CHECK(s.widgets.count("top_level_table") == 1);
  s.open_tab = "board";
  frames(ui, app, 2);
  CHECK(s.widgets.count("eval_terms") == 1);
  s.open_tab = "stats";
  frames(ui, app, 2);
  CHECK(s.widgets.count("greenblatt_stats") == 1);
}

TEST_CASE("greenblatt views: a click on a plausibility row selects that move's node") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, k_search);
  REQUIRE(s.has_trace());
  s.seek(s.event_count() - 1);
  s.selected = 0;
  s.open_tab = "plausibility";
  frames(ui, app, 2);
  // Follow off, so the table shows the selected node (the root) and not the current one.
  const ImVec4 follow = s.widgets["plausibility_follow"];
  ui.mouse(ImVec2((follow.x + follow.z) * 0.5f, (follow.y + follow.w) * 0.5f), true);
  frames(ui, app, 1);
  ui.mouse(ImVec2((follow.x + follow.z) * 0.5f, (follow.y + follow.w) * 0.5f), false);
  frames(ui, app, 1);
  s.selected = 0;
  frames(ui, app, 1);
  const ImVec4 table = s.widgets["plausibility_table"];
  const float row = ImGui::GetTextLineHeightWithSpacing();
  const ImVec2 first_row(table.x + 10, table.y + row * 1.6f);
  ui.mouse(first_row, true);
  frames(ui, app, 1);
  ui.mouse(first_row, false);
  frames(ui, app, 1);
  REQUIRE(s.selected != 0);
  REQUIRE(s.selected != trace::k_no_node);
  // The most plausible root move was searched first: the root's first successor.
  CHECK(s.model().node(s.selected).parent == 0);
  CHECK(s.model().node(s.selected).k == 0);
}

TEST_CASE(
    "greenblatt views: not shown for other searches; the set-up form and links run the search") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"game":"chess","algo":"alphabeta","depth":2})J");
  frames(ui, app, 2);
  CHECK_FALSE(viewer::is_greenblatt(s.model()));
  CHECK(s.widgets.count("tab_plausibility") == 0);
  CHECK(s.widgets.count("tab_toplevel") == 0);
  // The form: the Greenblatt choice moves the source to chess and the criterion to >=.
  s.setup.algo = "greenblatt";
  s.setup.source = viewer::SetupForm::Source::game;
  s.setup.game = 3;
  s.setup.position = "startpos moves d4 d5";
  s.setup.game_depth = 2;
  s.setup.options()["widths"] = "5,4";
  s.ask(viewer::command::Run{});
  frames(ui, app, 2);
  REQUIRE(s.error.empty());
  CHECK(s.model().trace().meta.get("algo") == "greenblatt");
  CHECK(s.model().trace().meta.get("widths") == "5,4");
  const std::string link = app.url_hash();
  CHECK(link.find("algo=greenblatt") != std::string::npos);
  CHECK(link.find("widths=5,4") != std::string::npos);
  const std::size_t events = s.event_count();
  api::apply_link(app, link, false);
  CHECK(s.event_count() == events);
  // A bad width schedule is an error in the panel, not a crash.
  s.setup.options()["widths"] = "0";
  s.ask(viewer::command::Run{});
  frames(ui, app, 2);
  CHECK(s.error.find("width schedule '0'") != std::string::npos);
}
