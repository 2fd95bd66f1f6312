// Principal variation search's view headless: its pseudocode follows probes and re-searches,
// the panels draw every event of its trace, the set-up form runs it and its link repeats it.
#include <doctest/doctest.h>

#include "app/viewer_app/viewer_app.hpp"
#include "app/web/api.hpp"
#include "app_driver.hpp"
#include "headless.hpp"
#include "trace/node_marks.hpp"
#include "viewer/canvas.hpp"
#include "viewer/panels.hpp"
#include "viewer/pseudocode.hpp"
#include "viewer/views/view.hpp"

using namespace kibitz;
using namespace kibitz::test;

TEST_CASE("a PVS trace: its listing, the lines of probes and re-searches, its panels") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  const std::string summary =
      api::run_search(app, R"J({"tree":"((3 4) (14 15) (1 2))","algo":"pvs","criterion":"ge"})J");
  REQUIRE(summary.find("\"error\"") == std::string::npos);
  const trace::Model& m = s.model();
  CHECK(std::string(viewer::listing_for(m).title).find("principal variation") == 0);
  bool pvs_view = false;
  for (const viewer::AlgorithmView* v : s.views())
    pvs_view = pvs_view || v == viewer::view_of_algorithm("pvs");
  CHECK(pvs_view);
  // While a probe is being searched its parent is at the probe's call line, while the re-search
  // is, at the re-search's.
  const std::uint32_t probe = m.child(0, 1), research = m.child(0, 2);
  REQUIRE((m.node(probe).marks & trace::k_pvs_probe_node) != 0);
  REQUIRE((m.node(research).marks & trace::k_pvs_research_node) != 0);
  const auto& probe_line = viewer::listing_for(m).lines[9];
  CHECK(std::string(probe_line).find("zero window") != std::string::npos);
  CHECK(viewer::line_of_node(m, 0, m.node(probe).enter_t + 1) == 10);
  CHECK(viewer::line_of_node(m, 0, m.node(research).enter_t + 1) == 12);
  for (std::size_t t = 0; t < m.event_count(); ++t) {
    if (m.event(t).type == trace::EventType::pvs) CHECK(viewer::line_of_event(m, t) >= 10);
  }
  // A return goes back to the call that searched the successor: the full window (line 8), a
  // probe that failed low (10) or the re-search (12), not the re-search test. (A probe that
  // means a re-search does not return: the re-search record follows it, at line 11.)
  const std::uint32_t low_probe = m.child(m.child(0, 0), 1);
  REQUIRE((m.node(low_probe).marks & trace::k_pvs_probe_node) != 0);
  const std::pair<std::uint32_t, int> returns[] = {
      {m.child(0, 0), 8}, {low_probe, 10}, {research, 12}};
  for (const auto& [child, line] : returns) {
    const std::size_t t = m.node(child).leave_t + 1;
    REQUIRE(m.event(t).type == trace::EventType::child_return);
    CHECK(viewer::line_of_event(m, t) == line);
    CHECK(viewer::line_of_node(m, m.node(child).parent, t) == line);
  }
  // Every panel at every event, every node selected in turn; the canvas at every level.
  sweep_side_panels(ui, s, 1);
  s.seek(s.event_count() - 1);
  frames(ui, app, 2);
  CHECK(viewer::last_canvas_stats().nodes_drawn == static_cast<int>(m.node_count()));
  // A tree this small has large cards and cannot be zoomed out of reading.
  CHECK(s.large_cards());
  s.camera.zoom = 0.05f;
  frames(ui, app, 1);
  CHECK(s.camera.zoom * s.node_text() >= 7.5f);
  CHECK(viewer::last_canvas_stats().level_of_detail == 2);
}

TEST_CASE("the set-up form offers PVS and its link repeats the search") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  s.setup.source = viewer::SetupForm::Source::random;
  s.setup.b = 3;
  s.setup.d = 5;
  s.setup.algo = "pvs";
  s.open_tab = "setup";
  frames(ui, app, 2);
  CHECK(s.widgets.count("algo") == 1);
  s.ask(viewer::command::Run{});
  frames(ui, app, 2);
  REQUIRE(s.has_trace());
  CHECK(s.error.empty());
  CHECK(s.trace().meta.get("algo") == "pvs");
  const std::string link = app.url_hash();
  CHECK(link.find("&algo=pvs") != std::string::npos);
  ViewerApp other = make_app();
  CHECK(api::apply_link(other, link, false).find("\"error\"") == std::string::npos);
  CHECK(other.state().setup.algo == "pvs");
  CHECK(other.state().model().event_count() == s.model().event_count());
}
