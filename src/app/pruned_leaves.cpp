// The leaves a search of a bracket tree never evaluated (viewer/game_services.hpp): for each
// node with successors never entered, the leaves of those successors' subtrees with their
// values, read from the tree text the trace names.
#include <algorithm>
#include <string>
#include <vector>

#include "app/viewer_services.hpp"
#include "core/error.hpp"
#include "games/explicit_tree.hpp"

namespace kibitz {

namespace {

// The tree node a model node stands for: down from the root by each node's move index
// (its place in the text's order), else its successor index.
std::int32_t tree_node(const ExplicitTree& tree, const trace::Model& m, std::uint32_t id) {
  std::vector<std::uint32_t> line;
  for (std::uint32_t n = id; m.node(n).parent != trace::k_no_node; n = m.node(n).parent)
    line.push_back(n);
  std::int32_t at = tree.root();
  for (auto it = line.rbegin(); it != line.rend(); ++it) {
    const trace::ModelNode& n = m.node(*it);
    const int k = n.move_index != 0xFFFF ? n.move_index : n.k;
    const ExplicitTree::Node& t = tree.node(at);
    if (k < 0 || k >= t.child_count) return -1;
    at = t.first_child + k;
  }
  return at;
}

// The leaves under tree node `at` (path `path`), in text order.
void leaves_under(const ExplicitTree& tree, std::int32_t at, const std::string& path,
                  std::vector<viewer::PrunedLeaf>& out) {
  const ExplicitTree::Node& n = tree.node(at);
  if (n.child_count == 0) {
    out.push_back({path, n.name, static_cast<int>(n.value)});
    return;
  }
  for (std::int32_t i = 0; i < n.child_count; ++i)
    leaves_under(tree, n.first_child + i, path + "." + std::to_string(i), out);
}

std::string path_of(const trace::Model& m, std::uint32_t id) {
  std::string p = m.path_text(id);
  return p.empty() ? "" : p;
}

}  // namespace

std::map<std::uint32_t, std::vector<viewer::PrunedLeaf>> bracket_pruned_leaves(
    const trace::Model& m) {
  std::map<std::uint32_t, std::vector<viewer::PrunedLeaf>> out;
  const std::string text = m.trace().meta.get("tree");
  if (text.empty()) return out;
  ExplicitTree tree;
  try {
    tree = ExplicitTree::parse(text);
  } catch (const InputError&) {
    return out;  // a trace naming a tree it was not searched from: nothing to tell
  }
  for (std::uint32_t id = 0; id < m.node_count(); ++id) {
    const trace::ModelNode& n = m.node(id);
    if (n.leaf || n.leave_t == trace::k_never || n.succ_count <= 0) continue;
    if (static_cast<std::int32_t>(m.child_count(id)) >= n.succ_count) continue;  // all entered
    const std::int32_t at = tree_node(tree, m, id);
    if (at < 0) continue;
    std::vector<bool> entered(static_cast<std::size_t>(tree.node(at).child_count), false);
    for (std::uint32_t i = 0; i < m.child_count(id); ++i) {
      const trace::ModelNode& c = m.node(m.child(id, i));
      const int k = c.move_index != 0xFFFF ? c.move_index : c.k;
      if (k >= 0 && k < static_cast<int>(entered.size()))
        entered[static_cast<std::size_t>(k)] = true;
    }
    std::vector<viewer::PrunedLeaf> leaves;
    const std::string base = path_of(m, id);
    for (std::size_t k = 0; k < entered.size(); ++k) {
      if (entered[k]) continue;
      leaves_under(tree, tree.node(at).first_child + static_cast<std::int32_t>(k),
                   base.empty() ? std::to_string(k) : base + "." + std::to_string(k), leaves);
    }
    if (!leaves.empty()) out[id] = std::move(leaves);
  }
  return out;
}

}  // namespace kibitz
