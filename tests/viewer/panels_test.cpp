// The viewer's panels driven headless (ImGui without a window): frames render, keys move
// the cursor, clicks select, the layout and the canvas behave.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>

#include "app/viewer_app/viewer_app.hpp"
#include "app/web/api.hpp"
#include "app_driver.hpp"
#include "headless.hpp"
#include "viewer/boards.hpp"
#include "viewer/canvas.hpp"
#include "viewer/panels.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {
constexpr int k_right = 262, k_left = 263, k_home = 268, k_end = 269, k_space = 32;

}  // namespace

TEST_CASE("the examples load and the first one runs from the set-up panel") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  REQUIRE(s.examples.size() >= 5);
  CHECK(s.examples[0].tree == "((3 12 8) (2 4 6) (14 5 2))");
  frames(ui, app, 2);
  CHECK_FALSE(s.has_trace());
  s.ask(viewer::command::Run{});
  frames(ui, app, 3);
  REQUIRE(s.has_trace());
  CHECK(s.model().node_count() == 11);
  CHECK(s.cursor() == 0);
  CHECK(s.widgets.count("run") == 1);
  CHECK(s.widgets.count("scrub") == 1);
  CHECK(s.widgets.count("canvas") == 1);
  CHECK(ui.draw_data()->TotalVtxCount > 1000);
}

TEST_CASE("keys step, jump by node, play and go to the ends") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(
      app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta","criterion":"ge"})J");
  REQUIRE(s.has_trace());
  frames(ui, app, 1);
  ui.press(k_right);
  frames(ui, app, 1);
  CHECK(s.cursor() == 1);
  ui.press(k_right, true);  // Shift+Right: the next node entered
  frames(ui, app, 1);
  CHECK(s.model().event(s.cursor()).type == trace::EventType::enter);
  const std::size_t at = s.cursor();
  ui.press(k_left);
  frames(ui, app, 1);
  CHECK(s.cursor() == at - 1);
  ui.press(k_end);
  frames(ui, app, 1);
  CHECK(s.cursor() == s.event_count() - 1);
  ui.press(k_home);
  frames(ui, app, 1);
  CHECK(s.cursor() == 0);
  ui.press(k_space);
  frames(ui, app, 1);
  CHECK(s.playing);
  s.speed = 600.0f;  // ten events a frame at 60 frames per second
  frames(ui, app, 3);
  CHECK(s.cursor() >= 20);
  ui.press(k_space);
  frames(ui, app, 1);
  CHECK_FALSE(s.playing);
}

TEST_CASE("clicking a node on the canvas selects it") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))"})J");
  s.seek(s.event_count() - 1);
  frames(ui, app, 3);
  // Node 5 (the second MIN node) on screen: from the layout and the camera.
  const viewer::TreeLayout& layout = s.layout();
  const ImVec4 c = s.widgets["canvas"];
  const float sx = c.x + (c.z - c.x) * 0.5f + (layout.x(5) - s.camera.x) * s.camera.zoom;
  const float sy = c.y + (c.w - c.y) * 0.5f + (layout.y(5) - s.camera.y) * s.camera.zoom;
  click_at(ui, app, ImVec2(sx, sy));
  CHECK(s.selected == 5);
}

TEST_CASE("the first view of a small tree shows all of it at a readable zoom") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  s.show_pruned = false;  // the pruned leaves' ghosts make it two leaves wider
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))"})J");
  frames(ui, app, 3);
  const viewer::TreeLayout& fin = s.final_layout();
  const ImVec4 c = s.widgets["canvas"];
  auto sx = [&](float x) { return c.x + (c.z - c.x) * 0.5f + (x - s.camera.x) * s.camera.zoom; };
  INFO("canvas " << c.x << ".." << c.z << " tree " << fin.min_x() << ".." << fin.max_x()
                 << " camera " << s.camera.x << " zoom " << s.camera.zoom);
  CHECK(s.camera.zoom >= 0.75f);
  CHECK(sx(fin.min_x()) >= c.x);
  CHECK(sx(fin.max_x()) <= c.z);
}

TEST_CASE("the inspector, events, statistics and legend panels draw every node and event") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(
      app,
      R"J({"tree":"A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))","algo":"alphabeta-bounds","criterion":"ge"})J");
  REQUIRE(app.compute_scores());
  sweep_side_panels(ui, s, 3);
  CHECK(s.scores->size() == s.model().node_count());
}

TEST_CASE("a bad tree in the set-up form shows an error and keeps the last trace") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"tree":"(1 2)"})J");
  REQUIRE(s.has_trace());
  s.setup.source = viewer::SetupForm::Source::tree;
  s.setup.tree_text = "((1 2) (3";
  s.ask(viewer::command::Run{});
  frames(ui, app, 2);
  CHECK(s.error.find("line 1, column 10") != std::string::npos);
  CHECK(s.model().node_count() == 3);
  CHECK(s.widgets.count("error") == 1);
}

TEST_CASE("a big random tree draws at every level of detail within the frame") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  const std::string r =
      api::run_search(app, R"J({"random":"b=4,d=7,lo=-50,hi=50,seed=3","algo":"minimax"})J");
  REQUIRE(s.has_trace());
  CHECK(s.model().node_count() == 21845);
  s.seek(s.event_count() - 1);
  frames(ui, app, 1);
  for (float zoom : {1.0f, 0.2f, 0.002f}) {
    s.camera.zoom = zoom;
    s.camera.follow = false;
    s.camera.fit_pending = false;
    s.camera.x = s.layout().x(0);  // the root, with the tree below it
    s.camera.y = s.layout().y(0) + 300.0f / zoom;
    frames(ui, app, 2);
    const viewer::CanvasStats& cs = viewer::last_canvas_stats();
    if (zoom == 1.0f) CHECK(cs.level_of_detail == 2);
    if (zoom == 0.2f) CHECK(cs.level_of_detail == 1);
    if (zoom == 0.002f) {
      CHECK(cs.level_of_detail == 0);
      CHECK(cs.dots_folded > 1000);  // sub-pixel nodes merge into one dot per pixel
    }
    CHECK(cs.nodes_drawn > 0);
  }
}

TEST_CASE("game traces: boards in the Board tab and the tooltip, from the position texts") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  CHECK(s.positions.size() >= 12);  // assets/positions/*.txt
  for (const char* options :
       {R"J({"game":"chess","position":"startpos","depth":2,"iterative":true})J",
        R"J({"game":"othello","depth":3})J", R"J({"game":"connect4","position":"4453","depth":3})J",
        R"J({"game":"tictactoe","position":"x...o.... x","depth":3})J"}) {
    INFO(options);
    const std::string r = api::run_search(app, options);
    REQUIRE(r.find("error") == std::string::npos);
    s.open_tab = "board";
    for (std::size_t t = 0; t < s.event_count();
         t += std::max<std::size_t>(1, s.event_count() / 25)) {
      s.seek(t);
      frames(ui, app, 1);
    }
    CHECK(s.widgets.count("tab_board") == 1);
    CHECK(s.widgets.count("board") == 1);
    const std::string game = s.model().trace().meta.get("game");
    for (std::uint32_t id = 0; id < s.model().node_count(); id += 7) {
      const viewer::Board b = viewer::parse_board(game, s.model().position(id));
      CHECK(b.ok());
    }
  }
  // A chess board reads its FEN: the start position has 32 pieces, white to move.
  const viewer::Board start =
      viewer::parse_board("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  REQUIRE(start.ok());
  CHECK(std::count_if(start.cells.begin(), start.cells.end(), [](char c) { return c != '.'; }) ==
        32);
  CHECK(start.to_move == "white");
  CHECK(start.at(0, 4) == 'k');
  CHECK(start.at(7, 4) == 'K');
  const viewer::Board c4 = viewer::parse_board("connect4", "4453");
  REQUIRE(c4.ok());
  CHECK(c4.at(5, 3) == 'x');
  CHECK(c4.at(4, 3) == 'o');
  CHECK(c4.at(5, 4) == 'x');
  CHECK(c4.at(5, 2) == 'o');
  CHECK_FALSE(viewer::parse_board("chess", "not a fen").ok());
  CHECK_FALSE(viewer::parse_board("connect4", "4449444").ok());
}

TEST_CASE("Ctrl +/- change the text size, Ctrl+0 resets it; the themes switch") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  frames(ui, app, 1);
  const float base = s.font_scale;
  ui.press('=', false, true);
  frames(ui, app, 1);
  CHECK(s.font_scale > base);
  CHECK(s.rebuild_fonts);  // the platform rebuilds the atlas at the new size
  s.rebuild_fonts = false;
  ui.press('-', false, true);
  frames(ui, app, 1);
  ui.press('-', false, true);
  frames(ui, app, 1);
  CHECK(s.font_scale < base);
  ui.press('0', false, true);
  frames(ui, app, 1);
  CHECK(s.font_scale == base);
  for (viewer::Theme t : {viewer::Theme::light, viewer::Theme::dark}) {
    s.theme = t;
    viewer::apply_style(t, 1.5f);
    frames(ui, app, 2);
    CHECK(ImGui::GetStyle().FramePadding.x == doctest::Approx(9.0f));  // scaled with the text
  }
}
