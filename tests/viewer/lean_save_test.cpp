// A big lean trace in the viewer: once the model has expanded it, the lean events are given
// back (16 bytes each), and saving makes them again from the model's stream: the file read
// back has the same events, every one.
#include <doctest/doctest.h>

#include <cstring>

#include "app_driver.hpp"
#include "trace/kbz_file.hpp"
#include "trace/model.hpp"
#include "trace/trace_json.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

// Whether two models' event streams are the same, byte for byte.
bool same_events(const trace::Model& a, const trace::Model& b) {
  if (a.event_count() != b.event_count()) return false;
  for (std::size_t t = 0; t < a.event_count(); ++t) {
    const trace::Event x = a.events()[t], y = b.events()[t];
    if (std::memcmp(&x, &y, sizeof(trace::Event)) != 0) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("a big lean trace is read where it lies, and saved as it was recorded") {
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"random":"b=4,d=10,lo=-9,hi=9,seed=2","algo":"minimax"})J");
  REQUIRE(s.has_trace());
  REQUIRE(s.trace().steps.lean);
  // The model derives the steps from the lean events a page at a time: it holds a budget of
  // pages, not the whole stream.
  CHECK(s.model().event_count() > s.trace().events.size());
  CHECK(s.model().events().pages_held() <= trace::Model::k_stream_pages);
  CHECK(s.model().events().pages_held() * s.model().events().page_events() <
        s.model().event_count());
  SUBCASE(".kbz") {
    const std::vector<std::uint8_t> bytes = app.save_kbz();
    const trace::Trace back = trace::read_kbz(bytes.data(), bytes.size());
    CHECK(back.steps.lean);
    CHECK(back.steps.rule == s.trace().steps.rule);
    CHECK(back.meta.get("algo") == s.trace().meta.get("algo"));
    CHECK(same_events(trace::Model(back), s.model()));
  }
  SUBCASE("JSON") {
    const std::string json = app.save_trace_json();
    const trace::Trace back = trace::read_trace_json(json);
    CHECK(same_events(trace::Model(back), s.model()));
  }
}

TEST_CASE("a small lean trace keeps its events") {
  ViewerApp app = make_app();
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  CHECK(app.state().trace().events.size() > 0);
  CHECK(app.state().model().events().pages_held() == 1);
}
