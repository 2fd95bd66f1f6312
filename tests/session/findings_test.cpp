// Detectors (trace/findings.hpp), each on searches that have the pathology and on ones that do
// not: an explosion on a tree with one huge subtree and none on a balanced one; false fail-highs
// counted again by their definition on PVS with reductions, a table and aspiration, and none on
// plain PVS over a fixed tree (no search instability: a zero-window probe's answer is exact);
// storms against the roots' depths and the re-searched successors; the best move's changes against
// the iterations'.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_util.hpp"
#include "trace/findings.hpp"
#include "trace/node_marks.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

std::vector<trace::Finding> of_kind(const trace::Findings& all, trace::FindingKind k) {
  std::vector<trace::Finding> out;
  for (const trace::Finding& f : all.shown)
    if (f.kind == k) out.push_back(f);
  return out;
}

}  // namespace

TEST_CASE("findings: an explosion is a subtree many times its siblings' median") {
  SearchSpec s;
  s.set_algorithm("minimax");
  s.tree = "(1 2 3 ((1 2 3 4) (1 2 3 4) (1 2 3 4) (1 2 3 4)))";
  const Recorded r = record(s, false);
  trace::FindingOptions o;
  o.explosion_min_nodes = 10;
  const auto found = of_kind(trace::find_findings(*r.model, o), trace::FindingKind::explosion);
  REQUIRE(found.size() == 1);
  const trace::Model& m = *r.model;
  CHECK(found[0].node == m.child(m.roots().front(), 3));
  CHECK(found[0].nodes == 21);
  CHECK(found[0].value == doctest::Approx(21.0));  // the siblings are leaves: median 1
  o.explosion_ratio = 22;                          // adjustable: above its ratio, none
  CHECK(of_kind(trace::find_findings(m, o), trace::FindingKind::explosion).empty());
  o.explosion_ratio = 8;
  o.explosion_min_nodes = 1000;  // the default floor: too small a tree to explode
  CHECK(of_kind(trace::find_findings(m, o), trace::FindingKind::explosion).empty());

  s.tree = "((1 2 3) (4 5 6) (7 8 9) (1 2 3))";
  const Recorded balanced = record(s, false);
  o.explosion_min_nodes = 1;
  CHECK(of_kind(trace::find_findings(*balanced.model, o), trace::FindingKind::explosion).empty());
}

TEST_CASE("findings: false fail-highs and storms by their definitions, none without instability") {
  int false_highs = 0, storms = 0, changes = 0;
  for (int seed = 1; seed <= 12; ++seed) {
    CAPTURE(seed);
    SearchSpec s;
    s.random = RandomTreeParams::parse("b=5,d=6,lo=-60,hi=60,seed=" + std::to_string(seed));
    s.set_algorithm("pvs");
    s.iterative = true;
    s.set("lmr", "on");
    s.set("aspiration", "2");
    const Recorded r = record(s, false);
    const trace::Model& m = *r.model;
    trace::FindingOptions two;  // storms of two: frequent enough to count here
    two.storm_min = 2;
    const trace::Findings all = trace::find_findings(m, two);
    const auto total = [&](trace::FindingKind k) {
      return static_cast<int>(all.total[static_cast<std::size_t>(k)]);
    };
    // False fail-highs: every re-search that returned at or above its beta, and only those.
    int expected = 0;
    for (std::uint32_t id = 0; id < m.node_count(); ++id) {
      const trace::ModelNode n = m.node(id);
      if ((n.marks & (trace::k_pvs_research_node | trace::k_eng_research)) &&
          n.leave_t != trace::k_never && !is_infinite(n.beta) && n.ret >= n.beta)
        ++expected;
    }
    const auto ffh = of_kind(all, trace::FindingKind::false_fail_high);
    CHECK(total(trace::FindingKind::false_fail_high) == expected);
    CHECK(static_cast<int>(ffh.size()) == std::min(expected, 100));
    for (const trace::Finding& f : ffh) CHECK(m.node(f.node).ret >= m.node(f.node).beta);
    false_highs += static_cast<int>(ffh.size());
    // Aspiration storms: the depths with two attempts or more, each root's depth the
    // iteration_begin event's just before it.
    int deep_attempts = 0, run = 0;
    long long last_depth = -1;
    for (std::uint32_t root : m.roots()) {
      const trace::Event begin = m.event(m.enter_t(root) - 1);
      REQUIRE(begin.type == trace::EventType::iteration_begin);
      run = begin.a == last_depth ? run + 1 : 1;
      deep_attempts += run == 2 ? 1 : 0;
      last_depth = begin.a;
    }
    const auto aspiration = of_kind(all, trace::FindingKind::aspiration_storm);
    CHECK(static_cast<int>(aspiration.size()) == deep_attempts);
    for (const trace::Finding& f : aspiration) CHECK(f.value >= 2);
    // Re-search storms: the nodes with two successors or more searched again.
    int busy = 0;
    for (std::uint32_t id = 0; id < m.node_count(); ++id) {
      int again = 0;
      for (std::uint32_t c = 0; c < m.child_count(id); ++c)
        again += (m.marks(m.child(id, c)) & (trace::k_pvs_research_node | trace::k_eng_research))
                     ? 1
                     : 0;
      busy += again >= 2 ? 1 : 0;
    }
    CHECK(total(trace::FindingKind::research_storm) == busy);
    storms += deep_attempts + busy;
    changes += static_cast<int>(of_kind(all, trace::FindingKind::best_changed).size());
  }
  CHECK(false_highs > 0);
  CHECK(storms > 0);
  CHECK(changes > 0);

  // Plain PVS on a fixed tree: no reduction, no table, no aspiration, so no false fail-high.
  for (int seed = 1; seed <= 12; ++seed) {
    SearchSpec s;
    s.random = RandomTreeParams::parse("b=5,d=6,lo=-60,hi=60,seed=" + std::to_string(seed));
    s.set_algorithm("pvs");
    s.tt_entries = 0;
    const Recorded r = record(s, false);
    CHECK(of_kind(trace::find_findings(*r.model), trace::FindingKind::false_fail_high).empty());
  }
}

TEST_CASE("findings: the best move's changes are the iterations' first moves changing") {
  SearchSpec s;
  s.random = RandomTreeParams::parse("b=6,d=7,lo=-99,hi=99,seed=3");
  s.set_algorithm("alphabeta");
  s.iterative = true;
  const Recorded r = record(s, false);
  const trace::Model& m = *r.model;
  // One root per depth here (no aspiration); a move by its place in the generation.
  int expected = 0;
  std::int32_t before = -1;
  for (std::uint32_t root : m.roots()) {
    const auto pv = m.principal_variation(root);
    if (pv.empty()) continue;
    const std::int32_t move = m.node(pv.front()).move_index;
    REQUIRE(move != 0xFFFF);
    if (before >= 0 && move != before) ++expected;
    before = move;
  }
  REQUIRE(expected > 0);
  CHECK(static_cast<int>(
            of_kind(trace::find_findings(*r.model), trace::FindingKind::best_changed).size()) ==
        expected);
}
