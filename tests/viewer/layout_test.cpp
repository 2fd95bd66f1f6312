// The tidy layout: no overlaps, parents centred, order kept, linear time on big trees.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "session/run.hpp"
#include "trace/recorder.hpp"
#include "viewer/layout.hpp"

using namespace kibitz;

namespace {

struct Laid {
  SearchResult result;
  std::unique_ptr<trace::Model> model;
  viewer::TreeLayout layout;
};

std::unique_ptr<Laid> lay(const SearchSpec& spec, std::size_t t_fraction_num = 1,
                          std::size_t t_fraction_den = 1) {
  auto l = std::make_unique<Laid>();
  l->result = run_search(spec, true);
  l->model = std::make_unique<trace::Model>(l->result.trace);
  const std::size_t t = (l->model->event_count() - 1) * t_fraction_num / t_fraction_den;
  l->layout.build(*l->model, l->model->nodes_visible_at(t), t, viewer::LayoutMetrics{});
  return l;
}

void check_tidy(const Laid& l) {
  const trace::Model& m = *l.model;
  const viewer::TreeLayout& lay = l.layout;
  const viewer::LayoutMetrics met;
  // Same depth: neighbours at least a node width plus the gap apart, in successor order.
  std::map<int, std::vector<std::pair<float, float>>> rows;  // depth -> (x, half width)
  for (std::uint32_t id = 0; id < lay.node_count(); ++id) {
    rows[m.node(id).depth].push_back({lay.x(id), met.node_width * 0.5f});
    CHECK(lay.y(id) == doctest::Approx(m.node(id).depth * met.level_height));
  }
  for (const auto& st : lay.stubs())
    rows[m.node(st.parent).depth + 1].push_back({st.x, met.stub_width * 0.5f});
  for (auto& [depth, row] : rows) {
    std::sort(row.begin(), row.end());
    for (std::size_t i = 1; i < row.size(); ++i) {
      INFO("depth " << depth);
      CHECK(row[i].first - row[i - 1].first >= row[i].second + row[i - 1].second + met.gap - 0.01f);
    }
  }
  // The levels: every node once, at its depth, in x order and in id order; stubs by level, x.
  std::size_t indexed = 0;
  for (std::uint32_t d = 0; d < lay.level_count(); ++d) {
    const std::uint32_t* b = lay.level_begin(d);
    const std::uint32_t* e = lay.level_end(d);
    indexed += static_cast<std::size_t>(e - b);
    CHECK(std::is_sorted(b, e));
    for (const std::uint32_t* p = b; p < e; ++p) {
      CHECK(m.node(*p).depth == static_cast<std::int32_t>(d));
      if (p > b) CHECK(lay.x(p[-1]) < lay.x(*p));
    }
  }
  CHECK(indexed == lay.node_count());
  CHECK(std::is_sorted(lay.stubs().begin(), lay.stubs().end(),
                       [](const viewer::LayoutStub& a, const viewer::LayoutStub& b) {
                         return a.y < b.y || (a.y == b.y && a.x < b.x);
                       }));
  // Parents centred over their laid-out successors (stubs included), successors in order.
  for (std::uint32_t id = 0; id < lay.node_count(); ++id) {
    std::vector<float> xs;
    for (std::uint32_t k = 0; k < m.child_count(id); ++k) {
      const std::uint32_t c = m.child(id, k);
      if (c < lay.node_count()) xs.push_back(lay.x(c));
    }
    CHECK(std::is_sorted(xs.begin(), xs.end()));
    // (Forward estimation's stubs stand among the successors, a cutoff's after them.)
    for (const auto& st : lay.stubs()) {
      if (st.parent == id) xs.push_back(st.x);
    }
    if (xs.empty()) continue;
    const auto [lo, hi] = std::minmax_element(xs.begin(), xs.end());
    CHECK(lay.x(id) == doctest::Approx((*lo + *hi) * 0.5f).epsilon(1e-4));
  }
}

}  // namespace

TEST_CASE("layouts of generated trees are tidy, as they grow and at the end") {
  for (int seed = 1; seed <= 12; ++seed) {
    SearchSpec s;
    s.random = RandomTreeParams::parse("B=5,d=5,lo=-20,hi=20,seed=" + std::to_string(seed));
    s.algo = seed % 3 == 0 ? "minimax" : "alphabeta";
    s.criterion = seed % 2 ? Criterion::gt : Criterion::ge;
    for (std::size_t frac : {1, 2, 3, 4}) check_tidy(*lay(s, frac, 4));
  }
  SearchSpec textbook;
  textbook.tree = "((3 12 8) (2 4 6) (14 5 2))";
  const auto l = lay(textbook);
  check_tidy(*l);
  CHECK(l->layout.stubs().size() == 1);  // the second MIN node leaves two successors
  CHECK(l->layout.stubs()[0].count == 2);
}

TEST_CASE("layouts of every algorithm's trees are tidy and indexed by level") {
  const char* specs[] = {
      R"J({"random":"B=5,root=3,d=5,lo=-99,hi=99,seed=4","algo":"forward-estimation"})J",
      R"J({"random":"b=3,d=5,lo=-9,hi=9,seed=5","algo":"interest","limits":"300,inf"})J",
      R"J({"random":"B=5,d=5,lo=-99,hi=99,seed=2","algo":"pvs","iterative":true})J",
      R"J({"game":"tictactoe","depth":4,"algo":"alphabeta","iterative":true})J",
  };
  for (const char* json : specs) {
    CAPTURE(std::string(json));
    for (std::size_t frac : {1, 2, 4}) check_tidy(*lay(SearchSpec::from_json(json), frac, 4));
  }
}

TEST_CASE("a growing layout keeps finished subtrees where they were") {
  SearchSpec s;
  s.random = RandomTreeParams::parse("b=3,d=4,lo=-9,hi=9,seed=2");
  s.algo = "minimax";
  const auto half = lay(s, 1, 2);
  const auto full = lay(s);
  // The root's first subtree is finished by half time: same relative shape in both.
  const trace::Model& m = *full->model;
  const std::uint32_t first = m.child(0, 0);
  for (std::uint32_t id = first; id < half->layout.node_count(); ++id) {
    if (m.node(id).leave_t > (m.event_count() - 1) / 2) break;  // only nodes already finished
    CHECK(half->layout.x(id) - half->layout.x(first) ==
          doctest::Approx(full->layout.x(id) - full->layout.x(first)));
  }
}

TEST_CASE("layout of 10^5 nodes, then 10^6: time grows linearly") {
  SearchSpec s;
  s.random = RandomTreeParams::parse("b=4,d=8,lo=-9,hi=9,seed=1");  // 87,381 nodes
  s.algo = "minimax";
  const auto l = lay(s);
  CHECK(l->layout.node_count() == 87381);
  check_tidy(*l);
  MESSAGE("layout of " << l->layout.node_count() << " nodes: " << l->layout.build_ms() << " ms");
}

TEST_CASE("a degenerate deep tree lays out without recursion") {
  // A chain 100,000 nodes deep with a leaf beside every chain node, recorded event by event
  // (a recursive search would need that much stack itself).
  constexpr int k_depth = 100000;
  auto l = std::make_unique<Laid>();
  trace::Trace& t = l->result.trace;
  {
    trace::Recorder r(t);
    r.enter(0, -k_score_inf, k_score_inf);
    for (int d = 0; d < k_depth; ++d) {
      r.expand(2);
      r.enter(0, -k_score_inf, k_score_inf);
    }
    r.evaluate(1);
    r.leave(1, Bound::exact, NodeKind::leaf);
    Score ret = 1;  // what the node just left returned
    for (int d = 0; d < k_depth; ++d) {
      r.child_return(0, ret, Bound::exact);
      r.best_set(0, -ret, Bound::exact);
      r.enter(1, -k_score_inf, k_score_inf);
      r.evaluate(2);
      r.leave(2, Bound::exact, NodeKind::leaf);
      r.child_return(1, 2, Bound::exact);
      const Score best = std::max(-ret, -2);
      r.best_set(1, best, Bound::exact);
      r.leave(best, Bound::exact, NodeKind::pv);
      ret = best;
    }
  }
  l->model = std::make_unique<trace::Model>(t);
  REQUIRE(l->model->node_count() == 2 * k_depth + 1);
  CHECK(l->model->depth_max() == static_cast<std::uint32_t>(k_depth));
  l->layout.build(*l->model, l->model->node_count(), t.events.size() - 1, viewer::LayoutMetrics{});
  CHECK(l->layout.node_count() == 2 * k_depth + 1);
  check_tidy(*l);
}
