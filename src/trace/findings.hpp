// Detectors: the few nodes of a search an engine author should look at (docs/analysis.md has
// each definition). Each finding names its node, so a reader can go to it.
//   explosion        a subtree at least `explosion_ratio` times the median of its siblings'
//                    subtrees and at least `explosion_min_nodes` nodes (not the first move
//                    searched, whose full window makes it the biggest by design, nor one inside
//                    an explosion already listed);
//   false fail-high  a probe (zero window or reduced) that failed high, refuted by its
//                    re-search: the re-search returns at or above its own beta, so the parent's
//                    value for the move is at or below alpha after all;
//   re-search storm  a node with at least `storm_min` of its successors searched again;
//   aspiration storm a depth searched in at least `storm_min` aspiration attempts;
//   best move changed the root's first move differs from the previous depth's (by its place in
//                    the move generation, else label; the last depth's change flagged as late).
// An iteration is a depth: its aspiration attempts together (search_stats.hpp, root_groups).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "trace/model.hpp"

namespace kibitz::trace {

enum class FindingKind : std::uint8_t {
  explosion,
  false_fail_high,
  research_storm,
  aspiration_storm,
  best_changed
};
const char* finding_name(FindingKind k);  // "explosion", "false_fail_high", ...

struct Finding {
  FindingKind kind = FindingKind::explosion;
  std::uint32_t node = k_no_node;  // an aspiration storm: the depth's first root
  double value = 0.0;       // explosion: nodes / the siblings' median; storm: re-searches; else 0
  std::uint64_t nodes = 0;  // the node's subtree size
  std::string text;         // one line, in words
};

struct FindingOptions {
  double explosion_ratio = 8.0;
  std::uint64_t explosion_min_nodes = 1000;
  int storm_min = 3;
  std::size_t max_findings = 100;  // of each kind, the largest first
};

// Nodes under each node, itself included (a successor's id is always above its parent's).
std::vector<std::uint32_t> subtree_sizes(const Model& m);

constexpr std::size_t k_finding_kinds = 5;

struct Findings {
  std::vector<Finding> shown;                          // kind by kind, at most max_findings of each
  std::array<std::uint64_t, k_finding_kinds> total{};  // of each kind, shown or not
};

// Every finding, kind by kind; within a kind the largest subtree first (storms: the most
// re-searches first; aspiration storms and best-move changes in depth order).
Findings find_findings(const Model& m, const FindingOptions& options = {});

}  // namespace kibitz::trace
