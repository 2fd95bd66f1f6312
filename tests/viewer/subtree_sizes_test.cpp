// The Shape tab's numbers: subtree sizes and heights against a brute-force count, and the
// largest subtrees at a ply in order.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "app_driver.hpp"
#include "session/run.hpp"
#include "viewer/subtree_sizes.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

// Nodes under id (itself included) and its height, by walking its children.
void brute(const trace::Model& m, std::uint32_t id, std::uint32_t& size, std::uint32_t& height) {
  size = 1;
  height = 0;
  for (std::uint32_t k = 0; k < m.child_count(id); ++k) {
    std::uint32_t s = 0, h = 0;
    brute(m, m.child(id, k), s, h);
    size += s;
    height = std::max(height, h + 1);
  }
}

int plies_under(const trace::Model& m, std::uint32_t top, std::uint32_t id) {
  int d = 0;
  for (; id != trace::k_no_node && id != top; id = m.node(id).parent) ++d;
  return id == top ? d : -1;
}

const char* const k_searches[] = {
    R"J({"random":"b=3,d=5,lo=-9,hi=9,seed=1","algo":"minimax"})J",
    R"J({"random":"b=4,d=6,lo=-99,hi=99,seed=2","algo":"alphabeta"})J",
    R"J({"random":"B=5,d=5,lo=-99,hi=99,seed=3","algo":"pvs","iterative":true})J",
    R"J({"random":"B=6,root=3,d=4,lo=-20,hi=20,seed=4","algo":"alphabeta","iterative":true})J",
    R"J({"game":"tictactoe","depth":4,"algo":"alphabeta","iterative":true})J",
};

}  // namespace

TEST_CASE("subtree sizes: each node's is its successors' plus one, a root's its range") {
  for (const char* json : k_searches) {
    INFO(json);
    const SearchResult r = run_search(SearchSpec::from_json(json), true);
    const trace::Model m(r.trace);
    const viewer::SubtreeSizes sizes(m);
    REQUIRE(sizes.node_count() == m.node_count());
    for (std::uint32_t id = 0; id < m.node_count(); ++id) {
      std::uint32_t sum = 1;
      for (std::uint32_t k = 0; k < m.child_count(id); ++k) sum += sizes.size(m.child(id, k));
      CHECK(sizes.size(id) == sum);
      std::uint32_t s = 0, h = 0;
      brute(m, id, s, h);
      CHECK(sizes.size(id) == s);
      CHECK(sizes.height(id) == h);
    }
    const auto& roots = m.roots();
    for (std::size_t i = 0; i < roots.size(); ++i) {
      const std::uint32_t end = i + 1 < roots.size() ? roots[i + 1] : m.node_count();
      CHECK(sizes.size(roots[i]) == end - roots[i]);
    }
  }
}

TEST_CASE("largest subtrees at a ply: the biggest first, the same as sorting them all") {
  for (const char* json : k_searches) {
    INFO(json);
    const SearchResult r = run_search(SearchSpec::from_json(json), true);
    const trace::Model m(r.trace);
    const viewer::SubtreeSizes sizes(m);
    for (std::uint32_t top : {m.roots().back(), m.child(m.roots().back(), 0)}) {
      for (int ply = 0; ply <= 6; ++ply) {
        INFO("top " << top << ", ply " << ply);
        std::vector<std::uint32_t> all;
        for (std::uint32_t id = top; id < m.node_count(); ++id)
          if (plies_under(m, top, id) == ply) all.push_back(id);
        std::stable_sort(all.begin(), all.end(), [&](std::uint32_t a, std::uint32_t b) {
          return sizes.size(a) > sizes.size(b);
        });
        if (all.size() > 10) all.resize(10);
        const auto got = viewer::largest_at_ply(m, sizes, top, ply, 10);
        CHECK(got == all);
        for (std::size_t i = 1; i < got.size(); ++i)
          CHECK(sizes.size(got[i - 1]) >= sizes.size(got[i]));
      }
    }
  }
}

TEST_CASE("successors by size: largest first, ties in entry order, all of them") {
  const SearchResult r = run_search(
      SearchSpec::from_json(R"J({"random":"b=4,d=6,lo=-99,hi=99,seed=2","algo":"alphabeta"})J"),
      true);
  const trace::Model m(r.trace);
  const viewer::SubtreeSizes sizes(m);
  for (std::uint32_t id = 0; id < m.node_count(); ++id) {
    const auto order = viewer::successors_by_size(m, sizes, id);
    REQUIRE(order.size() == m.child_count(id));
    for (std::size_t i = 1; i < order.size(); ++i) {
      CHECK(sizes.size(order[i - 1]) >= sizes.size(order[i]));
      if (sizes.size(order[i - 1]) == sizes.size(order[i])) CHECK(order[i - 1] < order[i]);
      CHECK(m.node(order[i]).parent == id);
    }
  }
}

TEST_CASE("the Shape tab: a click on a box zooms to it and shows it, the breadcrumb zooms out") {
  HeadlessImGui ui;
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"random":"b=3,d=4,lo=-9,hi=9,seed=2","algo":"minimax"})J");
  s.open_tab = "shape";
  frames(ui, app, 2);
  REQUIRE(s.widgets.count("shape_icicle") == 1);
  const trace::Model& m = s.model();
  const std::uint32_t root = m.roots().front();
  CHECK(s.shape.zoom == root);
  CHECK(s.shape.boxes > 1);
  // Five rows (the root and four plies) share the icicle's height; the first successor is the
  // leftmost box of the second row.
  const ImVec4 r = s.widgets.at("shape_icicle");
  const float row_h = (r.w - r.y) / 5.0f;
  click_at(ui, app, ImVec2(r.x + 3.0f, r.y + row_h * 1.5f));
  CHECK(s.shape.zoom == m.child(root, 0));
  CHECK(s.selected == m.child(root, 0));
  frames(ui, app, 1);
  REQUIRE(s.widgets.count("shape_crumb_root") == 1);
  click(ui, app, "shape_crumb_root");
  CHECK(s.shape.zoom == root);
  REQUIRE(s.widgets.count("shape_successors") == 1);
  REQUIRE(s.widgets.count("shape_largest") == 1);
}

TEST_CASE(
    "F on a wide tree: the active path and its siblings readable, the rest folded; F again "
    "shows all") {
  HeadlessImGui ui(ImVec2(1280, 800));
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"random":"b=8,d=5,lo=-99,hi=99,seed=7","algo":"minimax"})J");
  frames(ui, app, 2);
  const trace::Model& m = s.model();
  std::uint32_t deep = m.node_count() / 2;  // a leaf in the middle of the tree
  while (m.child_count(deep) > 0) deep = m.child(deep, 0);
  s.seek(m.enter_t(deep));
  const std::uint32_t user_fold = m.child(m.roots().front(), 7);  // the user's own, kept
  s.toggle_collapsed(user_fold);
  frames(ui, app, 1);
  const std::uint32_t current = m.node_of_event(s.cursor());
  REQUIRE(m.depth(current) >= 3);
  const ImVec4 canvas = s.widgets.at("canvas");
  const float cx = (canvas.x + canvas.z) * 0.5f;
  const auto on_screen_x = [&](std::uint32_t id) {
    const float x = cx + (s.layout().x(id) - s.camera.x) * s.camera.zoom;
    return x >= canvas.x && x <= canvas.z;
  };

  s.camera.fit_all_pending = true;  // F
  frames(ui, app, 2);
  CHECK(s.folded_beside_path());
  CHECK(s.node_text() * s.camera.zoom >= 8.0f);  // readable
  const viewer::TreeLayout& l = s.layout();
  std::uint32_t shown = 0;
  for (std::uint32_t id = l.first(); id < l.end(); ++id) shown += l.shown(id) ? 1 : 0;
  CHECK(shown <= 1 + 8 * 5);  // the path's nodes and their siblings, each subtree one node
  for (std::uint32_t id = current; id != trace::k_no_node; id = m.parent(id)) {
    CHECK(l.shown(id));
    const std::uint32_t parent = m.parent(id);
    if (parent == trace::k_no_node) break;
    for (std::uint32_t c = 0; c < m.child_count(parent); ++c) CHECK(l.shown(m.child(parent, c)));
  }
  CHECK(on_screen_x(current));
  CHECK(s.collapsed().count(user_fold) == 1);

  s.camera.fit_all_pending = true;  // F again: all of it, the user's fold kept
  frames(ui, app, 2);
  CHECK_FALSE(s.folded_beside_path());
  CHECK(s.collapsed().size() == 1);
  CHECK(s.collapsed().count(user_fold) == 1);
  CHECK(cx + (s.layout().min_x() - s.camera.x) * s.camera.zoom >= canvas.x - 1.0f);
  CHECK(cx + (s.layout().max_x() - s.camera.x) * s.camera.zoom <= canvas.z + 1.0f);
}
