// Compare (viewer/compare.hpp, app/viewer_app/compare.cpp): two searches side by side, the
// second following the first, what only one searched, the figures.
#include <doctest/doctest.h>

#include <string>

#include "app_driver.hpp"
#include "viewer/compare.hpp"

using namespace kibitz;
using namespace kibitz::test;

TEST_CASE("best against worst ordering of a perfect tree: Knuth and Moore's leaf counts") {
  HeadlessImGui ui(ImVec2(1280, 800));
  ViewerApp app = make_app();
  auto& s = app.state();
  s.ask(viewer::command::ComparePreset{0});  // View → Compare → best against worst
  frames(ui, app, 3);
  REQUIRE(s.compare_with != nullptr);
  const viewer::CompareFigures a = viewer::compare_figures(s.model());
  const viewer::CompareFigures b = viewer::compare_figures(s.compare_with->model());
  CHECK(a.leaves == 3 * 3 + 3 - 1);  // b^ceil(d/2) + b^floor(d/2) - 1
  CHECK(b.leaves == 27);             // b^d: nothing pruned
  CHECK(s.widgets.count("compare_table") == 1);
  const std::string j = api::compare_state(app);
  CHECK(j.find(R"("leaves":11)") != std::string::npos);
  CHECK(j.find(R"("leaves":27)") != std::string::npos);
  // Every node of the best ordering was searched by the worst; many of the worst's were not.
  std::size_t only_a = 0, only_b = 0;
  for (auto x : s.only_here) only_a += x;
  for (auto x : s.compare_with->only_here) only_b += x;
  CHECK(only_a == 0);
  CHECK(only_b == b.nodes - a.nodes);
}

TEST_CASE("B follows A: the same node where both searched it, the end at the end") {
  HeadlessImGui ui(ImVec2(1280, 800));
  ViewerApp app = make_app();
  auto& s = app.state();
  CHECK(api::compare(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"minimax"})J",
                     R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J")
            .find("\"active\":true") != std::string::npos);
  viewer::ViewerState& b = *s.compare_with;
  for (std::size_t t = 0; t < s.event_count(); t += 3) {
    s.seek(t);
    viewer::follow_compare(s, b);
    const std::uint32_t na = s.model().node_of_event(t);
    const std::uint32_t nb = b.model().node_of_event(b.cursor());
    if (na == trace::k_no_node || nb == trace::k_no_node) continue;
    CAPTURE(t);
    if (!s.only_here[na]) CHECK(b.model().path_text(nb) == s.model().path_text(na));
  }
  s.seek(s.event_count() - 1);
  frames(ui, app, 2);
  CHECK(b.cursor() + 1 == b.event_count());
  // The ≥ criterion prunes where > does not; a new search ends compare mode.
  api::compare(app, R"J({"tree":"((3 12 8) (3 4 6) (14 5 3))","criterion":"gt"})J",
               R"J({"tree":"((3 12 8) (3 4 6) (14 5 3))","criterion":"ge"})J");
  REQUIRE(s.compare_with != nullptr);
  CHECK(viewer::compare_figures(s.compare_with->model()).leaves <
        viewer::compare_figures(s.model()).leaves);
  api::run_search(app, R"J({"tree":"((1 2) (3 4))"})J");
  CHECK(s.compare_with == nullptr);
  CHECK(api::compare(app, R"J({"tree":"(1"})J", R"J({"tree":"(1 2)"})J").find("\"error\"") == 1);
  CHECK(api::compare(app, R"J({"tree":"(1 2)"})J", R"J({"game":"chess","depth":4})J")
            .find("20000 nodes") != std::string::npos);
}

TEST_CASE("a link carries compare mode: the other search's set-up in vs=, its source shared") {
  ViewerApp app = make_app();
  api::compare(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"minimax"})J",
               R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  app.state().seek(20);
  const std::string link = app.url_hash();
  CAPTURE(link);
  CHECK(link.find("&compare=1&vs=algo=alphabeta") != std::string::npos);  // the same tree
  ViewerApp fresh = make_app();
  api::apply_link(fresh, link, false);
  REQUIRE(fresh.state().compare_with != nullptr);
  CHECK(fresh.state().cursor() == 20);
  CHECK(api::compare_state(fresh) == api::compare_state(app));
  // Without a source of its own, the other search takes the first's.
  ViewerApp short_link = make_app();
  api::apply_link(short_link,
                  "#tree=((3 12 8) (2 4 6) (14 5 2))&algo=minimax&compare=1&vs=algo%3Dalphabeta",
                  false);
  REQUIRE(short_link.state().compare_with != nullptr);
  CHECK(viewer::compare_figures(short_link.state().compare_with->model()).leaves == 7);
  CHECK(api::apply_link(short_link, "#tree=((1 2))&compare=1&vs=algo%3Dbogus", false)
            .find("link: vs") != std::string::npos);
  CHECK(api::apply_link(short_link, "#tree=((1 2))&compare=1", false).find("needs vs=") !=
        std::string::npos);
  CHECK(api::compare(short_link, R"J({"tree":"(1 2)"})J", R"J({"tree":"(1"})J").find("set-up B") !=
        std::string::npos);
  // The sides' titles: an example's title where the tree is one.
  short_link.state().ask(viewer::command::ComparePreset{0});
  short_link.process_requests();
  CHECK(short_link.state().compare_title.find("Perfect ordering") != std::string::npos);
  CHECK(short_link.state().compare_with->compare_title.find("Worst ordering") != std::string::npos);
}

TEST_CASE("View → Compare: this search against minimax, PVS, or the other cutoff test") {
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  s.ask(viewer::command::CompareWith{"minimax"});
  app.process_requests();
  REQUIRE(s.compare_with != nullptr);
  CHECK(viewer::compare_figures(s.model()).leaves == 7);
  CHECK(viewer::compare_figures(s.compare_with->model()).leaves == 9);
  CHECK(s.compare_with->model().trace().meta.get("algo") == "minimax");
  api::run_search(app, R"J({"tree":"((3 12 8) (3 4 6) (14 5 3))","algo":"alphabeta"})J");
  s.ask(viewer::command::CompareWith{"criterion"});
  app.process_requests();
  REQUIRE(s.compare_with != nullptr);
  CHECK(s.compare_with->model().trace().meta.get("criterion") == "ge");
  CHECK(viewer::compare_figures(s.compare_with->model()).leaves <
        viewer::compare_figures(s.model()).leaves);  // the ties cut off with >=
  s.ask(viewer::command::CompareWith{"pvs"});
  app.process_requests();
  CHECK(s.compare_with->compare_title.find("principal variation") != std::string::npos);
}
