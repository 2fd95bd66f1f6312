// Forward estimation (002_...): the pruning conditions on hand-worked trees, equality with
// alpha-beta under exact bounds on 10,000+ random trees, the trace of every test, learned
// bounds and delta.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "core/error.hpp"
#include "search/alphabeta.hpp"
#include "search/forward_estimation.hpp"
#include "search/minimax.hpp"
#include "test_util.hpp"
#include "trace/fe_index.hpp"
#include "trace/kbz_file.hpp"
#include "trace/recorder.hpp"
#include "trace/trace_json.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

// A hand-made tree with edge costs (MAX's point of view): node 0 is the root; a node's cost
// is the sum of the edges from the root, its value the cost from its side to move.
class EdgeTreeGame {
 public:
  using Move = std::uint32_t;
  struct Node {
    int edge;
    std::vector<int> kids;
  };
  explicit EdgeTreeGame(std::vector<Node> nodes) : m_nodes(std::move(nodes)) {
    m_path.push_back(0);
  }
  void moves(std::vector<Move>& out) const {
    out.clear();
    for (std::size_t i = 0; i < m_nodes[static_cast<std::size_t>(m_path.back())].kids.size(); ++i) {
      out.push_back(static_cast<Move>(i));
    }
  }
  void make(Move m) { m_path.push_back(m_nodes[static_cast<std::size_t>(m_path.back())].kids[m]); }
  void unmake(Move) { m_path.pop_back(); }
  Score evaluate() const {
    int cost = 0;
    for (int id : m_path) cost += m_nodes[static_cast<std::size_t>(id)].edge;
    return m_path.size() % 2 == 1 ? cost : -cost;  // the root (depth 0) is MAX
  }
  std::string move_label(Move) const { return ""; }
  std::string position_text() const { return ""; }

 private:
  std::vector<Node> m_nodes;
  std::vector<int> m_path;
};

struct Tested {
  Score value;
  SearchStats stats;
  std::vector<trace::FeTest> tests;
};

Tested run_fe(EdgeTreeGame game, int depth, std::int64_t l, std::int64_t u,
              Criterion c = Criterion::ge) {
  trace::Trace t;
  trace::Recorder rec(t);
  FeConfig config;
  config.bounds = EdgeBounds::exact(l, u);
  ForwardEstimation<EdgeTreeGame, trace::Recorder> fe(game, rec, c, config);
  Tested r;
  r.value = fe.run(depth);
  r.stats = fe.stats();
  const trace::Model model(t);
  for (std::size_t i = 0; i < trace::fe_index(model).size(); ++i)
    r.tests.push_back(trace::fe_index(model).test(i));
  return r;
}

// The move indices from the root to a traced node.
std::vector<std::uint32_t> move_path(const trace::Model& m, std::uint32_t id) {
  std::vector<std::uint32_t> p;
  for (; m.node(id).parent != trace::k_no_node; id = m.node(id).parent)
    p.push_back(m.node(id).move_index);
  std::reverse(p.begin(), p.end());
  return p;
}

}  // namespace

TEST_CASE("the pruning conditions, hand-worked, for MIN and MAX roots") {
  // MIN root: c = -900, u = 22, d = 4: c + u*d = -812 <= alpha = -640.
  CHECK(fe_condition(false, -900 + 22 * 4, -640, false));
  CHECK_FALSE(fe_condition(false, -900 + 22 * 4, -813, false));
  CHECK(fe_condition(false, -812, -812, false));       // <= holds on equality
  CHECK_FALSE(fe_condition(false, -812, -812, true));  // criterion >: strictly below
  // MAX root: c = 500, l = -50, d = 3: c + l*d = 350 >= beta = 300; not >= 400.
  CHECK(fe_condition(true, 500 - 50 * 3, 300, false));
  CHECK_FALSE(fe_condition(true, 500 - 50 * 3, 400, false));
  CHECK(fe_condition(true, 350, 350, false));
  CHECK_FALSE(fe_condition(true, 350, 350, true));
  // delta scales both bounds (truncating toward zero): u' = 0.5 * 32768, l' = 0.5 * -32767.
  const PruneBounds half = prune_bounds(EdgeBounds::exact(-32767, 32768), 500, false);
  CHECK(half.l == -16383);
  CHECK(half.u == 16384);
  const PruneBounds zero = prune_bounds(EdgeBounds::exact(-32767, 32768), 0, false);
  CHECK((zero.l == 0 && zero.u == 0));
  CHECK_FALSE(prune_bounds(EdgeBounds{}, 1000, false).known);
}

TEST_CASE("a MIN root is pruned when c + u*d <= alpha (hand-worked tree, depth 2)") {
  // root -> A (+5) -> leaves -3, +4: A = min(2, 9) = 2, so alpha = 2.
  //      -> B (-10), d = 1: c + u*d = -10 + 10 = 0 <= 2: pruned.
  //      -> C (+1): 1 + 10 = 11 > 2: searched; its leaf -10 (cost -9) cuts it off.
  EdgeTreeGame g({{0, {1, 4, 7}},
                  {5, {2, 3}},
                  {-3, {}},
                  {4, {}},
                  {-10, {5, 6}},
                  {9, {}},
                  {9, {}},
                  {1, {8, 9}},
                  {-10, {}},
                  {10, {}}});
  const Tested r = run_fe(g, 2, -10, 10);
  CHECK(r.value == 2);
  CHECK(r.stats.fe_prunes == 1);
  REQUIRE(r.tests.size() == 2);
  const trace::FeTest& b = r.tests[0];
  CHECK(b.move_index == 1);
  CHECK_FALSE(b.max_root);
  CHECK((b.c == -10 && b.d == 1 && b.u == 10 && b.l == -10));
  CHECK((b.estimate == 0 && b.window == 2 && b.pruned));
  CHECK(trace::fe_inequality_ascii(b) == "c+u*d = 0 <= alpha = +2");
  CHECK(trace::fe_inequality(b) == "c+u\u00b7d = 0 \u2264 \u03b1 = +2");
  const trace::FeTest& c = r.tests[1];
  CHECK((c.move_index == 2 && c.estimate == 11 && !c.pruned));
  CHECK(nodes_generated(r.stats) == 3 + 2 + 1);  // A, B, C; A's two leaves; C's first leaf
  // alpha-beta searches B too: the same value, more nodes.
  NullSink sink;
  EdgeTreeGame g2 = g;
  AlphaBeta<EdgeTreeGame> ab(g2, sink, Criterion::ge);
  CHECK(ab.run(2) == 2);
  CHECK(nodes_generated(ab.stats()) == 7);
}

TEST_CASE("a MAX root is pruned when c + l*d >= beta (hand-worked tree, depth 3)") {
  // root -> A (0, MIN) -> A1 (0) -> leaves -5, -6: A1 = -5, so A's beta = -5.
  //                    -> A2 (+6, MAX), d = 1: c + l*d = 6 - 10 = -4 >= -5: pruned.
  // A is then worth -5 (an upper bound for the root would not matter: A is exact here).
  EdgeTreeGame g(
      {{0, {1}}, {0, {2, 5}}, {0, {3, 4}}, {-5, {}}, {-6, {}}, {6, {6, 7}}, {-9, {}}, {-9, {}}});
  const Tested r = run_fe(g, 3, -10, 10);
  CHECK(r.value == -5);
  REQUIRE(r.tests.size() == 1);
  const trace::FeTest& a2 = r.tests[0];
  CHECK(a2.max_root);
  CHECK((a2.c == 6 && a2.d == 1 && a2.l == -10));
  CHECK((a2.estimate == -4 && a2.window == -5 && a2.pruned));
  CHECK(trace::fe_inequality_ascii(a2) == "c+l*d = -4 >= beta = -5");
  // With criterion > the same test is strict and still holds (-4 > -5).
  CHECK(run_fe(g, 3, -10, 10, Criterion::gt).tests[0].pruned);
  // Wider bounds (l = -11) make the estimate -5: >= beta prunes, > beta does not.
  CHECK(run_fe(g, 3, -11, 11).tests[0].pruned);
  CHECK_FALSE(run_fe(g, 3, -11, 11, Criterion::gt).tests[0].pruned);
}

TEST_CASE(
    "exact bounds, delta 1: the root value of alpha-beta on 10,000+ random trees, never more "
    "nodes") {
  Rng rng(424242);
  long long trees = 0, prunes = 0, saved = 0, all_pruned_nodes = 0;
  static const std::int64_t k_ranges[][2] = {{-9, 9}, {-2, 2},    {0, 0},         {-5, -1},
                                             {1, 7},  {-100, 40}, {-32767, 32768}};
  for (int i = 0; i < 10'500; ++i) {
    RandomTreeParams p;
    if (rng.uniform(0, 1))
      p.b = static_cast<int>(rng.uniform(1, 4));
    else
      p.B = static_cast<int>(rng.uniform(1, 6));
    if (rng.uniform(0, 2) == 0) p.root = static_cast<int>(rng.uniform(1, 5));
    p.d = static_cast<int>(rng.uniform(1, 6));
    const auto& range = k_ranges[rng.uniform(0, 6)];
    p.lo = range[0];
    p.hi = range[1];
    p.seed = rng.next();
    const int depth = static_cast<int>(rng.uniform(1, p.d + 1));  // p.d + 1: past the leaves
    const Criterion c = rng.uniform(0, 1) ? Criterion::ge : Criterion::gt;
    INFO("tree " << p.to_text() << " depth " << depth << " criterion " << criterion_name(c));
    RandomTreeGame g1(p), g2(p);
    NullSink sink;
    AlphaBeta<RandomTreeGame> ab(g1, sink, c);
    FeConfig config;
    config.bounds = EdgeBounds::exact(p.lo, p.hi);
    ForwardEstimation<RandomTreeGame> fe(g2, sink, c, config);
    const Score v_ab = ab.run(depth), v_fe = fe.run(depth);
    REQUIRE(v_fe == v_ab);
    REQUIRE(nodes_generated(fe.stats()) <= nodes_generated(ab.stats()));
    REQUIRE(fe.stats().generated <= ab.stats().generated);  // expanded nodes too
    REQUIRE(fe.stats().leaves <= ab.stats().leaves);
    ++trees;
    prunes += fe.stats().fe_prunes;
    saved += nodes_generated(ab.stats()) - nodes_generated(fe.stats());
    // Disabled, it is alpha-beta exactly.
    RandomTreeGame g3(p);
    FeConfig off;
    off.enabled = false;
    ForwardEstimation<RandomTreeGame> plain(g3, sink, c, off);
    REQUIRE(plain.run(depth) == v_ab);
    REQUIRE(plain.stats().nodes == ab.stats().nodes);
    REQUIRE(plain.stats().cutoffs == ab.stats().cutoffs);
    REQUIRE(plain.stats().generated == ab.stats().generated);
    if (i % 25 == 0) {
      // Recorded: every searched node's return keeps the meaning of its kind (against the
      // unpruned minimax score), and every pruned successor's value lies in its interval.
      SearchSpec spec;
      spec.random = p;
      spec.depth = depth;
      spec.criterion = c;
      spec.algo = "forward-estimation";
      const Recorded r = record(spec);
      const trace::Model& m = *r.model;
      REQUIRE(r.scores.size() == m.node_count());
      for (std::uint32_t id = 0; id < m.node_count(); ++id) {
        const trace::ModelNode& n = m.node(id);
        if (n.leaf) continue;
        CHECK(n.kind == classify_node(n.ret, n.alpha0, n.beta, c));
        CHECK(bound_holds(kind_bound(n.kind), n.ret, r.scores[id]));
        if (m.child_count(id) == 0) {
          ++all_pruned_nodes;
          CHECK(n.kind == NodeKind::all);
        }
      }
      for (std::size_t t = 0; t < trace::fe_index(m).size(); ++t) {
        const trace::FeTest& f = trace::fe_index(m).test(t);
        CHECK(f.pruned == fe_condition(f.max_root, f.estimate, f.window, f.strict));
        if (!f.pruned) continue;
        RandomTreeGame walk(p);
        for (std::uint32_t mv : move_path(m, f.parent)) walk.make(mv);
        walk.make(f.move_index);
        Minimax<RandomTreeGame> mm(walk, sink);
        const Score own = mm.run(f.d);
        const std::int64_t v_max = walk.depth() % 2 == 0 ? own : -own;
        CHECK(v_max >= f.low());
        CHECK(v_max <= f.high());
      }
    }
  }
  MESSAGE(trees << " trees, " << prunes << " successors pruned, " << saved << " nodes saved, "
                << all_pruned_nodes << " recorded nodes with every successor pruned");
  CHECK(trees >= 10'000);
  CHECK(prunes > 10'000);  // the comparison exercised pruning
  CHECK(all_pruned_nodes > 0);
}

TEST_CASE("successors ordered by static value: the same root value, still never more nodes") {
  Rng rng(777);
  long long prunes = 0;
  for (int i = 0; i < 2000; ++i) {
    RandomTreeParams p;
    p.B = static_cast<int>(rng.uniform(1, 5));
    p.d = static_cast<int>(rng.uniform(1, 6));
    p.lo = -50;
    p.hi = static_cast<int>(rng.uniform(0, 60));
    p.seed = rng.next();
    const Criterion c = i % 2 ? Criterion::ge : Criterion::gt;
    NullSink sink;
    RandomTreeGame g0(p), g1(p), g2(p);
    AlphaBeta<RandomTreeGame> plain(g0, sink, c);
    // Best first everywhere, or the report's interior set-up (sorted with two plies to go).
    const FeOrder order = i % 4 < 2 ? FeOrder::static_all : FeOrder::interior;
    FeConfig ordered_ab;
    ordered_ab.enabled = false;
    ordered_ab.order = order;
    FeConfig ordered_fe;
    ordered_fe.bounds = EdgeBounds::exact(p.lo, p.hi);
    ordered_fe.order = order;
    ordered_fe.test_root = i % 3 != 0;
    ForwardEstimation<RandomTreeGame> ab(g1, sink, c, ordered_ab), fe(g2, sink, c, ordered_fe);
    const Score v = plain.run(p.d);
    INFO("tree " << p.to_text());
    REQUIRE(ab.run(p.d) == v);
    REQUIRE(fe.run(p.d) == v);
    REQUIRE(nodes_generated(fe.stats()) <= nodes_generated(ab.stats()));
    REQUIRE(fe.generated_count() <= ab.generated_count());
    REQUIRE(fe.kept_count() == fe.generated_count() - fe.stats().fe_prunes);
    prunes += fe.stats().fe_prunes;
  }
  CHECK(prunes > 1000);
}

TEST_CASE("the report's interior set-up: counts, the root untested, pruned successors apart") {
  // A uniform tree, b = 3, depth 4: with two or more plies to go every successor counts; at the
  // last ply the leaves count as they are searched; the root does not count.
  const RandomTreeParams p = RandomTreeParams::parse("b=3,d=4,lo=-9,hi=9,seed=5");
  FeConfig ab;
  ab.enabled = false;
  ab.order = FeOrder::interior;
  RandomTreeGame g(p);
  trace::Trace t;
  trace::Recorder rec(t);
  ForwardEstimation<RandomTreeGame, trace::Recorder> s(g, rec, Criterion::ge, ab);
  s.run(4);
  const trace::Model m(t);
  // Nodes at plies 0, 1 and 2 have two or more plies to go: all their successors count; the
  // ply-3 nodes have one: their leaves count as they are entered.
  long long expected = 0;
  for (std::uint32_t id = 0; id < m.node_count(); ++id) {
    const auto& node = m.node(id);
    if (node.leaf) continue;
    const int to_go = 4 - static_cast<int>(node.depth);
    if (to_go >= 2) expected += node.succ_count;  // all generated and counted
  }
  for (std::uint32_t id = 0; id < m.node_count(); ++id) {
    const auto& node = m.node(id);
    if (node.parent != trace::k_no_node && 4 - static_cast<int>(m.node(node.parent).depth) == 1)
      ++expected;  // a leaf reached from a last-ply node
  }
  CHECK(s.generated_count() == expected);
  CHECK(s.generated_count() > nodes_generated(s.stats()));  // cutoffs skip counted successors
  // With forward estimation and the root untested: no test at the root, and the kept count
  // leaves out what was pruned.
  FeConfig fe = ab;
  fe.enabled = true;
  fe.bounds = EdgeBounds::exact(p.lo, p.hi);
  fe.test_root = false;
  RandomTreeGame g2(p);
  trace::Trace t2;
  trace::Recorder rec2(t2);
  ForwardEstimation<RandomTreeGame, trace::Recorder> f(g2, rec2, Criterion::ge, fe);
  f.run(4);
  for (std::size_t i = 0; i < t2.events.size(); ++i) {
    if (t2.events[i].type == trace::EventType::fe_test) CHECK(t2.events[i].node != 0);
  }
  CHECK(f.kept_count() == f.generated_count() - f.stats().fe_prunes);
}

TEST_CASE("with forward estimation off the trace is alpha-beta's, byte for byte") {
  const RandomTreeParams p = RandomTreeParams::parse("B=4,d=5,lo=-20,hi=20,seed=9");
  trace::Trace a, b;
  {
    RandomTreeGame g(p);
    trace::Recorder rec(a);
    AlphaBeta<RandomTreeGame, trace::Recorder> s(g, rec, Criterion::ge);
    s.run(5);
  }
  {
    RandomTreeGame g(p);
    trace::Recorder rec(b);
    FeConfig off;
    off.enabled = false;
    ForwardEstimation<RandomTreeGame, trace::Recorder> s(g, rec, Criterion::ge, off);
    s.run(5);
  }
  CHECK(trace::write_kbz(a) == trace::write_kbz(b));
}

TEST_CASE(
    "a forward-estimation trace: JSON and back to the same bytes; the model indexes each test") {
  SearchSpec spec;
  spec.random = RandomTreeParams::parse("b=3,d=5,lo=-9,hi=9,seed=4");
  spec.algo = "forward-estimation";
  spec.criterion = Criterion::ge;
  const SearchResult r = run_search(spec, true);
  REQUIRE(r.stats.fe_prunes > 0);
  const std::string json = trace::write_trace_json(r.trace);
  CHECK(json.find("\"type\":\"fe_test\"") != std::string::npos);
  CHECK(json.find("\"root\":\"max\"") != std::string::npos);
  CHECK(json.find("\"estimate\":") != std::string::npos);
  const trace::Trace back = trace::read_trace_json(json);
  CHECK(trace::write_kbz(back) == trace::write_kbz(r.trace));
  const trace::Model m(back);
  CHECK(m.counters_at(m.event_count() - 1)[trace::Counter::fe_prunes] == r.stats.fe_prunes);
  std::size_t pruned = 0;
  for (std::size_t i = 0; i < trace::fe_index(m).size(); ++i) {
    const trace::FeTest& f = trace::fe_index(m).test(i);
    if (f.pruned) {
      ++pruned;
      CHECK(f.child == trace::k_no_node);
    } else {
      REQUIRE(f.child != trace::k_no_node);
      CHECK(m.node(f.child).parent == f.parent);
      CHECK(m.node(f.child).move_index == f.move_index);
      CHECK(trace::fe_index(m).test_of_child(f.child) == &f);
    }
  }
  CHECK(static_cast<long long>(pruned) == r.stats.fe_prunes);
  // A test must carry its two payloads.
  trace::Trace broken = trace::read_trace_json(json);
  std::size_t at = 0;
  while (broken.events[at].type != trace::EventType::fe_test) ++at;
  broken.events.at_mut(at + 1).type = static_cast<trace::EventType>(200);  // an unassigned type
  broken.events.at_mut(at + 1).node = broken.events[at].node;
  CHECK_THROWS_WITH_AS(trace::Model{broken}, doctest::Contains("followed by two payload events"),
                       InputError);
}

TEST_CASE("nodes generated as the report counts them: a root with 5 successors at depth 1 is 5") {
  RandomTreeGame g(RandomTreeParams::parse("B=9,root=5,d=10,lo=-32767,hi=32768,seed=1"));
  NullSink sink;
  FeConfig config;
  config.bounds = EdgeBounds::exact(-32767, 32768);
  ForwardEstimation<RandomTreeGame> fe(g, sink, Criterion::ge, config);
  fe.run(1);
  CHECK(nodes_generated(fe.stats()) == 5);
  CHECK(fe.stats().fe_prunes == 0);  // no subtree below depth-1 successors to estimate
}

TEST_CASE(
    "bounds learned on-line stay inside the exact ones; delta and the likely variant prune more") {
  const RandomTreeParams p = RandomTreeParams::parse("B=9,root=5,d=8,lo=-32767,hi=32768,seed=77");
  NullSink sink;
  auto run = [&](EdgeSource src, int delta, bool likely, EdgeBounds given) {
    RandomTreeGame g(p);
    FeConfig c;
    c.source = src;
    c.delta_milli = delta;
    c.likely = likely;
    c.bounds = given;
    ForwardEstimation<RandomTreeGame> fe(g, sink, Criterion::ge, c);
    fe.run(8);
    return std::make_pair(fe.stats(), fe.bounds());
  };
  const auto exact = run(EdgeSource::exact, 1000, false, EdgeBounds::exact(p.lo, p.hi));
  const auto online = run(EdgeSource::online, 1000, false, EdgeBounds{});
  REQUIRE(online.second.known);
  CHECK(online.second.lo >= p.lo);
  CHECK(online.second.hi <= p.hi);
  CHECK(online.second.hi - online.second.lo > (p.hi - p.lo) * 9 / 10);  // thousands of edges seen
  const auto half = run(EdgeSource::exact, 500, false, EdgeBounds::exact(p.lo, p.hi));
  CHECK(nodes_generated(half.first) < nodes_generated(exact.first));
  const EdgeBounds offline = learn_random_tree_edges(p, 10, p.seed);
  REQUIRE(offline.has_likely);
  CHECK((offline.lo >= p.lo && offline.hi <= p.hi));
  CHECK((offline.likely_lo < 0 && offline.likely_hi > 0));
  // The medians of uniform increments and decrements are near +-hi/2.
  CHECK(offline.likely_hi > 8'000);
  CHECK(offline.likely_hi < 24'000);
  const auto likely = run(EdgeSource::offline, 1000, true, offline);
  CHECK(nodes_generated(likely.first) < nodes_generated(exact.first));
  // Off-line learning is deterministic.
  const EdgeBounds again = learn_random_tree_edges(p, 10, p.seed);
  CHECK((again.lo == offline.lo && again.hi == offline.hi && again.likely_hi == offline.likely_hi));
}

TEST_CASE("edge samples: minimum, maximum and the medians of increments and decrements") {
  EdgeSampler s;
  for (int e : {5, -3, 0, 9, -7, 2, -1}) s.add(e);
  const EdgeBounds b = s.bounds();
  CHECK((b.known && b.lo == -7 && b.hi == 9));
  CHECK(b.likely_hi == 5);   // increments 2 5 9
  CHECK(b.likely_lo == -3);  // decrements -7 -3 -1
  const EdgeBounds f = b.flipped();
  CHECK((f.lo == -9 && f.hi == 7 && f.likely_lo == -5 && f.likely_hi == 3));
  CHECK(b.to_text() == "l=-7,u=9,l'=-3,u'=5");
}
