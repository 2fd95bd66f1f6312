// The pruned branches (app/pruned_branches.cpp): the subtrees a search never entered, made
// again from the bracket tree or the random tree's seed, checked against the trees themselves.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "app_driver.hpp"
#include "games/random_tree.hpp"

using namespace kibitz;
using kibitz::test::make_app;

namespace {

// A random tree at the node down `path` ("1.0.2").
RandomTreeGame walk_to(const RandomTreeParams& p, const std::string& path) {
  RandomTreeGame g(p);
  for (std::size_t at = 0; at < path.size();) {
    std::size_t end = path.find('.', at);
    if (end == std::string::npos) end = path.size();
    g.make(static_cast<RandomTreeGame::Move>(std::stoul(path.substr(at, end - at))));
    at = end + 1;
  }
  return g;
}

// A random tree node's value from MAX's view.
std::int64_t random_value(const RandomTreeParams& p, const std::string& path) {
  return walk_to(p, path).cost();
}

// The narration at the first cutoff.
std::string cutoff_sentence(ViewerApp& app) {
  app.state().seek(0);
  app.state().seek_next(trace::EventType::cutoff, true);
  const std::string v = api::view_state(app);
  const std::size_t at = v.find(R"("narration":")") + 13;
  return v.substr(at, v.find('"', at) - at);
}

}  // namespace

TEST_CASE("a pruned subtree comes whole: its inner nodes, named, and its leaves") {
  ViewerApp app = make_app();
  api::run_search(app,
                  R"J({"tree":"A:(B:(5 6) C:(D:(1 2) E:(F:(7 8) G:9)))","algo":"alphabeta"})J");
  const auto& pruned = app.state().pruned;
  REQUIRE(pruned.size() == 1);
  const std::vector<viewer::PrunedNode>& g = pruned.begin()->second;
  REQUIRE(g.size() == 5);  // E, F, 7, 8, G
  CHECK((g[0].name == "E" && !g[0].leaf && g[0].parent == -1 && g[0].depth == 2));
  CHECK((g[1].name == "F" && !g[1].leaf && g[1].parent == 0 && g[1].depth == 3));
  CHECK((g[2].leaf && g[2].value == 7 && g[2].parent == 1 && g[2].path == "1.1.0.0"));
  CHECK((g[3].leaf && g[3].value == 8 && g[3].parent == 1));
  CHECK((g[4].name == "G" && g[4].leaf && g[4].value == 9 && g[4].parent == 0));
}

TEST_CASE("random trees: every leaf is either searched or pruned, with the seed's value") {
  for (const char* spec : {"b=3,d=3,seed=1", "b=3,d=4,seed=7", "B=4,d=4,seed=3"}) {
    CAPTURE(spec);
    ViewerApp app = make_app();
    api::run_search(app, std::string(R"J({"random":")J") + spec + R"J(","algo":"alphabeta"})J");
    const RandomTreeParams params = RandomTreeParams::parse(spec);
    const trace::Model& m = app.state().model();
    std::map<std::string, std::int64_t> leaves;  // path -> MAX value
    for (std::uint32_t id = 0; id < m.node_count(); ++id) {
      if (m.node(id).leaf) leaves[m.path_text(id)] = random_value(params, m.path_text(id));
    }
    const std::size_t searched = leaves.size();
    std::size_t pruned = 0;
    for (const auto& [cut, nodes] : app.state().pruned) {
      CHECK(m.node(cut).cutoff_t != trace::k_never);
      for (const viewer::PrunedNode& n : nodes) {
        if (!n.leaf) continue;
        CHECK(n.value == random_value(params, n.path));
        CHECK(leaves.emplace(n.path, n.value).second);  // never also searched
        ++pruned;
      }
    }
    CHECK(pruned > 0);
    // Together they are the whole tree: count its leaves.
    std::size_t total = 0;
    std::vector<std::string> stack{""};
    while (!stack.empty()) {
      const std::string path = stack.back();
      stack.pop_back();
      const RandomTreeGame g = walk_to(params, path);
      const int b = g.branching_here();
      if (b == 0) ++total;
      for (int k = 0; k < b; ++k)
        stack.push_back((path.empty() ? "" : path + ".") + std::to_string(k));
    }
    CHECK(leaves.size() == total);
    CHECK(searched + pruned == total);
  }
}

TEST_CASE("a big pruned subtree or trace gets no ghosts, and minimax none at all") {
  ViewerApp app = make_app();
  api::run_search(app, R"J({"random":"b=3,d=4,seed=1","algo":"minimax"})J");
  CHECK(app.state().pruned.empty());
  api::run_search(app, R"J({"random":"b=8,d=6,seed=1","algo":"alphabeta"})J");  // 300k leaves
  for (const auto& [cut, nodes] : app.state().pruned) CHECK(nodes.size() <= 128);
}

TEST_CASE("a game's pruned branches come on request, with the game's moves and values") {
  // The values minimax (no pruning) gives each leaf, by path: depth 2 is MAX's to move.
  ViewerApp full = make_app();
  api::run_search(full, R"J({"game":"tictactoe","algo":"minimax","depth":2})J");
  std::map<std::string, Score> values;
  const trace::Model& fm = full.state().model();
  for (std::uint32_t id = 0; id < fm.node_count(); ++id)
    if (fm.node(id).depth == 2) values[fm.path_text(id)] = fm.node(id).ret;
  REQUIRE(values.size() == 72);
  ViewerApp app = make_app();
  api::run_search(app, R"J({"game":"tictactoe","algo":"alphabeta","depth":2})J");
  CHECK(app.state().pruned.empty());  // a game's come only when asked for
  const std::size_t cuts = app.state().search_pruned_branches();
  REQUIRE(cuts > 0);
  const trace::Model& m = app.state().model();
  for (const auto& [cut, nodes] : app.state().pruned) {
    CHECK(m.node(cut).cutoff_t != trace::k_never);
    for (const viewer::PrunedNode& n : nodes) {
      CHECK(n.leaf);  // depth 2: a pruned successor of a depth-1 node is a leaf
      CHECK(n.depth == 2);
      CHECK(n.name.size() == 2);  // a cell: "b2"
      CHECK(n.value == values.at(n.path));
    }
  }
}

TEST_CASE("a link keeps a game's pruned branches searched again (pruned=search)") {
  ViewerApp app = make_app();
  api::run_search(app, R"J({"game":"tictactoe","algo":"alphabeta","depth":2})J");
  REQUIRE(app.state().search_pruned_branches() > 0);
  const std::string link = app.url_hash();
  CHECK(link.find("pruned=search") != std::string::npos);
  ViewerApp fresh = make_app();
  api::apply_link(fresh, link, false);
  CHECK(fresh.state().pruned.size() == app.state().pruned.size());
  CHECK(api::pruned_leaves(fresh) == api::pruned_leaves(app));
}

TEST_CASE("nodeState gives no window before the node is entered (nothing from the future)") {
  ViewerApp app = make_app();
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  app.state().seek(0);
  const std::string later = api::node_state(app, 5);
  CHECK(later.find(R"("alpha0":null,"beta":null)") != std::string::npos);
  app.state().seek(app.state().event_count());
  CHECK(api::node_state(app, 5).find(R"("alpha0":null)") == std::string::npos);
}

TEST_CASE("a cutoff's sentence names the successors it prunes, in both value views") {
  ViewerApp app = make_app();
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  app.state().set_value_view(trace::ValueView::minimax);
  std::string s = cutoff_sentence(app);
  CHECK(s.find("MIN node 1: best 2") == 0);
  CHECK(s.find("so node 1.1 and node 1.2 are pruned") != std::string::npos);
  app.state().set_value_view(trace::ValueView::negamax);
  s = cutoff_sentence(app);
  CHECK(s.find("(node 1.1 and node 1.2 are never searched)") != std::string::npos);
  // Named nodes by their names; a game's moves once its pruned branches are searched for.
  api::run_search(app,
                  R"J({"tree":"A:(B:(5 6) C:(D:(1 2) E:(F:(7 8) G:9)))","algo":"alphabeta"})J");
  app.state().set_value_view(trace::ValueView::minimax);
  CHECK(cutoff_sentence(app).find("so E is pruned") != std::string::npos);
  api::run_search(app, R"J({"game":"tictactoe","algo":"alphabeta","depth":2})J");
  CHECK(cutoff_sentence(app).find("remaining successors are pruned") != std::string::npos);
  REQUIRE(app.state().search_pruned_branches() > 0);
  s = cutoff_sentence(app);
  CHECK(s.find("remaining successors") == std::string::npos);
  CHECK(s.find(", so c2, a1, b1 and c1 are pruned") != std::string::npos);  // the cells
}
