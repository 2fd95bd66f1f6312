// alpha-beta against brute force, the seed's node kinds and bounds, Knuth & Moore's count and
// the seed's worked examples.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>

#include "search/alphabeta.hpp"
#include "search/alphabeta_bounds.hpp"
#include "search/minimax.hpp"
#include "test_util.hpp"
#include "trace/recorder.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

// Checks every node of a recorded alpha-beta search against its minimax score.
void check_relations(const Recorded& r, Criterion c, bool bounds_variant) {
  const trace::Model& m = *r.model;
  REQUIRE(r.scores.size() == m.node_count());
  for (std::uint32_t id = 0; id < m.node_count(); ++id) {
    const trace::ModelNode& n = m.node(id);
    const Score score = r.scores[id];
    INFO("node " << id << " path " << m.path_text(id) << " window [" << n.alpha0 << ", " << n.beta
                 << "] ret " << n.ret << " score " << score << " kind " << kind_name(n.kind));
    REQUIRE(n.leave_t != trace::k_never);
    if (n.leaf) {
      CHECK(n.kind == NodeKind::leaf);
      CHECK(n.ret == score);
      continue;
    }
    CHECK(n.kind == classify_node(n.ret, n.alpha0, n.beta, c));
    switch (n.kind) {
      case NodeKind::pv:
        CHECK(n.ret == score);  // exact
        CHECK(n.cutoff_child < 0);
        CHECK(m.child_count(id) == static_cast<std::uint32_t>(n.succ_count));  // all searched
        break;
      case NodeKind::cut:
        CHECK(score >= n.ret);  // lower bound
        CHECK(n.cutoff_child == static_cast<int>(m.child_count(id)) - 1);
        CHECK((c == Criterion::gt ? n.ret > n.beta : n.ret >= n.beta));
        break;
      case NodeKind::all:
        CHECK(score <= n.ret);  // upper bound
        CHECK(n.cutoff_child < 0);
        CHECK(m.child_count(id) == static_cast<std::uint32_t>(n.succ_count));
        CHECK((c == Criterion::gt ? n.ret < n.alpha0 : n.ret <= n.alpha0));
        break;
      default:
        FAIL("interior node without a kind");
    }
    if (bounds_variant) {
      CHECK(bound_holds(n.bound, n.ret, score));
      if (n.kind == NodeKind::pv) CHECK(n.bound == Bound::exact);
    } else {
      CHECK(n.bound == kind_bound(n.kind));
    }
    // ret = best[s-1] = max over searched successors of -succ.ret
    Score best = -k_score_inf;
    for (std::uint32_t k = 0; k < m.child_count(id); ++k)
      best = std::max(best, -m.node(m.child(id, k)).ret);
    CHECK(best == n.ret);
  }
}

}  // namespace

TEST_CASE("alpha-beta equals minimax on 12,000 generated trees; kinds and bounds hold") {
  Rng rng(20261121);
  int trees = 0;
  long long equal_to_alpha0 = 0, equal_to_beta = 0;
  for (int i = 0; i < 12000; ++i) {
    const int depth = static_cast<int>(rng.uniform(1, 6));
    const int max_b = static_cast<int>(rng.uniform(1, depth <= 3 ? 5 : 3));
    const bool uniform = rng.uniform(0, 1) == 0;
    static const int k_spreads[] = {1, 2, 3, 10, 1000};
    const int spread = k_spreads[rng.uniform(0, 4)];
    const std::string text =
        random_tree_text(rng, depth, max_b, uniform, -spread, spread, i % 3 == 0 ? 20 : 0);
    SearchSpec mm = tree_spec(text, "minimax", Criterion::gt);
    const Score truth = run_search(mm, false).value;
    for (Criterion c : {Criterion::gt, Criterion::ge}) {
      INFO("tree " << text << " criterion " << criterion_name(c));
      const Recorded ab = record(tree_spec(text, "alphabeta", c));
      CHECK(ab.result.value == truth);
      check_relations(ab, c, false);
      const Recorded bd = record(tree_spec(text, "alphabeta-bounds", c));
      CHECK(bd.result.value == truth);
      CHECK(bd.result.bound == Bound::exact);
      CHECK(bd.result.stats.nodes == ab.result.stats.nodes);  // same tree walked
      check_relations(bd, c, true);
      for (std::uint32_t id = 0; id < ab.model->node_count(); ++id) {
        const auto& n = ab.model->node(id);
        if (n.leaf) continue;
        equal_to_alpha0 += n.ret == n.alpha0;
        equal_to_beta += n.ret == n.beta;
      }
    }
    ++trees;
  }
  CHECK(trees == 12000);
  // The tie cases the >= criterion is about did occur.
  CHECK(equal_to_alpha0 > 1000);
  CHECK(equal_to_beta > 1000);
}

TEST_CASE("perfectly ordered uniform trees evaluate b^ceil(d/2) + b^floor(d/2) - 1 leaves") {
  Rng rng(7);
  for (int b = 2; b <= 4; ++b) {
    for (int d = 1; d <= 6; ++d) {
      // Distinct leaf values, then every node's successors sorted best-first for its mover.
      std::function<std::string(int, bool, Score&)> build = [&](int depth, bool max_to_move,
                                                                Score& value) {
        if (depth == 0) {
          value = static_cast<Score>(rng.uniform(-1000000, 1000000)) * 4 + 1;  // distinct w.h.p.
          return std::to_string(value);
        }
        std::vector<std::pair<Score, std::string>> kids;
        for (int i = 0; i < b; ++i) {
          Score v;
          std::string s = build(depth - 1, !max_to_move, v);
          kids.emplace_back(v, s);
        }
        std::sort(kids.begin(), kids.end(), [&](const auto& x, const auto& y) {
          return max_to_move ? x.first > y.first : x.first < y.first;
        });
        value = kids.front().first;
        std::string s = "(";
        for (std::size_t i = 0; i < kids.size(); ++i) s += (i ? " " : "") + kids[i].second;
        return s + ")";
      };
      Score v;
      const std::string text = build(d, true, v);
      long long expect = 1;
      for (int i = 0; i < (d + 1) / 2; ++i) expect *= b;
      long long second = 1;
      for (int i = 0; i < d / 2; ++i) second *= b;
      expect += second - 1;
      for (Criterion c : {Criterion::gt, Criterion::ge}) {
        INFO("b=" << b << " d=" << d << " criterion " << criterion_name(c));
        const SearchResult r = run_search(tree_spec(text, "alphabeta", c), false);
        CHECK(r.value == v);
        CHECK(r.stats.leaves == expect);
      }
    }
  }
}

TEST_CASE("textbook example: ((3 12 8) (2 4 6) (14 5 2))") {
  const Recorded r = record(tree_spec("((3 12 8) (2 4 6) (14 5 2))", "alphabeta", Criterion::gt));
  CHECK(r.result.value == 3);
  CHECK(r.result.stats.leaves == 7);  // 3 12 8 2 14 5 2
  const trace::Model& m = *r.model;
  // The second MIN node is cut after its first leaf: 2 <= alpha = 3.
  const auto second = m.child(0, 1);
  CHECK(m.node(second).kind == NodeKind::cut);
  CHECK(m.node(second).ret == -2);
  CHECK(m.node(second).cutoff_child == 0);
  CHECK(m.node(m.child(0, 0)).kind == NodeKind::pv);
  // The third is cut too, by its last leaf (2 <= alpha = 3): nothing left unsearched.
  CHECK(m.node(m.child(0, 2)).kind == NodeKind::cut);
  CHECK(m.node(m.child(0, 2)).cutoff_child == 2);
  CHECK(m.node(m.child(0, 2)).expected == NodeKind::cut);
  CHECK(m.node(m.child(m.child(0, 0), 1)).kind == NodeKind::leaf);
}

namespace {
// Searches `text` with the window [alpha, beta] and returns the recorded model.
Recorded window_search(const std::string& text, Score alpha, Score beta,
                       Criterion c = Criterion::gt) {
  Recorded r;
  const ExplicitTree tree = ExplicitTree::parse(text);
  ExplicitTreeGame g(tree);
  trace::Recorder rec(r.result.trace);
  r.result.trace.meta.set("algo", "alphabeta");
  AlphaBeta<ExplicitTreeGame, trace::Recorder> ab(g, rec, c);
  r.result.value = ab.run(SearchSpec::k_full_depth, alpha, beta);
  r.model = std::make_unique<trace::Model>(r.result.trace);
  return r;
}
std::vector<Score> alphas(const trace::Model& m, std::uint32_t id) {
  std::vector<Score> a{m.node(id).alpha0};
  m.own_events(id, m.event_count(), [&](std::size_t, const trace::Event& e) {
    if (e.type == trace::EventType::alpha_set) a.push_back(e.b);
    return true;
  });
  return a;
}
std::vector<Score> bests(const trace::Model& m, std::uint32_t id) {
  std::vector<Score> b;
  m.own_events(id, m.event_count(), [&](std::size_t, const trace::Event& e) {
    if (e.type == trace::EventType::best_set) b.push_back(e.b);
    return true;
  });
  return b;
}
}  // namespace

TEST_CASE("the seed's Pv diagram: w [-3,+7], x [-7,+3], y.ret=+5, z.ret=+9") {
  // w's first successor returns +4 (w.best[0] = -4); x is the second; leaves are MAX-view.
  const Recorded r = window_search("(-4 (5 9) 0)", -3, 7);
  const trace::Model& m = *r.model;
  const auto x = m.child(0, 1), y = m.child(x, 0), z = m.child(x, 1);
  CHECK(alphas(m, 0) == std::vector<Score>{-3, -3, 5, 5});
  CHECK(bests(m, 0) == std::vector<Score>{-4, 5, 5});
  CHECK(m.node(x).alpha0 == -7);
  CHECK(m.node(x).beta == 3);
  CHECK(alphas(m, x) == std::vector<Score>{-7, -5, -5});
  CHECK(bests(m, x) == std::vector<Score>{-5, -5});
  CHECK(m.node(x).ret == -5);
  CHECK(m.node(x).kind == NodeKind::pv);
  CHECK(m.node(y).ret == 5);
  CHECK(m.node(y).alpha0 == -3);
  CHECK(m.node(y).beta == 7);
  CHECK(m.node(z).ret == 9);
  CHECK(m.node(z).alpha0 == -3);
  CHECK(m.node(z).beta == 5);
}

TEST_CASE("the seed's Cut diagram: x [-7,+3] cut by y.ret=-5") {
  const Recorded r = window_search("(-4 (-5 100) 0)", -3, 7);
  const trace::Model& m = *r.model;
  const auto x = m.child(0, 1), y = m.child(x, 0);
  CHECK(m.node(y).ret == -5);
  CHECK(m.node(y).alpha0 == -3);
  CHECK(m.node(y).beta == 7);
  CHECK(bests(m, x) == std::vector<Score>{5});
  CHECK(alphas(m, x) == std::vector<Score>{-7});  // alpha[1] is never set by the cutting child
  CHECK(m.node(x).ret == 5);
  CHECK(m.node(x).kind == NodeKind::cut);
  CHECK(m.node(x).cutoff_child == 0);
  CHECK(m.child_count(x) == 1);
  CHECK(m.node(x).succ_count == 2);
  CHECK(bests(m, 0) == std::vector<Score>{-4, -4, 0});
  CHECK(alphas(m, 0) == std::vector<Score>{-3, -3, -3, 0});
}

TEST_CASE("the seed's All diagram: x [-7,+3] returns -8 from y=+8, z=+11; w cuts") {
  const Recorded r = window_search("(-4 (8 11) 0)", -3, 7);
  const trace::Model& m = *r.model;
  const auto x = m.child(0, 1), y = m.child(x, 0), z = m.child(x, 1);
  CHECK(alphas(m, x) == std::vector<Score>{-7, -7, -7});
  CHECK(bests(m, x) == std::vector<Score>{-8, -8});
  CHECK(m.node(x).ret == -8);
  CHECK(m.node(x).kind == NodeKind::all);
  CHECK(m.node(y).beta == 7);
  CHECK(m.node(z).beta == 7);
  CHECK(m.node(z).alpha0 == -3);
  CHECK(bests(m, 0) == std::vector<Score>{-4, 8});
  CHECK(m.node(0).kind == NodeKind::cut);  // +8 > w.beta = +7
}

TEST_CASE("the seed's 'ret > beta' example: ret +5, score +9") {
  const std::string text = "(5 9)";
  const Recorded r = window_search(text, -7, 3);
  CHECK(r.model->node(0).ret == 5);
  CHECK(r.model->node(0).kind == NodeKind::cut);
  CHECK(run_search(tree_spec(text, "minimax", Criterion::gt), false).value == 9);
}

TEST_CASE("the seed's 'ret < alpha[0]' example: ret -5, score -9") {
  const std::string text = "((-5 -9))";
  const Recorded r = window_search(text, -3, 7);
  const trace::Model& m = *r.model;
  CHECK(m.node(0).ret == -5);
  CHECK(m.node(0).kind == NodeKind::all);
  CHECK(m.node(m.child(0, 0)).ret == 5);
  CHECK(m.node(m.child(0, 0)).kind == NodeKind::cut);
  CHECK(run_search(tree_spec(text, "minimax", Criterion::gt), false).value == -9);
}

TEST_CASE("criterion >= with ret = beta: the bounds variant tells exact from lower") {
  // The root's first successor (3) sets alpha = 3, so B is searched with beta = -3. Its first
  // successor gives best[0] = -3 = beta: a cutoff under >= with a successor left unsearched.
  const std::string text = "(3 (3 5))";
  const Recorded ge = record(tree_spec(text, "alphabeta-bounds", Criterion::ge));
  const trace::Model& m = *ge.model;
  const auto b = m.child(0, 1);
  CHECK(m.node(b).beta == -3);
  CHECK(m.node(b).kind == NodeKind::cut);
  CHECK(m.node(b).bound == Bound::lower);  // the unsearched successor might have scored higher
  CHECK(m.child_count(b) == 1);
  CHECK(ge.scores[b] == -3);
  // Under > the same return is no cutoff: B searches both and -3 = beta is exact.
  const Recorded gt = record(tree_spec(text, "alphabeta", Criterion::gt));
  const auto b_gt = gt.model->child(0, 1);
  CHECK(gt.model->node(b_gt).kind == NodeKind::pv);
  CHECK(gt.model->node(b_gt).ret == gt.model->node(b_gt).beta);
  CHECK(gt.model->child_count(b_gt) == 2);
  CHECK(gt.scores[b_gt] == -3);
  // When the cutting successor is the last one nothing is left unsearched: exact.
  const Recorded last = record(tree_spec("(3 (5 3))", "alphabeta-bounds", Criterion::ge));
  const auto b2 = last.model->child(0, 1);
  CHECK(last.model->node(b2).kind == NodeKind::cut);
  CHECK(last.model->node(b2).bound == Bound::exact);
  CHECK(last.scores[b2] == last.model->node(b2).ret);
}

TEST_CASE("minimax visits every node and calls every interior node Pv") {
  const Recorded r = record(tree_spec("((3 12 8) (2 4 6) (14 5 2))", "minimax", Criterion::gt));
  CHECK(r.result.value == 3);
  CHECK(r.result.stats.nodes == 13);
  CHECK(r.result.stats.leaves == 9);
  for (std::uint32_t id = 0; id < r.model->node_count(); ++id) {
    const auto& n = r.model->node(id);
    CHECK(n.ret == r.scores[id]);
    CHECK(n.kind == (n.leaf ? NodeKind::leaf : NodeKind::pv));
    CHECK(n.expected == NodeKind::unknown);
  }
}

TEST_CASE("depth-limited search evaluates the horizon statically") {
  SearchSpec s;
  s.random = RandomTreeParams::parse("b=3,d=8,lo=-50,hi=50,seed=4");
  s.depth = 3;
  s.algo = "minimax";
  const SearchResult r = run_search(s, false);
  CHECK(r.stats.leaves == 27);
  CHECK(r.stats.nodes == 40);
  s.algo = "alphabeta";
  CHECK(run_search(s, false).value == r.value);
}

TEST_CASE("an unrecorded search visits exactly what a recorded one does") {
  Rng rng(99);
  for (int i = 0; i < 200; ++i) {
    const std::string text = random_tree_text(rng, 4, 4, false, -5, 5);
    for (const char* a : {"minimax", "alphabeta", "alphabeta-bounds"}) {
      const SearchSpec s = tree_spec(text, a, Criterion::ge);
      const SearchResult plain = run_search(s, false);
      const SearchResult rec = run_search(s, true);
      CHECK(plain.value == rec.value);
      CHECK(plain.stats.nodes == rec.stats.nodes);
      CHECK(plain.stats.leaves == rec.stats.leaves);
    }
  }
}
