// The value views (trace/minimax_form.hpp): the textbook's MAX/MIN form against minimax
// computed directly on generated bracket trees whose leaves are given from MAX's point of view;
// the AIMA tree as textbooks draw it; the view chosen in the menu's place, kept by links.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "app_driver.hpp"
#include "core/bound.hpp"
#include "trace/minimax_form.hpp"
#include "trace/narration.hpp"
#include "viewer/canvas.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

// A generated game tree: a leaf's value (from MAX's point of view) or successors.
struct GenTree {
  int value = 0;
  std::vector<GenTree> kids;
};

GenTree generate(std::mt19937& rng, int depth) {
  GenTree t;
  if (depth == 0 || (depth < 3 && rng() % 4 == 0)) {
    t.value = static_cast<int>(rng() % 41) - 20;
    return t;
  }
  const int n = 1 + static_cast<int>(rng() % 3);
  for (int i = 0; i < n; ++i) t.kids.push_back(generate(rng, depth - 1));
  return t;
}

std::string text(const GenTree& t) {
  if (t.kids.empty()) return std::to_string(t.value);
  std::string s = "(";
  for (std::size_t i = 0; i < t.kids.size(); ++i) s += (i ? " " : "") + text(t.kids[i]);
  return s + ")";
}

// Textbook minimax: MAX at even depth, MIN at odd depth.
int minimax(const GenTree& t, int depth) {
  if (t.kids.empty()) return t.value;
  int best = depth % 2 == 0 ? -1000 : 1000;
  for (const GenTree& k : t.kids) {
    const int v = minimax(k, depth + 1);
    best = depth % 2 == 0 ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

// The generated subtree at a node's path.
const GenTree& at_path(const GenTree& root, const std::vector<int>& path) {
  const GenTree* t = &root;
  for (int k : path) t = &t->kids[static_cast<std::size_t>(k)];
  return *t;
}

// The AIMA tree searched by alpha-beta, shown at its last event, a few frames drawn.
void aima_at_its_end(HeadlessImGui& ui, ViewerApp& app) {
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  app.state().seek(app.state().event_count() - 1);
  frames(ui, app, 3);
}

}  // namespace

TEST_CASE("a node's value in the minimax view is textbook minimax, or bounds it as it says") {
  std::mt19937 rng(20261125);
  int bounded = 0;
  for (int i = 0; i < 300; ++i) {
    const GenTree tree = generate(rng, 4);
    if (tree.kids.empty()) continue;
    for (const char* algo : {"minimax", "alphabeta"}) {
      ViewerApp app = make_app();
      api::run_search(app, std::string(R"J({"tree":")J") + text(tree) + R"J(","algo":")J" + algo +
                               R"J(","criterion":"ge"})J");
      const auto& s = app.state();
      REQUIRE(s.has_trace());
      const trace::Model& m = s.model();
      for (std::uint32_t id = 0; id < m.node_count(); ++id) {
        const trace::ModelNode& n = m.node(id);
        if (n.leave_t == trace::k_never) continue;
        const std::vector<int> path = m.path(id);
        const int truth = minimax(at_path(tree, path), n.depth);
        const Score v = trace::max_view(m, id, n.ret);
        const Bound b = trace::max_view(m, id, n.bound);
        CAPTURE(text(tree));
        CAPTURE(algo);
        CAPTURE(m.path_text(id));
        CHECK(trace::is_max_node(m, id) == (path.size() % 2 == 0));
        CHECK(bound_holds(b, v, truth));
        if (std::string(algo) == "minimax") CHECK(v == truth);
        bounded += b != Bound::exact;
      }
    }
  }
  CHECK(bounded > 100);  // alpha-beta's bounds were checked, not only exact values
}

TEST_CASE(
    "the AIMA tree in the minimax view: MIN nodes return 3, 2, 2 and are cut as textbooks say") {
  ViewerApp app = make_app();
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  auto& s = app.state();
  REQUIRE(s.has_trace());
  CHECK(s.value_view == trace::ValueView::minimax);  // a tree's default
  s.seek(s.event_count() - 1);
  const trace::Model& m = s.model();
  const std::uint32_t b = m.child(0, 0), c = m.child(0, 1);
  CHECK_FALSE(trace::is_max_node(m, b));
  CHECK(trace::max_view(m, b, m.node(b).ret) == 3);
  CHECK(m.node(b).ret == -3);  // the seed's negamax value is kept as it is
  const std::string state = api::node_state(app, b);
  CHECK(state.find(R"("player":"min")") != std::string::npos);
  CHECK(state.find(R"("value":3)") != std::string::npos);
  CHECK(api::node_state(app, 0).find(R"("player":"max")") != std::string::npos);
  // C's cutoff, in textbook words.
  std::string cutoff;
  for (std::size_t t = 0; t < m.event_count(); ++t) {
    if (m.event(t).type == trace::EventType::cutoff && m.event(t).node == c)
      cutoff = narrate(m, t, trace::ValueView::minimax);
  }
  CHECK(cutoff.find("MIN node 1: best 2 < \u03b1 = 3") != std::string::npos);
  CHECK(cutoff.find("2 remaining successors are pruned") != std::string::npos);
  CHECK(narrate(m, m.event_count() - 1, trace::ValueView::negamax).find("returns +3") !=
        std::string::npos);
}

TEST_CASE("the value view: games open in negamax, a choice stays, links carry it") {
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"game":"tictactoe","depth":2})J");
  REQUIRE(s.has_trace());
  CHECK(s.value_view == trace::ValueView::negamax);
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6))"})J");
  CHECK(s.value_view == trace::ValueView::minimax);
  s.set_value_view(trace::ValueView::negamax);  // the user's choice stays for the next tree
  api::run_search(app, R"J({"tree":"((1 2) (3 4))"})J");
  CHECK(s.value_view == trace::ValueView::negamax);
  const std::string link = app.url_hash();
  CHECK(link.find("view=negamax") != std::string::npos);
  s.set_value_view(trace::ValueView::minimax);
  api::apply_link(app, link, false);
  CHECK(s.value_view == trace::ValueView::negamax);
  CHECK(api::view_state(app).find(R"("value_view":"negamax")") != std::string::npos);
  const std::string bad = api::apply_link(app, "#tree=((1 2))&view=upside-down", false);
  CHECK(bad.find("view must be minimax or negamax") != std::string::npos);
}

TEST_CASE("a link keeps the whole view: camera, theme, text size, selection, layout, values") {
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  REQUIRE(s.has_trace());
  s.seek(30);
  s.theme = viewer::Theme::light;
  s.font_scale = 1.25f;
  s.selected = 4;
  s.layout_mode = viewer::LayoutMode::final_shape;
  s.camera.follow = false;
  s.camera.x = 123.5f;
  s.camera.y = -40.0f;
  s.camera.zoom = 1.75f;
  s.set_value_view(trace::ValueView::negamax);
  const std::string link = app.url_hash();
  CAPTURE(link);
  // Everything back to the defaults, then the link.
  ViewerApp fresh = make_app();
  auto& f = fresh.state();
  CHECK(api::apply_link(fresh, link, false).find("\"error\"") == std::string::npos);
  CHECK(f.cursor() == 30);
  CHECK(f.theme == viewer::Theme::light);
  CHECK(f.font_scale == doctest::Approx(1.25));
  CHECK(f.selected == 4);
  CHECK(f.layout_mode == viewer::LayoutMode::final_shape);
  CHECK_FALSE(f.camera.follow);
  CHECK_FALSE(f.camera.fit_pending);  // the first frame keeps the link's camera
  CHECK(f.camera.x == doctest::Approx(123.5));
  CHECK(f.camera.y == doctest::Approx(-40.0));
  CHECK(f.camera.zoom == doctest::Approx(1.75));
  CHECK(f.value_view == trace::ValueView::negamax);
  // A camera far out (a wide tree) survives the round trip: no exponent's '+' in the link.
  f.camera.x = 2.5e6f;
  f.camera.follow = false;
  const std::string far = fresh.url_hash();
  CAPTURE(far);
  CHECK(far.find("e+") == std::string::npos);
  CHECK(api::apply_link(fresh, far, false).find("\"error\"") == std::string::npos);
  CHECK(f.camera.x == doctest::Approx(2.5e6));
  for (const char* bad : {"&cam=1,2", "&cam=1,2,0", "&theme=blue", "&text=99", "&sel=-1",
                          "&sel=1e20", "&sel=0x4", "&cam=1e3,2,1", "&layout=sideways"}) {
    CAPTURE(bad);
    const std::string r = api::apply_link(fresh, "#tree=((1 2))" + std::string(bad), false);
    CHECK(r.find("\"error\":\"link: ") != std::string::npos);
  }
}

TEST_CASE("projector mode at 1280x800: the panels hidden, the whole AIMA tree, values at 24 px") {
  HeadlessImGui ui(ImVec2(1280, 800));
  ViewerApp app = make_app();
  auto& s = app.state();
  aima_at_its_end(ui, app);
  const float normal_zoom = s.camera.zoom;
  CHECK(s.widgets.count("tab_setup") == 1);
  s.set_present(true);
  s.widgets.clear();
  frames(ui, app, 3);
  CHECK(s.theme == viewer::Theme::light);
  CHECK(s.widgets.count("tab_setup") == 0);  // no side panels
  CHECK(s.widgets.count("tab_legend") == 0);
  const ImVec4 canvas = s.widgets.at("canvas");
  CHECK(canvas.z - canvas.x > 1200.0f);
  CHECK(15.0f * 1.4f * s.camera.zoom >= 23.5f);  // a node's text height in pixels
  CHECK(s.camera.zoom > normal_zoom);
  // Every node of the tree inside the canvas.
  const viewer::TreeLayout& l = s.final_layout();
  for (std::uint32_t id = l.first(); id < l.end(); ++id) {
    const float sx =
        canvas.x + (canvas.z - canvas.x) * 0.5f + (l.x(id) - s.camera.x) * s.camera.zoom;
    const float sy =
        canvas.y + (canvas.w - canvas.y) * 0.5f + (l.y(id) - s.camera.y) * s.camera.zoom;
    CAPTURE(id);
    CHECK(sx - 60.0f * s.camera.zoom >= canvas.x - 1.0f);
    CHECK(sx + 60.0f * s.camera.zoom <= canvas.z + 1.0f);
    CHECK(sy >= canvas.y);
    CHECK(sy <= canvas.w);
  }
  // P again: back as it was; a link carries it.
  CHECK(app.url_hash().find("present=1") != std::string::npos);
  s.set_present(false);
  CHECK(s.theme == viewer::Theme::dark);
  s.show_right_panel = false;
  CHECK(app.url_hash().find("panels=left") != std::string::npos);
}

TEST_CASE("a saved trace reopens where it was saved, its set-up shown in the form") {
  ViewerApp app = make_app();
  api::run_search(app, R"J({"random":"b=3,d=3,lo=-9,hi=9,seed=6","algo":"alphabeta"})J");
  REQUIRE(app.state().has_trace());
  app.state().seek(17);
  const std::vector<std::uint8_t> bytes = app.save_kbz();
  ViewerApp other = make_app();
  api::run_search(other, R"J({"tree":"((1 2) (3 4))"})J");
  CHECK(other.state().setup.source == viewer::SetupForm::Source::tree);
  const std::string r = api::load_trace(other, bytes.data(), bytes.size(), "saved.kbz");
  CHECK(r.find("\"error\"") == std::string::npos);
  CHECK(other.state().cursor() == 17);
  CHECK(other.state().setup.source == viewer::SetupForm::Source::random);
  CHECK(other.state().setup.algo == "alphabeta");
}

TEST_CASE("the first frame after idling does not jump playback ahead") {
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  s.seek(0);
  s.speed = 4.0f;
  s.playing = true;
  s.update_playback(600.0);  // ten minutes without a frame
  CHECK(s.cursor() <= 1);
  CHECK(s.playing);
}

TEST_CASE("the AIMA tree with >=: the leaves never evaluated are 4 and 6, under C") {
  ViewerApp app = make_app();
  api::run_search(
      app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta","criterion":"ge"})J");
  const std::string json = api::pruned_leaves(app);
  CHECK(json == R"([{"path":"1.1","name":"","value":4},{"path":"1.2","name":"","value":6}])");
  // Named nodes keep their names; a deeper pruned subtree gives all its leaves.
  api::run_search(app,
                  R"J({"tree":"A:(B:(5 6) C:(D:(1 2) E:(F:(7 8) G:9)))","algo":"alphabeta"})J");
  const std::string named = api::pruned_leaves(app);
  CAPTURE(named);
  CHECK(named ==
        R"([{"path":"1.1.0.0","name":"","value":7},{"path":"1.1.0.1","name":"","value":8},)"
        R"({"path":"1.1.1","name":"G","value":9}])");
  // Minimax prunes nothing.
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"minimax"})J");
  CHECK(api::pruned_leaves(app) == "[]");
}

TEST_CASE("an example's link keeps its name when the view changes (example=, not tree=)") {
  ViewerApp app = make_app();
  auto& s = app.state();
  REQUIRE(!s.examples.empty());
  const std::string name = s.examples[0].name;
  CHECK(api::apply_link(app, "#example=" + name + "&algo=alphabeta", false).find("\"error\"") ==
        std::string::npos);
  s.set_value_view(trace::ValueView::negamax);  // V
  const std::string link = app.url_hash();
  CAPTURE(link);
  CHECK(link.rfind("#example=" + name + "&algo=alphabeta", 0) == 0);
  CHECK(link.find("tree=") == std::string::npos);
  ViewerApp fresh = make_app();
  CHECK(api::apply_link(fresh, link, false).find("\"error\"") == std::string::npos);
  CHECK(fresh.state().model().node_count() == s.model().node_count());
  // Another tree is written out whole.
  api::run_search(app, R"J({"tree":"((1 2) (3 4))"})J");
  CHECK(app.url_hash().find("#tree=") == 0);
}

TEST_CASE("projector mode at 1280x800: a 40-node tree whole, its text at 24 px or more") {
  // Three levels of three under the root (27 leaves), textbook values.
  const char* tree =
      "(((3 12 8) (2 4 6) (14 5 2)) ((7 1 9) (11 3 5) (6 13 2)) ((4 8 15) (9 2 7) (1 10 6)))";
  HeadlessImGui ui(ImVec2(1280, 800));
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, std::string(R"J({"tree":")J") + tree + R"J(","algo":"alphabeta"})J");
  frames(ui, app, 2);
  s.set_present(true);  // after the tree is shown, as P does
  REQUIRE(s.model().node_count() > 30);
  for (std::size_t at : {std::size_t{0}, s.event_count() / 2, s.event_count() - 1}) {
    s.seek(at);
    frames(ui, app, 40);  // follow glides to the whole tree
    CAPTURE(at);
    const ImVec4 canvas = s.widgets.at("canvas");
    CHECK(15.0f * 1.4f * s.camera.zoom >= 24.0f);  // a node's text height in pixels
    const viewer::TreeLayout& l = s.layout();      // as drawn: the tree grown so far
    for (std::uint32_t id = l.first(); id < l.end(); ++id) {
      const float hw = l.half_width(id) * s.camera.zoom;
      const float sx =
          canvas.x + (canvas.z - canvas.x) * 0.5f + (l.x(id) - s.camera.x) * s.camera.zoom;
      const float sy =
          canvas.y + (canvas.w - canvas.y) * 0.5f + (l.y(id) - s.camera.y) * s.camera.zoom;
      CAPTURE(id);
      CHECK(sx - hw >= canvas.x - 1.0f);
      CHECK(sx + hw <= canvas.z + 1.0f);
      CHECK(sy >= canvas.y);
      CHECK(sy + s.metrics.node_height * 0.5f * s.camera.zoom <= canvas.w + 1.0f);
    }
  }
}

TEST_CASE("a larger text zooms the tree in with it: its values stay on the nodes") {
  HeadlessImGui ui(ImVec2(1280, 800));
  ViewerApp app = make_app();
  auto& s = app.state();
  aima_at_its_end(ui, app);
  CHECK(viewer::last_canvas_stats().level_of_detail == 2);
  const float zoom = s.camera.zoom;
  s.font_scale = 1.95f;  // Ctrl + three times
  s.rebuild_fonts = true;
  frames(ui, app, 3);
  CHECK(s.camera.zoom == doctest::Approx(zoom * 1.95f));
  CHECK(viewer::last_canvas_stats().level_of_detail == 2);  // full boxes, every value
}

TEST_CASE("a tree readable whole is fitted whole, on a small projector too (no 75% floor)") {
  for (const ImVec2 size : {ImVec2(1024, 768), ImVec2(1280, 800)}) {
    HeadlessImGui ui(size);
    ViewerApp app = make_app();
    auto& s = app.state();
    aima_at_its_end(ui, app);
    const ImVec4 canvas = s.widgets.at("canvas");
    const viewer::TreeLayout& l = s.layout();
    CAPTURE(size.x);
    CHECK(s.node_text() * s.camera.zoom >= 8.0f);
    const float cx = (canvas.x + canvas.z) * 0.5f;
    CHECK(cx + (l.min_x() - s.camera.x) * s.camera.zoom >= canvas.x);
    CHECK(cx + (l.max_x() - s.camera.x) * s.camera.zoom <= canvas.z);
    s.camera.fit_all_pending = true;  // F: still the whole tree, not a closer look
    frames(ui, app, 2);
    CHECK(cx + (l.min_x() - s.camera.x) * s.camera.zoom >= canvas.x);
    CHECK(cx + (l.max_x() - s.camera.x) * s.camera.zoom <= canvas.z);
  }
}
