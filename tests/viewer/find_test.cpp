// Finding one's way in a big tree: go to a node by path, moves, name or id; find nodes by a
// condition (checked against a scan of the model); overview and fit on a wide tree; a search
// in the background with progress and Cancel.
#include <doctest/doctest.h>

#include <atomic>
#include <thread>

#include "app/viewer_app/limits.hpp"
#include "app/viewer_app/viewer_app.hpp"
#include "app/web/api.hpp"
#include "app_driver.hpp"
#include "core/error.hpp"
#include "headless.hpp"
#include "session/estimate.hpp"
#include "trace/kbz_file.hpp"
#include "viewer/node_find.hpp"

using namespace kibitz;
using namespace kibitz::test;

TEST_CASE("go to a node by its path, its moves, its name or its id") {
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"tree":"A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))","algo":"alphabeta"})J");
  REQUIRE(s.has_trace());
  const trace::Model& m = s.model();
  std::string error;
  const std::uint32_t c = viewer::find_node(m, "1", error);
  REQUIRE(c != trace::k_no_node);
  CHECK(m.label(c) == "C");
  CHECK(viewer::find_node(m, "C", error) == c);
  CHECK(viewer::find_node(m, "#" + std::to_string(c), error) == c);
  CHECK(viewer::find_node(m, "root", error) == 0);
  const std::uint32_t leaf = viewer::find_node(m, "2.1", error);
  REQUIRE(leaf != trace::k_no_node);
  CHECK(m.path_text(leaf) == "2.1");
  CHECK(viewer::find_node(m, "1.2", error) == trace::k_no_node);  // cut off: never searched
  CHECK(error.find("no successor 2") != std::string::npos);
  CHECK(viewer::find_node(m, "#999", error) == trace::k_no_node);
  CHECK(viewer::find_node(m, "0.x", error) == trace::k_no_node);
  CHECK_FALSE(error.empty());

  api::run_search(app, R"J({"game":"tictactoe","depth":3,"algo":"alphabeta"})J");
  const trace::Model& g = s.model();
  const std::uint32_t line = viewer::find_node(g, "b2 a1 c3", error);
  REQUIRE(line != trace::k_no_node);
  CHECK(viewer::find_node(g, "b2-a1-c3", error) == line);
  CHECK(g.label(line) == "c3");
  CHECK(g.label(g.node(line).parent) == "a1");
  CHECK(viewer::find_node(g, "b2 b2", error) == trace::k_no_node);
  s.go_to(line);
  CHECK(s.selected == line);
  CHECK(s.cursor() >= g.node(line).enter_t);
  CHECK(s.camera.x == s.layout().x(line));
}

TEST_CASE("find nodes by a condition: every match, in id order") {
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"random":"b=4,d=7,lo=-99,hi=99,seed=8","algo":"alphabeta"})J");
  const trace::Model& m = s.model();
  for (int c = 0; c < 4; ++c) {
    viewer::FindQuery q;
    q.condition = static_cast<viewer::FindCondition>(c);
    q.min_k = 2;
    q.lo = -20;
    q.hi = 30;
    std::size_t total = 0;
    const auto found = viewer::find_nodes(m, q, 100000, total);
    CHECK(found.size() == total);
    CHECK(total > 0);
    std::size_t expected = 0;
    for (std::uint32_t id = 0; id < m.node_count(); ++id) {
      const trace::ModelNode& n = m.node(id);
      const bool match = c == 0 ? n.kind != NodeKind::unknown && n.kind != NodeKind::leaf &&
                                      n.expected != NodeKind::unknown && n.kind != n.expected
                         : c == 1 ? n.cutoff_child >= 2
                         : c == 2 ? n.ret >= -20 && n.ret <= 30
                                  : n.leaf && n.ret >= -20 && n.ret <= 30;
      if (match) CHECK(found[expected++] == id);
    }
    CHECK(expected == total);
    std::size_t capped = 0;
    CHECK(viewer::find_nodes(m, q, 3, capped).size() == std::min<std::size_t>(3, total));
    CHECK(capped == total);
  }
}

TEST_CASE("the Find tab goes to a node typed in it") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"random":"b=3,d=6,lo=-9,hi=9,seed=2","algo":"alphabeta"})J");
  s.open_tab = "find";
  frames(ui, app, 2);
  REQUIRE(s.widgets.count("find_go") == 1);
  s.find.text = "2.0.1";
  click(ui, app, "find_go");
  std::string error;
  CHECK(s.selected == viewer::find_node(s.model(), "2.0.1", error));
  CHECK(s.find.error.empty());
  // Results of a big trace, then a small one shown: the list is of the trace shown.
  s.find.condition = static_cast<int>(viewer::FindCondition::value_range);
  s.find.lo = -99;
  s.find.hi = 99;
  frames(ui, app, 1);  // the range's fields move the button down
  click(ui, app, "find_button");
  CHECK(s.find.searched);
  CHECK(s.find.total > 10);
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))"})J");
  CHECK(s.find.results.empty());
  frames(ui, app, 2);
}

TEST_CASE("a search in the background reports progress, can be cancelled, and is shown") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  std::optional<SearchSpec> started;
  bool cancelled = false;
  app.start_background = [&](const SearchSpec& given) { started = given; };
  app.cancel_background = [&] { cancelled = true; };
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  const std::size_t before = s.model().node_count();
  // A surely small search (at most 20,000 nodes in its whole tree) runs here at once: the
  // page does not fetch the worker's module for it.
  app.start(SearchSpec::from_json(R"J({"random":"b=3,d=5,lo=-9,hi=9,seed=4"})J"));
  CHECK_FALSE(started.has_value());
  CHECK_FALSE(s.search.running);
  CHECK(s.model().node_count() > before);
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  SearchSpec spec = SearchSpec::from_json(R"J({"random":"b=5,d=7,lo=-9,hi=9,seed=4"})J");
  app.start(spec, 7);
  REQUIRE(s.search.running);
  REQUIRE(started.has_value());
  app.background_progress(65536, 60000);
  frames(ui, app, 2);
  CHECK(s.widgets.count("search_cancel") == 1);
  CHECK(s.search.nodes == 60000);
  // Cancel: the worker is told, the view stays as it was, a late result is dropped.
  click(ui, app, "search_cancel");
  CHECK(cancelled);
  CHECK_FALSE(s.search.running);
  app.background_done(run_search(completed(spec), true));
  CHECK(s.model().node_count() == before);
  // Run again and let it finish: shown, the cursor at the event asked for.
  app.start(spec, 7);
  const SearchSpec sent = *started;  // completed by the app: run as it is
  app.background_done(run_search(sent, true));
  CHECK_FALSE(s.search.running);
  CHECK(s.model().node_count() > before);
  CHECK(s.cursor() == 7);
  // A file opened meanwhile wins: the search is cancelled.
  cancelled = false;
  app.start(spec);
  const auto bytes = trace::write_kbz(run_search(completed(spec), true).trace);
  api::load_trace(app, bytes.data(), bytes.size(), "t.kbz");
  CHECK(cancelled);
  CHECK_FALSE(s.search.running);
  // A failure is a message; the view stays.
  app.start(spec);
  app.background_failed("the search stopped: out of memory");
  CHECK(s.error.find("out of memory") != std::string::npos);
  CHECK(s.has_trace());
}

TEST_CASE("searches surely too big are refused before they run, with what to lower") {
  const char* too_big[] = {
      R"J({"random":"b=50,d=12,seed=1","algo":"alphabeta"})J",
      R"J({"random":"b=50,d=12,seed=1","algo":"minimax"})J",
      R"J({"game":"chess","depth":99})J",
      R"J({"random":"B=4000,d=1000,seed=1","algo":"pvs"})J",
  };
  for (const char* json : too_big) {
    CAPTURE(std::string(json));
    const SearchSpec spec = completed(SearchSpec::from_json(json));
    CHECK(estimated_nodes(spec) > 4.0 * k_viewer_limits.max_nodes);
    CHECK(estimated_nodes(spec) <= 1e300);
    CHECK_THROWS_WITH_AS(check_viewer_size(spec), doctest::Contains("lower"), InputError);
  }
  // The estimate never overflows (issue 18's F6: "about -9223372036854775808 nodes").
  CHECK_THROWS_WITH_AS(check_viewer_size(completed(SearchSpec::from_json(
                           R"J({"random":"b=50,d=12,seed=1","algo":"minimax"})J"))),
                       doctest::Contains("about 2.5e+20 nodes or more"), InputError);
  const char* fine[] = {
      R"J({"random":"b=4,d=10,seed=1","algo":"minimax"})J",
      R"J({"game":"chess","depth":4})J",
      R"J({"game":"tictactoe","depth":9,"algo":"minimax"})J",
      R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))"})J",
  };
  for (const char* json : fine) {
    CAPTURE(std::string(json));
    CHECK_NOTHROW(check_viewer_size(completed(SearchSpec::from_json(json))));
  }
}

TEST_CASE("a folded subtree is left out of the layout and the drawing, and go_to unfolds it") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"random":"b=3,d=5,lo=-9,hi=9,seed=6","algo":"minimax"})J");
  const trace::Model& m = s.model();
  frames(ui, app, 1);
  const std::uint32_t all = s.layout().level_count() ? s.model().node_count() : 0;
  const std::uint32_t folded = m.child(0, 1);  // the root's second successor
  s.toggle_collapsed(folded);
  s.seek(s.event_count() - 1);
  frames(ui, app, 2);
  const viewer::TreeLayout& l = s.layout();
  // Exactly its descendants are hidden, and counted on it.
  std::uint32_t below = 0;
  for (std::uint32_t id = 0; id < m.node_count(); ++id) {
    bool inside = false;
    for (std::uint32_t a = m.node(id).parent; a != trace::k_no_node; a = m.node(a).parent)
      inside = inside || a == folded;
    CHECK(l.shown(id) == !inside);
    below += inside;
  }
  CHECK(below > 0);
  CHECK(l.hidden_below(folded) == below);
  std::uint32_t indexed = 0;
  for (std::uint32_t d = 0; d < l.level_count(); ++d)
    indexed += static_cast<std::uint32_t>(l.level_end(d) - l.level_begin(d));
  CHECK(indexed == all - below);
  // Going to a node inside unfolds it; X folds the selection again.
  s.go_to(m.child(folded, 0));
  frames(ui, app, 1);
  CHECK(s.collapsed().empty());
  CHECK(s.layout().shown(m.child(folded, 0)));
  s.selected = folded;
  s.toggle_collapsed(folded);
  s.toggle_collapsed(folded);
  CHECK(s.collapsed().empty());
  std::uint32_t leaf = folded;
  while (m.child_count(leaf) > 0) leaf = m.child(leaf, 0);
  s.toggle_collapsed(leaf);  // a leaf: nothing to fold
  CHECK(s.collapsed().empty());
}
