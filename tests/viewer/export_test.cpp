// The exports (viewer/export_scene.hpp, app/render/raster.hpp): the scene holds what the canvas
// shows, each writer says it, and the pictures decode with the size and frames asked for.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include "app_driver.hpp"
#include "core/error.hpp"
#include "viewer/export_scene.hpp"
#include "viewer/export_text.hpp"
#ifndef __EMSCRIPTEN__
#include <cairo.h>
#include <gif_lib.h>

#include "app/cli/render/raster.hpp"
#endif

using namespace kibitz;
using kibitz::test::make_app;

namespace {

std::size_t count(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

viewer::ExportScene aima_scene(ViewerApp& app, std::size_t at) {
  api::run_search(app, R"J({"tree":"A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))","algo":"alphabeta"})J");
  app.state().seek(at);
  return viewer::make_export_scene(app.state());
}

}  // namespace

TEST_CASE("the export scene is the canvas's tree: nodes, kinds, cutoff marks, ghosts") {
  ViewerApp app = make_app();
  const viewer::ExportScene sc = aima_scene(app, 1000);  // the end
  REQUIRE(sc.nodes.size() == 11);
  CHECK(sc.minimax);  // a tree opens in the textbook's view
  CHECK(sc.nodes[0].card.title == "MAX A");
  CHECK(sc.nodes[0].card.lines.back().left.text == "value 3");
  int cuts = 0, cut_edges = 0, pv = 0;
  for (const viewer::SceneNode& n : sc.nodes) {
    cuts += n.kind == NodeKind::cut;
    cut_edges += n.cut_edge;
    pv += n.pv;
  }
  CHECK(cuts == 2);  // C and D
  CHECK(cut_edges == 2);
  CHECK(pv == 2);                  // B and its first leaf
  REQUIRE(sc.ghosts.size() == 2);  // C's pruned leaves, 4 and 6
  CHECK((sc.ghosts[0].value == "4" && sc.ghosts[1].value == "6"));
  CHECK(sc.min_x < sc.max_x);
  // Before the end: only what was entered, nothing from the future.
  const viewer::ExportScene early = aima_scene(app, 10);
  CHECK(early.nodes.size() < 11);
  CHECK(early.ghosts.empty());
}

TEST_CASE("SVG, TikZ and DOT say each node's values") {
  ViewerApp app = make_app();
  const viewer::ExportScene sc = aima_scene(app, 1000);
  const std::string svg = viewer::export_svg(sc, 1200);
  CHECK(svg.rfind("<?xml", 0) == 0);
  CHECK(count(svg, "<text") == count(svg, "</text>"));
  // A small tree has large cards: a leaf is its value alone, large (as on a projector).
  CHECK(viewer::compact_leaves(app.state().metrics));
  for (const char* v :
       {">3<", ">12<", ">8<", ">2<", ">14<", ">5<", ">4<", ">6<", ">MAX A<", ">MIN B<"})
    CHECK_MESSAGE(svg.find(v) != std::string::npos, std::string(v));
  const std::string tikz = viewer::export_tikz(sc);
  CHECK(tikz.find("\\begin{forest}") != std::string::npos);
  CHECK(count(tikz, "[{") == 13);  // 11 nodes and 2 ghosts
  CHECK(tikz.find("value $\\leq$ 2") != std::string::npos);
  const std::string dot = viewer::export_dot(sc);
  CHECK(dot.find("digraph kibitz") != std::string::npos);
  CHECK(count(dot, " -> ") == 12);  // 10 edges and 2 to ghosts
  CHECK(dot.find("\"18\">14<") != std::string::npos);
  // The negamax view says the seed's numbers.
  app.state().set_value_view(trace::ValueView::negamax);
  const std::string neg = viewer::export_svg(viewer::make_export_scene(app.state()), 1200);
  CHECK(neg.find(">ret +3 =<") != std::string::npos);
}

TEST_CASE("names are escaped for each format") {
  ViewerApp app = make_app();
  api::run_search(app, R"J({"tree":"R:(c_d:(1 2) E:(3 4))","algo":"alphabeta"})J");
  REQUIRE(app.state().has_trace());
  app.state().seek(1000);
  const viewer::ExportScene sc = viewer::make_export_scene(app.state());
  CHECK(viewer::export_tikz(sc).find("MIN c\\_d") != std::string::npos);
  CHECK(xml_escape("a<b & \"c\">") == "a&lt;b &amp; &quot;c&quot;&gt;");
}

#ifndef __EMSCRIPTEN__
TEST_CASE("PNG at 3840 px and a GIF of a replay decode with their size and frames") {
  ViewerApp app = make_app();
  const viewer::ExportScene sc = aima_scene(app, 1000);
  const std::string png = "kibitz_export_test.png", gif = "kibitz_export_test.gif";
  render::write_png(sc, 3840, png);
  cairo_surface_t* s = cairo_image_surface_create_from_png(png.c_str());
  REQUIRE(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS);
  CHECK(cairo_image_surface_get_width(s) == 3840);
  CHECK(cairo_image_surface_get_height(s) > 1000);
  cairo_surface_destroy(s);
  std::vector<viewer::ExportScene> frames;
  for (std::size_t t = 0; t < 60; t += 6) frames.push_back(aima_scene(app, t));
  render::write_gif(frames, 640, 40, gif);
  int error = 0;
  GifFileType* g = DGifOpenFileName(gif.c_str(), &error);
  REQUIRE(g != nullptr);
  REQUIRE(DGifSlurp(g) == GIF_OK);
  CHECK(g->ImageCount == 10);
  CHECK(g->SWidth == 640);
  CHECK(g->SavedImages[9].ImageDesc.Height == g->SHeight);  // one extent for every frame
  DGifCloseFile(g, &error);
  std::remove(png.c_str());
  std::remove(gif.c_str());
  CHECK_THROWS_AS(render::write_png(sc, 20000, png), InputError);
  CHECK_THROWS_AS(render::write_gif({}, 640, 40, gif), InputError);
}
#endif

TEST_CASE("File → Export… writes the file asked for; exportView answers the page") {
  ViewerApp app = make_app();
  aima_scene(app, 40);
  auto& s = app.state();
  s.export_options.format = "svg";
  s.export_options.path = "kibitz_export_menu.svg";
  s.ask(viewer::command::Export{});
  app.process_requests();
  CHECK(s.error.empty());
  CHECK(s.status == "exported kibitz_export_menu.svg");
  CHECK(s.cursor() == 40);  // the view is left as it was
  std::remove("kibitz_export_menu.svg");
  const std::string gif = api::export_view(app, R"({"format":"gif","from":0,"to":40,"step":10})");
  CHECK(gif.find(R"("format":"gif")") != std::string::npos);
  CHECK(count(gif, "<?xml") == 5);  // events 0, 10, 20, 30, 40
  CHECK(api::export_view(app, R"({"format":"tikz"})").find("begin{forest}") != std::string::npos);
  for (const char* bad : {R"({"format":"bmp"})", R"({"width":100000})", R"({"colour":"red"})",
                          R"({"format":"gif","from":0,"to":60,"step":0})", "[1,2]", "{"}) {
    CAPTURE(bad);
    CHECK(api::export_view(app, bad).find(R"({"error":)") == 0);
  }
#ifndef __EMSCRIPTEN__
  app.pictures = [](const viewer::ViewerState::ExportOptions& o,
                    std::vector<viewer::ExportScene>&& scenes) {
    render::write_png(scenes.front(), o.width, o.path);
  };
  s.export_options.format = "png";
  s.export_options.width = 800;
  s.export_options.path = "kibitz_export_menu.png";
  s.ask(viewer::command::Export{});
  app.process_requests();
  cairo_surface_t* png = cairo_image_surface_create_from_png("kibitz_export_menu.png");
  CHECK(cairo_image_surface_get_width(png) == 800);
  cairo_surface_destroy(png);
  std::remove("kibitz_export_menu.png");
#endif
}
