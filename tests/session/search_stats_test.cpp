// An engine author's figures (trace/search_stats.hpp): against hand counts on the AIMA tree, and
// against a count made by walking each root's subtree through whole nodes on generated searches
// (alpha-beta, PVS with its probes, iterative deepening with a transposition table).
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "test_util.hpp"
#include "trace/node_marks.hpp"
#include "trace/search_stats.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

// The figures counted again: each root's subtree walked through its successors, each node read
// whole (its events), grouped by the root's iteration and by plies from the root.
struct Brute {
  std::vector<std::uint64_t> nodes_by_ply, cutoffs_by_ply;
  std::uint64_t nodes = 0, leaves = 0, cutoffs = 0, first = 0, probes = 0, tt_hits = 0;
  std::uint64_t expected_as_is = 0;
};

void walk(const trace::Model& m, std::uint32_t id, std::size_t ply, Brute& b) {
  const trace::ModelNode n = m.node(id);
  if (ply >= b.nodes_by_ply.size())
    b.nodes_by_ply.resize(ply + 1), b.cutoffs_by_ply.resize(ply + 1);
  ++b.nodes;
  ++b.nodes_by_ply[ply];
  if (n.leaf) ++b.leaves;
  if (n.cutoff_t != trace::k_never) {
    ++b.cutoffs;
    ++b.cutoffs_by_ply[ply];
    if (n.cutoff_child == 0) ++b.first;
  }
  if (n.marks & (trace::k_pvs_probe_node | trace::k_eng_probe)) ++b.probes;
  if (n.marks & trace::k_tt_found) ++b.tt_hits;
  const bool known = n.expected >= NodeKind::pv && n.expected <= NodeKind::all &&
                     n.kind >= NodeKind::pv && n.kind <= NodeKind::all;
  if (known && n.expected == n.kind) ++b.expected_as_is;
  for (std::uint32_t c = 0; c < m.child_count(id); ++c) walk(m, m.child(id, c), ply + 1, b);
}

}  // namespace

TEST_CASE("search statistics: the AIMA tree counted by hand") {
  SearchSpec s;
  s.tree = "((3 12 8) (2 4 6) (14 5 2))";
  s.set_algorithm("alphabeta");
  const Recorded r = record(s, false);
  const trace::SearchStats st = trace::search_stats(*r.model);
  // The root, its three MIN successors, and the leaves searched: 3, 12, 8; then 2, which cuts
  // the second MIN node off (4 and 6 unsearched); then 14, 5 and 2, the last cutting the third
  // off too (2 < alpha = 3, though no successor is left).
  CHECK(st.total.nodes == 11);
  CHECK(st.total.leaves == 7);
  CHECK(st.total.interior == 4);
  CHECK(st.total.cutoffs == 2);
  CHECK(st.total.first_move_cutoffs == 1);
  CHECK(st.total.first_move_cutoff_rate() == doctest::Approx(0.5));
  CHECK(st.total.cutoff_positions[0] == 1);
  CHECK(st.total.cutoff_positions[1] == 0);
  CHECK(st.total.cutoff_positions[2] == 1);
  CHECK(st.total.quiescence == 0);
  CHECK(st.total.probes == 0);
  REQUIRE(st.iterations.size() == 1);
  CHECK(st.iterations[0].attempts == 1);
  CHECK(st.iterations[0].ebf == -1.0);  // no depth before it
  REQUIRE(st.plies.size() == 3);
  CHECK(st.plies[0].counts.nodes == 1);
  CHECK(st.plies[1].counts.nodes == 3);
  CHECK(st.plies[2].counts.nodes == 7);
  CHECK(st.plies[1].counts.cutoffs == 2);
  CHECK(st.plies[0].branching == doctest::Approx(3.0));
  CHECK(st.plies[1].branching == doctest::Approx(7.0 / 3.0));
}

TEST_CASE("search statistics equal a walk of every root's subtree on generated searches") {
  const char* const searches[][3] = {
      {"alphabeta", "b=4,d=6,lo=-99,hi=99,seed=5", ""},
      {"pvs", "b=5,d=5,lo=-50,hi=50,seed=2", ""},
      {"alphabeta", "B=6,d=6,lo=-99,hi=99,seed=9", "iterative"},
      {"pvs", "b=4,d=6,lo=-20,hi=20,seed=3", "iterative"},
  };
  for (const auto& row : searches) {
    CAPTURE(row[0]);
    CAPTURE(row[1]);
    SearchSpec s;
    s.set_algorithm(row[0]);
    s.random = RandomTreeParams::parse(row[1]);
    s.iterative = std::string(row[2]) == "iterative";
    const Recorded r = record(s, false);
    const trace::Model& m = *r.model;
    const trace::SearchStats st = trace::search_stats(m);
    Brute b;
    std::uint64_t iteration_nodes = 0;
    int attempts = 0;
    for (const trace::IterationStats& it : st.iterations) {
      iteration_nodes += it.counts.nodes;
      attempts += it.attempts;
    }
    for (std::uint32_t root : m.roots()) walk(m, root, 0, b);
    CHECK(attempts == static_cast<int>(m.roots().size()));
    CHECK(iteration_nodes == m.node_count());
    CHECK(st.total.nodes == b.nodes);
    CHECK(st.total.leaves == b.leaves);
    CHECK(st.total.cutoffs == b.cutoffs);
    CHECK(st.total.first_move_cutoffs == b.first);
    CHECK(st.total.probes == b.probes);
    CHECK(st.total.tt_hits == b.tt_hits);
    std::uint64_t positions = 0, as_expected = 0;
    for (std::uint64_t n : st.total.cutoff_positions) positions += n;
    for (std::size_t k = 1; k <= 3; ++k) as_expected += st.total.kinds[k][k];
    CHECK(positions == b.cutoffs);
    CHECK(as_expected == b.expected_as_is);
    REQUIRE(st.plies.size() == b.nodes_by_ply.size());
    for (std::size_t p = 0; p < st.plies.size(); ++p) {
      CAPTURE(p);
      CHECK(st.plies[p].counts.nodes == b.nodes_by_ply[p]);
      CHECK(st.plies[p].counts.cutoffs == b.cutoffs_by_ply[p]);
    }
    if (s.iterative) {
      REQUIRE(st.iterations.size() >= 2);
      for (std::size_t i = 1; i < st.iterations.size(); ++i) {
        CHECK(st.iterations[i].depth > st.iterations[i - 1].depth);
        CHECK(st.iterations[i].ebf ==
              doctest::Approx(static_cast<double>(st.iterations[i].counts.nodes) /
                              static_cast<double>(st.iterations[i - 1].counts.nodes)));
      }
    }
  }
}
