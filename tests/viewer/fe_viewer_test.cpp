// Forward estimation in the viewer: pruned successors laid out where they were tested, the
// panels over an FE trace, the set-up form and links, the Experiments window.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "app/viewer_app/viewer_app.hpp"
#include "app/web/api.hpp"
#include "app_driver.hpp"
#include "headless.hpp"
#include "session/run.hpp"
#include "trace/fe_index.hpp"
#include "viewer/canvas.hpp"
#include "viewer/fe_draw.hpp"
#include "viewer/layout.hpp"
#include "viewer/panels.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

SearchSpec fe_spec(const char* random) {
  SearchSpec spec;
  spec.random = RandomTreeParams::parse(random);
  spec.algo = "forward-estimation";
  spec.criterion = Criterion::ge;
  return spec;
}

}  // namespace

TEST_CASE("a pruned successor is laid out between the siblings entered before and after it") {
  const SearchResult r = run_search(fe_spec("b=3,d=5,lo=-9,hi=9,seed=4"), true);
  const trace::Model m(r.trace);
  REQUIRE(r.stats.fe_prunes > 0);
  const viewer::LayoutMetrics met;
  for (std::size_t t : {m.event_count() / 2, m.event_count() - 1}) {
    viewer::TreeLayout lay;
    lay.build(m, m.nodes_visible_at(t), t, met);
    std::size_t fe_stubs = 0;
    // Per parent: its laid-out successors and stubs, by x, in the order the search met them.
    std::map<std::uint32_t, std::vector<std::pair<float, std::pair<std::int64_t, std::int64_t>>>>
        rows;
    for (std::uint32_t id = 1; id < lay.node_count(); ++id) {
      rows[m.node(id).parent].push_back({lay.x(id), {2 * m.node(id).k + 1, 0}});
    }
    for (const viewer::LayoutStub& st : lay.stubs()) {
      if (st.fe_test < 0) {
        rows[st.parent].push_back({st.x, {INT64_MAX, 0}});
        continue;
      }
      ++fe_stubs;
      const trace::FeTest& f = trace::fe_index(m).test(static_cast<std::size_t>(st.fe_test));
      CHECK(f.pruned);
      CHECK(f.t <= t);
      CHECK(f.parent == st.parent);
      CHECK(st.y == doctest::Approx(lay.y(st.parent) + met.level_height));
      rows[st.parent].push_back({st.x, {2 * std::int64_t{f.entered_before}, f.t}});
    }
    CHECK(fe_stubs == m.counters_at(t)[trace::Counter::fe_prunes]);
    for (auto& [parent, row] : rows) {
      std::sort(row.begin(), row.end());
      for (std::size_t i = 1; i < row.size(); ++i) {
        INFO("parent " << parent);
        CHECK(row[i - 1].second < row[i].second);  // left to right in search order
        CHECK(row[i].first - row[i - 1].first >= met.stub_width + met.gap - 0.01f);
      }
      CHECK(lay.x(parent) ==
            doctest::Approx((row.front().first + row.back().first) * 0.5f).epsilon(1e-4));
    }
  }
}

TEST_CASE("the panels draw a forward-estimation trace at every step and zoom") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  const std::string r = api::run_search(
      app,
      R"J({"random":"b=2,d=4,lo=-9,hi=9,seed=8","algo":"forward-estimation","criterion":"ge"})J");
  REQUIRE(s.has_trace());
  REQUIRE(trace::fe_index(s.model()).size() > 0);
  CHECK(r.find("\"algo\":\"forward-estimation\"") != std::string::npos);
  sweep_side_panels(ui, s, 2);
  s.seek(s.event_count() - 1);
  for (float zoom : {1.5f, 0.2f, 0.01f}) {
    s.camera.zoom = zoom;
    s.camera.follow = false;
    s.camera.fit_pending = false;
    frames(ui, app, 2);
    CHECK(viewer::last_canvas_stats().nodes_drawn > 0);
  }
  CHECK(s.widgets.count("fe_bars") == 1);  // the legend's switch, shown for FE traces
}

TEST_CASE("the set-up form runs forward estimation and the link carries its options") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  s.setup.source = viewer::SetupForm::Source::random;
  s.setup.b = 3;
  s.setup.d = 4;
  s.setup.algo = "forward-estimation";
  s.setup.options()["bounds"] = "online";
  s.setup.options()["delta"] = "0.5";
  s.setup.criterion = 1;
  frames(ui, app, 1);
  CHECK(s.widgets.count("delta") == 1);             // the generic widget of the option
  CHECK(s.widgets.count("fe_bounds_online") == 1);  // the view's own
  s.ask(viewer::command::Run{});
  frames(ui, app, 2);
  REQUIRE(s.has_trace());
  CHECK(s.error.empty());
  CHECK(s.trace().meta.get("algo") == "forward-estimation");
  CHECK(s.trace().meta.get("fe_bounds") == "online");
  CHECK(s.trace().meta.get("fe_delta") == "0.5");
  const std::string link = app.url_hash();
  CHECK(link.find("&algo=forward-estimation") != std::string::npos);
  CHECK(link.find("&bounds=online&delta=0.5") != std::string::npos);
  ViewerApp other = make_app();
  const std::string summary = api::apply_link(other, link, false);
  CHECK(summary.find("\"error\"") == std::string::npos);
  CHECK(other.state().setup.algo == "forward-estimation");
  CHECK(other.state().setup.values.at("forward-estimation").at("bounds") == "online");
  CHECK(other.state().setup.values.at("forward-estimation").at("delta") == "0.5");
  CHECK(other.state().model().event_count() == s.model().event_count());
  // Exact bounds need a random tree: an example tree is refused with a message.
  s.setup.source = viewer::SetupForm::Source::example;
  s.setup.options()["bounds"] = "exact";
  s.ask(viewer::command::Run{});
  frames(ui, app, 2);
  CHECK(s.error.find("forward estimation needs node costs") != std::string::npos);
  // So is a tree given through the page's API; the form keeps what was asked for.
  ViewerApp api = make_app();
  const std::string refused = api::run_search(
      api, R"J({"tree":"((1 2) (3 4))","algo":"forward-estimation","delta":0.25})J");
  CHECK(refused.find("forward estimation needs node costs") != std::string::npos);
  CHECK(api.state().setup.source == viewer::SetupForm::Source::tree);
  CHECK(api.state().setup.tree_text == "((1 2) (3 4))");
  CHECK(api.state().setup.algo == "forward-estimation");
  CHECK(api.state().setup.values.at("forward-estimation").at("delta") == "0.25");
}

TEST_CASE(
    "the Experiments window runs a small experiment a few trials a frame and shows its chart") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  auto& e = s.fe.experiments;
  e.open = true;
  frames(ui, app, 2);
  REQUIRE(e.names.size() == 4);
  CHECK(s.widgets.count("experiments_window") == 1);
  e.selected = 0;  // fe-table1
  e.trials = 6;
  e.request_start = true;
  int n = 0;
  frames(ui, app, 1);
  CHECK(e.running);
  while (e.running && n++ < 10000) frames(ui, app, 1);
  CHECK_FALSE(e.running);
  CHECK(e.progress == doctest::Approx(1.0f));
  REQUIRE(e.charts.size() == 2);
  CHECK(e.rows.size() == 10);
  CHECK(e.summary.find("report 0.492") != std::string::npos);
  frames(ui, app, 2);
  CHECK(s.widgets.count("experiment_chart") == 1);
  // Stop ends a run early.
  e.selected = 3;  // fe-games
  e.trials = 0;
  e.request_start = true;
  frames(ui, app, 1);
  CHECK(e.running);
  e.request_stop = true;
  frames(ui, app, 1);
  CHECK_FALSE(e.running);
  CHECK(e.stage == "stopped");
}
