// A place in a search named so that it survives running the search again on an edited tree: the
// cursor's node by its path from its iteration's root (each step a successor's index in the
// tree) and its step by kind (the node's n-th event of that type). Mapped back onto a new trace,
// a node that is gone gives way to its nearest ancestor still there. Also which nodes changed
// between two traces of the same tree, by path: what an edit highlights.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "core/node_kind.hpp"
#include "core/score.hpp"
#include "trace/model.hpp"

namespace kibitz::trace {

// A node's path: the tree index of each successor from its root (the move index the search
// recorded, else its successor number k).
std::vector<int> node_path(const Model& m, std::uint32_t id);
// The node at `path` under root number `iteration`, entered last (a re-search over its probe),
// or the deepest ancestor of it that is there; `depth_found` says how much of the path it took.
std::uint32_t node_at_path(const Model& m, std::size_t iteration, const std::vector<int>& path,
                           std::size_t& depth_found);

struct Place {
  std::size_t iteration = 0;
  std::vector<int> path;
  EventType type = EventType::none;
  std::uint32_t nth = 0;  // which of the node's events of that type
  bool valid = false;
};

Place place_of_event(const Model& m, std::size_t t);
// The event of the place in m: the node's n-th event of the type (else its last of that type
// before, else its entry); a node no longer there gives its nearest ancestor's entry.
std::size_t event_of_place(const Model& m, const Place& p);

// What a node came to, by (iteration, path): a rerun's nodes whose facts differ (or are new)
// are the changed ones.
struct NodeOutcome {
  bool leaf = false;
  bool left = false;
  Score ret = 0;
  NodeKind kind = NodeKind::unknown;
  bool operator==(const NodeOutcome& o) const {
    return leaf == o.leaf && left == o.left && ret == o.ret && kind == o.kind;
  }
};
using Outcomes = std::map<std::pair<std::size_t, std::vector<int>>, NodeOutcome>;
// Every node's outcome; empty above max_nodes (no highlight for a big tree).
Outcomes outcomes_of(const Model& m, std::uint32_t max_nodes = 20000);
// By node id of m: 1 where its outcome is not the one in `before`.
std::vector<std::uint8_t> changed_nodes(const Model& m, const Outcomes& before);

}  // namespace kibitz::trace
