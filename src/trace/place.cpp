#include "trace/place.hpp"

#include <algorithm>

namespace kibitz::trace {

namespace {

int tree_index(const ModelNode& n) {
  return n.move_index != 0xFFFF ? n.move_index : n.k;
}

std::size_t iteration_of(const Model& m, std::uint32_t id) {
  while (m.parent(id) != k_no_node) id = m.parent(id);
  const auto& roots = m.roots();
  return static_cast<std::size_t>(std::lower_bound(roots.begin(), roots.end(), id) - roots.begin());
}

}  // namespace

std::vector<int> node_path(const Model& m, std::uint32_t id) {
  std::vector<int> path;
  for (; m.parent(id) != k_no_node; id = m.parent(id)) path.push_back(tree_index(m.node(id)));
  std::reverse(path.begin(), path.end());
  return path;
}

std::uint32_t node_at_path(const Model& m, std::size_t iteration, const std::vector<int>& path,
                           std::size_t& depth_found) {
  depth_found = 0;
  if (m.roots().empty()) return k_no_node;
  std::uint32_t id = m.roots()[std::min(iteration, m.roots().size() - 1)];
  for (int step : path) {
    std::uint32_t next = k_no_node;
    for (std::uint32_t c = 0; c < m.child_count(id); ++c) {
      const std::uint32_t child = m.child(id, c);
      if (tree_index(m.node(child)) == step) next = child;  // the last entered: a re-search
    }
    if (next == k_no_node) break;
    id = next;
    ++depth_found;
  }
  return id;
}

Place place_of_event(const Model& m, std::size_t t) {
  Place p;
  if (t >= m.event_count()) return p;
  const std::uint32_t id = m.node_of_event(t);
  if (id == k_no_node) return p;
  p.iteration = iteration_of(m, id);
  p.path = node_path(m, id);
  p.type = m.event(t).type;
  if (t > 0) {
    m.own_events(id, t - 1, [&](std::size_t, const Event& e) {
      if (e.type == p.type) ++p.nth;
      return true;
    });
  }
  p.valid = true;
  return p;
}

std::size_t event_of_place(const Model& m, const Place& p) {
  if (!p.valid || m.roots().empty()) return 0;
  std::size_t depth = 0;
  const std::uint32_t id = node_at_path(m, p.iteration, p.path, depth);
  const std::size_t entry = m.enter_t(id);
  if (depth < p.path.size()) return entry;
  std::size_t best = entry;
  std::uint32_t seen = 0;
  m.own_events(id, m.event_count(), [&](std::size_t t, const Event& e) {
    if (e.type != p.type) return true;
    best = t;
    return seen++ != p.nth;
  });
  return best;
}

Outcomes outcomes_of(const Model& m, std::uint32_t max_nodes) {
  Outcomes out;
  if (m.node_count() > max_nodes) return out;
  for (std::uint32_t id = 0; id < m.node_count(); ++id) {
    const ModelNode& n = m.node(id);
    NodeOutcome o;
    o.leaf = n.leaf;
    o.left = n.leave_t != k_never;
    o.ret = o.left ? n.ret : 0;
    o.kind = n.kind;
    out[{iteration_of(m, id), node_path(m, id)}] = o;
  }
  return out;
}

std::vector<std::uint8_t> changed_nodes(const Model& m, const Outcomes& before) {
  std::vector<std::uint8_t> changed;
  if (before.empty() || m.node_count() > 20000) return changed;
  changed.assign(m.node_count(), 0);
  const Outcomes now = outcomes_of(m);
  for (std::uint32_t id = 0; id < m.node_count(); ++id) {
    const auto key = std::make_pair(iteration_of(m, id), node_path(m, id));
    const auto it = before.find(key);
    changed[id] = it == before.end() || !(it->second == now.at(key));
  }
  return changed;
}

}  // namespace kibitz::trace
