// An engine's own search recorded through record.h (its modern calls) and opened in the
// viewer: the model honours superseded attempts and null moves, the engine's view applies
// with its outline instead of Kibitz's pseudocode, and the set-up panel shows the trace's
// cutoff test.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#define KIBITZ_RECORD_IMPLEMENTATION
#include "kibitz/record.h"

#include "app_driver.hpp"
#include "viewer/interest_panels.hpp"
#include "viewer/node_find.hpp"
#include "viewer/views/view.hpp"

using namespace kibitz;
using kibitz::test::make_app;

namespace {

// Root (-100, 100): null move (no cut), e4 full (+10), d4 probed LMR (comes back 20 > alpha),
// re-searched (LMR) and again (PVS) to 15, c4 probed (fails low), Nf3 table cut.
std::vector<std::uint8_t> engine_trace() {
  const char* path = "engine_view_test.kbz";
  kbz_recorder* r = kbz_open(path);
  kbz_meta(r, "engine", "a test engine");
  kbz_steps(r, "none", "ge");
  kbz_iteration_begin(r, 3);
  kbz_enter_search(r, -100, 100, nullptr, KBZ_SEARCH, KBZ_WHY_NONE, 3, 0);
  kbz_hash(r, 0x0123456789abcdefull);
  kbz_static_eval(r, 7);
  kbz_enter_search(r, -100, -99, "null", KBZ_NULL_MOVE, KBZ_WHY_NONE, 0, 1);
  kbz_leave(r, 50);  // -50 to the root: no cut, counts towards nothing
  kbz_enter_search(r, -100, 100, "e4", KBZ_SEARCH, KBZ_WHY_NONE, 2, 1);
  kbz_leave(r, -10);
  kbz_enter_search(r, -11, -10, "d4", KBZ_PROBE, KBZ_WHY_LMR, 1, 1);
  kbz_leave(r, -20);
  kbz_enter_search(r, -11, -10, "d4", KBZ_RESEARCH, KBZ_WHY_LMR, 2, 1);
  kbz_leave(r, -20);
  kbz_enter_search(r, -100, -10, "d4", KBZ_RESEARCH, KBZ_WHY_PVS, 2, 1);
  kbz_note(r, "the full window");
  kbz_leave(r, -15);
  kbz_enter_search(r, -16, -15, "c4", KBZ_PROBE | KBZ_QUIESCENCE, KBZ_WHY_PVS, 0, 1);
  kbz_leave_bound(r, 30, KBZ_BOUND_LOWER);  // a stand-pat cut
  kbz_enter_search(r, -16, -15, "Nf3", KBZ_PROBE, KBZ_WHY_PVS, 2, 1);
  kbz_table(r, KBZ_TT_CUT, KBZ_BOUND_LOWER, 5, 40, "g6");
  kbz_leave(r, 40);
  kbz_prune(r, "a3", KBZ_PRUNE_FUTILITY);
  kbz_leave(r, 15);
  kbz_iteration_end(r, 15);
  // Depth 4 with an aspiration window: a fail-high, then the full window.
  kbz_iteration_begin(r, 4);
  kbz_enter_search(r, 0, 30, nullptr, KBZ_SEARCH, KBZ_WHY_NONE, 4, 0);
  kbz_evaluate(r, 35);
  kbz_leave(r, 35);
  kbz_iteration_end(r, 35);
  kbz_iteration_begin(r, 4);
  kbz_enter_search(r, 0, 100, nullptr, KBZ_SEARCH, KBZ_WHY_NONE, 4, 0);
  kbz_evaluate(r, 33);
  kbz_leave(r, 33);
  kbz_iteration_end(r, 33);
  REQUIRE(kbz_close(r) == nullptr);
  std::ifstream in(path, std::ios::binary);
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
  std::remove(path);
  return bytes;
}

}  // namespace

TEST_CASE("an engine's probes, re-searches and null moves count as the engine counts them") {
  ViewerApp app = make_app();
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","criterion":"gt"})J");
  REQUIRE(app.state().setup.criterion == 0);
  const std::vector<std::uint8_t> bytes = engine_trace();
  const std::string opened = api::load_trace(app, bytes.data(), bytes.size(), "engine.kbz");
  REQUIRE(opened.find("error") == std::string::npos);
  CHECK(app.state().setup.criterion == 1);  // the trace's >=, not the last search's >
  const trace::Model& m = app.state().model();
  const std::size_t last = m.event_count() - 1;
  const trace::NodeState root = m.state_at(0, last);
  // Successors: null (superseded), e4 k0, d4 probe/re/re k1, c4 k2, Nf3 k3.
  CHECK(root.best == 15);
  const std::vector<std::uint32_t> pv = m.principal_variation(0);
  REQUIRE(!pv.empty());
  CHECK(m.label(pv.front()) == "d4");  // the last attempt of d4, not a probe
  CHECK(pv.front() == 5);
  CHECK((m.node(1).marks & trace::k_eng_null_move) != 0);
  CHECK((m.node(1).marks & trace::k_superseded) != 0);
  CHECK(m.node(2).k == 0);
  CHECK(m.node(3).k == 1);
  CHECK((m.node(3).marks & trace::k_superseded) != 0);
  CHECK((m.node(4).marks & (trace::k_eng_research | trace::k_superseded)) ==
        (trace::k_eng_research | trace::k_superseded));
  CHECK(m.node(5).k == 1);
  CHECK((m.node(5).marks & (trace::k_eng_research | trace::k_eng_noted)) ==
        (trace::k_eng_research | trace::k_eng_noted));
  CHECK((m.node(6).marks & trace::k_eng_quiescence) != 0);
  CHECK(m.node(6).bound == Bound::lower);
  CHECK((m.node(7).marks & trace::k_tt_settled) != 0);
  CHECK(m.node(0).pruned == 1);
  // The engine's view: applies, and its outline replaces search!'s pseudocode.
  const viewer::AlgorithmView& listing = viewer::listing_view(m);
  CHECK(std::string(listing.listing()->title).find("engine") != std::string::npos);
  // Find: by how the engine searched a node, by a note, a pruned move's name, a key in hex.
  auto found = [&](viewer::FindQuery q) {
    std::size_t total = 0;
    return viewer::find_nodes(m, q, 100, total);
  };
  viewer::FindQuery q;
  q.condition = viewer::FindCondition::search_kind;
  q.kind = viewer::SearchKind::research;
  CHECK(found(q) == std::vector<std::uint32_t>{4, 5});
  q.kind = viewer::SearchKind::table_cut;
  CHECK(found(q) == std::vector<std::uint32_t>{7});
  q.condition = viewer::FindCondition::text;
  q.text = "FULL window";
  CHECK(found(q) == std::vector<std::uint32_t>{5});
  q.text = "a3";
  CHECK(found(q) == std::vector<std::uint32_t>{0});
  q.text = "0x89abcdef";
  CHECK(found(q) == std::vector<std::uint32_t>{0});
  REQUIRE(m.roots().size() == 3);
  CHECK(viewer::iteration_title(m, 0) == "1: depth 3: inside at [\u2212100, +100]");
  CHECK(viewer::iteration_title(m, 1) == "2: depth 4: fail-high at [0, +30]");
  CHECK(viewer::iteration_title(m, 2) == "3: depth 4, attempt 2: inside at [0, +100]");
  // A plain recording from an engine that names its own search (as Fairy-Max's patch does):
  // the engine's outline too, not search!'s pseudocode.
  {
    const char* path = "engine_view_plain.kbz";
    kbz_recorder* r = kbz_open(path);
    kbz_meta(r, "algo", "fairymax");
    kbz_enter(r, -10, 10, nullptr);
    kbz_evaluate(r, 3);
    kbz_leave(r, 3);
    REQUIRE(kbz_close(r) == nullptr);
    std::ifstream in(path, std::ios::binary);
    const std::vector<std::uint8_t> plain((std::istreambuf_iterator<char>(in)), {});
    std::remove(path);
    ViewerApp other = make_app();
    REQUIRE(api::load_trace(other, plain.data(), plain.size(), "plain.kbz").find("error") ==
            std::string::npos);
    CHECK(
        std::string(viewer::listing_view(other.state().model()).listing()->title).find("engine") !=
        std::string::npos);
  }
  test::HeadlessImGui ui;
  app.state().selected = 7;
  test::frames(ui, app, 3);  // the canvas, tooltip-free, the inspector and the legend, headless
}

TEST_CASE("Kibitz's own PVS with a modern program's techniques: the engine's marks and outline") {
  ViewerApp app = make_app();
  const std::string out = api::run_search(
      app,
      R"J({"game":"chess","position":"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1","algo":"pvs",)J"
      R"J("depth":5,"iterative":true,"quiescence":true,"null_move":true,"lmr":true,)J"
      R"J("aspiration":5})J");
  REQUIRE(out.find("\"error\"") == std::string::npos);
  const trace::Model& m = app.state().model();
  CHECK(std::string(viewer::listing_view(m).listing()->title).find("engine") != std::string::npos);
  auto found = [&](viewer::SearchKind kind) {
    viewer::FindQuery q;
    q.condition = viewer::FindCondition::search_kind;
    q.kind = kind;
    std::size_t total = 0;
    viewer::find_nodes(m, q, 1, total);
    return total;
  };
  CHECK(found(viewer::SearchKind::null_move) > 0);
  CHECK(found(viewer::SearchKind::research) > 0);
  CHECK(found(viewer::SearchKind::quiescence) > 0);
  // An aspiration attempt that failed is labelled in the iteration selector.
  bool attempt = false;
  for (std::size_t i = 0; i < m.roots().size(); ++i)
    attempt |= viewer::iteration_title(m, i).find("attempt 2") != std::string::npos;
  CHECK(attempt);
  test::HeadlessImGui ui;
  app.state().selected = m.roots().back();
  test::frames(ui, app, 3);
}
