// Issue 18's "nothing lost": a failed run, load or link leaves the trace on screen as it was
// (its nodes, the cursor, the selection), with a message saying what failed; a .kbz cut short
// anywhere (a recording killed) opens up to its last complete chunk.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app_driver.hpp"
#include "trace/kbz_file.hpp"

using namespace kibitz;
using kibitz::test::make_app;

namespace {

struct Shown {
  std::uint32_t nodes;
  std::size_t cursor;
  std::uint32_t selected;
  bool operator==(const Shown& o) const {
    return nodes == o.nodes && cursor == o.cursor && selected == o.selected;
  }
};

Shown shown(ViewerApp& app) {
  return {app.state().model().node_count(), app.state().cursor(), app.state().selected};
}

}  // namespace

TEST_CASE("a failed run, load or link leaves the view as it was, with a message") {
  ViewerApp app = make_app();
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  app.state().seek(20);
  app.state().selected = 4;
  const Shown before = shown(app);
  const std::string bad_runs[] = {
      R"J({"tree":"((3 12 8) (2 4","algo":"alphabeta"})J",
      R"J({"random":"b=2,d=2,lo=-9223372036854775807,hi=5"})J",
      R"J({"random":"b=50,d=12,seed=1","algo":"minimax"})J",
      "4e347",
      "{\"tree\":" + std::string(1000, '[') + std::string(1000, ']') + "}",
  };
  for (const std::string& json : bad_runs) {
    CAPTURE(json.substr(0, 60));
    app.state().error.clear();
    CHECK(api::run_search(app, json).find("\"error\"") != std::string::npos);
    CHECK_FALSE(app.state().error.empty());
    CHECK(shown(app) == before);
  }
  const std::vector<std::string> bad_files = {
      "not a trace at all",
      R"({"format":"kibitz-trace","version":1,"meta":{"a":4e909},"events":[]})",
      R"({"format":"kibitz-trace","version":1,"events":[{"type":"enter","node":0,"alpha0":5,"beta":1}]})",
  };
  for (const std::string& f : bad_files) {
    CAPTURE(f);
    app.state().error.clear();
    api::load_trace(app, reinterpret_cast<const std::uint8_t*>(f.data()), f.size(), "bad.json");
    CHECK(app.state().error.rfind("bad.json: ", 0) == 0);
    CHECK(shown(app) == before);
  }
  for (const char* link :
       {"#tree=(1&algo=alphabeta", "#random=b%3D4096%2Cd%3D1000&algo=alphabeta", "#algo=best"}) {
    CAPTURE(link);
    app.state().error.clear();
    api::apply_link(app, link, false);
    CHECK_FALSE(app.state().error.empty());
    CHECK(shown(app) == before);
  }
}

TEST_CASE("a .kbz cut short anywhere opens up to its last complete chunk, or says why not") {
  ViewerApp app = make_app();
  // Several chunks of events (65,536 each): a cut after the first opens.
  api::run_search(app, R"J({"random":"b=4,d=9,seed=3","algo":"minimax"})J");
  const std::vector<std::uint8_t> whole = trace::write_kbz(app.state().trace());
  REQUIRE(app.state().trace().events.size() > 2 * trace::EventLog::k_chunk_events);
  ViewerApp reader = make_app();
  std::size_t opened = 0;
  for (std::size_t cut = 0; cut <= whole.size();
       cut += std::max<std::size_t>(1, whole.size() / 97)) {
    CAPTURE(cut);
    reader.state().error.clear();
    const std::string r = api::load_trace(reader, whole.data(), cut, "cut.kbz");
    if (r.find("\"error\"") == std::string::npos) {
      ++opened;
      CHECK(reader.state().model().node_count() <= app.state().model().node_count());
    } else {
      CHECK_FALSE(reader.state().error.empty());
    }
  }
  CHECK(opened > 0);
}

TEST_CASE("a trace without events is refused and the view stays; Compute scores is bounded") {
  ViewerApp app = make_app();
  api::run_search(app, R"J({"random":"b=4,d=6,seed=3","algo":"alphabeta"})J");
  const std::size_t events = app.state().model().event_count();
  const std::vector<std::uint8_t> whole = trace::write_kbz(app.state().trace());
  // The file's header alone (a recording killed before its first chunk of events).
  const std::string r = api::load_trace(app, whole.data(), 16, "empty.kbz");
  CHECK(r.find("\"error\"") != std::string::npos);
  CHECK(app.state().error.find("empty.kbz: the trace has no events") == 0);
  CHECK(app.state().model().event_count() == events);
  // A tree whose unpruned search passes the viewer's node budget: a message, the view as it was.
  app.state().error.clear();
  api::run_search(app, R"J({"random":"b=8,d=14,seed=1","algo":"alphabeta","nodes":20000})J");
  REQUIRE(app.state().error.empty());
  const std::size_t shown_events = app.state().model().event_count();
  app.state().ask(viewer::command::ComputeScores{});
  app.process_requests();
  CHECK(app.state().error.find("cannot compute scores: scores need an unpruned search") == 0);
  CHECK_FALSE(app.state().scores.has_value());
  CHECK(app.state().model().event_count() == shown_events);
}

// A refusal is written in the set-up panel; where that panel is not on screen (a phone's Tree
// tab, projector mode) the canvas shows it over the tree until it is dismissed.
TEST_CASE("a refusal is on screen whichever panel is shown") {
  ViewerApp app = make_app();
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  const std::string bad = R"J({"tree":"((3 12 8) (2 4","algo":"alphabeta"})J";
  const std::uint32_t nodes = app.state().model().node_count();
  SUBCASE("a phone: the Tree tab in front") {
    test::HeadlessImGui ui(ImVec2(390, 844));
    test::frames(ui, app, 2);
    api::run_search(app, bad);
    REQUIRE_FALSE(app.state().error.empty());
    test::frames(ui, app, 2);
    CHECK(app.state().widgets.count("error") == 0);
    REQUIRE(app.state().widgets.count("error_banner") == 1);
    test::click(ui, app, "error_dismiss");
    CHECK(app.state().error.empty());
    test::frames(ui, app, 1);
    CHECK(app.state().widgets.count("error_banner") == 0);
    CHECK(app.state().model().node_count() == nodes);
  }
  SUBCASE("projector mode: no side panels") {
    test::HeadlessImGui ui(ImVec2(1280, 800));
    app.state().set_present(true);
    api::run_search(app, bad);
    test::frames(ui, app, 2);
    CHECK(app.state().widgets.count("error_banner") == 1);
  }
  SUBCASE("a wide window: the set-up panel says it, the canvas does not") {
    test::HeadlessImGui ui(ImVec2(1440, 900));
    app.state().open_tab = "setup";
    api::run_search(app, bad);
    test::frames(ui, app, 2);
    CHECK(app.state().widgets.count("error") == 1);
    CHECK(app.state().widgets.count("error_banner") == 0);
  }
}

TEST_CASE("a saved trace reopens with the view it was saved with, not only its cursor") {
  ViewerApp app = make_app();
  api::run_search(
      app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta","criterion":"ge"})J");
  auto& s = app.state();
  s.seek(40);
  s.set_value_view(trace::ValueView::negamax);
  s.selected = 5;
  s.font_scale = 1.25f;
  s.show_pruned = false;
  s.layout_mode = viewer::LayoutMode::final_shape;
  s.camera.follow = false;
  s.camera.x = 120;
  s.camera.y = 80;
  s.camera.zoom = 1.5f;
  const std::vector<std::uint8_t> bytes = app.save_kbz();
  ViewerApp other = make_app();
  api::load_trace(other, bytes.data(), bytes.size(), "saved.kbz");
  const auto& o = other.state();
  CHECK(o.cursor() == 40);
  CHECK_FALSE(o.minimax_view());
  CHECK(o.selected == 5);
  CHECK(o.font_scale == doctest::Approx(1.25f));
  CHECK_FALSE(o.show_pruned);
  CHECK(o.layout_mode == viewer::LayoutMode::final_shape);
  CHECK_FALSE(o.camera.follow);
  CHECK(o.camera.zoom == doctest::Approx(1.5f));
  CHECK(o.camera.x == doctest::Approx(120.0f));
}
