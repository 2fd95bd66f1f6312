// What a screen reader is told (viewer/spoken.hpp): the narration under the replay bar, and the
// selected node in words, in the value view shown and as of the cursor.
#include <doctest/doctest.h>

#include <string>

#include "app_driver.hpp"
#include "trace/narration.hpp"
#include "viewer/spoken.hpp"

using namespace kibitz;

TEST_CASE("the narration and the selected node in words, as of the cursor") {
  ViewerApp app = test::make_app();
  viewer::ViewerState& s = app.state();
  CHECK(viewer::narration_sentence(s).find("Press Run") == 0);
  REQUIRE(api::run_search(app, R"J({"tree":"((3 12 8)(2 4 6)(14 5 2))","algo":"alphabeta"})J")
              .find("\"error\"") == std::string::npos);
  s.seek(3);
  CHECK(viewer::narration_sentence(s) == narrate(s.model(), 3, s.value_view));
  CHECK(viewer::node_summary(s, 5) == "");  // not entered yet
  s.seek(s.model().event_count() - 1);
  const std::string root = viewer::node_summary(s, 0);
  CHECK(root.find("Selected: ") == 0);
  CHECK(root.find("a MAX node") != std::string::npos);
  CHECK(root.find("returned +3, a Pv node") != std::string::npos);
  // The second MIN node: cut by its first leaf (2 <= alpha = 3), its window read as MIN's.
  const std::string min = viewer::node_summary(s, 5);
  CHECK(min.find("a MIN node, depth 1") != std::string::npos);
  CHECK(min.find("\u03b1 = +3, \u03b2 = +\u221e") != std::string::npos);
  CHECK(min.find("returned +2, a Cut node") != std::string::npos);
}
